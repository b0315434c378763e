import { MARKER_TYPE_KEYS, markerTypeKeys } from '@regie/contract/markers';
import { describe, expect, it } from 'vitest';
import { formatMarkerTime } from './marker-time.ts';

describe('a marker time', () => {
  it('reads m:ss.d with the language’s decimal mark', () => {
    expect(formatMarkerTime(75.26, 'en')).toBe('1:15.3');
    expect(formatMarkerTime(75.26, 'fr')).toBe('1:15,3');
    expect(formatMarkerTime(3_661.04, 'en')).toBe('1:01:01.0');
    expect(formatMarkerTime(-2, 'en')).toBe('0:00.0');
  });
});

describe('the marker type keys', () => {
  const type = (id: number, position: number, name: string) => ({ id, position, name });

  it('gives 1…9 then 0 in palette order: position, then name, then id', () => {
    const keyed = markerTypeKeys([
      type(3, 2, 'Red card'),
      type(1, 1, 'Goal'),
      type(2, 1, 'Assist'),
      type(4, 2, 'Red card'),
    ]);
    expect(keyed.map(({ key, type }) => [key, type.id])).toEqual([
      ['1', 2],
      ['2', 1],
      ['3', 3],
      ['4', 4],
    ]);
  });

  it('keys ten types at most', () => {
    const many = Array.from({ length: 12 }, (_, index) => type(index + 1, index, `T${index}`));
    const keyed = markerTypeKeys(many);
    expect(keyed.map(({ key }) => key)).toEqual([...MARKER_TYPE_KEYS]);
    expect(keyed.at(-1)?.type.id).toBe(10);
  });
});
