import { AUTH_MESSAGES } from '@regie/contract/auth';
import { ADMIN_ROLE } from '@regie/contract/roles';
import { eq, sql } from 'drizzle-orm';
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

function toRequestAccount(row: AccountRow, accountRoles: string[]): RequestAccount {
  return { id: row.id, name: row.name, accountKey: row.accountKey, modules: row.modules, roles: accountRoles };
}

/** SQL array of the distinct role names granted through group_roles to the groups matched by `where`. */
function roleNamesOf(groupFilter: ReturnType<typeof sql>) {
  return sql<string[]>`coalesce((
    select array_agg(distinct ${roles.name} order by ${roles.name})
    from ${groupRoles} join ${roles} on ${roles.id} = ${groupRoles.roleId}
    where ${groupRoles.groupId} in (${groupFilter})
  ), '{}')`;
}

/**
 * Builds the request's context from the session's user and the x-account-key header: no key or
 * the user's own key acts for the user's account; another account's key is allowed to admins
 * only (simulation), anything else is refused with spec §5's message. It runs on every request,
 * so the user, their account and both role lists come back in one query.
 */
export async function resolveContext(db: Db, userId: number, accountKey: string | undefined): Promise<RequestContext> {
  const [row] = await db
    .select({
      user: users,
      account: accounts,
      userRoles: roleNamesOf(
        sql`select ${userGroups.groupId} from ${userGroups} where ${userGroups.userId} = ${users.id}`,
      ),
      accountRoles: roleNamesOf(sql`select ${groups.id} from ${groups} where ${groups.accountId} = ${accounts.id}`),
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, userId))
    .limit(1);
  // The user was deleted while the session was alive.
  if (!row) throw unauthorized(AUTH_MESSAGES.invalidToken);
  const ownAccount = toRequestAccount(row.account, row.accountRoles);
  const user: RequestUser = {
    id: row.user.id,
    username: row.user.username,
    name: row.user.name,
    roles: row.userRoles,
    accountId: row.user.accountId,
    accessLevel: row.user.accessLevel,
    isAdmin: row.userRoles.includes(ADMIN_ROLE),
  };
  if (accountKey === undefined || accountKey === '' || accountKey === ownAccount.accountKey) {
    return { user, ownAccount, account: ownAccount, simulated: false };
  }
  if (!user.isAdmin) throw forbidden();
  const [target] = await db
    .select({
      account: accounts,
      accountRoles: roleNamesOf(sql`select ${groups.id} from ${groups} where ${groups.accountId} = ${accounts.id}`),
    })
    .from(accounts)
    .where(eq(accounts.accountKey, accountKey))
    .limit(1);
  if (!target) throw forbidden();
  return { user, ownAccount, account: toRequestAccount(target.account, target.accountRoles), simulated: true };
}
