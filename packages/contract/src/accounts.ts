import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { groupRef, moduleRef, roleRef, sportRef } from './auth.ts';
import { messageCatalog } from './messages.ts';
import { ACCOUNT_SEARCH_MIN_CHARS } from './search.ts';

/**
 * Accounts, groups and users as seen through the users service (spec §7 "Users", "Groups",
 * "Accounts"). Every list is scoped to the account the request acts for.
 */

/** A record id in a path: a positive 32-bit integer, like the database's serial ids. */
export const recordId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
/** Who may read the groups, roles, members and modules of the account acted for. */
export const ACCOUNT_DIRECTORY_RULE: AccessRule = { authorizedRoles: ['manage_users', 'manage_customer_accounts'] };

export const idParams = z.object({ id: recordId });

export const accountRef = z.object({ id: z.number(), name: z.string() });
export const userRef = z.object({ id: z.number(), username: z.string(), name: z.string() });
/** A group with the roles it grants: an account's Roles are collected from these (spec §3). */
export const groupWithRoles = groupRef.extend({ Roles: z.array(roleRef) });

/** GET users/{id}/groups */
export const userGroupsResponse = z.array(groupRef);
/** GET groups/{id}/accounts: the one account owning the group, as a list. */
export const groupAccountsResponse = z.array(accountRef);
/** GET groups/{id}/roles */
export const groupRolesResponse = z.array(roleRef);
/** GET groups/{id}/users */
export const groupUsersResponse = z.array(userRef);
/** GET accounts/{id}/modules */
export const accountModulesResponse = z.array(moduleRef);
/** GET accounts/{id}/groups */
export const accountGroupsResponse = z.array(groupWithRoles);
/**
 * GET accounts/{id}/sports: the sports that account sees (the platform's and its own, by name),
 * the choices of its `config.sportId`. Read like the accounts themselves (customer managers,
 * access level 1), whatever account the caller acts for.
 */
export const accountSportsResponse = z.array(sportRef);

/**
 * GET /users-service-api/roles (spec §3, §7): the catalogue of roles, each with the modules one
 * of which an account needs for a group to grant it (spec §6 "Role to module"; empty: none).
 * GET /users-service-api/modules: the numbered modules. Both are reference data, the same for
 * everyone: any signed-in user may read them.
 */
export const rolesCatalogResponse = z.array(roleRef.extend({ modules: z.array(z.string()) }));
export const modulesCatalogResponse = z.array(moduleRef);

/**
 * GET users/{id}/groups: a user may always read their own groups (the session user's Groups,
 * spec §3); another user's need ACCOUNT_DIRECTORY_RULE.
 */
export function mayReadGroupsOf(requestedUserId: number, ownUserId: number, holdsDirectoryRule: boolean): boolean {
  return requestedUserId === ownUserId || holdsDirectoryRule;
}

export const SEARCH_MESSAGES = messageCatalog('SEARCH_MESSAGES', {
  noParam: 'Search: No search param provided',
  tooShort: `Search: name must be at least ${ACCOUNT_SEARCH_MIN_CHARS} characters`,
  notSearchField: (resource: string) => `Not a search field of ${resource}`,
  unknownEntity: (entity: string) => `Search: unknown entity ${entity}`,
});

export const healthResponse = z.object({ status: z.literal('ok') });
