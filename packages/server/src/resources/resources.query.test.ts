import { describe, expect, it } from 'vitest';
import { likePattern, normaliseQuery } from './resources.query.ts';

describe('normaliseQuery', () => {
  const arrays = new Set(['expand', 'tagType', 'AccountId']);

  it('turns field=value, field[]=value and repeated keys into lists', () => {
    expect(normaliseQuery({ tagType: 'team' }, arrays)).toEqual({ tagType: ['team'] });
    expect(normaliseQuery({ 'tagType[]': ['team', 'player'] }, arrays)).toEqual({ tagType: ['team', 'player'] });
    expect(normaliseQuery({ tagType: 'team', 'tagType[]': 'player' }, arrays)).toEqual({ tagType: ['team', 'player'] });
  });

  it('reads expand=[A,B], expand=A,B and expand[]=A alike', () => {
    for (const raw of [
      { expand: '[Groups,Users]' },
      { expand: 'Groups, Users' },
      { 'expand[]': ['Groups', 'Users'] },
    ]) {
      expect(normaliseQuery(raw, arrays)).toEqual({ expand: ['Groups', 'Users'] });
    }
  });

  it('leaves the other keys as they came, for validation to judge', () => {
    expect(normaliseQuery({ limit: '5', sort: '-name', other: ['a', 'b'] }, arrays)).toEqual({
      limit: '5',
      sort: '-name',
      other: ['a', 'b'],
    });
  });
});

describe('likePattern', () => {
  it('matches %, _ and \\ as themselves', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
