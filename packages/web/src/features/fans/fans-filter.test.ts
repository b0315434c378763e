import { describe, expect, it } from 'vitest';
import { apiFilter, EMPTY_FILTER, filterFromParams, paramsFromFilter } from './fans-filter.ts';

describe('the fans list filter in the address', () => {
  it('reads what it wrote, and the API gets whole UTC days', () => {
    const filter = { ...EMPTY_FILTER, search: 'zoé', tagId: 4, status: 'pending' as const, activeFrom: '2026-05-01' };
    const params = paramsFromFilter(filter, '120');
    expect(params.toString()).toBe('search=zo%C3%A9&tagId=4&status=pending&activeFrom=2026-05-01&after=120');
    expect(filterFromParams(params)).toEqual(filter);
    expect(apiFilter(filter)).toEqual({
      search: 'zoé',
      tagId: 4,
      status: 'pending',
      activeFrom: '2026-05-01T00:00:00.000Z',
    });
  });

  it('drops what is not a filter value instead of sending it', () => {
    const params = new URLSearchParams(
      'tagId=abc&profileId=-3&productId=0&status=maybe&blocked=maybe&activeTo=2026-13-45&activeFrom=x',
    );
    expect(filterFromParams(params)).toEqual(EMPTY_FILTER);
    expect(apiFilter(EMPTY_FILTER)).toEqual({});
  });

  it('reads the links made before pending fans had a status: blocked=true is blocked, false is active', () => {
    expect(filterFromParams(new URLSearchParams('blocked=true')).status).toBe('blocked');
    expect(filterFromParams(new URLSearchParams('blocked=false')).status).toBe('active');
    expect(paramsFromFilter(filterFromParams(new URLSearchParams('blocked=true'))).toString()).toBe('status=blocked');
  });
});
