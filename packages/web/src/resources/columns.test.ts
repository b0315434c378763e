import { tagsResource } from '@regie/contract/resources/tags';
import { describe, expect, it } from 'vitest';
import { availableColumns, readColumnChoice, titleColumn } from './columns.ts';

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

describe('the column that names a record', () => {
  it('is the first search field on screen, not the first column', () => {
    expect(titleColumn({ search: ['name', 'description'] }, ['position', 'name', 'published'])).toBe('name');
  });
  it('falls back to the first column when no search field is shown', () => {
    expect(titleColumn({ search: ['description'] }, ['position', 'name'])).toBe('position');
  });
});
