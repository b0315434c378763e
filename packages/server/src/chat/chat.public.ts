import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_MODULE,
  CHAT_STREAM,
  chatCursor,
  findBlockedWord,
} from '@regie/contract/chat';
import type { PublicChat, PublicChatMessage, PublicChatPost } from '@regie/contract/chat.schemas';
import { and, asc, desc, eq, gt, isNull, lte, not, or, sql } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import { type ChatMessageRow, type ChatRow, chatFans, chatMessages, chats } from '../db/chat.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import type { EmbedTarget } from '../embed/embed.tokens.ts';
import { badRequest, forbidden, HttpError } from '../http/http.errors.ts';
import { presentMessage } from './chat.messages.ts';

/** A position in the chat (contract parseChatCursor). */
export interface ChatCursor {
  lastMessageId: number;
  changedAtMs: number;
}

/** One event a reconnecting fan missed, with the row it is about. */
export interface MissedEvent {
  type: 'message' | 'updated' | 'hidden';
  row: ChatMessageRow;
}

import type { ChatPublisher } from './chat.published.ts';
import { accountWords, ensureChat } from './chat.service.ts';

/**
 * The fans' side of the chat (embed page): open while the event is published, has the CHAT
 * module switched on and its account still has the module. Conferences have no chat yet.
 */
export async function openChatOf(db: Db, target: EmbedTarget): Promise<ChatRow | null> {
  if (target.kind !== 'events') return null;
  // One read per page view and stream; the chat is made only the first time (no write per read).
  const [found] = await db
    .select({ id: events.id, accountId: events.accountId, chat: chats })
    .from(events)
    .innerJoin(accounts, eq(accounts.id, events.accountId))
    .leftJoin(chats, eq(chats.eventId, events.id))
    .where(
      and(
        eq(events.id, target.id),
        eq(events.accountId, target.accountId),
        eq(events.published, true),
        sql`${CHAT_MODULE} = any(${events.activatedModules})`,
        sql`${CHAT_MODULE} = any(${accounts.modules})`,
      ),
    )
    .limit(1);
  if (!found) return null;
  return found.chat ?? ensureChat(db, found);
}

export function presentPublic(
  row: Pick<ChatMessageRow, 'id' | 'nickname' | 'text' | 'pinnedAt' | 'createdAt'>,
): PublicChatMessage {
  return {
    id: row.id,
    nickname: row.nickname,
    text: row.text,
    pinned: row.pinnedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Where the chat stands (contract chatCursor): its highest message id and the latest change among
 * its newest messages (their updated_at, set by the database's clock). Made of the data alone, so
 * an unchanged chat reads the same (same ETag); bounded to an index scan of the newest messages.
 * A change to an older message before this point may be sent again: applying it twice is harmless.
 */
export async function currentCursor(db: Db, chat: ChatRow): Promise<ChatCursor> {
  const recent = db
    .select({ id: chatMessages.id, updatedAt: chatMessages.updatedAt })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chat.id))
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_STREAM.replayMax)
    .as('recent');
  const [row] = await db
    .select({
      lastId: sql<number>`coalesce(max(${recent.id}), 0)::int`,
      changedAtMs: sql<number>`coalesce(floor(extract(epoch from max(${recent.updatedAt})) * 1000), 0)::float8`,
    })
    .from(recent);
  return { lastMessageId: Number(row?.lastId ?? 0), changedAtMs: Number(row?.changedAtMs ?? 0) };
}

/** The newest visible messages, oldest first (the order a chat is read in), and where a stream goes on from. */
export async function readPublicChat(db: Db, chat: ChatRow): Promise<PublicChat> {
  // The cursor first: a message written between the two reads is sent again by the stream (harmless), never missed.
  const { lastMessageId, changedAtMs } = await currentCursor(db, chat);
  const cursor = chatCursor(lastMessageId, changedAtMs);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chat.id), eq(chatMessages.state, 'visible')))
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_LIMITS.publicRecent);
  return { open: true, slowModeSeconds: chat.slowModeSeconds, messages: rows.reverse().map(presentPublic), cursor };
}

/**
 * What a fan whose stream stopped at `since` missed, in the stream's own events: the messages
 * written after (the newest CHAT_STREAM.replayMax still visible, oldest first), then the
 * messages before it that changed after its time (hidden, or visible again or (un)pinned).
 * Times are compared to the millisecond, the precision of a cursor.
 */
export async function missedSince(db: Db, chat: ChatRow, since: ChatCursor): Promise<MissedEvent[]> {
  const added = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, chat.id),
        eq(chatMessages.state, 'visible'),
        gt(chatMessages.id, since.lastMessageId),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_STREAM.replayMax);
  const changed = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, chat.id),
        lte(chatMessages.id, since.lastMessageId),
        sql`date_trunc('milliseconds', ${chatMessages.updatedAt}) > to_timestamp(${since.changedAtMs / 1000}::float8)`,
      ),
    )
    .orderBy(asc(chatMessages.updatedAt), asc(chatMessages.id))
    .limit(CHAT_STREAM.replayMax);
  return [
    ...added.reverse().map((row) => ({ type: 'message' as const, row })),
    ...changed.map((row) => ({ type: row.state === 'hidden' ? ('hidden' as const) : ('updated' as const), row })),
  ];
}

/** Who posts: the viewer of the verified token, from the address the server sees. */
export interface ChatPoster {
  viewerId: string;
  address: string;
}

/** Refuses a nickname or a text holding a word of the account's or the event's filter. */
async function assertAllowedWords(db: Db, chat: ChatRow, post: PublicChatPost): Promise<void> {
  const words = [...chat.blockedWords, ...(await accountWords(db, chat.accountId))];
  if (words.length === 0) return;
  if (findBlockedWord(post.nickname, words) !== null) {
    throw badRequest(CHAT_MESSAGES.blockedNickname, [{ path: 'nickname', message: CHAT_MESSAGES.blockedNickname }]);
  }
  if (findBlockedWord(post.text, words) !== null) {
    throw badRequest(CHAT_MESSAGES.blockedWord, [{ path: 'text', message: CHAT_MESSAGES.blockedWord }]);
  }
}

/**
 * Whether the address of the post is banned for this fan: a fan banned from it, and this fan
 * first seen after that ban (a fan who posted from it before goes on: one address can be a
 * stadium's). Written for the UPDATE of chat_fans below, whose row is the fan.
 */
function addressBanned(chat: ChatRow, address: string) {
  return sql`exists (select 1 from ${chatFans} as banned where banned.chat_id = ${chat.id}
    and banned.banned_address = ${address} and banned.banned_at <= ${chatFans.createdAt})`;
}

/**
 * Takes the fan's turn to post in one statement: neither they nor their address banned and, in
 * slow mode, their last post at least slowModeSeconds ago. Refused: 403 for a ban, 429 with the
 * seconds left otherwise.
 */
async function takeTurn(db: Db, chat: ChatRow, post: PublicChatPost, poster: ChatPoster): Promise<number> {
  await db
    .insert(chatFans)
    .values({ chatId: chat.id, viewerId: poster.viewerId, nickname: post.nickname, accountId: chat.accountId })
    .onConflictDoNothing({ target: [chatFans.chatId, chatFans.viewerId] });
  const ofFan = and(eq(chatFans.chatId, chat.id), eq(chatFans.viewerId, poster.viewerId));
  const due = sql`(now() - make_interval(secs => ${chat.slowModeSeconds}))`;
  const [fan] = await db
    .update(chatFans)
    .set({ lastPostedAt: sql`now()`, nickname: post.nickname, lastAddress: poster.address })
    .where(
      and(
        ofFan,
        isNull(chatFans.bannedAt),
        not(addressBanned(chat, poster.address)),
        or(isNull(chatFans.lastPostedAt), lte(chatFans.lastPostedAt, due)),
      ),
    )
    .returning({ id: chatFans.id });
  if (fan) return fan.id;
  const [refused] = await db
    .select({
      bannedAt: chatFans.bannedAt,
      addressBanned: sql<boolean>`${addressBanned(chat, poster.address)}`,
      wait: sql<number>`greatest(1, ceil(extract(epoch from (${chatFans.lastPostedAt} - ${due}))))::int`,
    })
    .from(chatFans)
    .where(ofFan)
    .limit(1);
  if (!refused || refused.bannedAt !== null) throw forbidden(CHAT_MESSAGES.banned);
  if (refused.addressBanned) throw forbidden(CHAT_MESSAGES.addressBanned);
  const wait = Number(refused.wait);
  throw new HttpError(429, CHAT_MESSAGES.slowMode(wait), { headers: { 'retry-after': String(wait) } });
}

/** A fan's message: checked, stored, and on the staff's screens at once. */
export async function postPublicMessage(
  db: Db,
  chat: ChatRow,
  poster: ChatPoster,
  post: PublicChatPost,
  publisher: ChatPublisher,
): Promise<PublicChatMessage> {
  await assertAllowedWords(db, chat, post);
  const chatFanId = await takeTurn(db, chat, post, poster);
  const [row] = await db
    .insert(chatMessages)
    .values({ chatId: chat.id, chatFanId, nickname: post.nickname, text: post.text, accountId: chat.accountId })
    .returning();
  if (!row) throw new Error('The chat message was not stored');
  publisher.message(
    'created',
    presentMessage(chat, row, { viewerId: poster.viewerId, fanId: null, bannedAt: null }),
    chat.accountId,
  );
  return presentPublic(row);
}
