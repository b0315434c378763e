import { and, eq } from 'drizzle-orm';
import { ensureChat } from '../chat/chat.service.ts';
import { chatFans, chatMessages, chats } from '../db/chat.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { DEMO_MATCH_NAME } from './markers.seed.ts';

/** What fans wrote during the demo match: one message hidden by a moderator, one pinned. */
const DEMO_CHAT = [
  { nickname: 'RiversideUltra', text: 'Come on Riverside! 💙', minutesAgo: 42 },
  { nickname: 'HarbourFan22', text: 'Harbour City will turn this around', minutesAgo: 40 },
  { nickname: 'Léa', text: 'Quel but de Miles !', minutesAgo: 35, pinned: true },
  { nickname: 'spam_bot', text: 'Free tickets at totally-legit.example', minutesAgo: 33, hidden: true },
  { nickname: 'RiversideUltra', text: 'Bernardi on fire tonight', minutesAgo: 20 },
  { nickname: 'CoachTom', text: 'That substitution changed the game', minutesAgo: 12 },
] as const;

/** The club's demo match gets its chat, a word filter and a few fan messages. */
export async function seedChatDemo(db: Db, clubId: number): Promise<void> {
  const [match] = await db
    .select({ id: events.id, accountId: events.accountId })
    .from(events)
    .where(and(eq(events.accountId, clubId), eq(events.name, DEMO_MATCH_NAME)))
    .limit(1);
  if (!match) return;
  const chat = await ensureChat(db, match);
  await db
    .update(chats)
    .set({ blockedWords: ['arnaque', 'scam'] })
    .where(eq(chats.id, chat.id));
  const viewers = new Map<string, number>();
  for (const line of DEMO_CHAT) {
    const at = new Date(Date.now() - line.minutesAgo * 60_000);
    let fanId = viewers.get(line.nickname);
    if (fanId === undefined) {
      const [fan] = await db
        .insert(chatFans)
        .values({ chatId: chat.id, viewerId: crypto.randomUUID(), nickname: line.nickname, accountId: clubId })
        .returning({ id: chatFans.id });
      if (!fan) throw new Error('demo chat fan not made');
      fanId = fan.id;
      viewers.set(line.nickname, fanId);
    }
    await db.insert(chatMessages).values({
      chatId: chat.id,
      chatFanId: fanId,
      nickname: line.nickname,
      text: line.text,
      state: 'hidden' in line ? 'hidden' : 'visible',
      pinnedAt: 'pinned' in line ? at : null,
      accountId: clubId,
      createdAt: at,
      updatedAt: at,
    });
  }
}
