import { RESOURCE_NAMES, RESOURCE_REGISTRY } from '@regie/contract/resources/registry';
import { tagsResource } from '@regie/contract/resources/tags';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { checkEntries, entryProblems } from './resources.check.ts';
import { ENTRIES, RESOURCES } from './resources.registry.ts';
import { resourceEntry } from './resources.types.ts';

describe('the resource registry', () => {
  it('has declarations that fit their tables', () => {
    expect(() => checkEntries(RESOURCES)).not.toThrow();
  });

  it("serves every resource of the contract's list with that list's declaration", async () => {
    for (const name of RESOURCE_NAMES) {
      expect(ENTRIES[name].definition.name).toBe(name);
      expect(ENTRIES[name].definition.labelKey).toBe((await RESOURCE_REGISTRY[name].load()).labelKey);
    }
  });

  it('names what a declaration and its table disagree on', () => {
    const bare = pgTable('bare_tags', {
      id: serial('id').primaryKey(),
      name: text('name'),
      accountId: integer('account_id'),
    });
    const entry = resourceEntry({ definition: tagsResource, table: bare });
    expect(entryProblems(entry, [entry])).toEqual([
      'the table has no createdAt column',
      'the table has no updatedAt column',
      'field tagType has no column',
      'sortable name must be NOT NULL (keyset paging compares it)',
      'sortable tagType has no column',
      'sortable createdAt has no column',
      'sortable updatedAt has no column',
      'filter tagType has no column',
      'unique field tagType has no column',
    ]);
    expect(() => checkEntries([entry, entry])).toThrow(/tags: declared twice/);
  });
});
