import { CHAT_EVENTS } from '@regie/contract/chat';
import type { ChatMessage, ChatMessagesPage } from '@regie/contract/chat.schemas';
import { describe, expect, it } from 'vitest';
import { applyChatMessage, chatEventMessage, markBanned } from './chat-feed.ts';

const message = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chatId: 1,
  eventId: 7,
  nickname: `fan ${id}`,
  text: `text ${id}`,
  state: 'visible',
  pinned: false,
  viewerId: `viewer-${id}`,
  fanId: null,
  banned: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const page = (data: ChatMessage[], pinned: ChatMessage[] = []): ChatMessagesPage => ({ data, pinned, hasMore: false });

describe('the moderation feed', () => {
  it('puts a new message on top and a changed one in its place', () => {
    const feed = page([message(2), message(1)]);
    expect(applyChatMessage(feed, message(3)).data.map((item) => item.id)).toEqual([3, 2, 1]);
    const hidden = applyChatMessage(feed, message(1, { state: 'hidden' }));
    expect(hidden.data.map((item) => [item.id, item.state])).toEqual([
      [2, 'visible'],
      [1, 'hidden'],
    ]);
  });

  it('keeps the pinned list in step with the pinned flag', () => {
    const pinned = applyChatMessage(page([message(1)]), message(1, { pinned: true }));
    expect(pinned.pinned.map((item) => item.id)).toEqual([1]);
    expect(applyChatMessage(pinned, message(1)).pinned).toEqual([]);
  });

  it('reads only chat message events of its own chat', () => {
    const event = { topic: '/admin/7', type: CHAT_EVENTS.created, payload: { message: message(4) } };
    expect(chatEventMessage(event, 1)?.id).toBe(4);
    expect(chatEventMessage(event, 2)).toBeNull();
    expect(chatEventMessage({ ...event, type: 'marker.created' }, 1)).toBeNull();
    expect(chatEventMessage({ ...event, payload: { message: { id: 'x' } } }, 1)).toBeNull();
  });

  it('marks every message of a banned fan', () => {
    const feed = markBanned(page([message(1), message(2)]), 'viewer-2', true);
    expect(feed.data.map((item) => item.banned)).toEqual([false, true]);
  });
});
