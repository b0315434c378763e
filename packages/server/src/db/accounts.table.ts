import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { roles } from './reference.table.ts';

/** A customer (or the platform itself): owns groups, users, sports and every resource. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Sent by the web client in x-account-key; random, never derived from the id. */
    accountKey: text('account_key').notNull().unique(),
    /** Codes of the contract MODULES the account has. */
    modules: text('modules').array().notNull().default([]),
    /** Contract accountConfig; read through it, so a stored config missing a key gets its default. */
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (table) => [uniqueIndex('accounts_name_unique').on(table.name)],
);

/** A set of roles inside one account; users get roles through the groups they belong to. */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    index('groups_account_id_idx').on(table.accountId),
    uniqueIndex('groups_account_name_unique').on(table.accountId, table.name),
  ],
);

export const groupRoles = pgTable(
  'group_roles',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.roleId] })],
);
