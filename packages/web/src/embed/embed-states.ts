import { EMBED_POLL_MS, type EmbedUnavailableReason } from '@regie/contract/embed';
import type { EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import type { EmbedMessageKey, EmbedTranslate } from './embed-i18n.ts';

/**
 * The embed page's rules between two reads of its data (pure, unit-tested in embed.test.ts): what
 * to do with the page, when to read again, and the words of the countdown and the preparation.
 */

/**
 * What a new read changes: nothing (the same answer: a 304 or an unchanged one), the shown state
 * in place (a live's chapters, a preparation's progress, a countdown's kick-off: the player keeps
 * playing), or the whole view (another state: upcoming → live starts the live, preparing → replay
 * swaps to the replay).
 */
export type EmbedChange = 'none' | 'update' | 'replace';

export function changeOf(shown: EmbedPlayerResponse | null, next: EmbedPlayerResponse): EmbedChange {
  if (shown === null || shown.state !== next.state) return 'replace';
  if (JSON.stringify(shown) === JSON.stringify(next)) return 'none';
  // A playing video changes only when what it plays changes (the live's playlist, the replay's
  // media), not when its signature is renewed (the one it holds stays valid for hours).
  if (shown.state === 'live' && next.state === 'live') return samePlaylist(shown.hlsUrl, next.hlsUrl);
  if (shown.state === 'replay' && next.state === 'replay') return samePlaylist(shown.hlsUrl, next.hlsUrl);
  if (shown.state === 'unavailable' && next.state === 'unavailable') return 'replace';
  return 'update';
}

const withoutQuery = (url: string | null) => url?.split('?')[0];

function samePlaylist(shown: string | null, next: string | null): EmbedChange {
  return withoutQuery(shown) === withoutQuery(next) ? 'update' : 'replace';
}

/** When to read again (ms), or null: a replay plays on, an unknown player stays unknown. */
export function pollDelay(data: EmbedPlayerResponse | null): number | null {
  if (data === null) return EMBED_POLL_MS.unavailable;
  if (data.state === 'unavailable' && data.reason === 'not_found') return null;
  return EMBED_POLL_MS[data.state];
}

export function reasonKey(reason: EmbedUnavailableReason): EmbedMessageKey {
  return `reason_${reason}`;
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** What is left until `startsAt` at `nowMs`; null once it is due (or unknown). */
export function countdownTo(startsAt: string | null, nowMs: number): Countdown | null {
  const at = startsAt === null ? Number.NaN : Date.parse(startsAt);
  if (Number.isNaN(at) || at <= nowMs) return null;
  const total = Math.ceil((at - nowMs) / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (value: number) => String(value).padStart(2, '0');

/** `2 d 03:04:05`, `03:04:05` (the days' word in the page's language). */
export function countdownText(left: Countdown, say: EmbedTranslate): string {
  const clock = `${two(left.hours)}:${two(left.minutes)}:${two(left.seconds)}`;
  return left.days > 0 ? `${say('countdownDays', { days: String(left.days) })} ${clock}` : clock;
}

/** The preparation's time left in words: minutes, rounded up, or under a minute; still being worked out. */
export function timeLeftText(seconds: number | null, say: EmbedTranslate): string {
  if (seconds === null) return say('preparingEstimating');
  if (seconds < 60) return say('preparingUnderMinute');
  return say('preparingLeft', { minutes: String(Math.ceil(seconds / 60)) });
}

/**
 * A live's position in seconds from its origin (where its chapters count from): the playing
 * frame's program date (hls.js playingDate) less the origin; null while unknown.
 */
export function liveSeconds(playingDate: Date | null, origin: string): number | null {
  if (playingDate === null) return null;
  const zero = Date.parse(origin);
  const at = playingDate.getTime();
  if (Number.isNaN(zero) || Number.isNaN(at)) return null;
  return (at - zero) / 1000;
}
