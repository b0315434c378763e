import { type LOCAL_AD_EVENTS, LOCAL_AD_MEDIA, localAdsPaths } from '@regie/contract/advertising';

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeXml = (text: string) => text.replace(/[&<>"]/g, (character) => XML_ESCAPES[character] ?? character);
const cdata = (url: string) => `<![CDATA[${url}]]>`;

/** HH:MM:SS.mmm, VAST's and VMAP's way of writing a time. */
export function vastTime(seconds: number): string {
  const whole = Math.floor(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  const millis = String(Math.round((seconds - whole) * 1000)).padStart(3, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}.${millis}`;
}

/** The address of a tracking pixel for one ad (its id in the query, so each test counts its own). */
function trackUrl(origin: string, event: (typeof LOCAL_AD_EVENTS)[number], ad: string): string {
  return `${origin}${localAdsPaths.track(event)}?${new URLSearchParams({ ad })}`;
}

/**
 * The local ad server's VAST 4.1 document: one inline linear ad of LOCAL_AD_MEDIA's length,
 * skippable after LOCAL_AD_MEDIA.skipAfterSeconds, its media the clip made with ffmpeg, every
 * pixel (impression, error, start, quartiles, complete, skip) counted by the server.
 */
export function localVast(origin: string, ad: string): string {
  const tracking = (['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete', 'skip'] as const)
    .map((event) => `            <Tracking event="${event}">${cdata(trackUrl(origin, event, ad))}</Tracking>`)
    .join('\n');
  const { seconds, skipAfterSeconds, width, height } = LOCAL_AD_MEDIA;
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.1" xmlns="http://www.iab.com/VAST">
  <Ad id="${escapeXml(ad)}" sequence="1">
    <InLine>
      <AdSystem version="1">Regie local ad server</AdSystem>
      <AdServingId>${escapeXml(ad)}</AdServingId>
      <AdTitle>Regie demo ad</AdTitle>
      <Error>${cdata(`${trackUrl(origin, 'error', ad)}&code=[ERRORCODE]`)}</Error>
      <Impression id="local">${cdata(trackUrl(origin, 'impression', ad))}</Impression>
      <Creatives>
        <Creative id="${escapeXml(ad)}-creative" sequence="1">
          <UniversalAdId idRegistry="regie">${escapeXml(ad)}</UniversalAdId>
          <Linear skipoffset="${vastTime(skipAfterSeconds)}">
            <Duration>${vastTime(seconds)}</Duration>
            <TrackingEvents>
${tracking}
            </TrackingEvents>
            <MediaFiles>
              <MediaFile delivery="progressive" type="video/mp4" width="${width}" height="${height}">${cdata(`${origin}${localAdsPaths.media}`)}</MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
`;
}

/** Where the local VMAP's mid-roll comes, seconds into the replay. */
export const LOCAL_MIDROLL_SECONDS = 10;

/** The local ad server's VMAP 1.0: a pre-roll and a mid-roll, each pointing at the VAST above. */
export function localVmap(origin: string, ad: string): string {
  const vast = `${origin}${localAdsPaths.vast}?${new URLSearchParams({ ad })}`;
  const adBreak = (
    id: string,
    timeOffset: string,
  ) => `  <vmap:AdBreak timeOffset="${timeOffset}" breakType="linear" breakId="${id}">
    <vmap:AdSource id="${id}-source" allowMultipleAds="false" followRedirects="true">
      <vmap:AdTagURI templateType="vast4">${cdata(vast)}</vmap:AdTagURI>
    </vmap:AdSource>
  </vmap:AdBreak>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
${adBreak('preroll', 'start')}
${adBreak('midroll-1', vastTime(LOCAL_MIDROLL_SECONDS))}
</vmap:VMAP>
`;
}
