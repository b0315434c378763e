import type { AuditOtherResource } from '@regie/contract/audit';
import { FANS_MESSAGES } from '@regie/contract/fans';
import type { Profile, ProfileBody, ProfileRules } from '@regie/contract/fans.schemas';
import { and, asc, count, eq } from 'drizzle-orm';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { type FanProfileRow, fanProfiles, fans } from '../db/fans.table.ts';
import { transaction } from '../db/transactions.ts';
import { HttpError } from '../http/http.errors.ts';
import { memberCondition, rulesCondition } from './fans.filter.ts';
import { findProfileRow } from './fans.service.ts';

async function membersOf(db: Db, row: FanProfileRow): Promise<number> {
  const [counted] = await db
    .select({ total: count() })
    .from(fans)
    .where(and(eq(fans.accountId, row.accountId), memberCondition(db, row)));
  return counted?.total ?? 0;
}

async function present(db: Db, row: FanProfileRow): Promise<Profile> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    rules: row.rules,
    memberCount: await membersOf(db, row),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listProfiles(db: Db, accountId: number): Promise<{ data: Profile[] }> {
  const rows = await db
    .select()
    .from(fanProfiles)
    .where(eq(fanProfiles.accountId, accountId))
    .orderBy(asc(fanProfiles.name), asc(fanProfiles.id));
  return { data: await Promise.all(rows.map((row) => present(db, row))) };
}

export async function readProfile(db: Db, accountId: number, id: number): Promise<Profile> {
  return present(db, await findProfileRow(db, accountId, id));
}

const nameTaken = () => new HttpError(409, FANS_MESSAGES.profileNameTaken);

/** The resource name of a fan profile's audit entries, and the fields they compare. */
export const PROFILE_AUDIT_RESOURCE = 'fan-profiles' satisfies AuditOtherResource;
const AUDITED = ['name', 'description', 'rules'] as const;

export async function createProfile(
  db: Db,
  source: AuditSource,
  accountId: number,
  body: ProfileBody,
): Promise<Profile> {
  const row = await transaction(db, async (tx) => {
    const [created] = await tx
      .insert(fanProfiles)
      .values({ ...body, accountId })
      .onConflictDoNothing({ target: [fanProfiles.accountId, fanProfiles.name] })
      .returning();
    if (!created) throw nameTaken();
    await writeAudit(tx, source, {
      accountId,
      resource: PROFILE_AUDIT_RESOURCE,
      resourceId: created.id,
      action: 'create',
      changes: diffFields(null, created, AUDITED),
    });
    return created;
  });
  return present(db, row);
}

export async function updateProfile(
  db: Db,
  source: AuditSource,
  accountId: number,
  id: number,
  body: ProfileBody,
): Promise<Profile> {
  const before = await findProfileRow(db, accountId, id);
  const [clash] = await db
    .select({ id: fanProfiles.id })
    .from(fanProfiles)
    .where(and(eq(fanProfiles.accountId, accountId), eq(fanProfiles.name, body.name)))
    .limit(1);
  if (clash && clash.id !== id) throw nameTaken();
  const row = await transaction(db, async (tx) => {
    const [after] = await tx.update(fanProfiles).set(body).where(eq(fanProfiles.id, id)).returning();
    if (!after) throw new HttpError(404, FANS_MESSAGES.profileNotFound(id));
    await writeAudit(tx, source, {
      accountId,
      resource: PROFILE_AUDIT_RESOURCE,
      resourceId: id,
      action: 'update',
      changes: diffFields(before, after, AUDITED),
    });
    return after;
  });
  return present(db, row);
}

export async function deleteProfile(db: Db, source: AuditSource, accountId: number, id: number): Promise<void> {
  const before = await findProfileRow(db, accountId, id);
  await transaction(db, async (tx) => {
    await tx.delete(fanProfiles).where(eq(fanProfiles.id, id));
    await writeAudit(tx, source, {
      accountId,
      resource: PROFILE_AUDIT_RESOURCE,
      resourceId: id,
      action: 'delete',
      changes: diffFields(before, null, AUDITED),
    });
  });
}

/** How many of the account's fans the rules hold now (the form's live count). */
export async function countByRules(db: Db, accountId: number, rules: ProfileRules): Promise<number> {
  const [counted] = await db
    .select({ total: count() })
    .from(fans)
    .where(and(eq(fans.accountId, accountId), rulesCondition(db, rules)));
  return counted?.total ?? 0;
}
