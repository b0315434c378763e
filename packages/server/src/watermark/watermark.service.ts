import { ACTIVE_JOB_STATES } from '@regie/contract/jobs';
import { VIDEO_JOB_TYPES } from '@regie/contract/videos';
import type { WatermarkResponse, WatermarkSettings } from '@regie/contract/watermark.schemas';
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/jobs.table.ts';
import { type VideoRow, videos } from '../db/videos.table.ts';
import { storedWatermarkOf, watermarkToBurn } from './watermark.settings.ts';

/** An account as the watermark reads it. */
export interface WatermarkAccount {
  id: number;
  modules: readonly string[];
}

export async function accountConfig(db: Db, accountId: number): Promise<Record<string, unknown>> {
  const [row] = await db.select({ config: accounts.config }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row?.config ?? {};
}

/**
 * The account's videos whose picture is not what the watermark says now: encoded with another
 * version, with none while one is due, or with one while the video turns it off. Only videos
 * that play and keep their original: those an encode can bring up to date.
 */
function outOfDate(account: WatermarkAccount, config: Record<string, unknown>): SQL {
  // The version a video with the watermark on should carry (null: none is burned in at all).
  const due = watermarkToBurn({ account: { modules: account.modules, config }, video: { watermarkOff: false } });
  const expected = sql`(case when ${videos.watermarkOff} then null else ${due?.version ?? null}::integer end)`;
  return sql`${videos.watermarkVersion} is distinct from ${expected}`;
}

const reEncodable = (accountId: number) =>
  and(eq(videos.accountId, accountId), eq(videos.state, 'ready'), isNotNull(videos.originalKey));

/** How many of the account's videos play, how many are out of date, and the encodes under way. */
export async function watermarkFigures(
  db: Db,
  account: WatermarkAccount,
  config: Record<string, unknown>,
): Promise<WatermarkResponse['videos']> {
  const [counts] = await db
    .select({
      encoded: sql<number>`count(*)::int`,
      outOfDate: sql<number>`(count(*) filter (where ${outOfDate(account, config)}))::int`,
    })
    .from(videos)
    .where(reEncodable(account.id));
  const [encodes] = await db
    .select({ encoding: sql<number>`count(*)::int`, progress: sql<number | null>`avg(${jobs.progress})::float` })
    .from(jobs)
    .where(
      and(
        eq(jobs.accountId, account.id),
        eq(jobs.type, VIDEO_JOB_TYPES.encode),
        inArray(jobs.state, [...ACTIVE_JOB_STATES]),
      ),
    );
  const progress = encodes?.progress ?? null;
  return {
    encoded: counts?.encoded ?? 0,
    outOfDate: counts?.outOfDate ?? 0,
    encoding: encodes?.encoding ?? 0,
    progress: progress === null ? null : Math.round(progress),
  };
}

/** The out-of-date videos an encode can bring up to date (oldest first, so the first uploaded go first). */
export function outOfDateVideos(
  db: Db,
  account: WatermarkAccount,
  config: Record<string, unknown>,
): Promise<Pick<VideoRow, 'id' | 'accountId' | 'state'>[]> {
  return db
    .select({ id: videos.id, accountId: videos.accountId, state: videos.state })
    .from(videos)
    .where(and(reEncodable(account.id), outOfDate(account, config)))
    .orderBy(videos.id);
}

/** Whether two settings differ in what they burn in (the version aside). */
export function watermarkChanged(before: WatermarkSettings, after: WatermarkSettings): boolean {
  const fields = ['logoKey', 'corner', 'sizePercent', 'opacity', 'marginPercent'] as const;
  return fields.some((field) => before[field] !== after[field]);
}

/** The account's settings as the API answers them (the version aside). */
export function settingsOf(config: Record<string, unknown>): WatermarkSettings & { version: number } {
  return storedWatermarkOf(config);
}
