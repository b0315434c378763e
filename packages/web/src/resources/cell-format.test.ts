import { sportsResource } from '@regie/contract/resources/sports';
import { tagsResource } from '@regie/contract/resources/tags';
import { describe, expect, it } from 'vitest';
import { type CellContext, cellText } from './cell-format.ts';
import type { ResourceLabels } from './resource-labels.ts';

const labels = {
  option: (field: string, value: string) => `${field}:${value}`,
} as unknown as ResourceLabels;
const context: CellContext = {
  labels,
  yes: 'Yes',
  no: 'No',
  platform: 'Platform',
  accountName: (id) => (id === 2 ? 'Olympique' : undefined),
  imageUrl: (key) => `/images/${key}`,
};

describe('list cells', () => {
  it('names select options with their labels', () => {
    expect(cellText(tagsResource, 'tagType', 'player', context)).toBe('tagType:player');
  });

  it('writes dates as YYYY-MM-DD HH:mm', () => {
    const local = new Date(2024, 4, 1, 9, 5).toISOString();
    expect(cellText(tagsResource, 'updatedAt', local, context)).toBe('2024-05-01 09:05');
  });

  it('names the owning account, the platform for null, the id when unknown', () => {
    expect(cellText(sportsResource, 'AccountId', 2, context)).toBe('Olympique');
    expect(cellText(sportsResource, 'AccountId', null, context)).toBe('Platform');
    expect(cellText(sportsResource, 'AccountId', 9, context)).toBe('#9');
  });

  it('leaves empty values empty', () => {
    expect(cellText(sportsResource, 'svgSpriteFilename', null, context)).toBe('');
    expect(cellText(tagsResource, 'name', '', context)).toBe('');
  });
});
