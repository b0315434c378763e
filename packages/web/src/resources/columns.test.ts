import { tagsResource } from '@regie/contract/resources/tags';
import { describe, expect, it } from 'vitest';
import { availableColumns, readColumnChoice } from './columns.ts';

describe('column choice', () => {
  it('offers the declared columns first, then the other fields and the system fields', () => {
    expect(availableColumns(tagsResource, false)).toEqual(['name', 'tagType', 'updatedAt', 'id', 'createdAt']);
    expect(availableColumns(tagsResource, true)).toContain('AccountId');
  });

  it('reads a stored choice, keeping the columns that still exist, in their order', () => {
    const available = availableColumns(tagsResource, false);
    expect(readColumnChoice('["id","name","gone"]', available, tagsResource.columns)).toEqual(['name', 'id']);
  });

  it('falls back to the declared columns for no choice, an empty one or a damaged one', () => {
    const available = availableColumns(tagsResource, false);
    expect(readColumnChoice(null, available, tagsResource.columns)).toEqual(['name', 'tagType', 'updatedAt']);
    expect(readColumnChoice('[]', available, tagsResource.columns)).toEqual(['name', 'tagType', 'updatedAt']);
    expect(readColumnChoice('{oops', available, tagsResource.columns)).toEqual(['name', 'tagType', 'updatedAt']);
  });
});
