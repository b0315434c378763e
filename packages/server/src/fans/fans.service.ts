import { FAN_LIMITS, FANS_MESSAGES } from '@regie/contract/fans';
import type { FanBulkBody, FanDetail, FanFilter, FanRow, FansQuery, FansResponse } from '@regie/contract/fans.schemas';
import { and, count, desc, eq, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type FanRowDb, fanProfileMembers, fanProfiles, fans, fanTags } from '../db/fans.table.ts';
import { tags } from '../db/tags.table.ts';
import { expandNames } from '../http/expand.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { filterCondition, memberCondition } from './fans.filter.ts';

export function presentFan(row: FanRowDb): FanRow {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    firstName: row.firstName,
    lastName: row.lastName,
    country: row.country,
    language: row.language,
    isBlocked: row.isBlocked,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
  };
}

/**
 * The account's fans, newest first, paged by keyset on the id (`after`: the last id seen). The
 * matches are counted up to FAN_LIMITS.listCountMax (`totalCapped` past it) unless `exactTotal`.
 */
export async function listFans(db: Db, accountId: number, query: FansQuery): Promise<FansResponse> {
  const { after, limit, exactTotal, ...filter } = query;
  const where = await filterCondition(db, accountId, filter);
  const page = after === undefined ? where : and(where, lt(fans.id, Number(after)));
  const cap = exactTotal === 'true' ? null : FAN_LIMITS.listCountMax;
  const matches = db.select({ one: sql`1` }).from(fans).where(where);
  const counted = cap === null ? matches.as('matches') : matches.limit(cap + 1).as('matches');
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(fans)
      .where(page)
      .orderBy(desc(fans.id))
      .limit(limit + 1),
    db.select({ total: count() }).from(counted),
  ]);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const total = totals[0]?.total ?? 0;
  const totalCapped = cap !== null && total > cap;
  return {
    data: shown.map(presentFan),
    total: totalCapped && cap !== null ? cap : total,
    totalCapped,
    offset: 0,
    limit,
    nextCursor: rows.length > limit && last ? String(last.id) : null,
  };
}

/** One fan of the account acted for (404 for another account's). */
export async function findFan(db: Db, accountId: number, id: number): Promise<FanRowDb> {
  const [row] = await db
    .select()
    .from(fans)
    .where(and(eq(fans.id, id), eq(fans.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound(FANS_MESSAGES.notFound(id));
  return row;
}

/** The profiles a fan is in, by hand or by their rules. */
export async function profilesOfFan(db: Db, fan: FanRowDb): Promise<{ id: number; name: string }[]> {
  const profiles = await db
    .select({ id: fanProfiles.id, name: fanProfiles.name, rules: fanProfiles.rules })
    .from(fanProfiles)
    .where(eq(fanProfiles.accountId, fan.accountId))
    .orderBy(fanProfiles.name);
  const found: { id: number; name: string }[] = [];
  for (const profile of profiles) {
    const [hit] = await db
      .select({ id: fans.id })
      .from(fans)
      .where(and(eq(fans.id, fan.id), memberCondition(db, profile)))
      .limit(1);
    if (hit) found.push({ id: profile.id, name: profile.name });
  }
  return found;
}

/** `expand=[Profile]` (or `expand=Profile`, `expand[]=Profile`) adds the fan's profiles. */
export function wantsProfiles(expand: string | string[] | undefined): boolean {
  return expandNames(expand).includes('profile');
}

export async function fanDetail(db: Db, accountId: number, id: number, expand: boolean): Promise<FanDetail> {
  const row = await findFan(db, accountId, id);
  return expand ? { ...presentFan(row), profiles: await profilesOfFan(db, row) } : presentFan(row);
}

export async function deleteFan(db: Db, accountId: number, id: number): Promise<void> {
  await findFan(db, accountId, id);
  await db.delete(fans).where(and(eq(fans.id, id), eq(fans.accountId, accountId)));
}

export async function setBlocked(db: Db, accountId: number, id: number, isBlocked: boolean): Promise<FanRow> {
  await findFan(db, accountId, id);
  const [row] = await db.update(fans).set({ isBlocked }).where(eq(fans.id, id)).returning();
  if (!row) throw notFound(FANS_MESSAGES.notFound(id));
  return presentFan(row);
}

/** The account's tag (404 for another account's). */
export async function findTag(db: Db, accountId: number, tagId: number) {
  const [tag] = await db
    .select({ id: tags.id, name: tags.name, tagType: tags.tagType })
    .from(tags)
    .where(and(eq(tags.id, tagId), eq(tags.accountId, accountId)))
    .limit(1);
  if (!tag) throw notFound(FANS_MESSAGES.tagNotFound(tagId));
  return tag;
}

export async function findProfileRow(db: Db, accountId: number, profileId: number) {
  const [row] = await db
    .select()
    .from(fanProfiles)
    .where(and(eq(fanProfiles.id, profileId), eq(fanProfiles.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound(FANS_MESSAGES.profileNotFound(profileId));
  return row;
}

export async function addToProfile(db: Db, accountId: number, id: number, profileId: number): Promise<void> {
  await findFan(db, accountId, id);
  await findProfileRow(db, accountId, profileId);
  await db.insert(fanProfileMembers).values({ profileId, fanId: id }).onConflictDoNothing();
}

export async function removeFromProfile(db: Db, accountId: number, id: number, profileId: number): Promise<void> {
  await findFan(db, accountId, id);
  await findProfileRow(db, accountId, profileId);
  await db
    .delete(fanProfileMembers)
    .where(and(eq(fanProfileMembers.profileId, profileId), eq(fanProfileMembers.fanId, id)));
}

async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(fans).where(where);
  return counted?.total ?? 0;
}

/** One action over every fan the filter holds, across pages, in set-based statements. */
export async function bulkAction(db: Db, accountId: number, body: FanBulkBody) {
  const actions = [body.addTagId, body.removeTagId, body.isBlocked].filter((value) => value !== undefined);
  if (actions.length !== 1) throw badRequest(FANS_MESSAGES.tagOrBlock);
  const where = await filterCondition(db, accountId, body.filter satisfies FanFilter);
  const matched = await countWhere(db, where);
  if (matched > FAN_LIMITS.bulkMax) throw new HttpError(400, FANS_MESSAGES.tooManyForBulk(FAN_LIMITS.bulkMax));
  if (body.isBlocked !== undefined) {
    const changing = and(where, ne(fans.isBlocked, body.isBlocked));
    const changed = await countWhere(db, changing);
    await db.update(fans).set({ isBlocked: body.isBlocked }).where(changing);
    return { matched, changed };
  }
  const tagId = body.addTagId ?? body.removeTagId ?? 0;
  await findTag(db, accountId, tagId);
  const tagged = sql`exists (select 1 from ${fanTags} where ${fanTags.fanId} = ${fans.id} and ${fanTags.tagId} = ${tagId})`;
  if (body.addTagId !== undefined) {
    const changed = await countWhere(db, and(where, sql`not ${tagged}`));
    await db
      .insert(fanTags)
      .select(
        db
          .select({ fanId: fans.id, tagId: sql<number>`${tagId}::int`.as('tag_id') })
          .from(fans)
          .where(where),
      )
      .onConflictDoNothing();
    return { matched, changed };
  }
  const changed = await countWhere(db, and(where, tagged));
  await db
    .delete(fanTags)
    .where(and(eq(fanTags.tagId, tagId), sql`${fanTags.fanId} in (select ${fans.id} from ${fans} where ${where})`));
  return { matched, changed };
}
