import { CHAT_LIMITS } from '@regie/contract/chat';
import type { PublicChatMessage } from '@regie/contract/chat.schemas';
import { isRecord } from '@regie/contract/guards';

/**
 * The messages the embed page shows, by their public id (contract chat.schemas publicChatMessage):
 * a read replaces them, the stream's events (contract CHAT_STREAM_EVENTS) change them in place.
 * Pure, so the page's rules are tested without a browser. Kept free of zod: the page stays tiny.
 */
export class ChatFeed {
  private readonly byId = new Map<number, PublicChatMessage>();

  /** A read of the chat: exactly these messages. */
  replace(messages: readonly PublicChatMessage[]): void {
    this.byId.clear();
    for (const message of messages) this.byId.set(message.id, message);
  }

  /**
   * One event of the stream (its type and its data line): a new or changed message is put at its
   * place, a hidden one leaves. Returns whether the chat is still open (false on `closed`).
   */
  apply(type: string, data: string): boolean {
    if (type === 'closed') return false;
    const payload: unknown = parsed(data);
    if (type === 'hidden' && isRecord(payload) && typeof payload.id === 'number') this.byId.delete(payload.id);
    if ((type === 'message' || type === 'updated') && isPublicMessage(payload)) this.byId.set(payload.id, payload);
    this.trim();
    return true;
  }

  /** Oldest first, as a chat is read. */
  messages(): PublicChatMessage[] {
    return [...this.byId.values()].sort((one, two) => one.id - two.id);
  }

  /** Like a read, the newest CHAT_LIMITS.publicRecent: a page left open all match long stays small. */
  private trim(): void {
    const extra = this.byId.size - CHAT_LIMITS.publicRecent;
    if (extra <= 0) return;
    for (const message of this.messages().slice(0, extra)) this.byId.delete(message.id);
  }
}

function parsed(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

function isPublicMessage(value: unknown): value is PublicChatMessage {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.nickname === 'string' &&
    typeof value.text === 'string' &&
    typeof value.pinned === 'boolean' &&
    typeof value.createdAt === 'string'
  );
}
