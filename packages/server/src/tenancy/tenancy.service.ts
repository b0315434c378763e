import { AUTH_MESSAGES } from '@regie/contract/auth';
import { ADMIN_ROLE } from '@regie/contract/roles';
import { eq } from 'drizzle-orm';
import { accounts, groupRoles, groups } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { roles } from '../db/reference.table.ts';
import { userGroups, users } from '../db/users.table.ts';
import { forbidden, unauthorized } from '../http/http.errors.ts';

/** The signed-in user, as every route sees it. */
export interface RequestUser {
  id: number;
  username: string;
  name: string;
  /** The user's own roles, through their groups. */
  roles: string[];
  accountId: number;
  accessLevel: number;
  /** Holds manage_customer_accounts: may act for any account. */
  isAdmin: boolean;
}

/** The account a request acts for: the user's own, or the one an admin simulates. */
export interface RequestAccount {
  id: number;
  name: string;
  accountKey: string;
  modules: string[];
  /** Union of the roles of the account's groups. */
  roles: string[];
}

export interface RequestContext {
  user: RequestUser;
  /** The user's own account. */
  ownAccount: RequestAccount;
  account: RequestAccount;
  simulated: boolean;
}

type AccountRow = typeof accounts.$inferSelect;

/** The user's own roles, through their groups; sorted, without duplicates. */
export async function userRoleNames(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: roles.name })
    .from(userGroups)
    .innerJoin(groupRoles, eq(groupRoles.groupId, userGroups.groupId))
    .innerJoin(roles, eq(roles.id, groupRoles.roleId))
    .where(eq(userGroups.userId, userId))
    .orderBy(roles.name);
  return rows.map((row) => row.name);
}

/** Every role some group of the account grants: the account's Roles (spec §3). */
export async function accountRoleNames(db: Db, accountId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: roles.name })
    .from(groups)
    .innerJoin(groupRoles, eq(groupRoles.groupId, groups.id))
    .innerJoin(roles, eq(roles.id, groupRoles.roleId))
    .where(eq(groups.accountId, accountId))
    .orderBy(roles.name);
  return rows.map((row) => row.name);
}

async function presentAccount(db: Db, row: AccountRow): Promise<RequestAccount> {
  return {
    id: row.id,
    name: row.name,
    accountKey: row.accountKey,
    modules: row.modules,
    roles: await accountRoleNames(db, row.id),
  };
}

/**
 * Builds the request's context from the session's user and the x-account-key header: no key or
 * the user's own key acts for the user's account; another account's key is allowed to admins
 * only (simulation), anything else is refused with spec §5's message.
 */
export async function resolveContext(db: Db, userId: number, accountKey: string | undefined): Promise<RequestContext> {
  const [row] = await db
    .select({ user: users, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, userId))
    .limit(1);
  // The user was deleted while the session was alive.
  if (!row) throw unauthorized(AUTH_MESSAGES.invalidToken);
  const [userRoles, ownAccount] = await Promise.all([userRoleNames(db, userId), presentAccount(db, row.account)]);
  const user: RequestUser = {
    id: row.user.id,
    username: row.user.username,
    name: row.user.name,
    roles: userRoles,
    accountId: row.user.accountId,
    accessLevel: row.user.accessLevel,
    isAdmin: userRoles.includes(ADMIN_ROLE),
  };
  if (accountKey === undefined || accountKey === '' || accountKey === ownAccount.accountKey) {
    return { user, ownAccount, account: ownAccount, simulated: false };
  }
  if (!user.isAdmin) throw forbidden();
  const [target] = await db.select().from(accounts).where(eq(accounts.accountKey, accountKey)).limit(1);
  if (!target) throw forbidden();
  return { user, ownAccount, account: await presentAccount(db, target), simulated: true };
}
