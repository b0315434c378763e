import type { AuditOtherResource } from '@regie/contract/audit';
import { CHAT_MESSAGES, CHAT_MODULE, cleanWordList } from '@regie/contract/chat';
import type { Chat, ChatSettingsBody } from '@regie/contract/chat.schemas';
import { eq } from 'drizzle-orm';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import { type ChatRow, chats, chatWordFilters } from '../db/chat.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { transaction } from '../db/transactions.ts';
import type { EventRow } from '../graphics/event-scope.ts';
import { forbidden, notFound } from '../http/http.errors.ts';
import { type AuthContext, assertInScope } from '../tenancy/tenancy.guards.ts';

/** A chat as staff reach it: the chat and the activated modules of its event. */
export interface StaffChat {
  chat: ChatRow;
  eventModules: readonly string[];
}

/** The event must have the CHAT module switched on (its settings tab): 403 otherwise. */
export function assertChatActive(activatedModules: readonly string[]): void {
  if (!activatedModules.includes(CHAT_MODULE)) throw forbidden(CHAT_MESSAGES.inactive);
}

/** The event's chat, made the first time it is asked for. */
export async function ensureChat(db: Db, event: Pick<EventRow, 'id' | 'accountId'>): Promise<ChatRow> {
  const [made] = await db
    .insert(chats)
    .values({ eventId: event.id, accountId: event.accountId })
    .onConflictDoNothing({ target: chats.eventId })
    .returning();
  if (made) return made;
  const [found] = await db.select().from(chats).where(eq(chats.eventId, event.id)).limit(1);
  if (!found) throw new Error(`The chat of event ${event.id} could not be made`);
  return found;
}

/** A chat of the request's account (404 otherwise) whose event has the chat on (403 otherwise). */
export async function findStaffChat(db: Db, auth: AuthContext, id: number): Promise<ChatRow> {
  const [row] = await db
    .select({ chat: chats, eventModules: events.activatedModules })
    .from(chats)
    .innerJoin(events, eq(events.id, chats.eventId))
    .where(eq(chats.id, id))
    .limit(1);
  if (!row) throw notFound(CHAT_MESSAGES.notFound(id));
  assertInScope(auth, row.chat.accountId, CHAT_MESSAGES.notFound(id));
  assertChatActive(row.eventModules);
  return row.chat;
}

export async function accountWords(db: Db, accountId: number): Promise<string[]> {
  const [row] = await db
    .select({ words: chatWordFilters.words })
    .from(chatWordFilters)
    .where(eq(chatWordFilters.accountId, accountId))
    .limit(1);
  return row?.words ?? [];
}

/** The resource names of the chat's audit entries: a chat's settings, the account's word filter, a message. */
export const CHAT_AUDIT_RESOURCES = {
  chat: 'chats',
  wordFilter: 'chat-word-filter',
  message: 'chat-messages',
} as const satisfies Record<string, AuditOtherResource>;

/** Replaces the account's word filter; its entry (resourceId null: one per account) only when the words change. */
export async function saveAccountWords(
  db: Db,
  source: AuditSource,
  accountId: number,
  words: readonly string[],
): Promise<string[]> {
  const cleaned = cleanWordList(words);
  await transaction(db, async (tx) => {
    const [before] = await tx
      .select({ words: chatWordFilters.words })
      .from(chatWordFilters)
      .where(eq(chatWordFilters.accountId, accountId))
      .for('update');
    await tx
      .insert(chatWordFilters)
      .values({ accountId, words: cleaned })
      .onConflictDoUpdate({ target: chatWordFilters.accountId, set: { words: cleaned, updatedAt: new Date() } });
    const changes = diffFields({ words: before?.words ?? [] }, { words: cleaned }, ['words']);
    if (Object.keys(changes).length > 0) {
      await writeAudit(tx, source, {
        accountId,
        resource: CHAT_AUDIT_RESOURCES.wordFilter,
        resourceId: null,
        action: 'update',
        changes,
      });
    }
  });
  return cleaned;
}

export async function presentChat(db: Db, chat: ChatRow): Promise<Chat> {
  return {
    id: chat.id,
    eventId: chat.eventId,
    slowModeSeconds: chat.slowModeSeconds,
    blockedWords: chat.blockedWords,
    accountBlockedWords: await accountWords(db, chat.accountId),
  };
}

/** Changes the chat's slow mode or its own word filter; the chat's entry only when one of them changes. */
export async function updateChatSettings(
  db: Db,
  source: AuditSource,
  chat: ChatRow,
  body: ChatSettingsBody,
): Promise<ChatRow> {
  const changes = {
    ...(body.slowModeSeconds === undefined ? {} : { slowModeSeconds: body.slowModeSeconds }),
    ...(body.blockedWords === undefined ? {} : { blockedWords: cleanWordList(body.blockedWords) }),
  };
  if (Object.keys(changes).length === 0) return chat;
  return transaction(db, async (tx) => {
    const [row] = await tx.update(chats).set(changes).where(eq(chats.id, chat.id)).returning();
    if (!row) throw notFound(CHAT_MESSAGES.notFound(chat.id));
    const changed = diffFields(chat, row, ['slowModeSeconds', 'blockedWords']);
    if (Object.keys(changed).length > 0) {
      await writeAudit(tx, source, {
        accountId: chat.accountId,
        resource: CHAT_AUDIT_RESOURCES.chat,
        resourceId: chat.id,
        action: 'update',
        changes: changed,
      });
    }
    return row;
  });
}
