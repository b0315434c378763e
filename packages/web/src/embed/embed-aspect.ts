import type { EmbedRendition } from '@regie/contract/embed.schemas';

/**
 * Which stream a replay's page plays (issue 42): the rendition the page asks for (`?aspect=9x16`),
 * else the one whose shape is closest to the page's: a page held upright on a phone plays the
 * 9:16 rendition when there is one, a wide page the video itself (16:9).
 */
export function replayStream(
  data: { hlsUrl: string; renditions: readonly EmbedRendition[] },
  page: { width: number; height: number },
  requested: string | null,
): string {
  // The aspect's URL form (contract vertical.ts ASPECT_SLUGS: `9x16`), read without the contract's
  // runtime: the page's bundle stays small.
  const asked = requested && /^(16x9|9x16|1x1|4x5)$/.test(requested) ? requested.replace('x', ':') : null;
  const named = asked ? data.renditions.find((rendition) => rendition.aspect === asked) : undefined;
  if (named) return named.hlsUrl;
  if (asked === '16:9' || page.width <= 0 || page.height <= 0) return data.hlsUrl;
  const shape = Math.log(page.width / page.height);
  const distance = (ratio: number) => Math.abs(Math.log(ratio) - shape);
  let best = { url: data.hlsUrl, distance: distance(16 / 9) };
  for (const rendition of data.renditions) {
    const candidate = distance(rendition.width / rendition.height);
    if (candidate < best.distance) best = { url: rendition.hlsUrl, distance: candidate };
  }
  return best.url;
}
