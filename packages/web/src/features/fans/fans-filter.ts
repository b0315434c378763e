import { FAN_STATUSES, type FanStatus } from '@regie/contract/fans';
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
  status: FanStatus | null;
  /** YYYY-MM-DD */
  activeFrom: string | null;
  activeTo: string | null;
}

export const EMPTY_FILTER: FanListFilter = {
  search: '',
  profileId: null,
  tagId: null,
  productId: null,
  status: null,
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

/**
 * The address's status; `blocked=true|false`, what earlier links said (before pending fans had a
 * status of their own), reads as blocked or active.
 */
function status(params: URLSearchParams): FanStatus | null {
  const named = FAN_STATUSES.find((status) => status === params.get('status'));
  if (named) return named;
  const blocked = params.get('blocked');
  return blocked === 'true' ? 'blocked' : blocked === 'false' ? 'active' : null;
}

export function filterFromParams(params: URLSearchParams): FanListFilter {
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    profileId: id(params.get('profileId')),
    tagId: id(params.get('tagId')),
    productId: id(params.get('productId')),
    status: status(params),
    activeFrom: day(params.get('activeFrom')),
    activeTo: day(params.get('activeTo')),
  };
}

/** The address's query for a filter (empty values left out), keeping `after` when given. */
export function paramsFromFilter(filter: FanListFilter, after: string | null = null): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.search.trim()) params.set('search', filter.search.trim());
  for (const key of ['profileId', 'tagId', 'productId', 'status', 'activeFrom', 'activeTo'] as const) {
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
    ...(filter.status !== null ? { status: filter.status } : {}),
    ...(filter.activeFrom !== null ? { activeFrom: `${filter.activeFrom}T00:00:00.000Z` } : {}),
    ...(filter.activeTo !== null ? { activeTo: `${filter.activeTo}T23:59:59.999Z` } : {}),
  };
}
