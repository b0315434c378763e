import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAction } from '../api/action.ts';
import { resourceKeys } from '../api/query-keys.ts';
import type { ListQuery, resourceCalls } from '../api/resource-api.ts';
import { useResourceCalls } from '../api/resource-queries.ts';
import { useSession } from '../session/current-session.ts';
import type { AnyResource } from './any-resource.ts';
import { cursorKey, listCursors, pagedListQuery } from './list-cursors.ts';
import { type ListConfig, type ListState, toListQuery, useComponentListState, useListState } from './list-state.ts';
import { type ListUpdate, removeEach, usePagedList } from './use-paged-list.ts';

/**
 * The headless side of every list of a declared resource (react-admin's useListController): its
 * state (page, sort, search, filters), the page from the server, the selection and the deletion.
 * The generic list screen, the nested lists under a form and the custom lists (FAQ, clip
 * templates, …) draw it their own way.
 */

export type ResourceCalls = ReturnType<typeof resourceCalls>;
export type { ListUpdate };

export interface ListControllerOptions {
  /** Filters always applied, out of the user's hands (a parent's id, published entries only). */
  permanentFilters?: Readonly<Record<string, readonly string[]>>;
  /** The calls under another base (a nested resource under its parent record). */
  calls?: ResourceCalls;
  /** The parent record of a nested list: its children are a list of their own. */
  parentId?: number;
}

export interface LocalListOptions extends ListControllerOptions {
  /** The first state (its page size, its order, its search). */
  initial?: Partial<Pick<ListState, 'pageSize' | 'sort' | 'search'>>;
}

type ListResource = AnyResource | (ListConfig & Pick<AnyResource, 'name' | 'gateway'>);

/**
 * A screen's main list: its state lives in the URL (shareable, survives a reload) and pages are
 * reached by keyset cursors once known.
 */
export function useListController(resource: ListResource, options: ListControllerOptions = {}) {
  const [state, update] = useListState(resource);
  return useListOfState(resource, state, update, true, options);
}

/** A list that is part of a page (nested children, FAQ entries, clip templates): state in the component. */
export function useLocalListController(resource: ListResource, options: LocalListOptions = {}) {
  const [state, update] = useComponentListState(resource, options.initial);
  return useListOfState(resource, state, update, false, options);
}

function useListOfState(
  resource: ListResource,
  state: ListState,
  update: ListUpdate,
  inUrl: boolean,
  options: ListControllerOptions,
) {
  const ownCalls = useResourceCalls(resource);
  const calls = options.calls ?? ownCalls;
  const { user, simulatedAccount } = useSession();
  const pagesKey = cursorKey(resource.name, simulatedAccount?.id ?? user?.account.id ?? null, state);
  const permanent = options.permanentFilters;
  // Next (and previous back to a page reached by next) from a known cursor, else by offset.
  const query = useMemo(
    () =>
      inUrl
        ? withFilters(pagedListQuery(state, listCursors.get(pagesKey, state.page)), permanent)
        : listQueryOf(state, permanent),
    [inUrl, state, pagesKey, permanent],
  );
  const parentId = options.parentId;
  const paged = usePagedList(state, update, {
    queryKey:
      parentId === undefined
        ? resourceKeys.list(resource.name, query)
        : resourceKeys.listOf(resource.name, parentId, query),
    fetch: (signal) => calls.list(query, signal),
    keepPrevious: parentId === undefined,
  });
  const { list } = paged;

  useEffect(() => {
    if (inUrl && list.data && !list.isPlaceholderData) listCursors.remember(pagesKey, state.page, list.data.nextCursor);
  }, [inUrl, list.data, list.isPlaceholderData, pagesKey, state.page]);

  const selection = useSelection(query);
  const remove = useAction((ids: readonly number[]) => removeEach(ids, calls.remove), {
    invalidate: [resourceKeys.all(resource.name)],
    onSuccess: selection.clear,
  });

  return {
    ...paged,
    query,
    calls,
    selection,
    /** Deletes records (the selection, or one), refreshes every view of the resource. */
    remove,
  };
}

export type ListController = ReturnType<typeof useListController>;

/**
 * The query of a list's page as its controller asks for it, by offset (the cursor of a page is
 * only known once the page before it came): what a prefetch asks for, under the same key.
 */
export function listQueryOf(state: ListState, permanent?: ListControllerOptions['permanentFilters']): ListQuery {
  return withFilters(toListQuery(state), permanent);
}

function withFilters(query: ListQuery, permanent: ListControllerOptions['permanentFilters']): ListQuery {
  const filters = { ...query.filters, ...permanent };
  const { filters: _filters, ...rest } = query;
  return Object.keys(filters).length > 0 ? { ...rest, filters } : rest;
}

/** The rows ticked for a bulk action; a new query (page, filter, sort) starts a new selection. */
function useSelection(query: ListQuery) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is the trigger.
  useEffect(() => setSelected(new Set()), [query]);
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, set: setSelected, clear };
}
