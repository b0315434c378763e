import type { ListQuery } from '../api/resource-api.ts';
import type { ListState } from './list-state.ts';
import { toListQuery } from './list-state.ts';

/**
 * Keyset cursors of the pages a list has shown. The URL keeps only `page` (shareable, survives a
 * reload); the cursor that continues after a shown page is remembered here, so that 'next' (and
 * 'previous' back to a page reached by 'next') asks the server for `after=<cursor>`: cheap on deep
 * pages and stable while rows are added or removed before them. A page with no known cursor (a
 * direct jump, a shared link, a reload) is asked by offset.
 */

/** Lists kept at most; the oldest is forgotten first. */
const MAX_LISTS = 20;
/** Pages kept per list: a user paging further than this gets offsets again for the oldest. */
const MAX_PAGES = 200;

/**
 * One list as the server sees it, page left out: a cursor is valid only for the same key. The
 * account is part of it: an admin acting for another account sees other rows.
 */
export function cursorKey(resourceName: string, accountId: number | null, state: ListState): string {
  const filters = Object.entries(state.filters)
    .filter(([, values]) => values.length > 0)
    .map(([field, values]) => [field, [...values].sort()])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return JSON.stringify([
    resourceName,
    accountId,
    state.sort.field,
    state.sort.direction,
    state.search,
    state.pageSize,
    filters,
  ]);
}

export interface CursorBook {
  /** The cursor that starts `page` of the list, if a page before it was shown. */
  get(key: string, page: number): string | undefined;
  /** Remembers the server's nextCursor of a shown page: the start of the page after it. */
  remember(key: string, shownPage: number, nextCursor: string | null): void;
  clear(): void;
}

export function createCursorBook(): CursorBook {
  const lists = new Map<string, Map<number, string>>();
  return {
    get: (key, page) => lists.get(key)?.get(page),
    remember(key, shownPage, nextCursor) {
      if (nextCursor === null) return;
      const pages = lists.get(key) ?? new Map<number, string>();
      // Re-inserted at the end: the most recently used list is the last one forgotten.
      lists.delete(key);
      lists.set(key, pages);
      pages.set(shownPage + 1, nextCursor);
      if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value ?? 0);
      if (lists.size > MAX_LISTS) lists.delete(lists.keys().next().value ?? '');
    },
    clear: () => lists.clear(),
  };
}

/** Shared by every list screen of the tab, so a cursor survives a visit to an edit screen. */
export const listCursors = createCursorBook();

/** The API call of a page: from its cursor when one is known, else from its offset. */
export function pagedListQuery(state: ListState, cursor: string | undefined): ListQuery {
  const query = toListQuery(state);
  return state.page > 1 && cursor ? { ...query, after: cursor } : query;
}
