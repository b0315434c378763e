import { describe, expect, it } from 'vitest';
import { CLIPS_PAGE_SIZE, clipsListParams, clipsListQuery, clipsListState } from './clips-list-query.ts';

describe("the account's clips list in the address", () => {
  it('reads filters, search and page, and writes them back the same', () => {
    const params = new URLSearchParams('search=goal&eventId=12&state=ready&origin=live&page=3');
    const state = clipsListState(params);
    expect(state).toEqual({ search: 'goal', eventId: 12, state: 'ready', origin: 'live', page: 3 });
    expect(clipsListParams(state)).toEqual({
      search: 'goal',
      eventId: '12',
      state: 'ready',
      origin: 'live',
      page: '3',
    });
    expect(clipsListQuery(state)).toEqual({
      search: 'goal',
      eventId: 12,
      state: 'ready',
      origin: 'live',
      limit: CLIPS_PAGE_SIZE,
      offset: 2 * CLIPS_PAGE_SIZE,
    });
  });

  it('leaves out what it does not know, and the defaults', () => {
    const state = clipsListState(new URLSearchParams('eventId=abc&state=gone&origin=vod&page=-2'));
    expect(state).toEqual({ search: '', eventId: null, state: null, origin: null, page: 1 });
    expect(clipsListParams(state)).toEqual({});
    expect(clipsListQuery(state)).toEqual({ limit: CLIPS_PAGE_SIZE, offset: 0 });
  });
});
