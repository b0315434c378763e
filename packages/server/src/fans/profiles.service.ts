import { FANS_MESSAGES } from '@regie/contract/fans';
import type { Profile, ProfileBody, ProfileRules } from '@regie/contract/fans.schemas';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type FanProfileRow, fanProfiles, fans } from '../db/fans.table.ts';
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

export async function createProfile(db: Db, accountId: number, body: ProfileBody): Promise<Profile> {
  const [row] = await db
    .insert(fanProfiles)
    .values({ ...body, accountId })
    .onConflictDoNothing({ target: [fanProfiles.accountId, fanProfiles.name] })
    .returning();
  if (!row) throw nameTaken();
  return present(db, row);
}

export async function updateProfile(db: Db, accountId: number, id: number, body: ProfileBody): Promise<Profile> {
  await findProfileRow(db, accountId, id);
  const [clash] = await db
    .select({ id: fanProfiles.id })
    .from(fanProfiles)
    .where(and(eq(fanProfiles.accountId, accountId), eq(fanProfiles.name, body.name)))
    .limit(1);
  if (clash && clash.id !== id) throw nameTaken();
  const [row] = await db.update(fanProfiles).set(body).where(eq(fanProfiles.id, id)).returning();
  if (!row) throw new HttpError(404, FANS_MESSAGES.profileNotFound(id));
  return present(db, row);
}

export async function deleteProfile(db: Db, accountId: number, id: number): Promise<void> {
  await findProfileRow(db, accountId, id);
  await db.delete(fanProfiles).where(eq(fanProfiles.id, id));
}

/** How many of the account's fans the rules hold now (the form's live count). */
export async function countByRules(db: Db, accountId: number, rules: ProfileRules): Promise<number> {
  const [counted] = await db
    .select({ total: count() })
    .from(fans)
    .where(and(eq(fans.accountId, accountId), rulesCondition(db, rules)));
  return counted?.total ?? 0;
}
