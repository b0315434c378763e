import type { Publication } from '@regie/contract/publications';
import { PUBLICATION_STAGES } from '@regie/contract/publications';
import { desc, eq, type SQL } from 'drizzle-orm';
import { clipRules } from '../db/clip-rules.table.ts';
import type { Db } from '../db/database.ts';
import { type PublicationRow, publications } from '../db/publications.table.ts';
import { users } from '../db/users.table.ts';
import { videos } from '../db/videos.table.ts';
import { localize, type MessageLanguage } from '../http/localize.ts';

/**
 * Publications as the calls answer them: the publications routes, the spec's share and repost
 * calls (videos/share.routes.ts, reposts): read with their video's title, their user's and their
 * clip rule's names, presented the one way.
 */

/** A publication with the names it is presented with. */
export type PublicationWithNames = PublicationRow & {
  videoTitle: string;
  userName: string | null;
  ruleName: string | null;
};

/** Publications matching `where`, newest first, with their video's title and their user's name. */
export async function publicationsWithNames(
  db: Db,
  where: SQL | undefined,
  limit = 100,
  offset = 0,
): Promise<PublicationWithNames[]> {
  const rows = await db
    .select({ publication: publications, videoTitle: videos.title, userName: users.name, ruleName: clipRules.name })
    .from(publications)
    .innerJoin(videos, eq(videos.id, publications.videoId))
    .leftJoin(users, eq(users.id, publications.userId))
    .leftJoin(clipRules, eq(clipRules.id, publications.ruleId))
    .where(where)
    .orderBy(desc(publications.createdAt), desc(publications.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    ...row.publication,
    videoTitle: row.videoTitle,
    userName: row.userName,
    ruleName: row.ruleName,
  }));
}

/** A publication as every call presents it (contract publicationResponse), in the caller's language. */
export function presentPublication(row: PublicationWithNames, language: MessageLanguage): Publication {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    videoId: row.videoId,
    videoTitle: row.videoTitle,
    platform: row.platform,
    accountName: row.accountName,
    targetName: row.targetName,
    aspect: row.aspect,
    title: row.title,
    caption: row.caption,
    state: row.state,
    progress: row.state === 'uploading' || row.state === 'rendering' ? (row.progress ?? 0) : null,
    scheduledAt: iso(row.scheduledAt),
    externalId: row.externalId,
    url: row.url,
    error: row.error ? localize(row.error, language) : null,
    attempts: row.attempts,
    stages: Object.fromEntries(PUBLICATION_STAGES.map((stage) => [stage, iso(row[stage])])) as Publication['stages'],
    userName: row.userName,
    ruleId: row.ruleId,
    ruleName: row.ruleName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
