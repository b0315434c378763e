import { HTTP_MESSAGES } from '@regie/contract/errors';
import { usersResource } from '@regie/contract/resources/users';
import { eq } from 'drizzle-orm';
import { grantsAdminRole } from '../accounts/groups.resource.ts';
import { hashPassword } from '../auth/password.service.ts';
import { groups } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { userGroups, users } from '../db/users.table.ts';
import { badRequest, forbidden } from '../http/http.errors.ts';
import { type Row, resourceEntry, type WriteContext } from '../resources/resources.types.ts';
import { AUTH_TAGS } from '../tenancy/tenancy.cache.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when the user belongs to a group granting the platform admin role. */
async function isAdminUser(db: Db, userId: number): Promise<boolean> {
  const memberships = await db
    .select({ groupId: userGroups.groupId })
    .from(userGroups)
    .where(eq(userGroups.userId, userId));
  return grantsAdminRole(
    db,
    memberships.map((membership) => membership.groupId),
  );
}

/**
 * What only a platform admin may do: change or delete a platform admin (their password
 * included), give an access level above 0, or put someone in a group granting the admin role.
 */
async function assertAllowed(values: Row, context: WriteContext<typeof users>): Promise<void> {
  if (context.auth.user.isAdmin) return;
  if (context.existing && (await isAdminUser(context.db, context.existing.id))) throw forbidden();
  const level = values.accessLevel;
  if (typeof level === 'number' && level > 0 && level !== context.existing?.accessLevel) throw forbidden();
  if (Array.isArray(values.groups) && (await grantsAdminRole(context.db, values.groups.map(Number)))) {
    throw forbidden();
  }
}

/** Users: the password is stored as an argon2 hash only; meta keys are merged into the stored ones. */
export const usersEntry = resourceEntry({
  definition: usersResource,
  table: users,
  links: {
    groups: {
      table: userGroups,
      owner: userGroups.userId,
      target: userGroups.groupId,
      sameAccount: { table: groups, id: groups.id, accountId: groups.accountId },
    },
  },
  hooks: {
    async prepare(values, context) {
      await assertAllowed(values, context);
      const { password, ...prepared } = values;
      if (typeof password === 'string') prepared.passwordHash = await hashPassword(password);
      const stored = context.existing?.meta;
      if (isRecord(values.meta) && isRecord(stored)) prepared.meta = { ...stored, ...values.meta };
      return prepared;
    },
    beforeDelete: async (row, { db, auth }) => {
      if (row.id === auth.user.id) throw badRequest(HTTP_MESSAGES.deleteSelf);
      if (!auth.user.isAdmin && (await isAdminUser(db, row.id))) throw forbidden();
    },
  },
  // Disabled, deleted, regrouped or renamed: their open sessions see it on the next request.
  revokes: (row) => [AUTH_TAGS.user(row.id)],
});
