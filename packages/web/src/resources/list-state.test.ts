import { tagsResource } from '@regie/contract/resources/tags';
import { describe, expect, it } from 'vitest';
import { toApiQuery } from '../api/resource-api.ts';
import {
  changeListState,
  type ListState,
  listStateToParams,
  parseListState,
  toggleSort,
  toListQuery,
} from './list-state.ts';

const parse = (query: string) => parseListState(new URLSearchParams(query), tagsResource);
const url = (state: ListState) => listStateToParams(state, tagsResource).toString();

describe('list state in the URL', () => {
  it('reads an empty query as the defaults: page 1, 25 rows, the declared sort', () => {
    expect(parse('')).toEqual({
      page: 1,
      pageSize: 25,
      sort: { field: 'name', direction: 'asc' },
      search: '',
      filters: {},
    });
  });

  it('writes the defaults as an empty query, so that plain lists have plain addresses', () => {
    expect(url(parse(''))).toBe('');
  });

  it('reads and writes search, declared filters, sort, page and page size', () => {
    const query = 'search=der&tagType=player&tagType=team&sort=-updatedAt&page=3&size=50';
    const state = parse(query);
    expect(state).toEqual({
      page: 3,
      pageSize: 50,
      sort: { field: 'updatedAt', direction: 'desc' },
      search: 'der',
      filters: { tagType: ['player', 'team'] },
    });
    expect(url(state)).toBe(query);
  });

  it('ignores what a list does not declare: unknown filters, unsortable fields, odd sizes and pages', () => {
    const state = parse('color=red&sort=-AccountId&size=7&page=-2&tagType=');
    expect(state.filters).toEqual({});
    expect(state.sort).toEqual({ field: 'name', direction: 'asc' });
    expect(state.pageSize).toBe(25);
    expect(state.page).toBe(1);
  });

  it('survives a round trip with characters that need encoding', () => {
    const state = changeListState(parse(''), { search: 'Saint-Étienne & co', filters: { tagType: ['other'] } });
    expect(parse(url(state))).toEqual(state);
  });

  it('turns the state into the API query: offset from the page, one filter value as field=v', () => {
    const query = toListQuery(parse('search=der&tagType=player&sort=-name&page=3&size=10'));
    expect(query).toEqual({ offset: 20, limit: 10, sort: '-name', search: 'der', filters: { tagType: ['player'] } });
    expect(toApiQuery(query)).toEqual({ offset: 20, limit: 10, sort: '-name', search: 'der', tagType: 'player' });
  });

  it('sends several values of a filter as field[]=v', () => {
    const query = toListQuery(parse('tagType=player&tagType=team'));
    expect(toApiQuery(query)).toEqual({ offset: 0, limit: 25, sort: 'name', tagType: ['player', 'team'] });
  });

  it('goes back to the first page on any change but a page change', () => {
    const onPage3 = parse('page=3');
    expect(changeListState(onPage3, { search: 'x' }).page).toBe(1);
    expect(changeListState(onPage3, { filters: { tagType: ['team'] } }).page).toBe(1);
    expect(changeListState(onPage3, { pageSize: 50 }).page).toBe(1);
    expect(changeListState(onPage3, { page: 4 }).page).toBe(4);
  });

  it('sorts a new column ascending and flips the same column', () => {
    const byName = { field: 'name', direction: 'asc' } as const;
    expect(toggleSort(byName, 'name')).toEqual({ field: 'name', direction: 'desc' });
    expect(toggleSort({ field: 'name', direction: 'desc' }, 'name')).toEqual(byName);
    expect(toggleSort(byName, 'updatedAt')).toEqual({ field: 'updatedAt', direction: 'asc' });
  });
});
