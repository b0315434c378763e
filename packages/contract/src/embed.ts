// Kept free of zod: the public embed page imports these values and must stay tiny. The request
// and response schemas are in embed.schemas.ts.
import { MAIN_API } from './api.ts';
import { messageCatalog } from './messages.ts';

/**
 * The embeddable player (spec §7 "GET embed"): staff ask for an iframe snippet; the iframe opens
 * a public page that plays the replay with hls.js, lists the markers as chapters and reports one
 * play per page view. The page knows only an opaque signed token naming the account, the kind of
 * content and its id: no id can be guessed and no staff data is ever sent to it.
 */

/** Kinds of content a player can be embedded for: sport events (markers as chapters) and conferences (their chapters). */
export const EMBED_KINDS = ['events', 'business-players'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

export function isEmbedKind(value: string): value is EmbedKind {
  return (EMBED_KINDS as readonly string[]).includes(value);
}

/** The iframe's size in the snippet (16:9); sites restyle it as they like. */
export const EMBED_IFRAME_SIZE = { width: 640, height: 360 } as const;
/** Longest token accepted in a path: anything longer is not one of ours. */
export const EMBED_TOKEN_MAX = 200;
/**
 * Play reports per window before 429: a page view reports one (counted once, its retries too),
 * so each view may report a few; an address many more, because a stadium's shared Wi-Fi or a
 * mobile carrier's NAT is one address for thousands of viewers.
 */
export const PLAY_RATE_LIMIT = { perView: 5, perAddress: 3_000, windowMs: 60_000 } as const;
/**
 * What the public page shows (GET embed/{token}, `embedPlayerResponse`): a state machine the page
 * follows without reloading. `upcoming` (the name, kick-off and a countdown), `live` (the
 * program's DVR playlist, from the live edge, the markers so far as chapters), `preparing` (the
 * live ended, its replay is being made: progress and an estimate), `replay` (the replay with its
 * chapters), `unavailable` with a reason the page says, and `match`: a data-only event (NO_VIDEO,
 * contract no-video.ts) once it kicked off: its score, clock and timeline, no picture.
 */
export const EMBED_STATES = ['upcoming', 'live', 'preparing', 'replay', 'unavailable', 'match'] as const;
export type EmbedState = (typeof EMBED_STATES)[number];

/**
 * Why there is nothing to play: the content is unknown (or another account's), not published,
 * its embed switch is off (`embedSwitchOff`), it is live but no camera sends anything yet, or it
 * has no replay (a live that recorded nothing, a replay that could not be made).
 */
export const EMBED_UNAVAILABLE_REASONS = ['not_found', 'not_published', 'embed_off', 'no_camera', 'no_replay'] as const;
export type EmbedUnavailableReason = (typeof EMBED_UNAVAILABLE_REASONS)[number];

/**
 * The module that takes Regie's name off the player page (issue 47.6): the account's name and
 * crest in its place; without it, a discreet "Powered by Regie".
 */
export const WHITE_LABEL_MODULE = 'WHITE_LABEL';

/** The module that is an event's embed switch (its settings tab: "The player can be embedded on other sites"). */
export const EMBED_MODULE = 'EMBED';

/**
 * DECISION: an event's embed is off when its account offers the embed switch (holds the EMBED
 * module, so the event's settings tab shows it) and the event has not switched it on. An account
 * without the module has no switch: its published events embed as they always did. Conferences
 * have no modules of their own: no switch.
 */
export function embedSwitchOff(accountModules: readonly string[], eventModules: readonly string[]): boolean {
  return accountModules.includes(EMBED_MODULE) && !eventModules.includes(EMBED_MODULE);
}

/**
 * How often the page asks for its data again in each state (ms): the answer is kept in front
 * (one read a second per page) and revalidated by its ETag (a 304 when nothing changed). A replay
 * and an unknown player are final; a content not shown yet may be published any time.
 */
export const EMBED_POLL_MS: Readonly<Record<EmbedState, number | null>> = {
  upcoming: 5_000,
  live: 5_000,
  preparing: 3_000,
  replay: null,
  unavailable: 10_000,
  // A data-only match: its new goals and cards show within a few seconds (its clock ticks locally).
  match: 5_000,
};

/**
 * A replay's preparation as one progress: the live.replay job joins the recording (its first
 * part), the video's encode makes it playable (the rest).
 */
export const REPLAY_PREPARATION_SHARE = { join: 15, encode: 85 } as const;

/**
 * The time left of a preparation from its progress so far and how long it has run: the rate so
 * far, applied to the rest; null while nothing is done yet (no rate to go by).
 */
export function preparationSecondsLeft(percent: number, elapsedSeconds: number): number | null {
  if (percent <= 0 || elapsedSeconds <= 0) return null;
  if (percent >= 100) return 0;
  return Math.round((elapsedSeconds * (100 - percent)) / percent);
}

/** The query parameter choosing the embed page's language (else the browser's). */
export const EMBED_LANG_PARAM = 'lang';

export const embedPaths = {
  /** GET (staff) → { url, iframe }. */
  eventEmbed: (eventId: number | string) => `${MAIN_API}/events/${eventId}/embed`,
  /** GET (staff) → { url, iframe }: a conference's player. */
  conferenceEmbed: (conferenceId: number | string) => `${MAIN_API}/business-players/${conferenceId}/embed`,
  /** GET (public) → the player's data in its state (EMBED_STATES). */
  player: (token: string) => `${MAIN_API}/embed/${token}`,
  /**
   * GET (public) → what the page's games panel needs of an event shown to fans: the event's id
   * (the fan API's games are by event) and which games the event runs. 404 otherwise.
   */
  fan: (token: string) => `${MAIN_API}/embed/${token}/fan`,
  /**
   * GET (public, per viewer: never kept by a shared cache) → the media of a live or replay whose
   * data says `perViewer`, signed for this viewer; 451 where geo blocking refuses them.
   */
  playback: (token: string) => `${MAIN_API}/embed/${token}/playback`,
  /** POST (public) { viewId } → { counted }: one play per page view. */
  plays: (token: string) => `${MAIN_API}/embed/${token}/plays`,
  /** The public page itself (served by the server, built as the web app's second entry). */
  page: (kind: string, token: string) => `/embed/${kind}/${token}`,
} as const;

export const EMBED_MESSAGES = messageCatalog('EMBED_MESSAGES', {
  notFound: 'This player does not exist',
  tooManyPlays: 'Too many plays reported from this address: try again in a minute',
  tooManyPlaysOfView: 'This page view has reported its play too many times: try again in a minute',
  pageNotBuilt: 'The embed page is not built: run npm run build',
  noGames: 'This player has no fan games',
  nothingToPlay: 'Nothing plays on this player now',
});

/**
 * The header naming the club on the fan API's sign-up, confirm and sign-in from an embed page:
 * the page's own token (whose account is the club), instead of `x-account-key`, which never
 * reaches a fan's page.
 */
export const HEADER_EMBED_TOKEN = 'x-embed-token';

/** The games an event runs for its fans (its modules ADDON_MOTM, ADDON_PREDICTOR): the embed's games panel. */
export const EMBED_GAME_MODULES = { motm: 'ADDON_MOTM', predictor: 'ADDON_PREDICTOR' } as const;
