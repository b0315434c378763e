import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hasActiveFilters, type ListState, toggleSort } from './list-state.ts';

/**
 * The part every list controller shares, whatever its rows come from (a declared resource, a
 * record's linked items, a video's clips): the page read for the list's state, the numbers a pager
 * shows, the setters of the state, and the move to the last page when the page asked is past it.
 */

/** The least a page of a list carries: its rows and how many there are in all. */
export interface ListPage<Row> {
  data: Row[];
  total: number;
}

export type ListUpdate = (change: Partial<ListState>, options?: { replace?: boolean }) => void;

export interface PageRead<Page> {
  /** From a key factory (api/query-keys.ts). */
  queryKey: QueryKey;
  fetch: (signal: AbortSignal) => Promise<Page>;
  /** The previous page stays on screen while the next one loads. */
  keepPrevious: boolean;
  /** Reads the page again after this many ms (false: not), given the page shown. */
  refetchInterval?: ((page: Page | undefined) => number | false) | undefined;
}

export function usePagedList<Page extends ListPage<unknown>>(
  state: ListState,
  update: ListUpdate,
  read: PageRead<Page>,
) {
  const { refetchInterval } = read;
  const list = useQuery({
    queryKey: read.queryKey,
    queryFn: ({ signal }) => read.fetch(signal),
    ...(read.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(refetchInterval
      ? { refetchInterval: (query: { state: { data: Page | undefined } }) => refetchInterval(query.state.data) }
      : {}),
  });

  // A page past the end (rows deleted, a shared link) goes to the last page.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && state.page > lastPage)
      update({ page: lastPage }, { replace: true });
  }, [list.isSuccess, list.isPlaceholderData, state.page, lastPage, update]);

  return {
    state,
    update,
    list,
    /** The page's rows; null until the first page arrives. */
    rows: rowsOf(list.data),
    total,
    lastPage,
    /** The rows shown, 1-based: `from`–`to` of `total`. */
    from: total === 0 ? 0 : (state.page - 1) * state.pageSize + 1,
    to: Math.min(total, state.page * state.pageSize),
    filtered: hasActiveFilters(state),
    setPage: (page: number) => update({ page }),
    setPageSize: (pageSize: number) => update({ pageSize }),
    sortBy: (field: string) => update({ sort: toggleSort(state.sort, field) }),
    clearFilters: () => update({ search: '', filters: {} }),
  };
}

/** Deletes rows one call each; the first failure is reported once all calls are over. */
export async function removeEach(ids: readonly number[], remove: (id: number) => Promise<unknown>): Promise<void> {
  const results = await Promise.allSettled(ids.map((id) => remove(id)));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

function rowsOf<Page extends ListPage<unknown>>(page: Page | undefined): Page['data'] | null {
  return page ? page.data : null;
}
