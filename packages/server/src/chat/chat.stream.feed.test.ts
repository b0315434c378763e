import type { ServerResponse } from 'node:http';
import { CHAT_STREAM } from '@regie/contract/chat';
import { describe, expect, it } from 'vitest';
import type { ChatMessageRow, ChatRow } from '../db/chat.table.ts';
import type { ChatCursor, MissedEvent } from './chat.public.ts';
import type { StreamItem } from './chat.stream.events.ts';
import { ChatFeed, newFan } from './chat.stream.feed.ts';

/** One chat's feed on its own: what each fan's browser receives, in order, with its cursor. */

const chat = { id: 1, accountId: 10, eventId: 5 } as ChatRow;

/** A fan's response: the text written, whether it ended, and a backlog the test sets. */
function response() {
  const state = { text: '', ended: false, destroyed: false, backlog: 0 };
  const raw = {
    get writableEnded() {
      return state.ended;
    },
    get destroyed() {
      return state.destroyed;
    },
    get writableLength() {
      return state.backlog;
    },
    write(text: string) {
      state.text += text;
      return true;
    },
    end(text?: string) {
      if (text) state.text += text;
      state.ended = true;
    },
    destroy() {
      state.destroyed = true;
    },
  } as unknown as ServerResponse;
  return { raw, state };
}

const row = (id: number, at: number) =>
  ({
    id,
    nickname: 'Fan',
    text: `message ${id}`,
    pinnedAt: null,
    createdAt: new Date(at),
    updatedAt: new Date(at),
  }) as ChatMessageRow;
const live = (type: StreamItem['type'], id: number, at: number): StreamItem => ({
  type,
  messageId: id,
  changedAtMs: at,
  data: `{"id":${id}}`,
});
/** The `id:` and `event:` of every event a fan received, in order. */
const events = (text: string) =>
  [...text.matchAll(/id: (\S+)\nevent: (\w+)/g)].map((match) => `${match[2]}@${match[1]}`);

describe('a chat’s feed', () => {
  it('sends a fan what it missed, then what came while that was read, never a message twice', () => {
    const feed = new ChatFeed(chat);
    const { raw, state } = response();
    const fan = newFan(raw);
    feed.fans.add(fan);
    // While the fan's missed events are read, message 12 is posted and message 11 edited.
    feed.deliver(live('message', 12, 3_000));
    feed.deliver(live('updated', 11, 3_500));
    expect(state.text).toBe('');
    const missed: MissedEvent[] = [
      { type: 'message', row: row(11, 2_000) },
      { type: 'message', row: row(12, 3_000) },
    ];
    feed.begin(fan, { cursor: { lastMessageId: 10, changedAtMs: 1_000 }, missed });
    expect(events(state.text)).toEqual(['message@11-2000', 'message@12-3000', 'updated@12-3500']);
    // From here events go straight out, each with the fan's cursor moved on.
    feed.deliver(live('message', 13, 4_000));
    expect(events(state.text).at(-1)).toBe('message@13-4000');
  });

  it('cuts off a fan who stopped reading, and keeps feeding the others', () => {
    const feed = new ChatFeed(chat);
    const slow = response();
    const quick = response();
    for (const { raw } of [slow, quick]) {
      const fan = newFan(raw);
      feed.fans.add(fan);
      feed.begin(fan, { cursor: { lastMessageId: 0, changedAtMs: 0 }, missed: [] });
    }
    slow.state.backlog = CHAT_STREAM.backlogMaxBytes + 1;
    feed.deliver(live('message', 1, 1_000));
    expect(slow.state.destroyed).toBe(true);
    feed.deliver(live('message', 2, 2_000));
    expect(events(quick.state.text)).toEqual(['message@1-1000', 'message@2-2000']);
  });

  it('reads what its fans missed from how far its own events went, one read at a time', async () => {
    const feed = new ChatFeed(chat);
    const { raw, state } = response();
    const fan = newFan(raw);
    feed.fans.add(fan);
    feed.begin(fan, { cursor: { lastMessageId: 4, changedAtMs: 500 }, missed: [] });
    feed.deliver(live('message', 5, 900));
    const asked: ChatCursor[] = [];
    let answer: (missed: MissedEvent[]) => void = () => undefined;
    const read = (_chat: ChatRow, since: ChatCursor) => {
      asked.push(since);
      return new Promise<MissedEvent[]>((resolve) => {
        answer = resolve;
      });
    };
    const first = feed.catchUp(read);
    await feed.catchUp(read);
    expect(asked).toEqual([{ lastMessageId: 5, changedAtMs: 900 }]);
    answer([{ type: 'message', row: row(6, 1_200) }]);
    await first;
    expect(events(state.text).at(-1)).toBe('message@6-1200');
  });

  it('ends its fans with `closed` and their cursor when the chat is no longer open, and stops its source once', async () => {
    let stops = 0;
    const feed = new ChatFeed(chat, () => {
      stops += 1;
    });
    const { raw, state } = response();
    const fan = newFan(raw);
    feed.fans.add(fan);
    feed.begin(fan, { cursor: { lastMessageId: 7, changedAtMs: 1_000 }, missed: [] });
    expect(await feed.check(async () => true)).toBe(false);
    expect(await feed.check(async () => false)).toBe(true);
    expect(state.ended).toBe(true);
    expect(state.text).toContain('id: 7-1000\nevent: closed\ndata: {}\n\n');
    expect(feed.leave(fan)).toBe(false);
    expect(stops).toBe(1);
  });

  it('stops its source when its last fan leaves', () => {
    let stops = 0;
    const feed = new ChatFeed(chat, () => {
      stops += 1;
    });
    const one = newFan(response().raw);
    const two = newFan(response().raw);
    feed.fans.add(one);
    feed.fans.add(two);
    expect(feed.leave(one)).toBe(false);
    expect(stops).toBe(0);
    expect(feed.leave(two)).toBe(true);
    expect(stops).toBe(1);
  });
});
