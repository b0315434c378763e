import { LANGUAGE_NAMES, LANGUAGES } from '@regie/contract/languages';
import { MODULES } from '@regie/contract/modules';
import { ROLES } from '@regie/contract/roles';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { languages, modules, roles } from './reference.table.ts';

/**
 * Mirrors the contract's roles, modules and languages into their tables at every boot, so a
 * release that adds one needs no hand-written migration. Idempotent; never deletes.
 */
export async function seedReferenceData(db: PgDatabase<PgQueryResultHKT>): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing({ target: roles.name });
  await db
    .insert(modules)
    .values(MODULES.map(({ id, code, name }) => ({ id, code, name })))
    .onConflictDoUpdate({ target: modules.id, set: { code: sql`excluded.code`, name: sql`excluded.name` } });
  await db
    .insert(languages)
    .values(LANGUAGES.map((code, index) => ({ id: index + 1, code, name: LANGUAGE_NAMES[code] })))
    .onConflictDoUpdate({ target: languages.id, set: { code: sql`excluded.code`, name: sql`excluded.name` } });
}
