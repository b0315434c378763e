// Kept free of zod: the public embed page imports these values and must stay tiny. The request
// and response schemas are in chat.schemas.ts.
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { messageCatalog } from './messages.ts';
import type { ModuleCode } from './modules.ts';

/**
 * The chat of a sport event (event tab 'chat', spec §7 "Chats"). DECISIONS:
 * - One chat per event, made the first time staff open it or a fan reads it (its id is the
 *   `chats/{id}` of the spec). Fans read and post through the embed page's public calls, named
 *   by the embed token; staff read and moderate through `chats/{id}`.
 * - A fan is known by a viewer id the SERVER chooses (issue 40.13): the chat's first post of a
 *   page view asks chatPaths.publicViewer for a viewer token (a random UUID and its issue time,
 *   HMAC-signed for this page under a key derived from the media secret, valid
 *   CHAT_VIEWER_TOKEN.maxAgeMs); the page keeps it in its storage and sends it in the
 *   CHAT_VIEWER_HEADER header with each post. A post without a valid token is refused (401); a
 *   viewer id in the body is refused (400). A header, not a cookie: the page is an iframe on
 *   another site, where browsers block or partition third-party cookies (Safari, Firefox, Chrome
 *   without SameSite=None; Secure), while a header the page's script sets always arrives. Per chat
 *   the server keeps one fan row per viewer id (nickname, last post and its address, ban); the
 *   row has an empty `fanId` column that the fans CRM will fill when a signed-in fan posts.
 * - A ban holds the viewer id AND the address of the viewer's latest post, for the chat's
 *   lifetime: a fresh token from that address cannot post (403), so clearing the storage is no
 *   way back. Fans who posted from that address before the ban go on (a stadium's Wi-Fi is one
 *   address for thousands). Lifting the ban frees both. A moderator bans from a message (its
 *   author) or by nickname (every viewer who posted under it).
 * - Word filter: the account's list and the event's list both apply, matched as whole words,
 *   ignoring case and accents. A message (or nickname) containing one is REFUSED (400) with a
 *   reason the fan reads; it is never stored or masked, so moderators never see it either.
 * - Slow mode: at most one message per fan every `slowModeSeconds` (0: off); a post too early
 *   gets 429 with the seconds left. Checked in one conditional UPDATE, so two processes (or two
 *   tabs) cannot both pass.
 * - Banning a fan hides every message of theirs that is visible; unbanning does not restore them.
 * - Live: staff get `CHAT_EVENTS` on the event's topic (`/admin/{eventId}`) over the WebSocket.
 *   Fans read the recent messages once (chatPaths.public), then listen to the chat's Server-Sent
 *   Events (chatPaths.publicStream, CHAT_STREAM_EVENTS): each API process holds ONE hub
 *   subscription per chat, shared by all its fans' streams, so a message costs one hub delivery
 *   per process whatever the audience. Every event carries the fan's cursor as its `id:`; the
 *   browser's EventSource sends it back as Last-Event-ID when it reconnects and the server sends
 *   what was missed since (at most CHAT_STREAM.replayMax messages and as many changes). The page
 *   reads the chat again only while its stream is down, every CHAT_FALLBACK_READ_MS.
 * - Public messages carry the id staff see (the message's public id, to resume and to hide the
 *   right row): a sequential number tells a fan no more than the order and count of messages,
 *   which the chat shows anyway.
 */

export const CHAT_MODULE: ModuleCode = 'CHAT';

/**
 * Staff of the event who run it (the markers' writers: sport player writers and live clippers),
 * in an account with the CHAT module. The event itself must have CHAT activated (403 otherwise).
 */
export const CHAT_RULE: AccessRule = {
  authorizedRoles: ['sport_player_write', 'liveclipping_write'],
  authorizedModules: ['SPORT_EVENTS', 'STREAM_CLIPPING'],
  requiredModules: [CHAT_MODULE],
};

export const CHAT_LIMITS = {
  nicknameMin: 2,
  nicknameMax: 30,
  textMax: 300,
  /** Staff pages. */
  pageDefault: 50,
  pageMax: 100,
  /** The public read: the newest visible messages. */
  publicRecent: 50,
  pinnedMax: 3,
  slowModeMaxSeconds: 600,
  wordsMax: 200,
  wordMax: 40,
} as const;

/**
 * Fans' posts per window before 429: per viewer (the signed viewer id) a few, per address many
 * more, because a stadium's shared Wi-Fi is one address for thousands of fans (like the embed's
 * play reports). Viewer tokens per address are capped too, so minting ids cannot lift the
 * address's ceiling: a fan needs one token per page view (kept in the page's storage, it
 * survives reloads), so 1 000 new posting fans a minute behind one address is far above what a
 * full stadium's chat sees, while a script minting ids still meets perAddress posts a minute.
 * Slow mode, when on, holds each viewer further.
 */
export const CHAT_POST_RATE_LIMIT = {
  perViewer: 20,
  perAddress: 2_000,
  tokensPerAddress: 1_000,
  windowMs: 60_000,
} as const;
export type ChatPostRateLimit = { readonly [Key in keyof typeof CHAT_POST_RATE_LIMIT]: number };

/** The header carrying the fan's viewer token on a chat post (chatPaths.publicViewer gives it). */
export const CHAT_VIEWER_HEADER = 'x-chat-viewer';
/**
 * A viewer token's life: a page kept open through a long event keeps posting; past it the page
 * asks for a new one (a new viewer id: slow mode starts again, a ban still holds the address).
 */
export const CHAT_VIEWER_TOKEN = { maxAgeMs: 24 * 60 * 60 * 1000 } as const;
/**
 * How often the embed page reads the chat again while its event stream is down (it reconnects
 * by itself; the read keeps the page right meanwhile). Never while the stream is open.
 */
export const CHAT_FALLBACK_READ_MS = 45_000;

/** The fans' event stream (chatPaths.publicStream). */
export const CHAT_STREAM = {
  /** A comment line this often, so proxies and load balancers keep an idle stream open. */
  heartbeatMs: 15_000,
  /** The `retry:` hint: how long EventSource waits before it reconnects. */
  retryMs: 3_000,
  /** A reconnecting fan gets at most this many missed messages (the newest), and as many changes. */
  replayMax: 100,
  /** A fan reading slower than this many bytes behind is cut off (their browser resumes). */
  backlogMaxBytes: 1_000_000,
  /**
   * How often each process checks that its streamed chats are still open (one read per chat):
   * an event unpublished, or its chat switched off, through another process reaches its fans'
   * streams (a `closed` event) within this. A staff write on the same process is checked at once.
   */
  openCheckMs: 10_000,
} as const;

/**
 * The event types of the fans' stream; payloads in chat.schemas.ts (chatStreamPayloads):
 * `message` a new visible message; `updated` a visible message that changed (pinned, unpinned,
 * restored: shown in place, or inserted by id); `hidden` { id } of a message a moderator hid;
 * `closed` {} when the chat is not open (the stream then ends).
 */
export const CHAT_STREAM_EVENTS = ['message', 'updated', 'hidden', 'closed'] as const;
export type ChatStreamEventType = (typeof CHAT_STREAM_EVENTS)[number];

/**
 * A fan's position in the chat, the `id:` of every stream event and the `cursor` of the public
 * read: `{highest message id seen}-{time of the latest change seen, ms since 1970}`.
 */
export const CHAT_CURSOR_PATTERN = /^(\d{1,15})-(\d{1,15})$/;

export function chatCursor(lastMessageId: number, changedAtMs: number): string {
  return `${lastMessageId}-${changedAtMs}`;
}

export function parseChatCursor(cursor: string): { lastMessageId: number; changedAtMs: number } | null {
  const match = CHAT_CURSOR_PATTERN.exec(cursor);
  if (!match) return null;
  return { lastMessageId: Number(match[1]), changedAtMs: Number(match[2]) };
}
/** The browser storage key of the fan's viewer token on the embed page, one per page (`{key}:{embed token}`). */
export const CHAT_VIEWER_STORAGE_KEY = 'regie.chat.viewer-token';

export const MESSAGE_STATES = ['visible', 'hidden'] as const;
export type ChatMessageState = (typeof MESSAGE_STATES)[number];

/** Realtime events on the event's topic (payload `{ message }`, or `{ chat }` for settings). */
export const CHAT_EVENTS = {
  created: 'chat.message.created',
  updated: 'chat.message.updated',
  settings: 'chat.settings.updated',
} as const;
export type ChatEventType = (typeof CHAT_EVENTS)[keyof typeof CHAT_EVENTS];

/** The event's topic (realtime.ts eventTopic, written again here to keep zod out of the embed page). */
export function chatTopic(eventId: number): string {
  return `/admin/${eventId}`;
}

export const chatPaths = {
  /** GET → the event's chat (made on first call). */
  eventChat: (eventId: number | string) => `${MAIN_API}/events/${eventId}/chat`,
  /** GET → chat; PUT chatSettingsBody → chat: slow mode and the event's word filter. */
  chat: (chatId: number | string) => `${MAIN_API}/chats/${chatId}`,
  /** GET ?limit&before|after → { data, pinned, hasMore }. */
  messages: (chatId: number | string) => `${MAIN_API}/chats/${chatId}/messages`,
  /** PUT { state?, pinned? } → message: hide, restore, pin, unpin. */
  message: (chatId: number | string, messageId: number | string) => `${MAIN_API}/chats/${chatId}/messages/${messageId}`,
  /** GET → banned fans; POST { viewerId } → 201 ban of the viewer and its address (a message's author). */
  bans: (chatId: number | string) => `${MAIN_API}/chats/${chatId}/bans`,
  /** POST { nickname } → 201 { data }: bans every viewer who posted under the nickname. */
  bansByNickname: (chatId: number | string) => `${MAIN_API}/chats/${chatId}/bans/by-nickname`,
  /** DELETE → 204: the fan may post again. */
  ban: (chatId: number | string, viewerId: string) => `${MAIN_API}/chats/${chatId}/bans/${viewerId}`,
  /** GET / PUT { words }: the account's word filter, for every chat of the account. */
  accountWords: `${MAIN_API}/chat-word-filter`,
  /** GET (public) → recent visible messages or { open: false }; POST { nickname, text } + CHAT_VIEWER_HEADER → 201. */
  public: (token: string) => `${MAIN_API}/embed/${token}/chat`,
  /** POST (public) → 201 { viewerToken, expiresAt }: the fan's signed viewer token for this page's chat. */
  publicViewer: (token: string) => `${MAIN_API}/embed/${token}/chat/viewer`,
  /**
   * GET (public) → text/event-stream of CHAT_STREAM_EVENTS; `?cursor=` the public read's cursor,
   * or the Last-Event-ID header (which wins) to get what was missed since.
   */
  publicStream: (token: string) => `${MAIN_API}/embed/${token}/chat/stream`,
} as const;

/** Lower case, accents removed: "Éloïse" and "eloise" are the same word to the filter. */
export function normaliseForFilter(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The list as stored: trimmed, normalised, without empty entries or duplicates, in order. */
export function cleanWordList(words: readonly string[]): string[] {
  return [...new Set(words.map((word) => normaliseForFilter(word.trim())).filter((word) => word.length > 0))];
}

/** The first word of `words` found in `text` as a whole word (or phrase), or null. */
export function findBlockedWord(text: string, words: readonly string[]): string | null {
  const haystack = ` ${normaliseForFilter(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  for (const word of words) {
    const needle = normaliseForFilter(word)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (needle && haystack.includes(` ${needle} `)) return word;
  }
  return null;
}

export const CHAT_MESSAGES = messageCatalog('CHAT_MESSAGES', {
  notFound: (id: number | string) => `Chat ${id} not found`,
  messageNotFound: (id: number | string) => `Chat message ${id} not found`,
  inactive: 'The chat is not activated on this event: switch the CHAT module on in its settings',
  closed: 'This chat is closed',
  banned: 'You can no longer post in this chat: a moderator has banned you',
  slowMode: (seconds: number) => `Slow mode is on: wait ${seconds} s before sending another message`,
  blockedWord: 'Your message contains a word that is not allowed in this chat',
  blockedNickname: 'Your nickname contains a word that is not allowed in this chat',
  tooManyPosts: 'Too many messages from this address: try again in a minute',
  tooManyPostsOfViewer: 'You have sent too many messages: try again in a minute',
  tooManyPinned: `At most ${CHAT_LIMITS.pinnedMax} messages can be pinned: unpin one first`,
  addressBanned: 'You cannot post in this chat from this network: a moderator has banned a viewer who posted from it',
  viewerTokenMissing: `Your chat pass is missing: reload the page to get one (header ${CHAT_VIEWER_HEADER})`,
  viewerTokenInvalid: 'Your chat pass is not valid for this chat or has expired: reload the page to get a new one',
  tooManyViewerTokens: 'Too many chat passes asked for from this address: try again in a minute',
  notBanned: (viewerId: string) => `Viewer ${viewerId} is not banned from this chat`,
  unknownViewer: (viewerId: string) => `Viewer ${viewerId} has never posted in this chat`,
  unknownNickname: (nickname: string) => `Nobody has posted under the nickname ${nickname} in this chat`,
  nothingToChange: 'Say what to change: state or pinned',
  beforeOrAfter: 'Page with before or after, not both',
  badCursor:
    'The chat cursor must be a message id and a time in milliseconds joined by a dash, as the chat read or its stream gave it',
});
