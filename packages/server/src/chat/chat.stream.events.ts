import { CHAT_EVENTS, CHAT_FALLBACK_READ_MS, type ChatStreamEventType, chatCursor } from '@regie/contract/chat';
import { type ChatMessage, chatMessageResponse, type PublicChatMessage } from '@regie/contract/chat.schemas';
import { isRecord } from '@regie/contract/guards';
import type { HubEvent } from '../realtime/realtime.hub.ts';
import { type ChatCursor, type MissedEvent, presentPublic } from './chat.public.ts';

/**
 * The text of the fans' chat stream (Server-Sent Events): what a staff event or a missed row
 * becomes for fans, made once per chat, and how each fan's cursor moves with what it is sent.
 * Pure: no connection, no database.
 */

/** One event as it leaves: the JSON made once per chat, the cursor added per fan. */
export interface StreamItem {
  type: ChatStreamEventType;
  messageId: number;
  changedAtMs: number;
  data: string;
}

export const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  connection: 'keep-alive',
  // No buffering in a proxy in front (nginx): events must leave as they come.
  'x-accel-buffering': 'no',
};

function itemOf(
  type: ChatStreamEventType,
  message: Pick<PublicChatMessage, 'id'>,
  changedAt: string | Date,
  payload: unknown,
): StreamItem {
  return {
    type,
    messageId: message.id,
    changedAtMs: new Date(changedAt).getTime(),
    data: JSON.stringify(payload),
  };
}

function publicOf(message: ChatMessage): PublicChatMessage {
  return presentPublic({
    id: message.id,
    nickname: message.nickname,
    text: message.text,
    pinnedAt: message.pinned ? new Date(message.updatedAt) : null,
    createdAt: new Date(message.createdAt),
  });
}

/** The fans' event of a staff chat event (contract CHAT_EVENTS), or null for other events of the topic. */
export function itemOfHubEvent(event: HubEvent): StreamItem | null {
  if (event.type !== CHAT_EVENTS.created && event.type !== CHAT_EVENTS.updated) return null;
  if (!isRecord(event.payload)) return null;
  const parsed = chatMessageResponse.safeParse(event.payload.message);
  if (!parsed.success) return null;
  const message = parsed.data;
  if (message.state === 'hidden') return itemOf('hidden', message, message.updatedAt, { id: message.id });
  const type = event.type === CHAT_EVENTS.created ? 'message' : 'updated';
  return itemOf(type, message, message.updatedAt, publicOf(message));
}

/** The fans' event of what a fan (or a chat's feed) missed, read from the database. */
export function itemOfMissed({ type, row }: MissedEvent): StreamItem {
  return itemOf(type, row, row.updatedAt, type === 'hidden' ? { id: row.id } : presentPublic(row));
}

/** The cursor once `item` is sent: a new message moves the id on, every event the time. */
export function advance(cursor: ChatCursor, item: StreamItem): ChatCursor {
  return {
    lastMessageId: item.type === 'message' ? Math.max(cursor.lastMessageId, item.messageId) : cursor.lastMessageId,
    changedAtMs: Math.max(cursor.changedAtMs, item.changedAtMs),
  };
}

/** The cursor as the fan's browser keeps it (the `id:` EventSource sends back as Last-Event-ID). */
export function cursorText(cursor: ChatCursor): string {
  return chatCursor(cursor.lastMessageId, cursor.changedAtMs);
}

/** One event for a fan whose cursor is now `cursor`. */
export function eventText(cursor: ChatCursor, item: StreamItem): string {
  return `id: ${cursorText(cursor)}\nevent: ${item.type}\ndata: ${item.data}\n\n`;
}

/** The end of a stream whose chat is not open: EventSource waits the fallback period before it tries again. */
export function closedText(cursor: string | undefined): string {
  const id = cursor ? `id: ${cursor}\n` : '';
  return `retry: ${CHAT_FALLBACK_READ_MS}\n\n${id}event: closed\ndata: {}\n\n`;
}
