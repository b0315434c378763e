import { CHAT_EVENTS, CHAT_LIMITS } from '@regie/contract/chat';
import { type ChatMessage, type ChatMessagesPage, chatMessageResponse } from '@regie/contract/chat.schemas';
import { isRecord } from '@regie/contract/guards';
import type { RealtimeEvent } from '@regie/contract/realtime';

/** How many messages the moderation feed keeps on screen (newest first). */
export const FEED_SIZE = CHAT_LIMITS.pageMax;

/** The message a realtime event carries, when it is a chat message event of this chat. */
export function chatEventMessage(event: RealtimeEvent, chatId: number): ChatMessage | null {
  if (event.type !== CHAT_EVENTS.created && event.type !== CHAT_EVENTS.updated) return null;
  if (!isRecord(event.payload)) return null;
  const parsed = chatMessageResponse.safeParse(event.payload.message);
  return parsed.success && parsed.data.chatId === chatId ? parsed.data : null;
}

function replaceOrAdd(list: readonly ChatMessage[], message: ChatMessage, addFirst: boolean): ChatMessage[] {
  const index = list.findIndex((item) => item.id === message.id);
  if (index >= 0) return list.map((item) => (item.id === message.id ? message : item));
  return addFirst ? [message, ...list] : [...list];
}

/**
 * The feed once `message` (new or changed) is applied: a new one goes on top (the feed keeps
 * FEED_SIZE), a changed one takes its place; the pinned list follows its pinned flag. An event
 * older than what the feed holds only updates the pinned list.
 */
export function applyChatMessage(page: ChatMessagesPage, message: ChatMessage): ChatMessagesPage {
  const newest = page.data[0]?.id ?? 0;
  const data = replaceOrAdd(page.data, message, message.id > newest).slice(0, FEED_SIZE);
  const withoutIt = page.pinned.filter((item) => item.id !== message.id);
  const wasPinned = withoutIt.length !== page.pinned.length;
  const pinned = !message.pinned
    ? withoutIt
    : wasPinned
      ? page.pinned.map((item) => (item.id === message.id ? message : item))
      : [message, ...withoutIt];
  return { ...page, data, pinned };
}

/** A fan banned: every message of theirs says so (the hidden ones arrive as their own events). */
export function markBanned(page: ChatMessagesPage, viewerId: string, banned: boolean): ChatMessagesPage {
  const mark = (item: ChatMessage) => (item.viewerId === viewerId ? { ...item, banned } : item);
  return { ...page, data: page.data.map(mark), pinned: page.pinned.map(mark) };
}
