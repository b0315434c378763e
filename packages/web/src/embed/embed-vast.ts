import { AD_LOAD_TIMEOUT_MS } from '@regie/contract/advertising';
import type { AdBreakPlan, AdClient, AdTracker, LinearAd } from './embed-ads.ts';

type VastModule = typeof import('@dailymotion/vast-client');
type VastClientInstance = InstanceType<VastModule['VASTClient']>;

const VMAP_NS = 'http://www.iab.net/videosuite/vmap';

/** A VMAP timeOffset in seconds: `start` is 0, HH:MM:SS(.mmm) its seconds; `end` and positions are not played. */
export function vmapOffset(timeOffset: string | null): number | null {
  if (timeOffset === 'start') return 0;
  const match = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(timeOffset ?? '');
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** Each linear break of a VMAP: its offset, and its VAST (a tag to fetch, or the document inside). */
export function vmapBreaks(
  document: Document,
): { offsetSeconds: number; tagUrl: string | null; vast: Element | null }[] {
  return Array.from(document.getElementsByTagNameNS(VMAP_NS, 'AdBreak')).flatMap((adBreak) => {
    const offsetSeconds = vmapOffset(adBreak.getAttribute('timeOffset'));
    if (offsetSeconds === null || adBreak.getAttribute('breakType')?.includes('linear') === false) return [];
    const tagUrl = adBreak.getElementsByTagNameNS(VMAP_NS, 'AdTagURI')[0]?.textContent?.trim() || null;
    const vast = adBreak.getElementsByTagNameNS(VMAP_NS, 'VASTAdData')[0]?.getElementsByTagName('VAST')[0] ?? null;
    return tagUrl || vast ? [{ offsetSeconds, tagUrl, vast }] : [];
  });
}

/** The linear ads of a VAST response that this browser plays (an MP4 or WebM file), each with its tracker. */
function linearAds(vast: VastModule, client: VastClientInstance, response: { ads: unknown[] }): LinearAd[] {
  const probe = document.createElement('video');
  // The library's objects are untyped beyond `any`: read the few fields used.
  return (response.ads as VastAd[]).flatMap((ad) => {
    const creative = ad.creatives.find((candidate) => candidate.type === 'linear');
    const file = creative?.mediaFiles.find((media) => media.fileURL && probe.canPlayType(media.mimeType) !== '');
    if (!creative || !file) {
      console.warn('Ad skipped: no linear creative with a media file this browser plays');
      return [];
    }
    const tracker = new vast.VASTTracker(client, ad, creative);
    const pixels: AdTracker = {
      impression: () => tracker.trackImpression(),
      progress: (seconds) => tracker.setProgress(seconds),
      complete: () => tracker.complete(),
      skip: () => tracker.skip(),
      error: (code) => tracker.errorWithCode(code),
    };
    return [
      {
        mediaUrl: file.fileURL,
        durationSeconds: creative.duration,
        skipAfterSeconds: typeof creative.skipDelay === 'number' ? creative.skipDelay : null,
        tracker: pixels,
      },
    ];
  });
}

interface VastAd {
  creatives: {
    type: string;
    duration: number;
    skipDelay: unknown;
    mediaFiles: { fileURL: string; mimeType: string }[];
  }[];
}

/** A tag's address as the page fetches it: the local ad server's path is on the page's own origin. */
const absolute = (url: string) => new URL(url, window.location.href).toString();

/**
 * The ad client of the page: `@dailymotion/vast-client` (loaded only on pages with ads). The tag
 * is fetched once: a VMAP gives its breaks (each break's VAST fetched when it is due), a VAST is
 * the pre-roll. Wrappers are followed by the library, within AD_LOAD_TIMEOUT_MS each.
 */
export function vastAdClient(): AdClient {
  return {
    async schedule(tagUrl) {
      const [vast, response] = await Promise.all([
        import('@dailymotion/vast-client'),
        fetch(absolute(tagUrl), { credentials: 'omit' }),
      ]);
      if (!response.ok) throw new Error(`ad tag: ${response.status}`);
      const document = new DOMParser().parseFromString(await response.text(), 'text/xml');
      const client = new vast.VASTClient();
      const fromVast = (xml: Document | Element) => async () =>
        linearAds(vast, client, await client.parseVAST(xml, { timeout: AD_LOAD_TIMEOUT_MS }));
      if (document.getElementsByTagNameNS(VMAP_NS, 'VMAP').length === 0) {
        return [{ offsetSeconds: 0, ads: fromVast(document) }];
      }
      return vmapBreaks(document).map(
        ({ offsetSeconds, tagUrl: breakTag, vast: inline }): AdBreakPlan => ({
          offsetSeconds,
          ads: inline
            ? fromVast(inline)
            : async () =>
                linearAds(vast, client, await client.get(absolute(breakTag ?? ''), { timeout: AD_LOAD_TIMEOUT_MS })),
        }),
      );
    },
  };
}
