import { CHAT_LIMITS, CHAT_MESSAGES } from '@regie/contract/chat';
import type {
  ChatBan,
  ChatMessage,
  ChatMessagesPage,
  ChatMessagesQuery,
  ChatMessageUpdateBody,
} from '@regie/contract/chat.schemas';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import { type ChatFanRow, type ChatMessageRow, type ChatRow, chatFans, chatMessages } from '../db/chat.table.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { HttpError, notFound } from '../http/http.errors.ts';
import type { ChatPublisher } from './chat.published.ts';
import { CHAT_AUDIT_RESOURCES } from './chat.service.ts';

type Fan = Pick<ChatFanRow, 'viewerId' | 'fanId' | 'bannedAt'>;

export function presentMessage(chat: ChatRow, row: ChatMessageRow, fan: Fan): ChatMessage {
  return {
    id: row.id,
    chatId: row.chatId,
    eventId: chat.eventId,
    nickname: row.nickname,
    text: row.text,
    state: row.state,
    pinned: row.pinnedAt !== null,
    viewerId: fan.viewerId,
    fanId: fan.fanId,
    banned: fan.bannedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const fanColumns = { viewerId: chatFans.viewerId, fanId: chatFans.fanId, bannedAt: chatFans.bannedAt };

async function selectMessages(
  db: Db,
  chat: ChatRow,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
): Promise<ChatMessage[]> {
  const rows = await db
    .select({ message: chatMessages, fan: fanColumns })
    .from(chatMessages)
    .innerJoin(chatFans, eq(chatFans.id, chatMessages.chatFanId))
    .where(and(eq(chatMessages.chatId, chat.id), where))
    .orderBy(...order)
    .limit(limit);
  return rows.map((row) => presentMessage(chat, row.message, row.fan));
}

/** A page of the chat for staff (contract chatMessagesQuery), with the pinned messages. */
export async function listMessages(db: Db, chat: ChatRow, query: ChatMessagesQuery): Promise<ChatMessagesPage> {
  const { limit } = query;
  const state = query.state ? eq(chatMessages.state, query.state) : undefined;
  const since = query.after !== undefined;
  const cursor = since
    ? gt(chatMessages.id, query.after ?? 0)
    : query.before !== undefined
      ? lt(chatMessages.id, query.before)
      : undefined;
  const order = since ? [asc(chatMessages.id)] : [desc(chatMessages.id)];
  const rows = await selectMessages(db, chat, and(state, cursor), order, limit + 1);
  const pinned = await selectMessages(
    db,
    chat,
    isNotNull(chatMessages.pinnedAt),
    [desc(chatMessages.pinnedAt), desc(chatMessages.id)],
    CHAT_LIMITS.pinnedMax,
  );
  return { data: rows.slice(0, limit), pinned, hasMore: rows.length > limit };
}

async function findMessage(db: Db, chat: ChatRow, id: number): Promise<ChatMessage> {
  const [found] = await selectMessages(db, chat, eq(chatMessages.id, id), [], 1);
  if (!found) throw notFound(CHAT_MESSAGES.messageNotFound(id));
  return found;
}

async function assertRoomToPin(db: Db, chat: ChatRow): Promise<void> {
  const [pinned] = await db
    .select({ total: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chat.id), isNotNull(chatMessages.pinnedAt)));
  if ((pinned?.total ?? 0) >= CHAT_LIMITS.pinnedMax) throw new HttpError(409, CHAT_MESSAGES.tooManyPinned);
}

/**
 * Hide, restore, pin or unpin one message; staff screens hear of it at once. Its entry (hide when
 * the message is hidden, else update) only when something changes: a repeat changes nothing.
 */
export async function updateMessage(
  db: Db,
  source: AuditSource,
  chat: ChatRow,
  id: number,
  body: ChatMessageUpdateBody,
  publisher: ChatPublisher,
): Promise<ChatMessage> {
  const current = await findMessage(db, chat, id);
  const state = body.state !== undefined && body.state !== current.state ? body.state : undefined;
  const pinned = body.pinned !== undefined && body.pinned !== current.pinned ? body.pinned : undefined;
  if (state === undefined && pinned === undefined) return current;
  if (pinned === true) await assertRoomToPin(db, chat);
  const changes = {
    ...(state === undefined ? {} : { state }),
    ...(pinned === undefined ? {} : { pinnedAt: pinned ? new Date() : null }),
    // The database's clock, like a new message's: the fans' stream cursors compare with it.
    updatedAt: sql`now()`,
  };
  await transaction(db, async (tx) => {
    await tx
      .update(chatMessages)
      .set(changes)
      .where(and(eq(chatMessages.id, id), eq(chatMessages.chatId, chat.id)));
    await writeAudit(tx, source, {
      accountId: chat.accountId,
      resource: CHAT_AUDIT_RESOURCES.message,
      resourceId: id,
      action: state === 'hidden' ? 'hide' : 'update',
      changes: {
        ...(state === undefined ? {} : { state: { before: current.state, after: state } }),
        ...(pinned === undefined ? {} : { pinned: { before: current.pinned, after: pinned } }),
      },
    });
  });
  const updated = await findMessage(db, chat, id);
  publisher.message('updated', updated, chat.accountId);
  return updated;
}

function presentBan(fan: ChatFanRow): ChatBan {
  return {
    viewerId: fan.viewerId,
    nickname: fan.nickname,
    fanId: fan.fanId,
    bannedAt: (fan.bannedAt ?? fan.updatedAt).toISOString(),
    addressBanned: fan.bannedAddress !== null,
  };
}

export async function listBans(db: Db, chat: ChatRow): Promise<ChatBan[]> {
  const rows = await db
    .select()
    .from(chatFans)
    .where(and(eq(chatFans.chatId, chat.id), isNotNull(chatFans.bannedAt)))
    .orderBy(desc(chatFans.bannedAt), desc(chatFans.id));
  return rows.map(presentBan);
}

/**
 * Bans the chat's fans that `which` selects, with the address of each one's latest post, and
 * hides their visible messages (a ban is for spam and abuse), in one transaction. One entry
 * (ban) per fan on the chat, naming the viewer and counting the messages hidden; none for a fan
 * banned already with nothing left to hide. Answers the fans as banned, none when none matched.
 */
async function banFans(
  db: Db,
  source: AuditSource,
  chat: ChatRow,
  which: SQL,
  publisher: ChatPublisher,
): Promise<ChatFanRow[]> {
  const { fans, hidden } = await transaction(db, async (tx) => {
    const before = await tx
      .select({ id: chatFans.id, bannedAt: chatFans.bannedAt })
      .from(chatFans)
      .where(and(eq(chatFans.chatId, chat.id), which))
      .orderBy(asc(chatFans.id))
      .for('update');
    if (before.length === 0) return { fans: [], hidden: [] };
    const ids = before.map((fan) => fan.id);
    const banned = await tx
      .update(chatFans)
      .set({
        bannedAt: sql`coalesce(${chatFans.bannedAt}, now())`,
        bannedAddress: sql`coalesce(${chatFans.bannedAddress}, ${chatFans.lastAddress})`,
      })
      .where(and(eq(chatFans.chatId, chat.id), inArray(chatFans.id, ids)))
      .returning();
    const hiddenRows = await tx
      .update(chatMessages)
      .set({ state: 'hidden', updatedAt: sql`now()` })
      .where(and(inArray(chatMessages.chatFanId, ids), eq(chatMessages.state, 'visible')))
      .returning({ id: chatMessages.id, chatFanId: chatMessages.chatFanId });
    for (const fan of banned.sort((one, other) => one.id - other.id)) {
      const previous = before.find((row) => row.id === fan.id);
      const wasBanned = previous !== undefined && previous.bannedAt !== null;
      const messagesHidden = hiddenRows.filter((row) => row.chatFanId === fan.id).length;
      if (wasBanned && messagesHidden === 0) continue;
      await writeAudit(tx, source, {
        accountId: chat.accountId,
        resource: CHAT_AUDIT_RESOURCES.chat,
        resourceId: chat.id,
        action: 'ban',
        // Whether the address was banned, never the address itself: the trail outlives the chat.
        changes: {
          viewerId: { before: null, after: fan.viewerId },
          nickname: { before: null, after: fan.nickname },
          fanId: { before: null, after: fan.fanId },
          messagesHidden: { before: null, after: messagesHidden },
          addressBanned: { before: null, after: fan.bannedAddress !== null },
        },
      });
    }
    return { fans: banned, hidden: hiddenRows };
  });
  if (hidden.length > 0) {
    const ids = hidden.map((row) => row.id);
    const changed = await selectMessages(db, chat, inArray(chatMessages.id, ids), [asc(chatMessages.id)], ids.length);
    for (const message of changed) publisher.message('updated', message, chat.accountId);
  }
  return fans;
}

/** Bans a fan who posted in the chat (a message's author, by their signed viewer id) and their address. */
export async function banFan(
  db: Db,
  source: AuditSource,
  chat: ChatRow,
  viewerId: string,
  publisher: ChatPublisher,
): Promise<ChatBan> {
  const [fan] = await banFans(db, source, chat, eq(chatFans.viewerId, viewerId), publisher);
  if (!fan) throw notFound(CHAT_MESSAGES.unknownViewer(viewerId));
  return presentBan(fan);
}

/**
 * Bans every fan who posted under `nickname` in the chat (its messages' nicknames, case ignored:
 * a fan who changed nickname is found by the one they wrote under), each with their address.
 */
export async function banNickname(
  db: Db,
  source: AuditSource,
  chat: ChatRow,
  nickname: string,
  publisher: ChatPublisher,
): Promise<ChatBan[]> {
  const authors = db
    .selectDistinct({ id: chatMessages.chatFanId })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chat.id), sql`lower(${chatMessages.nickname}) = lower(${nickname})`));
  const fans = await banFans(db, source, chat, inArray(chatFans.id, authors), publisher);
  if (fans.length === 0) throw notFound(CHAT_MESSAGES.unknownNickname(nickname));
  return fans.map(presentBan);
}

/** Lets a banned fan (and their address) post again; the chat's entry (unban) names the viewer. */
export async function unbanFan(db: Db, source: AuditSource, chat: ChatRow, viewerId: string): Promise<void> {
  await transaction(db, async (tx) => {
    const [before] = await tx
      .select({ bannedAddress: chatFans.bannedAddress })
      .from(chatFans)
      .where(and(eq(chatFans.chatId, chat.id), eq(chatFans.viewerId, viewerId), isNotNull(chatFans.bannedAt)))
      .for('update');
    const lifted = await tx
      .update(chatFans)
      .set({ bannedAt: null, bannedAddress: null })
      .where(and(eq(chatFans.chatId, chat.id), eq(chatFans.viewerId, viewerId), isNotNull(chatFans.bannedAt)))
      .returning({ id: chatFans.id, nickname: chatFans.nickname, fanId: chatFans.fanId });
    const [fan] = lifted;
    if (!before || !fan) throw notFound(CHAT_MESSAGES.notBanned(viewerId));
    await writeAudit(tx, source, {
      accountId: chat.accountId,
      resource: CHAT_AUDIT_RESOURCES.chat,
      resourceId: chat.id,
      action: 'unban',
      changes: {
        viewerId: { before: viewerId, after: null },
        nickname: { before: fan.nickname, after: null },
        fanId: { before: fan.fanId, after: null },
        addressBanned: { before: before.bannedAddress !== null, after: false },
      },
    });
  });
}
