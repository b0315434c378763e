import { DEFAULT_LANGUAGE, type Language } from '@regie/contract/languages';
import { and, eq } from 'drizzle-orm';
import { chapterRows } from '../conferences/chapters.service.ts';
import { businessPlayers } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { translatedName } from './embed.events.ts';
import type { EmbedContent } from './embed.sources.ts';

/**
 * A conference's embed: its name, its replay video and its chapters (in start order). Shown while
 * the conference is published; one without a replay has nothing to play.
 */
export async function loadConferenceEmbed(
  db: Db,
  accountId: number,
  id: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<EmbedContent | null> {
  const [conference] = await db
    .select({ name: businessPlayers.name, videoId: businessPlayers.videoId, published: businessPlayers.published })
    .from(businessPlayers)
    .where(and(eq(businessPlayers.id, id), eq(businessPlayers.accountId, accountId)))
    .limit(1);
  if (!conference?.videoId || !conference.published) return null;
  const chapters = (await chapterRows(db, id)).map((chapter) => ({
    title: chapter.title,
    startSeconds: chapter.startSeconds,
  }));
  const title = (await translatedName(db, 'business-players', id, language)) ?? conference.name;
  return { title, videoId: conference.videoId, chapters };
}
