import { z } from 'zod';
import { ACCOUNT_DIRECTORY_RULE } from '../accounts.ts';
import { LOGIN_LIMITS } from '../auth.ts';
import { FIELD_MESSAGES } from '../errors.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../languages.ts';
import { schemaMessage } from '../messages.ts';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';
import { referenceId } from './shapes.ts';

export const PASSWORD_MIN_LENGTH = 10;
export const USER_NAME_MAX = 120;
/** Highest access level; only platform admins give a level above 0. */
export const ACCESS_LEVEL_MAX = 10;

/**
 * The users of an account (menu account/users). The password is write-only and stored hashed;
 * usernames are unique on the whole platform and case-insensitive (stored lowercased).
 */
export const usersResource = defineResource({
  name: 'users',
  gateway: 'users',
  labelKey: 'resource.users',
  fields: z.object({
    username: z
      .string()
      .trim()
      .toLowerCase()
      .min(3)
      .max(LOGIN_LIMITS.usernameMax)
      .regex(/^[a-z0-9._@+-]+$/, schemaMessage(FIELD_MESSAGES.username)),
    name: z.string().trim().min(1).max(USER_NAME_MAX),
    password: z.string().min(PASSWORD_MIN_LENGTH).max(LOGIN_LIMITS.passwordMax),
    /** Preferences; the interface language defaults to en (spec §1). */
    meta: z
      .object({ language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE) })
      .strict()
      .prefault({}),
    accessLevel: z.number().int().min(0).max(ACCESS_LEVEL_MAX).default(0),
    /** A disabled user can neither sign in nor use a session still open; their records stay. */
    disabled: z.boolean().default(false),
    /** Ids of the account's groups the user belongs to: the user's roles come from them. */
    groups: z.array(referenceId).max(100).default([]),
  }),
  ui: {
    username: { widget: 'text' },
    name: { widget: 'text' },
    password: { widget: 'password', writeOnly: true },
    meta: { widget: 'json' },
    accessLevel: { widget: 'number' },
    disabled: { widget: 'switch' },
    groups: { widget: 'references', reference: 'groups' },
  },
  columns: ['username', 'name', 'accessLevel', 'disabled', 'updatedAt'],
  filters: ['accessLevel', 'disabled', 'groups'],
  sortable: ['username', 'name', 'accessLevel', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'username', direction: 'asc' },
  search: ['username', 'name'],
  unique: [['username']],
  relations: { Groups: { resource: 'groups', kind: 'manyToMany', through: 'user_groups' } },
  access: { read: ACCOUNT_DIRECTORY_RULE, write: registeredWriteRule('users') },
  tenancy: 'account',
});
