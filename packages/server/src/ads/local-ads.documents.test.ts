import { VASTClient } from '@dailymotion/vast-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localVast, localVmap, vastTime } from './local-ads.documents.ts';

const ORIGIN = 'http://127.0.0.1:3000';

// The client fetches its tag: here the document is answered in place (no network in tests), and
// the client parses it with its own XML parser, as in a player.
function serve(text: string) {
  vi.stubGlobal(
    'fetch',
    async () => new Response(text, { status: 200, headers: { 'content-type': 'application/xml' } }),
  );
}
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the local ad server’s documents', () => {
  it('writes times as VAST does', () => {
    expect(vastTime(5)).toBe('00:00:05.000');
    expect(vastTime(3725.5)).toBe('01:02:05.500');
  });

  it('is a VAST that @dailymotion/vast-client reads: one skippable linear ad with its media and pixels', async () => {
    serve(localVast(ORIGIN, 'unit'));
    const response = await new VASTClient().get(`${ORIGIN}/local-ads/vast.xml?ad=unit`);
    expect(response.version).toBe('4.1');
    expect(response.ads).toHaveLength(1);
    const [ad] = response.ads;
    expect(ad.impressionURLTemplates.map((template: { url: string }) => template.url)).toEqual([
      `${ORIGIN}/local-ads/track/impression?ad=unit`,
    ]);
    expect(ad.errorURLTemplates).toEqual([`${ORIGIN}/local-ads/track/error?ad=unit&code=[ERRORCODE]`]);
    const linear = ad.creatives.find((creative: { type: string }) => creative.type === 'linear');
    expect(linear.duration).toBe(5);
    expect(linear.skipDelay).toBe(2);
    expect(linear.mediaFiles[0]).toMatchObject({ fileURL: `${ORIGIN}/local-ads/ad.mp4`, mimeType: 'video/mp4' });
    for (const event of ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete', 'skip']) {
      expect(linear.trackingEvents[event], event).toEqual([`${ORIGIN}/local-ads/track/${event}?ad=unit`]);
    }
  });

  it('is a VMAP of a pre-roll and a mid-roll at 10 s, each naming the VAST', () => {
    const vmap = localVmap(ORIGIN, 'unit');
    expect(vmap).toMatch(
      /^<\?xml[^>]+>\n<vmap:VMAP xmlns:vmap="http:\/\/www\.iab\.net\/videosuite\/vmap" version="1\.0">/,
    );
    const offsets = [...vmap.matchAll(/<vmap:AdBreak timeOffset="([^"]+)" breakType="linear"/g)].map(
      (match) => match[1],
    );
    expect(offsets).toEqual(['start', '00:00:10.000']);
    const uris = [...vmap.matchAll(/<vmap:AdTagURI templateType="vast4"><!\[CDATA\[([^\]]+)\]\]>/g)].map(
      (match) => match[1],
    );
    expect(uris).toEqual([`${ORIGIN}/local-ads/vast.xml?ad=unit`, `${ORIGIN}/local-ads/vast.xml?ad=unit`]);
    expect(vmap.match(/<\/vmap:AdBreak>/g)).toHaveLength(2);
  });
});
