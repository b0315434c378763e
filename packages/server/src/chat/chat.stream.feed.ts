import type { ServerResponse } from 'node:http';
import { CHAT_STREAM } from '@regie/contract/chat';
import type { ChatRow } from '../db/chat.table.ts';
import type { ChatCursor, MissedEvent } from './chat.public.ts';
import { advance, closedText, cursorText, eventText, itemOfMissed, type StreamItem } from './chat.stream.events.ts';

/**
 * One chat's fans connected to this process, fed from one source: each event is delivered to
 * every fan with the fan's own cursor; a fan whose missed events are still being read has live
 * events held and sent after them; a fan who stops reading is cut off (their browser resumes).
 * The feed keeps how far its events went, so a resync reads from there once for all its fans,
 * and whether the chat is still open is read one check at a time.
 */

/** One fan's stream. */
export interface StreamFan {
  raw: ServerResponse;
  cursor: ChatCursor;
  /** Live events that came while the fan's missed events were read, sent after them (null once sent). */
  held: StreamItem[] | null;
}

/** Where a fan's stream starts: its cursor and, when it resumes, what it missed. */
export interface StreamStart {
  cursor: ChatCursor;
  missed: MissedEvent[];
}

/** A fan whose stream starts once its missed events are read (live events are held meanwhile). */
export function newFan(raw: ServerResponse): StreamFan {
  return { raw, cursor: { lastMessageId: 0, changedAtMs: 0 }, held: [] };
}

/** Writes to a fan's stream unless it is gone; a fan too far behind is cut off. */
export function sendTo(fan: StreamFan, text: string): void {
  if (fan.raw.writableEnded || fan.raw.destroyed) return;
  fan.raw.write(text);
  if (fan.raw.writableLength > CHAT_STREAM.backlogMaxBytes) fan.raw.destroy();
}

function write(fan: StreamFan, item: StreamItem): void {
  fan.cursor = advance(fan.cursor, item);
  sendTo(fan, eventText(fan.cursor, item));
}

export class ChatFeed {
  readonly fans = new Set<StreamFan>();
  /** How far the source's events went (null until the first fan's start is known): a resync reads from there. */
  private cursor: ChatCursor | null = null;
  /** A resync's read is under way: the next resync waits for it instead of reading the same again. */
  private catchingUp = false;
  /** Whether the chat is still open is being read; `checkAgain`: asked again meanwhile (read once more after). */
  private checking = false;
  private checkAgain = false;
  private ended = false;

  /** `stop` ends the feed's source (its hub subscription), once, when the feed ends. */
  constructor(
    readonly chat: ChatRow,
    private readonly stop: () => void = () => undefined,
  ) {}

  get isEnded(): boolean {
    return this.ended;
  }

  /** An event from the source, to every fan (held for a fan whose start is still being read). */
  deliver(item: StreamItem): void {
    if (this.cursor) this.cursor = advance(this.cursor, item);
    for (const fan of this.fans) {
      if (fan.held) fan.held.push(item);
      else write(fan, item);
    }
  }

  /**
   * A fan's start is read: what it missed, then what came meanwhile (a new message it already got
   * as missed is not sent twice). The first start known is where the feed's own cursor begins.
   */
  begin(fan: StreamFan, start: StreamStart): void {
    fan.cursor = start.cursor;
    if (!this.cursor) this.cursor = start.cursor;
    const replayed = new Set<number>();
    for (const missed of start.missed) {
      if (missed.type === 'message') replayed.add(missed.row.id);
      write(fan, itemOfMissed(missed));
    }
    const held = fan.held ?? [];
    fan.held = null;
    for (const item of held) {
      if (item.type !== 'message' || !replayed.has(item.messageId)) write(fan, item);
    }
  }

  /** Takes a fan off; answers whether the feed has no fan left (it ended then). */
  leave(fan: StreamFan): boolean {
    if (!this.fans.delete(fan) || this.fans.size > 0) return false;
    this.end();
    return true;
  }

  /**
   * The source may have lost events: reads what came since the feed's cursor once and sends it
   * to all its fans; what they had already is applied twice, harmlessly.
   */
  async catchUp(read: (chat: ChatRow, since: ChatCursor) => Promise<MissedEvent[]>): Promise<void> {
    if (!this.cursor || this.catchingUp) return;
    this.catchingUp = true;
    try {
      for (const missed of await read(this.chat, this.cursor)) this.deliver(itemOfMissed(missed));
    } finally {
      this.catchingUp = false;
    }
  }

  /**
   * Reads whether the chat is still open, one read at a time (a check asked meanwhile reads once
   * more: a write during it may have closed the chat); a chat no longer open closes the feed.
   * Answers whether the feed closed.
   */
  async check(isOpen: (chat: ChatRow) => Promise<boolean>): Promise<boolean> {
    if (this.checking) {
      this.checkAgain = true;
      return false;
    }
    this.checking = true;
    try {
      do {
        this.checkAgain = false;
        if (!(await isOpen(this.chat))) {
          this.close();
          return true;
        }
      } while (this.checkAgain && !this.ended);
      return false;
    } finally {
      this.checking = false;
    }
  }

  /** The chat is not open any more: every fan gets `closed` (with their cursor) and their stream ends. */
  close(): void {
    if (this.ended) return;
    this.end();
    for (const fan of this.fans) {
      if (!fan.raw.writableEnded && !fan.raw.destroyed) fan.raw.end(closedText(cursorText(fan.cursor)));
    }
    this.fans.clear();
  }

  /** The process is closing: every stream ends (the browsers come back to another process). */
  drop(): void {
    this.end();
    for (const fan of this.fans) fan.raw.end();
    this.fans.clear();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.stop();
  }
}
