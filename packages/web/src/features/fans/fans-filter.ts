import type { FanFilter } from '@regie/contract/fans.schemas';

/**
 * The list's filters as the page's address holds them (`?search=…&tagId=3&activeFrom=2026-05-01`)
 * and as the API takes them: the activity period's days become the start of the first and the
 * end of the last day, UTC.
 */
export interface FanListFilter {
  search: string;
  profileId: number | null;
  tagId: number | null;
  productId: number | null;
  blocked: 'true' | 'false' | null;
  /** YYYY-MM-DD */
  activeFrom: string | null;
  activeTo: string | null;
}

export const EMPTY_FILTER: FanListFilter = {
  search: '',
  profileId: null,
  tagId: null,
  productId: null,
  blocked: null,
  activeFrom: null,
  activeTo: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function id(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 && number < 2 ** 31 ? number : null;
}

function day(value: string | null): string | null {
  return value !== null && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null;
}

export function filterFromParams(params: URLSearchParams): FanListFilter {
  const blocked = params.get('blocked');
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    profileId: id(params.get('profileId')),
    tagId: id(params.get('tagId')),
    productId: id(params.get('productId')),
    blocked: blocked === 'true' || blocked === 'false' ? blocked : null,
    activeFrom: day(params.get('activeFrom')),
    activeTo: day(params.get('activeTo')),
  };
}

/** The address's query for a filter (empty values left out), keeping `after` when given. */
export function paramsFromFilter(filter: FanListFilter, after: string | null = null): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.search.trim()) params.set('search', filter.search.trim());
  for (const key of ['profileId', 'tagId', 'productId', 'blocked', 'activeFrom', 'activeTo'] as const) {
    const value = filter[key];
    if (value !== null) params.set(key, String(value));
  }
  if (after) params.set('after', after);
  return params;
}

/** What the API is sent. */
export function apiFilter(filter: FanListFilter): FanFilter {
  return {
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
    ...(filter.profileId !== null ? { profileId: filter.profileId } : {}),
    ...(filter.tagId !== null ? { tagId: filter.tagId } : {}),
    ...(filter.productId !== null ? { productId: filter.productId } : {}),
    ...(filter.blocked !== null ? { blocked: filter.blocked } : {}),
    ...(filter.activeFrom !== null ? { activeFrom: `${filter.activeFrom}T00:00:00.000Z` } : {}),
    ...(filter.activeTo !== null ? { activeTo: `${filter.activeTo}T23:59:59.999Z` } : {}),
  };
}
