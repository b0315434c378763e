// Kept free of zod: the embed page imports these values without a schema library. Schemas: advertising.schemas.ts.
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { messageCatalog } from './messages.ts';
import type { ModuleCode } from './modules.ts';
import { PLAYBACK_SETTINGS_RULE } from './playback.ts';

/**
 * ADVERTISING (issue 47 point 8): ads where fans watch, from a VAST or VMAP tag.
 *
 * DECISION: the account sets one tag (its Playback settings' Advertising section); an event may
 * give its own (`adTagUrl`, null: the account's). Ads play on the pages of an event that switches
 * ADVERTISING on among its modules (the switch the event's settings already offer, as the modules
 * screen says: "on the events that switch advertising on"): switching it off is how one event
 * plays without ads, and the demo's matches play without them unless told. Conferences carry none.
 * The page's data says `ads: { tagUrl } | null`, the same for every viewer (it is kept in front);
 * the page fetches the tag itself (the ad server sees the viewer, as ad servers expect) with
 * `@dailymotion/vast-client`, plays the pre-roll and, from a VMAP, the replay's mid-rolls; an ad
 * that fails or is late never holds the content back.
 *
 * A tag is an http(s) URL, or a path of the local ad server on Regie's own address (`/local-ads/…`):
 * the demo's and tests' tag, which the page resolves against its own origin (the demo's data is
 * made before the address it will be served at is known).
 *
 * A live's ad break (the control room's button) is stored and written into the program's
 * playlists as an EXT-X-DATERANGE with SCTE35-OUT at its start and SCTE35-IN at its end (RFC 8216
 * §4.3.2.7.1), for a server-side ad insertion service or a player to act on.
 */
export const ADVERTISING_MODULE: ModuleCode = 'ADVERTISING';

/** The local ad server's prefix (server ads/), outside the API gateways: ad servers are plain HTTP. */
export const LOCAL_ADS_PATH = '/local-ads';

/** The tracking events the local ad server's documents name (its hits are counted per ad and event). */
export const LOCAL_AD_EVENTS = [
  'impression',
  'start',
  'firstQuartile',
  'midpoint',
  'thirdQuartile',
  'complete',
  'skip',
  'error',
] as const;
export type LocalAdEvent = (typeof LOCAL_AD_EVENTS)[number];

export const localAdsPaths = {
  /** A VAST 4 document with one skippable linear ad (?ad=: the ad's id, so tests count their own hits). */
  vast: `${LOCAL_ADS_PATH}/vast.xml`,
  /** A VMAP: a pre-roll and a mid-roll at 00:00:10, each the VAST above. */
  vmap: `${LOCAL_ADS_PATH}/vmap.xml`,
  /** The ad's media: 5 s, 320×180, a tone (made once with ffmpeg into the data folder). */
  media: `${LOCAL_ADS_PATH}/ad.mp4`,
  /** A tracking pixel: 204, counted. */
  track: (event: LocalAdEvent | ':event') => `${LOCAL_ADS_PATH}/track/${event}`,
  /** GET → { hits: { [event]: count } } for ?ad=. */
  hits: `${LOCAL_ADS_PATH}/hits`,
} as const;

/** Seconds of the local ad's media, and when it may be skipped. */
export const LOCAL_AD_MEDIA = { seconds: 5, skipAfterSeconds: 2, width: 320, height: 180 } as const;

export const AD_TAG_MAX = 2000;

/** An http(s) URL, or a path of the local ad server. */
export function isAdTagUrl(value: string): boolean {
  if (value.startsWith(`${LOCAL_ADS_PATH}/`)) return !value.includes('..') && !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * How long the page waits for a tag (and each wrapper), and for an ad's media to start, before it
 * plays the content without the ad (players commonly allow 5 to 8 s; a loaded ad server is slow).
 */
export const AD_LOAD_TIMEOUT_MS = 8000;

/** The account's tag: its Playback settings' section (manage_users, or an admin acting). */
export const ADVERTISING_SETTINGS_RULE: AccessRule = {
  authorizedRoles: PLAYBACK_SETTINGS_RULE.authorizedRoles ?? [],
  rolesOrPlatformAdmin: true,
  requiredModules: [ADVERTISING_MODULE],
};

/**
 * A live's ad break: who runs the control room (its cameras' rule, live.ts LIVE_INPUTS_RULE, restated
 * here because live.ts holds schemas; advertising.test.ts keeps them equal), with ADVERTISING.
 */
export const AD_BREAK_RULE: AccessRule = {
  authorizedRoles: ['use_stream'],
  requiredModules: ['AWS_STREAM', ADVERTISING_MODULE],
};

/** The lengths the control room offers, seconds. */
export const AD_BREAK_DURATIONS = [30, 60, 90] as const;
export type AdBreakDuration = (typeof AD_BREAK_DURATIONS)[number];

/** The CLASS of the program playlists' EXT-X-DATERANGE for an ad break (a reverse-DNS name, as RFC 8216 asks). */
export const AD_BREAK_DATERANGE_CLASS = 'com.regie.ad-break';

export const advertisingPaths = {
  /** GET → AdvertisingSettings; PUT AdvertisingSettings → the same. */
  settings: `${MAIN_API}/advertising`,
  /** GET → AdBreaksResponse (the latest, the running one first); POST AdBreakBody → 201 AdBreak. */
  adBreaks: (eventId: number | string) => `${MAIN_API}/events/${eventId}/ad-breaks`,
} as const;

export const ADVERTISING_MESSAGES = messageCatalog('ADVERTISING_MESSAGES', {
  tagUrl: 'The ad tag must be an http(s) address of a VAST or VMAP document (or a path of the local ad server)',
  notLive: 'An ad break can only be marked while the event is live',
  breakRunning: (secondsLeft: number) => `An ad break is already running (${secondsLeft} s left)`,
  eventNotFound: (id: number) => `Event ${id} not found`,
});
