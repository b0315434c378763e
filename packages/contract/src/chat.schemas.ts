import { z } from 'zod';
import { recordId } from './accounts.ts';
import {
  CHAT_CURSOR_PATTERN,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_VIEWER_HEADER,
  type ChatStreamEventType,
  MESSAGE_STATES,
} from './chat.ts';
import { isoDateTime } from './datetime.ts';
import { schemaMessage } from './messages.ts';

/** Request and response schemas of the chat calls (contract chat.ts). */

export const chatParams = z.object({ id: recordId });
export const chatMessageParams = z.object({ id: recordId, messageId: recordId });
export const viewerId = z.uuid();
export const chatBanParams = z.object({ id: recordId, viewerId });

const word = z.string().trim().min(1).max(CHAT_LIMITS.wordMax);
export const wordList = z.array(word).max(CHAT_LIMITS.wordsMax);

/** PUT chats/{id}: slow mode and the event's own word filter (the account's applies too). */
export const chatSettingsBody = z
  .object({
    slowModeSeconds: z.number().int().min(0).max(CHAT_LIMITS.slowModeMaxSeconds),
    blockedWords: wordList,
  })
  .partial()
  .strict();
export type ChatSettingsBody = z.infer<typeof chatSettingsBody>;

export const chatResponse = z.object({
  id: z.number(),
  eventId: z.number(),
  slowModeSeconds: z.number(),
  /** The event's own list. */
  blockedWords: z.array(z.string()),
  /** The account's list, which applies to every chat of the account. */
  accountBlockedWords: z.array(z.string()),
});
export type Chat = z.infer<typeof chatResponse>;

export const wordFilterBody = z.object({ words: wordList }).strict();
export type WordFilterBody = z.infer<typeof wordFilterBody>;
export const wordFilterResponse = z.object({ words: z.array(z.string()) });
export type WordFilter = z.infer<typeof wordFilterResponse>;

/**
 * GET chats/{id}/messages: newest first (older pages with `before`, the lowest id seen), or, with
 * `after` (the highest id seen), what came since, oldest first. Staff see hidden messages too,
 * unless `state` says which.
 */
export const chatMessagesQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.pageMax).default(CHAT_LIMITS.pageDefault),
    before: recordId.optional(),
    after: recordId.optional(),
    state: z.enum(MESSAGE_STATES).optional(),
  })
  .refine((query) => query.before === undefined || query.after === undefined, {
    message: schemaMessage(CHAT_MESSAGES.beforeOrAfter),
    path: ['after'],
  });
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuery>;

/** A message as staff see it: with the fan's viewer id (to ban them) and whether they are banned. */
export const chatMessageResponse = z.object({
  id: z.number(),
  chatId: z.number(),
  eventId: z.number(),
  nickname: z.string(),
  text: z.string(),
  state: z.enum(MESSAGE_STATES),
  pinned: z.boolean(),
  viewerId: z.string(),
  /** The fans CRM's record of the author, once fans sign in (always null until then). */
  fanId: z.number().nullable(),
  banned: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ChatMessage = z.infer<typeof chatMessageResponse>;

export const chatMessagesResponse = z.object({
  data: z.array(chatMessageResponse),
  /** The pinned messages, visible or not, most recently pinned first. */
  pinned: z.array(chatMessageResponse),
  /** More messages beyond this page in the direction asked. */
  hasMore: z.boolean(),
});
export type ChatMessagesPage = z.infer<typeof chatMessagesResponse>;

/** PUT chats/{id}/messages/{msgId}: hide or restore (state), pin or unpin. */
export const chatMessageUpdateBody = z
  .object({ state: z.enum(MESSAGE_STATES), pinned: z.boolean() })
  .partial()
  .strict()
  .refine((body) => body.state !== undefined || body.pinned !== undefined, {
    message: schemaMessage(CHAT_MESSAGES.nothingToChange),
  });
export type ChatMessageUpdateBody = z.infer<typeof chatMessageUpdateBody>;

/** POST chats/{id}/bans: the viewer (a message's author, by its signed viewer id) and its address. */
export const chatBanBody = z.object({ viewerId }).strict();
export const chatBanResponse = z.object({
  viewerId: z.string(),
  nickname: z.string(),
  fanId: z.number().nullable(),
  bannedAt: isoDateTime,
  /** The address of the viewer's latest post is banned too (new viewers from it cannot post). */
  addressBanned: z.boolean(),
});
export type ChatBan = z.infer<typeof chatBanResponse>;
export const chatBansResponse = z.object({ data: z.array(chatBanResponse) });
export type ChatBans = z.infer<typeof chatBansResponse>;

const nickname = z.string().trim().min(CHAT_LIMITS.nicknameMin).max(CHAT_LIMITS.nicknameMax);

/**
 * POST chats/{id}/bans/by-nickname: every viewer who posted under the nickname in this chat
 * (case ignored), with their addresses; answers their bans.
 */
export const chatBanByNicknameBody = z.object({ nickname }).strict();
export type ChatBanByNicknameBody = z.infer<typeof chatBanByNicknameBody>;

/**
 * A message as fans see it: no viewer id, no state (only visible ones are sent). `id` is the
 * message's public id (the one staff see): the page places, updates and removes rows by it.
 */
export const publicChatMessage = z.object({
  id: z.number(),
  nickname: z.string(),
  text: z.string(),
  pinned: z.boolean(),
  createdAt: isoDateTime,
});
export type PublicChatMessage = z.infer<typeof publicChatMessage>;

/** A fan's position for the event stream (contract chat.ts chatCursor): `{message id}-{ms}`. */
export const chatCursorText = z.string().regex(CHAT_CURSOR_PATTERN, schemaMessage(CHAT_MESSAGES.badCursor));

/** GET embed/{token}/chat: the newest visible messages, oldest first, or { open: false }. */
export const publicChatResponse = z.discriminatedUnion('open', [
  z
    .object({
      open: z.literal(true),
      slowModeSeconds: z.number(),
      messages: z.array(publicChatMessage),
      /** Where the event stream starts from (chatPaths.publicStream ?cursor=): nothing is missed in between. */
      cursor: z.string(),
    })
    .strict(),
  z.object({ open: z.literal(false) }).strict(),
]);
export type PublicChat = z.infer<typeof publicChatResponse>;

/** GET embed/{token}/chat/stream: where to start (the Last-Event-ID header wins over the query). */
export const publicChatStreamQuery = z.object({ cursor: chatCursorText.optional() }).strict();
export const publicChatStreamHeaders = z.object({ 'last-event-id': chatCursorText.optional() });

/**
 * The `data:` of each event of the fans' stream (CHAT_STREAM_EVENTS), JSON; every event has an
 * `id:` line (the cursor to resume from) and the stream starts with a `retry:` hint.
 */
export const chatStreamPayloads = {
  message: publicChatMessage,
  updated: publicChatMessage,
  hidden: z.object({ id: z.number() }).strict(),
  closed: z.object({}).strict(),
} as const satisfies Record<ChatStreamEventType, z.ZodType>;
export type ChatStreamEvent = {
  [Type in ChatStreamEventType]: { type: Type; payload: z.infer<(typeof chatStreamPayloads)[Type]> };
}[ChatStreamEventType];

/**
 * POST embed/{token}/chat: the fan's nickname and text. The fan is the viewer of the signed token
 * in the CHAT_VIEWER_HEADER header; a viewer id in the body is refused (strict).
 */
export const publicChatPostBody = z
  .object({
    nickname,
    text: z.string().trim().min(1).max(CHAT_LIMITS.textMax),
  })
  .strict();
export type PublicChatPost = z.infer<typeof publicChatPostBody>;
/** Optional for validation: a missing token gets its own 401 and message (CHAT_MESSAGES.viewerTokenMissing). */
export const publicChatPostHeaders = z.object({
  [CHAT_VIEWER_HEADER]: z.string().optional().describe('The viewer token of chatPaths.publicViewer'),
});

/** POST embed/{token}/chat/viewer: the fan's viewer token for this page's chat, and when it expires. */
export const publicChatViewerResponse = z
  .object({
    viewerToken: z.string(),
    expiresAt: isoDateTime,
  })
  .strict();
export type PublicChatViewer = z.infer<typeof publicChatViewerResponse>;
