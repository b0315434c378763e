import { CACHE_KEYS } from '@regie/contract/cache';
import { sportsResource } from '@regie/contract/resources/sports';
import { tagsResource } from '@regie/contract/resources/tags';
import { accountsEntry } from '../accounts/accounts.resource.ts';
import { groupsEntry } from '../accounts/groups.resource.ts';
import type { Cache } from '../cache/cache.service.ts';
import type { Db } from '../db/database.ts';
import { sports } from '../db/sports.table.ts';
import { tags } from '../db/tags.table.ts';
import { usersEntry } from '../users/users.resource.ts';
import { checkEntries } from './resources.check.ts';
import { type Engine, type ResourceEntry, resourceEntry } from './resources.types.ts';

/**
 * Every resource the generic engine serves. A plain resource is one line here:
 * `resourceEntry({ definition: <its contract declaration>, table: <its Drizzle table> })`.
 */
export const RESOURCES: readonly ResourceEntry[] = [
  resourceEntry({ definition: tagsResource, table: tags }),
  resourceEntry({
    definition: sportsResource,
    table: sports,
    // The start-up payload lists the sports an account sees.
    purges: (row) => [
      typeof row.accountId === 'number' ? CACHE_KEYS.adminPayload(row.accountId) : CACHE_KEYS.adminPayloads,
    ],
  }),
  accountsEntry,
  usersEntry,
  groupsEntry,
];

/** The engine over the registry (checked once: a declaration that does not fit its table stops the boot). */
export function createEngine(db: Db, cache: Cache, entries: readonly ResourceEntry[] = RESOURCES): Engine {
  checkEntries(entries);
  const byName = new Map(entries.map((entry) => [entry.definition.name, entry]));
  return { db, cache, entries, byName: (name) => byName.get(name) };
}
