import type { ServerResponse } from 'node:http';
import {
  CHAT_EVENTS,
  CHAT_FALLBACK_READ_MS,
  CHAT_STREAM,
  type ChatStreamEventType,
  chatCursor,
  chatTopic,
} from '@regie/contract/chat';
import { type ChatMessage, chatMessageResponse, type PublicChatMessage } from '@regie/contract/chat.schemas';
import { isRecord } from '@regie/contract/guards';
import type { ChatRow } from '../db/chat.table.ts';
import type { Db } from '../db/database.ts';
import { accountTopic, type HubEvent, type RealtimeHub } from '../realtime/realtime.hub.ts';
import { type ChatCursor, type MissedEvent, missedSince, presentPublic } from './chat.public.ts';

/**
 * The fans' chat streams of this process (Server-Sent Events, contract chatPaths.publicStream).
 * ONE hub subscription per chat, shared by every fan of that chat connected here: a message is
 * turned into its event text once and written to each fan, whatever the audience. Every event
 * carries the fan's own cursor as its `id:` (what EventSource sends back as Last-Event-ID).
 * When the hub may have lost events (resync), each chat reads what it missed once for all its fans.
 */

/** One event as it leaves: the JSON made once per chat, the cursor added per fan. */
interface StreamItem {
  type: ChatStreamEventType;
  messageId: number;
  changedAtMs: number;
  data: string;
}

interface Fan {
  raw: ServerResponse;
  cursor: ChatCursor;
  /** Live events that came while the fan's missed events were read, sent after them (null once sent). */
  held: StreamItem[] | null;
}

interface Feed {
  chat: ChatRow;
  fans: Set<Fan>;
  stop: () => void;
  /** How far the hub's events went (null until the first fan's start is known): a resync reads from there. */
  cursor: ChatCursor | null;
  /** A resync's read is under way: the next resync waits for it instead of reading the same again. */
  catchingUp: boolean;
  /** Whether the chat is still open is being read; `checkAgain`: asked again meanwhile (read once more after). */
  checking: boolean;
  checkAgain: boolean;
}

/** Where a fan's stream starts: its cursor and, when it resumes, what it missed. */
export interface StreamStart {
  cursor: ChatCursor;
  missed: MissedEvent[];
}

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

const HEADERS = {
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
function itemOfHubEvent(event: HubEvent): StreamItem | null {
  if (event.type !== CHAT_EVENTS.created && event.type !== CHAT_EVENTS.updated) return null;
  if (!isRecord(event.payload)) return null;
  const parsed = chatMessageResponse.safeParse(event.payload.message);
  if (!parsed.success) return null;
  const message = parsed.data;
  if (message.state === 'hidden') return itemOf('hidden', message, message.updatedAt, { id: message.id });
  const type = event.type === CHAT_EVENTS.created ? 'message' : 'updated';
  return itemOf(type, message, message.updatedAt, publicOf(message));
}

function itemOfMissed({ type, row }: MissedEvent): StreamItem {
  return itemOf(type, row, row.updatedAt, type === 'hidden' ? { id: row.id } : presentPublic(row));
}

/** The cursor once `item` is sent: a new message moves the id on, every event the time. */
function advance(cursor: ChatCursor, item: StreamItem): ChatCursor {
  return {
    lastMessageId: item.type === 'message' ? Math.max(cursor.lastMessageId, item.messageId) : cursor.lastMessageId,
    changedAtMs: Math.max(cursor.changedAtMs, item.changedAtMs),
  };
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

/** The end of a stream whose chat is not open: EventSource waits the fallback period before it tries again. */
function closedText(cursor: string | undefined): string {
  const id = cursor ? `id: ${cursor}\n` : '';
  return `retry: ${CHAT_FALLBACK_READ_MS}\n\n${id}event: closed\ndata: {}\n\n`;
}

export function createChatStreams({
  db,
  hub,
  isOpen,
  onError,
  openCheckMs = CHAT_STREAM.openCheckMs,
}: ChatStreamsOptions): ChatStreams {
  const feeds = new Map<number, Feed>();
  let heartbeat: NodeJS.Timeout | null = null;
  let openCheck: NodeJS.Timeout | null = null;
  let closed = false;

  const everyFan = () => [...feeds.values()].flatMap((feed) => [...feed.fans]);

  function send(fan: Fan, text: string): void {
    if (fan.raw.writableEnded || fan.raw.destroyed) return;
    fan.raw.write(text);
    // A fan who stopped reading: cut off rather than hold their backlog (their browser resumes).
    if (fan.raw.writableLength > CHAT_STREAM.backlogMaxBytes) fan.raw.destroy();
  }

  function write(fan: Fan, item: StreamItem): void {
    fan.cursor = advance(fan.cursor, item);
    const id = chatCursor(fan.cursor.lastMessageId, fan.cursor.changedAtMs);
    send(fan, `id: ${id}\nevent: ${item.type}\ndata: ${item.data}\n\n`);
  }

  function deliver(feed: Feed, item: StreamItem): void {
    if (feed.cursor) feed.cursor = advance(feed.cursor, item);
    for (const fan of feed.fans) {
      if (fan.held) fan.held.push(item);
      else write(fan, item);
    }
  }

  function startTimers(): void {
    if (heartbeat) return;
    // One timer of each for every stream of the process, not one per fan.
    heartbeat = setInterval(() => {
      for (const fan of everyFan()) send(fan, ': heartbeat\n\n');
    }, CHAT_STREAM.heartbeatMs);
    openCheck = setInterval(() => void recheck(), openCheckMs);
  }

  function stopTimers(): void {
    if (heartbeat) clearInterval(heartbeat);
    if (openCheck) clearInterval(openCheck);
    heartbeat = null;
    openCheck = null;
  }

  /** Every fan of the feed gets `closed` (with their cursor) and their stream ends. */
  function closeFeed(feed: Feed): void {
    if (feeds.get(feed.chat.id) !== feed) return;
    feed.stop();
    feeds.delete(feed.chat.id);
    for (const fan of feed.fans) {
      if (!fan.raw.writableEnded && !fan.raw.destroyed) {
        fan.raw.end(closedText(chatCursor(fan.cursor.lastMessageId, fan.cursor.changedAtMs)));
      }
    }
    feed.fans.clear();
    if (feeds.size === 0) stopTimers();
  }

  /** One read at a time per chat; a write during it reads once more (it may have closed the chat). */
  async function check(feed: Feed): Promise<void> {
    if (feed.checking) {
      feed.checkAgain = true;
      return;
    }
    feed.checking = true;
    try {
      do {
        feed.checkAgain = false;
        if (!(await isOpen(feed.chat))) {
          closeFeed(feed);
          return;
        }
      } while (feed.checkAgain && feeds.get(feed.chat.id) === feed);
    } catch (error) {
      onError(error);
    } finally {
      feed.checking = false;
    }
  }

  async function recheck(accountId?: number): Promise<void> {
    const checked = [...feeds.values()].filter((feed) => accountId === undefined || feed.chat.accountId === accountId);
    await Promise.all(checked.map(check));
  }

  function join(chat: ChatRow, fan: Fan): void {
    let feed = feeds.get(chat.id);
    if (!feed) {
      const made: Feed = {
        chat,
        fans: new Set(),
        stop: () => undefined,
        cursor: null,
        catchingUp: false,
        checking: false,
        checkAgain: false,
      };
      // The chat's topic in its own account: the token named that account's event.
      const topic = accountTopic(chat.accountId, chatTopic(chat.eventId));
      if (hub) {
        made.stop = hub.subscribe(topic, (_topic, event) => {
          const item = itemOfHubEvent(event);
          if (item) deliver(made, item);
        });
      }
      feeds.set(chat.id, made);
      feed = made;
    }
    feed.fans.add(fan);
    startTimers();
  }

  function leave(chatId: number, fan: Fan): void {
    const feed = feeds.get(chatId);
    if (!feed?.fans.delete(fan) || feed.fans.size > 0) return;
    feed.stop();
    feeds.delete(chatId);
    if (feeds.size === 0) stopTimers();
  }

  /**
   * The hub may have lost events (its connection to the other processes dropped, or is back):
   * each chat's feed reads what came since its cursor once and sends it to all its fans (one
   * read per chat, not one reconnection per fan); what they had already is applied twice, harmlessly.
   */
  async function catchUp(feed: Feed): Promise<void> {
    if (!feed.cursor || feed.catchingUp) return;
    feed.catchingUp = true;
    try {
      for (const missed of await missedSince(db, feed.chat, feed.cursor)) deliver(feed, itemOfMissed(missed));
    } catch (error) {
      onError(error);
    } finally {
      feed.catchingUp = false;
    }
  }
  const stopResync = hub?.onResync(() => {
    for (const feed of feeds.values()) void catchUp(feed);
  });

  return {
    async open(chat, raw, start) {
      if (closed) {
        raw.writeHead(503).end();
        return;
      }
      raw.writeHead(200, HEADERS);
      raw.write(`retry: ${CHAT_STREAM.retryMs}\n\n`);
      // Listening before the missed events are read: whatever comes meanwhile is held, not lost.
      const fan: Fan = { raw, cursor: { lastMessageId: 0, changedAtMs: 0 }, held: [] };
      join(chat, fan);
      raw.on('close', () => leave(chat.id, fan));
      let begun: StreamStart;
      try {
        begun = await start();
      } catch (error) {
        onError(error);
        raw.destroy();
        return;
      }
      fan.cursor = begun.cursor;
      const feed = feeds.get(chat.id);
      if (feed && !feed.cursor) feed.cursor = begun.cursor;
      const replayed = new Set<number>();
      for (const missed of begun.missed) {
        if (missed.type === 'message') replayed.add(missed.row.id);
        write(fan, itemOfMissed(missed));
      }
      const held = fan.held ?? [];
      fan.held = null;
      for (const item of held) {
        if (item.type !== 'message' || !replayed.has(item.messageId)) write(fan, item);
      }
    },
    refuse(raw, cursor) {
      raw.writeHead(200, HEADERS);
      raw.end(closedText(cursor));
    },
    recheck,
    close() {
      closed = true;
      stopResync?.();
      for (const fan of everyFan()) fan.raw.end();
      for (const feed of feeds.values()) feed.stop();
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
