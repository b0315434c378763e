import { z } from 'zod';
import { ACCOUNT_DIRECTORY_RULE } from '../accounts.ts';
import { ROLES } from '../roles.ts';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';
import { referenceId } from './shapes.ts';

export const GROUP_NAME_MAX = 80;

/**
 * Groups of an account's users (menu account/users/group): the roles they grant, and their
 * members. A role tied to modules is accepted only when the account has one of them (contract
 * `rolesAvailableFor`); manage_customer_accounts only from a platform admin.
 */
export const groupsResource = defineResource({
  name: 'groups',
  gateway: 'users',
  labelKey: 'resource.groups',
  fields: z.object({
    name: z.string().trim().min(1).max(GROUP_NAME_MAX),
    roles: z.array(z.enum(ROLES)).max(ROLES.length).default([]),
    /** Ids of the account's users in the group. */
    users: z.array(referenceId).max(1000).default([]),
  }),
  ui: {
    name: { widget: 'text' },
    roles: { widget: 'multiSelect', options: ROLES },
    users: { widget: 'references', reference: 'users' },
  },
  columns: ['name', 'roles', 'updatedAt'],
  filters: ['roles', 'users'],
  sortable: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name'],
  unique: [['name']],
  relations: { Users: { resource: 'users', kind: 'manyToMany', through: 'user_groups' } },
  access: { read: ACCOUNT_DIRECTORY_RULE, write: registeredWriteRule('groups') },
  tenancy: 'account',
});
