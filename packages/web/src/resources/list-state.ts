import { LIST_LIMITS } from '@regie/contract/resources/define';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListQuery } from '../api/resource-api.ts';
import type { AnyResource } from './any-resource.ts';

/**
 * A list's filters, sort, search and page, kept in the URL query so that a list can be shared and
 * survives a reload: `/account/tags/list?search=der&tagType=player&sort=-name&page=2&size=50`.
 * Defaults are left out of the URL.
 */
export interface ListState {
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: Sort;
  search: string;
  /** Declared filters only; several values mean any of them. */
  filters: Readonly<Record<string, readonly string[]>>;
}

export interface Sort {
  field: string;
  direction: 'asc' | 'desc';
}

export type ListConfig = Pick<AnyResource, 'filters' | 'sortable' | 'defaultSort'>;

export const PAGE_SIZES: readonly number[] = [10, LIST_LIMITS.defaultLimit, 50, 100];
export const DEFAULT_PAGE_SIZE = LIST_LIMITS.defaultLimit;

/** The URL keys a list owns besides its filters (which use the field names). */
const KEYS = { page: 'page', size: 'size', sort: 'sort', search: 'search' } as const;

/** The server's sort syntax: `name` ascending, `-name` descending. */
export function sortParam(sort: Sort): string {
  return sort.direction === 'desc' ? `-${sort.field}` : sort.field;
}

export function parseSort(value: string | null, config: ListConfig): Sort {
  const fallback: Sort = { field: config.defaultSort.field, direction: config.defaultSort.direction };
  if (!value) return fallback;
  const direction = value.startsWith('-') ? 'desc' : 'asc';
  const field = value.replace(/^-/, '');
  return config.sortable.includes(field) ? { field, direction } : fallback;
}

function positiveInteger(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

export function parseListState(params: URLSearchParams, config: ListConfig): ListState {
  const size = positiveInteger(params.get(KEYS.size));
  const filters: Record<string, string[]> = {};
  for (const field of config.filters) {
    const values = [...new Set(params.getAll(field).filter((value) => value !== ''))];
    if (values.length > 0) filters[field] = values;
  }
  return {
    page: positiveInteger(params.get(KEYS.page)) ?? 1,
    pageSize: size !== null && PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: parseSort(params.get(KEYS.sort), config),
    search: (params.get(KEYS.search) ?? '').trim(),
    filters,
  };
}

export function listStateToParams(state: ListState, config: ListConfig): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set(KEYS.search, state.search.trim());
  for (const field of config.filters) {
    for (const value of state.filters[field] ?? []) params.append(field, value);
  }
  const sort = sortParam(state.sort);
  if (sort !== sortParam(config.defaultSort)) params.set(KEYS.sort, sort);
  if (state.page > 1) params.set(KEYS.page, String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set(KEYS.size, String(state.pageSize));
  return params;
}

/** The API call of a list state (offset from the page). */
export function toListQuery(state: ListState): ListQuery {
  return {
    offset: (state.page - 1) * state.pageSize,
    limit: state.pageSize,
    sort: sortParam(state.sort),
    ...(state.search ? { search: state.search } : {}),
    filters: state.filters,
  };
}

/** A click on a sortable header: a new column sorts ascending, the same column flips. */
export function toggleSort(current: Sort, field: string): Sort {
  if (current.field !== field) return { field, direction: 'asc' };
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** Any change but a page change sends the list back to its first page. */
export function changeListState(state: ListState, change: Partial<ListState>): ListState {
  const next = { ...state, ...change };
  return change.page === undefined ? { ...next, page: 1 } : next;
}

export function hasActiveFilters(state: ListState): boolean {
  return state.search !== '' || Object.values(state.filters).some((values) => values.length > 0);
}

/** The list state of the current URL, and a setter that writes the URL. */
export function useListState(config: ListConfig) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params, config), [params, config]);
  const update = useCallback(
    (change: Partial<ListState>, options: { replace?: boolean } = {}) => {
      setParams((current) => listStateToParams(changeListState(parseListState(current, config), change), config), {
        replace: options.replace ?? false,
      });
    },
    [setParams, config],
  );
  return [state, update] as const;
}

/** The first state of a list held by a component: page 1, in its default order unless `initial` says. */
export function initialListState(
  config: ListConfig,
  initial?: Partial<Pick<ListState, 'pageSize' | 'sort' | 'search'>>,
): ListState {
  return {
    page: 1,
    pageSize: initial?.pageSize ?? DEFAULT_PAGE_SIZE,
    sort: initial?.sort ?? { field: config.defaultSort.field, direction: config.defaultSort.direction },
    search: initial?.search ?? '',
    filters: {},
  };
}

/** A list state held by the component, with the same rules as the URL's (a change goes back to page 1). */
export function useComponentListState(
  config: ListConfig,
  initial?: Partial<Pick<ListState, 'pageSize' | 'sort' | 'search'>>,
) {
  const [state, setState] = useState<ListState>(() => initialListState(config, initial));
  const update = useCallback((change: Partial<ListState>, _options?: { replace?: boolean }) => {
    setState((current) => {
      const next = changeListState(current, change);
      return JSON.stringify(next) === JSON.stringify(current) ? current : next;
    });
  }, []);
  return [state, update] as const;
}
