import type { EmbedChapter } from '@regie/contract/embed.schemas';
import { DEFAULT_LANGUAGE, type Language } from '@regie/contract/languages';
import { and, eq } from 'drizzle-orm';
import { chapterRows } from '../conferences/chapters.service.ts';
import { businessPlayers } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { translatedName } from './embed.events.ts';
import type { EmbedContent } from './embed.sources.ts';

/**
 * A conference's embed: its name, state, start, replay video. Conferences have no modules of
 * their own, so no embed switch: shown while published.
 */
export async function loadConferenceEmbed(
  db: Db,
  accountId: number,
  id: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<EmbedContent | null> {
  const [conference] = await db
    .select({
      name: businessPlayers.name,
      videoId: businessPlayers.videoId,
      published: businessPlayers.published,
      state: businessPlayers.state,
      startsAt: businessPlayers.startsAt,
      fansOnly: businessPlayers.fansOnly,
    })
    .from(businessPlayers)
    .where(and(eq(businessPlayers.id, id), eq(businessPlayers.accountId, accountId)))
    .limit(1);
  if (!conference) return null;
  const title = (await translatedName(db, 'business-players', id, language)) ?? conference.name;
  return {
    title,
    state: conference.state,
    startsAt: conference.startsAt,
    published: conference.published,
    embedOn: true,
    videoId: conference.videoId,
    fansOnly: conference.fansOnly,
  };
}

/** A conference's chapters, in start order. */
export async function conferenceChapters(db: Db, _accountId: number, id: number): Promise<EmbedChapter[]> {
  return (await chapterRows(db, id)).map((chapter) => ({ title: chapter.title, startSeconds: chapter.startSeconds }));
}
