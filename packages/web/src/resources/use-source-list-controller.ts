import type { QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAction } from '../api/action.ts';
import type { ListQuery } from '../api/resource-api.ts';
import { type ListState, type Sort, toListQuery, useComponentListState } from './list-state.ts';
import { type ListPage, removeEach, usePagedList } from './use-paged-list.ts';

/**
 * A list whose rows are not a declared resource's page but come from a call of their own (a
 * record's linked items, a video's clips, a playlist's videos): the same state, page read and
 * pager numbers as the resource lists (useLocalListController), over the source's call and keys.
 */
export interface ListSource<Page extends ListPage<unknown>> {
  /** The page of a list query, from a key factory (api/query-keys.ts). */
  key: (query: ListQuery) => QueryKey;
  /** Every key a change of the list refreshes (its pages and what is derived from them). */
  all: QueryKey;
  list: (query: ListQuery, signal: AbortSignal) => Promise<Page>;
  /** Deletes one row. */
  remove?: (id: number) => Promise<unknown>;
  /** The order the source gives its rows in (sent to it only if its call passes it on). */
  defaultSort: Sort;
  /** The previous page stays on screen while the next one loads (a list the user pages through). */
  keepPreviousPage?: boolean;
  /** Reads the list again after this many ms (false: not), given the page shown. */
  refetchInterval?: (page: Page | undefined) => number | false;
}

export interface SourceListOptions {
  /** The first state (its page size, its order, its search). */
  initial?: Partial<Pick<ListState, 'pageSize' | 'sort' | 'search'>>;
}

const NO_FIELDS = { filters: [], sortable: [] } as const;

export function useSourceListController<Page extends ListPage<unknown>>(
  source: ListSource<Page>,
  options: SourceListOptions = {},
) {
  const [state, update] = useComponentListState({ ...NO_FIELDS, defaultSort: source.defaultSort }, options.initial);
  const query = useMemo(() => toListQuery(state), [state]);
  const paged = usePagedList(state, update, {
    queryKey: source.key(query),
    fetch: (signal) => source.list(query, signal),
    keepPrevious: source.keepPreviousPage ?? false,
    refetchInterval: source.refetchInterval,
  });
  const remove = useAction(
    (ids: readonly number[]) =>
      removeEach(ids, (id) => (source.remove ? source.remove(id) : Promise.reject(new Error('No remove call')))),
    { invalidate: [source.all] },
  );
  return {
    ...paged,
    query,
    /** Deletes rows (one call each), then reads the list again; null when the source deletes none. */
    remove: source.remove ? remove : null,
  };
}

export type SourceListController<Page extends ListPage<unknown>> = ReturnType<typeof useSourceListController<Page>>;
