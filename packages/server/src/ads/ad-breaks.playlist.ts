import { AD_BREAK_DATERANGE_CLASS } from '@regie/contract/advertising';
import type { DatedTag } from '../live/live.playlists.ts';
import { scte35Hex, spliceInsertSection } from './scte35.ts';

export interface PlaylistAdBreak {
  id: number;
  startsAt: Date;
  durationSeconds: number;
}

const endOf = (adBreak: PlaylistAdBreak) => new Date(adBreak.startsAt.getTime() + adBreak.durationSeconds * 1000);

/**
 * A break's EXT-X-DATERANGE tags (RFC 8216 §4.3.2.7.1): at its start the OUT (splice_insert out of
 * the network, with the planned duration), and once its end has come the IN, under the same ID
 * and START-DATE with the DURATION it had. The playlists carry EXT-X-PROGRAM-DATE-TIME on every
 * segment, which DATERANGE needs.
 */
export function adBreakTags(adBreak: PlaylistAdBreak, now: Date): DatedTag[] {
  const head = `#EXT-X-DATERANGE:ID="ad-break-${adBreak.id}",CLASS="${AD_BREAK_DATERANGE_CLASS}",START-DATE="${adBreak.startsAt.toISOString()}"`;
  const seconds = adBreak.durationSeconds.toFixed(3);
  const out = scte35Hex(
    spliceInsertSection({ eventId: adBreak.id, outOfNetwork: true, durationSeconds: adBreak.durationSeconds }),
  );
  const tags: DatedTag[] = [{ at: adBreak.startsAt, text: `${head},PLANNED-DURATION=${seconds},SCTE35-OUT=${out}` }];
  const end = endOf(adBreak);
  if (end.getTime() <= now.getTime()) {
    const back = scte35Hex(spliceInsertSection({ eventId: adBreak.id, outOfNetwork: false }));
    tags.push({ at: end, text: `${head},DURATION=${seconds},SCTE35-IN=${back}` });
  }
  return tags;
}

/** The tags of the breaks that touch a playlist's window [from, now]. */
export function adBreaksInWindow(breaks: readonly PlaylistAdBreak[], from: Date, now: Date): DatedTag[] {
  return breaks
    .filter((adBreak) => endOf(adBreak) >= from && adBreak.startsAt <= now)
    .flatMap((adBreak) => adBreakTags(adBreak, now));
}
