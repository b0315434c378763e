import type { ServerResponse } from 'node:http';
import { CHAT_STREAM, chatTopic } from '@regie/contract/chat';
import type { ChatRow } from '../db/chat.table.ts';
import type { Db } from '../db/database.ts';
import { accountTopic, type RealtimeHub } from '../realtime/realtime.hub.ts';
import { missedSince } from './chat.public.ts';
import { closedText, itemOfHubEvent, STREAM_HEADERS } from './chat.stream.events.ts';
import { ChatFeed, newFan, type StreamStart, sendTo } from './chat.stream.feed.ts';

export type { StreamStart } from './chat.stream.feed.ts';

/**
 * The fans' chat streams of this process (Server-Sent Events, contract chatPaths.publicStream).
 * ONE hub subscription per chat, shared by every fan of that chat connected here (its ChatFeed,
 * chat.stream.feed.ts): a message is turned into its event text once (chat.stream.events.ts) and
 * written to each fan, whatever the audience. Every event carries the fan's own cursor as its
 * `id:` (what EventSource sends back as Last-Event-ID). When the hub may have lost events
 * (resync), each chat reads what it missed once for all its fans. This file keeps the feeds of
 * the process, their timers (one heartbeat and one open-check for all) and the resync.
 */

export interface ChatStreams {
  /** Streams the chat's events to one fan until they leave or the app closes. */
  open(chat: ChatRow, raw: ServerResponse, start: () => Promise<StreamStart>): Promise<void>;
  /** A chat that is not open: one `closed` event, then the end (the page stops listening). */
  refuse(raw: ServerResponse, cursor: string | undefined): void;
  /**
   * Checks that the chats streamed here (of one account, or all) are still open; the fans of one
   * that is not (its event unpublished, its chat switched off) get `closed` and their stream ends.
   */
  recheck(accountId?: number): Promise<void>;
  /** Ends every stream (the app is closing): clients come back to another process. */
  close(): void;
  /** Chats with a hub subscription here, and fans connected. */
  stats(): { chats: number; fans: number };
}

export interface ChatStreamsOptions {
  db: Db;
  hub: RealtimeHub | null;
  /** Whether a chat is still open to fans (its event published, its chat on). */
  isOpen: (chat: ChatRow) => Promise<boolean>;
  onError: (error: unknown) => void;
  /** How often every streamed chat is checked (contract CHAT_STREAM.openCheckMs). */
  openCheckMs?: number;
}

export function createChatStreams({
  db,
  hub,
  isOpen,
  onError,
  openCheckMs = CHAT_STREAM.openCheckMs,
}: ChatStreamsOptions): ChatStreams {
  const feeds = new Map<number, ChatFeed>();
  let heartbeat: NodeJS.Timeout | null = null;
  let openCheck: NodeJS.Timeout | null = null;
  let closed = false;

  function startTimers(): void {
    if (heartbeat) return;
    // One timer of each for every stream of the process, not one per fan.
    heartbeat = setInterval(() => {
      for (const feed of feeds.values()) for (const fan of feed.fans) sendTo(fan, ': heartbeat\n\n');
    }, CHAT_STREAM.heartbeatMs);
    openCheck = setInterval(() => void recheck(), openCheckMs);
  }

  function stopTimers(): void {
    if (heartbeat) clearInterval(heartbeat);
    if (openCheck) clearInterval(openCheck);
    heartbeat = null;
    openCheck = null;
  }

  function forget(feed: ChatFeed): void {
    if (feeds.get(feed.chat.id) === feed) feeds.delete(feed.chat.id);
    if (feeds.size === 0) stopTimers();
  }

  /** The chat's feed here, made with its hub subscription (the chat's topic in its own account) for its first fan. */
  function feedOf(chat: ChatRow): ChatFeed {
    const kept = feeds.get(chat.id);
    if (kept) return kept;
    let made: ChatFeed | null = null;
    const stop = hub?.subscribe(accountTopic(chat.accountId, chatTopic(chat.eventId)), (_topic, event) => {
      const item = itemOfHubEvent(event);
      if (item) made?.deliver(item);
    });
    made = new ChatFeed(chat, stop);
    feeds.set(chat.id, made);
    startTimers();
    return made;
  }

  async function recheck(accountId?: number): Promise<void> {
    const checked = [...feeds.values()].filter((feed) => accountId === undefined || feed.chat.accountId === accountId);
    await Promise.all(
      checked.map(async (feed) => {
        try {
          if (await feed.check(isOpen)) forget(feed);
        } catch (error) {
          onError(error);
        }
      }),
    );
  }

  // The hub may have lost events (its connection to the other processes dropped, or is back):
  // each chat's feed reads what came since its cursor once for all its fans, not one
  // reconnection per fan.
  const stopResync = hub?.onResync(() => {
    for (const feed of feeds.values()) feed.catchUp((chat, since) => missedSince(db, chat, since)).catch(onError);
  });

  return {
    async open(chat, raw, start) {
      if (closed) {
        raw.writeHead(503).end();
        return;
      }
      raw.writeHead(200, STREAM_HEADERS);
      raw.write(`retry: ${CHAT_STREAM.retryMs}\n\n`);
      // Listening before the missed events are read: whatever comes meanwhile is held, not lost.
      const fan = newFan(raw);
      const feed = feedOf(chat);
      feed.fans.add(fan);
      raw.on('close', () => {
        if (feed.leave(fan)) forget(feed);
      });
      let begun: StreamStart;
      try {
        begun = await start();
      } catch (error) {
        onError(error);
        raw.destroy();
        return;
      }
      feed.begin(fan, begun);
    },
    refuse(raw, cursor) {
      raw.writeHead(200, STREAM_HEADERS);
      raw.end(closedText(cursor));
    },
    recheck,
    close() {
      closed = true;
      stopResync?.();
      for (const feed of feeds.values()) feed.drop();
      feeds.clear();
      stopTimers();
    },
    stats() {
      let fans = 0;
      for (const feed of feeds.values()) fans += feed.fans.size;
      return { chats: feeds.size, fans };
    },
  };
}
