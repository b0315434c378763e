import { sql } from 'drizzle-orm';
import { groupRoles } from '../db/accounts.table.ts';
import { roles } from '../db/reference.table.ts';

/** The signed-in user, as every route sees it. */
export interface RequestUser {
  id: number;
  username: string;
  name: string;
  /** The user's own roles, through their groups. */
  roles: string[];
  accountId: number;
  accessLevel: number;
  /** A platform administrator (contract isPlatformAdmin): may act for any account. */
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
  /**
   * The sport the account is about (contract `accountConfig.sportId`), when it names a sport the
   * account sees; else null. Spec §6's SportId narrows lists only when it is this one.
   */
  sportId: number | null;
}

/** The open acting session of a platform administrator acting for an account (issue 26). */
export interface RequestActing {
  id: number;
  reason: string;
  /** Every write is refused (http/read-only.hook.ts). */
  readOnly: boolean;
  startedAt: Date;
}

export interface RequestContext {
  user: RequestUser;
  /** The user's own account. */
  ownAccount: RequestAccount;
  account: RequestAccount;
  simulated: boolean;
  /** Set exactly when simulated: the acting session that lets the admin act for `account`. */
  acting: RequestActing | null;
}

/** SQL array of the distinct role names granted through group_roles to the groups matched by `where`. */
export function roleNamesOf(groupFilter: ReturnType<typeof sql>) {
  return sql<string[]>`coalesce((
    select array_agg(distinct ${roles.name} order by ${roles.name})
    from ${groupRoles} join ${roles} on ${roles.id} = ${groupRoles.roleId}
    where ${groupRoles.groupId} in (${groupFilter})
  ), '{}')`;
}
