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
/** The query parameter choosing the embed page's language (else the browser's). */
export const EMBED_LANG_PARAM = 'lang';

export const embedPaths = {
  /** GET (staff) → { url, iframe }. */
  eventEmbed: (eventId: number | string) => `${MAIN_API}/events/${eventId}/embed`,
  /** GET (staff) → { url, iframe }: a conference's player. */
  conferenceEmbed: (conferenceId: number | string) => `${MAIN_API}/business-players/${conferenceId}/embed`,
  /** GET (public) → the player's data, or { available: false }. */
  player: (token: string) => `${MAIN_API}/embed/${token}`,
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
});
