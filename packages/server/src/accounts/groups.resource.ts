import { HTTP_MESSAGES } from '@regie/contract/errors';
import { groupsResource } from '@regie/contract/resources/groups';
import { CRUD_MESSAGES } from '@regie/contract/resources/shapes';
import { ADMIN_ROLE, isRole, ROLE_MODULES, rolesAvailableFor } from '@regie/contract/roles';
import { and, eq } from 'drizzle-orm';
import { accounts, groupRoles, groups } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { roles } from '../db/reference.table.ts';
import { userGroups, users } from '../db/users.table.ts';
import { badRequest, type FieldError, forbidden } from '../http/http.errors.ts';
import { type Row, resourceEntry, type WriteContext } from '../resources/resources.types.ts';
import { AUTH_TAGS } from '../tenancy/tenancy.cache.ts';

/** The role names a group grants now. */
export async function rolesOfGroupNamed(db: Db, groupId: number): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(groupRoles)
    .innerJoin(roles, eq(roles.id, groupRoles.roleId))
    .where(eq(groupRoles.groupId, groupId));
  return rows.map((row) => row.name);
}

/** True when one of the groups grants the platform admin role. */
export async function grantsAdminRole(db: Db, groupIds: readonly number[]): Promise<boolean> {
  for (const groupId of groupIds) {
    const [row] = await db
      .select({ groupId: groupRoles.groupId })
      .from(groupRoles)
      .innerJoin(roles, eq(roles.id, groupRoles.roleId))
      .where(and(eq(groupRoles.groupId, groupId), eq(roles.name, ADMIN_ROLE)))
      .limit(1);
    if (row) return true;
  }
  return false;
}

/**
 * Roles a group may be given (spec §6 "Role to module", contract rolesAvailableFor): those whose
 * modules the account has, plus those it already grants (an account that lost a module keeps
 * its groups editable). The platform admin role only from a platform admin.
 */
async function checkRoles(requested: readonly unknown[], context: WriteContext<typeof groups>): Promise<void> {
  const names = requested.map(String);
  if (names.includes(ADMIN_ROLE) && !context.auth.user.isAdmin) throw forbidden();
  const [account] = await context.db
    .select({ modules: accounts.modules })
    .from(accounts)
    .where(eq(accounts.id, context.accountId ?? 0))
    .limit(1);
  const kept = context.existing ? await rolesOfGroupNamed(context.db, context.existing.id) : [];
  const available = new Set<string>([...rolesAvailableFor(account?.modules ?? []), ...kept]);
  const errors: FieldError[] = names
    .filter((name) => !available.has(name))
    .map((name) => ({
      path: 'roles',
      message: CRUD_MESSAGES.roleNeedsModules(name, isRole(name) ? (ROLE_MODULES[name] ?? []) : []),
    }));
  if (errors.length) throw badRequest(errors[0]?.message ?? HTTP_MESSAGES.validationFailed, errors);
}

/** Only a platform admin may change or delete a group granting the platform admin role. */
async function assertMayTouch(db: Db, isAdmin: boolean, groupId: number): Promise<void> {
  if (!isAdmin && (await grantsAdminRole(db, [groupId]))) throw forbidden();
}

export const groupsEntry = resourceEntry({
  definition: groupsResource,
  table: groups,
  links: {
    roles: {
      table: groupRoles,
      owner: groupRoles.groupId,
      target: groupRoles.roleId,
      lookup: { table: roles, id: roles.id, value: roles.name },
    },
    users: {
      table: userGroups,
      owner: userGroups.groupId,
      target: userGroups.userId,
      sameAccount: { table: users, id: users.id, accountId: users.accountId },
    },
  },
  hooks: {
    async prepare(values: Row, context) {
      if (context.existing) await assertMayTouch(context.db, context.auth.user.isAdmin, context.existing.id);
      if (Array.isArray(values.roles)) await checkRoles(values.roles, context);
      return values;
    },
    beforeDelete: (row, { db, auth }) => assertMayTouch(db, auth.user.isAdmin, row.id),
  },
  // A group's roles and members make the roles of its account and of each of its users.
  revokes: (row) => [AUTH_TAGS.account(row.accountId)],
});
