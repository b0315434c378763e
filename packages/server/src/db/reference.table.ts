import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** Reference data mirrored from the contract at every boot (see reference.seed.ts). */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** The numbered modules: the id is the contract's module id. */
export const modules = pgTable('modules', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const languages = pgTable('languages', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});
