import { randomBytes } from 'node:crypto';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { ACCOUNT_SEARCH_MAX_RESULTS, HIDDEN_ACCOUNT_NAMES } from '@regie/contract/search';
import { asc, eq, inArray, not, sql } from 'drizzle-orm';
import { accounts, groupRoles, groups } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { modules, roles } from '../db/reference.table.ts';
import { userGroups, users } from '../db/users.table.ts';
import { notFound } from '../http/http.errors.ts';

/** A random account key, as sent in x-account-key: 24 hex characters, never derived from the id. */
export function newAccountKey(): string {
  return randomBytes(12).toString('hex');
}

export interface ModuleRef {
  id: number;
  code: string;
  name: string;
}

/** The module records of the given codes, by id. */
export async function modulesByCode(db: Db, codes: readonly string[]): Promise<ModuleRef[]> {
  if (codes.length === 0) return [];
  return db
    .select({ id: modules.id, code: modules.code, name: modules.name })
    .from(modules)
    .where(inArray(modules.code, [...codes]))
    .orderBy(asc(modules.id));
}

export async function findAccount(db: Db, accountId: number) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw notFound(HTTP_MESSAGES.accountNotFound(accountId));
  return account;
}

export async function findGroup(db: Db, groupId: number) {
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId)).limit(1);
  if (!group) throw notFound(HTTP_MESSAGES.groupNotFound(groupId));
  return group;
}

const groupColumns = { id: groups.id, name: groups.name, AccountId: groups.accountId };

export function groupsOfUser(db: Db, userId: number) {
  return db
    .select(groupColumns)
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(eq(userGroups.userId, userId))
    .orderBy(asc(groups.name), asc(groups.id));
}

export function rolesOfGroup(db: Db, groupId: number) {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(groupRoles)
    .innerJoin(roles, eq(roles.id, groupRoles.roleId))
    .where(eq(groupRoles.groupId, groupId))
    .orderBy(asc(roles.name));
}

export function usersOfGroup(db: Db, groupId: number) {
  return db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(userGroups)
    .innerJoin(users, eq(users.id, userGroups.userId))
    .where(eq(userGroups.groupId, groupId))
    .orderBy(asc(users.name), asc(users.id));
}

/** The roles held by a user, with their ids (users/me Roles). */
export function rolesOfUser(db: Db, userId: number) {
  return db
    .selectDistinct({ id: roles.id, name: roles.name })
    .from(userGroups)
    .innerJoin(groupRoles, eq(groupRoles.groupId, userGroups.groupId))
    .innerJoin(roles, eq(roles.id, groupRoles.roleId))
    .where(eq(userGroups.userId, userId))
    .orderBy(asc(roles.name));
}

/** The account's groups, each with the roles it grants. */
export async function groupsOfAccount(db: Db, accountId: number) {
  const rows = await db
    .select({ group: groupColumns, role: { id: roles.id, name: roles.name } })
    .from(groups)
    .leftJoin(groupRoles, eq(groupRoles.groupId, groups.id))
    .leftJoin(roles, eq(roles.id, groupRoles.roleId))
    .where(eq(groups.accountId, accountId))
    .orderBy(asc(groups.name), asc(groups.id), asc(roles.name));
  const byId = new Map<
    number,
    { id: number; name: string; AccountId: number; Roles: { id: number; name: string }[] }
  >();
  for (const { group, role } of rows) {
    const entry = byId.get(group.id) ?? { ...group, Roles: [] };
    if (role) entry.Roles.push(role);
    byId.set(group.id, entry);
  }
  return [...byId.values()];
}

/**
 * Account search for the admin's account picker (spec §5): case-insensitive, ordered by where
 * the text appears in the name, never the platform's own accounts.
 */
export async function searchAccounts(db: Db, text: string) {
  const position = sql<number>`strpos(lower(${accounts.name}), lower(${text}))`;
  return db
    .select({ id: accounts.id, name: accounts.name, accountKey: accounts.accountKey })
    .from(accounts)
    .where(
      sql`${position} > 0 and ${not(
        inArray(
          sql`lower(${accounts.name})`,
          HIDDEN_ACCOUNT_NAMES.map((name) => name.toLowerCase()),
        ),
      )}`,
    )
    .orderBy(asc(position), asc(sql`lower(${accounts.name})`), asc(accounts.id))
    .limit(ACCOUNT_SEARCH_MAX_RESULTS);
}
