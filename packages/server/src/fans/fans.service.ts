import type { AuditOtherResource } from '@regie/contract/audit';
import { FAN_LIMITS, FANS_MESSAGES } from '@regie/contract/fans';
import type { FanBulkBody, FanDetail, FanFilter, FanRow, FansQuery, FansResponse } from '@regie/contract/fans.schemas';
import { and, count, desc, eq, lt, ne, type SQL, sql } from 'drizzle-orm';
import { type AuditChange, type AuditSource, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { type FanRowDb, fanProfileMembers, fanProfiles, fans, fanTags } from '../db/fans.table.ts';
import { tags } from '../db/tags.table.ts';
import { transaction } from '../db/transactions.ts';
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
    marketingConsent: row.marketingConsent,
    partnersConsent: row.partnersConsent,
    isBlocked: row.isBlocked,
    confirmed: row.confirmedAt !== null,
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

/** The resource name of a fan's audit entries (issue 26: staff actions on fans are recorded). */
export const FAN_AUDIT_RESOURCE = 'fans' satisfies AuditOtherResource;

/**
 * Deletes a fan and all they did. The entry names the fan by id only: a deletion is often an
 * erasure, which a copy of their email or name in the trail would undo.
 */
export async function deleteFan(db: Db, source: AuditSource, accountId: number, id: number): Promise<void> {
  await findFan(db, accountId, id);
  await transaction(db, async (tx) => {
    const removed = await tx
      .delete(fans)
      .where(and(eq(fans.id, id), eq(fans.accountId, accountId)))
      .returning({ id: fans.id });
    if (removed.length === 0) throw notFound(FANS_MESSAGES.notFound(id));
    await writeAudit(tx, source, {
      accountId,
      resource: FAN_AUDIT_RESOURCE,
      resourceId: id,
      action: 'delete',
      changes: {},
    });
  });
}

/** Blocks or unblocks a fan; the entry (block or unblock) only when the flag changes. */
export async function setBlocked(
  db: Db,
  source: AuditSource,
  accountId: number,
  id: number,
  isBlocked: boolean,
): Promise<FanRow> {
  const before = await findFan(db, accountId, id);
  return transaction(db, async (tx) => {
    const [row] = await tx
      .update(fans)
      .set({ isBlocked })
      .where(and(eq(fans.id, id), eq(fans.accountId, accountId)))
      .returning();
    if (!row) throw notFound(FANS_MESSAGES.notFound(id));
    if (before.isBlocked !== isBlocked) {
      await writeAudit(tx, source, {
        accountId,
        resource: FAN_AUDIT_RESOURCE,
        resourceId: id,
        action: isBlocked ? 'block' : 'unblock',
        changes: { isBlocked: { before: before.isBlocked, after: isBlocked } },
      });
    }
    return presentFan(row);
  });
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

/**
 * Adds the fan to a profile by hand, or takes them out (`member`). The fan's entry (an update of
 * its `profile` field) only when the membership changes: a repeat changes nothing.
 */
export async function setProfileMember(
  db: Db,
  source: AuditSource,
  accountId: number,
  id: number,
  profileId: number,
  member: boolean,
): Promise<void> {
  await findFan(db, accountId, id);
  const profile = await findProfileRow(db, accountId, profileId);
  await transaction(db, async (tx) => {
    const changed = member
      ? await tx
          .insert(fanProfileMembers)
          .values({ profileId, fanId: id })
          .onConflictDoNothing()
          .returning({ fanId: fanProfileMembers.fanId })
      : await tx
          .delete(fanProfileMembers)
          .where(and(eq(fanProfileMembers.profileId, profileId), eq(fanProfileMembers.fanId, id)))
          .returning({ fanId: fanProfileMembers.fanId });
    if (changed.length === 0) return;
    const named = { id: profile.id, name: profile.name };
    await writeAudit(tx, source, {
      accountId,
      resource: FAN_AUDIT_RESOURCE,
      resourceId: id,
      action: 'update',
      changes: { profile: member ? { before: null, after: named } : { before: named, after: null } },
    });
  });
}

/**
 * Puts one of the account's tags on a fan, or takes it off (`tagged`). The entry (tag or untag)
 * only when the fan's tags change: a repeat changes nothing.
 */
export async function setFanTag(
  db: Db,
  source: AuditSource,
  accountId: number,
  id: number,
  tagId: number,
  tagged: boolean,
): Promise<void> {
  const fan = await findFan(db, accountId, id);
  const tag = await findTag(db, fan.accountId, tagId);
  await transaction(db, async (tx) => {
    const changed = tagged
      ? await tx
          .insert(fanTags)
          .values({ fanId: fan.id, tagId: tag.id })
          .onConflictDoNothing()
          .returning({ fanId: fanTags.fanId })
      : await tx
          .delete(fanTags)
          .where(and(eq(fanTags.fanId, fan.id), eq(fanTags.tagId, tag.id)))
          .returning({ fanId: fanTags.fanId });
    if (changed.length === 0) return;
    const named = { id: tag.id, name: tag.name };
    await writeAudit(tx, source, {
      accountId,
      resource: FAN_AUDIT_RESOURCE,
      resourceId: fan.id,
      action: tagged ? 'tag' : 'untag',
      changes: { tag: tagged ? { before: null, after: named } : { before: named, after: null } },
    });
  });
}

async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(fans).where(where);
  return counted?.total ?? 0;
}

/** The bulk action's verb and field, as a single fan's would be recorded. */
function bulkChange(
  body: FanBulkBody,
  tag: { id: number; name: string } | null,
): Pick<AuditChange, 'action' | 'changes'> {
  if (body.isBlocked !== undefined) {
    return {
      action: body.isBlocked ? 'block' : 'unblock',
      changes: { isBlocked: { before: !body.isBlocked, after: body.isBlocked } },
    };
  }
  return body.addTagId !== undefined
    ? { action: 'tag', changes: { tag: { before: null, after: tag } } }
    : { action: 'untag', changes: { tag: { before: tag, after: null } } };
}

/**
 * One action over every fan the filter holds, across pages, in set-based statements, and one
 * entry for it (resourceId null: many fans), holding the filter and how many fans changed; none
 * when no fan did (they all were already so).
 */
export async function bulkAction(db: Db, source: AuditSource, accountId: number, body: FanBulkBody) {
  const actions = [body.addTagId, body.removeTagId, body.isBlocked].filter((value) => value !== undefined);
  if (actions.length !== 1) throw badRequest(FANS_MESSAGES.tagOrBlock);
  const tagId = body.addTagId ?? body.removeTagId;
  const tag = tagId === undefined ? null : await findTag(db, accountId, tagId);
  return transaction(db, async (tx) => {
    const result = await bulkWrite(tx, accountId, body, tag?.id ?? null);
    if (result.changed > 0) {
      const { action, changes } = bulkChange(body, tag);
      await writeAudit(tx, source, {
        accountId,
        resource: FAN_AUDIT_RESOURCE,
        resourceId: null,
        action,
        changes: {
          ...changes,
          filter: { before: null, after: body.filter },
          fansChanged: { before: null, after: result.changed },
        },
      });
    }
    return result;
  });
}

async function bulkWrite(db: Db, accountId: number, body: FanBulkBody, tagId: number | null) {
  const where = await filterCondition(db, accountId, body.filter satisfies FanFilter);
  const matched = await countWhere(db, where);
  if (matched > FAN_LIMITS.bulkMax) throw new HttpError(400, FANS_MESSAGES.tooManyForBulk(FAN_LIMITS.bulkMax));
  if (body.isBlocked !== undefined || tagId === null) {
    const isBlocked = body.isBlocked ?? false;
    const changing = and(where, ne(fans.isBlocked, isBlocked));
    const changed = await countWhere(db, changing);
    await db.update(fans).set({ isBlocked }).where(changing);
    return { matched, changed };
  }
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
