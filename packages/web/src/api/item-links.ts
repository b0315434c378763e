import { paths } from '@regie/contract/api';
import { ITEM_TYPE_RESOURCES, type ItemLink, type ItemType } from '@regie/contract/resources/item-links';
import type { ListResponse } from '@regie/contract/resources/shapes';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ResourceRecord } from '../resources/any-resource.ts';
import { type ListSource, useSourceListController } from '../resources/use-source-list-controller.ts';
import { useApi } from './api-context.ts';
import { itemLinkKeys } from './query-keys.ts';
import { type ListQuery, resourceCalls } from './resource-api.ts';
import { referenceLocation } from './resource-queries.ts';

/** The items linked to a record (contract resources/item-links.ts): a category's, a product's. */

/** Most links and candidates shown at once. */
export const ITEM_LINKS_LIMIT = 200;
const ONE_PAGE = { pageSize: ITEM_LINKS_LIMIT } as const;

/** A type the platform links (a link's `itemType` is a plain string on the wire). */
export function isItemType(value: string | undefined): value is ItemType {
  return value !== undefined && Object.hasOwn(ITEM_TYPE_RESOURCES, value);
}

export function itemLinksPath(owner: string, id: number): string {
  return paths.itemLinks(owner, id);
}

export function itemLinkCalls(client: ReturnType<typeof useApi>, owner: string, id: number) {
  const path = itemLinksPath(owner, id);
  return {
    /** The server orders the links by position and pages them; it takes no sort or search. */
    list: (query: ListQuery, signal?: AbortSignal) =>
      client.get<ListResponse<ItemLink>>(path, { offset: query.offset, limit: query.limit }, signal ? { signal } : {}),
    link: (itemType: ItemType, itemId: number) => client.post<ItemLink>(path, { itemType, itemId }),
    unlink: (linkId: number) => client.delete(`${path}/${linkId}`),
  };
}

/** A record's links as a list source: every link on one page, in their order. */
export function useItemLinks(owner: string, id: number) {
  const client = useApi();
  const calls = useMemo(() => itemLinkCalls(client, owner, id), [client, owner, id]);
  const source = useMemo(
    (): ListSource<ListResponse<ItemLink>> => ({
      key: (query) => itemLinkKeys.page(owner, id, query),
      all: itemLinkKeys.all(owner),
      list: calls.list,
      remove: calls.unlink,
      defaultSort: { field: 'position', direction: 'asc' },
    }),
    [calls, owner, id],
  );
  const list = useSourceListController(source, { initial: ONE_PAGE });
  return { calls, list };
}

/**
 * What could be linked, by item type: the records of each type's resource the user may read
 * (the newest ITEM_LINKS_LIMIT, or those matching `search`). A type whose resource is not served
 * (yet) or not readable offers nothing.
 */
export function useItemCandidates(
  types: readonly ItemType[],
  search = '',
): ReadonlyMap<ItemType, readonly ResourceRecord[]> {
  const client = useApi();
  return useQueries({
    queries: types.map((type) => ({
      queryKey: itemLinkKeys.candidates(type, search),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        resourceCalls(client, referenceLocation(ITEM_TYPE_RESOURCES[type])).list(
          { offset: 0, limit: ITEM_LINKS_LIMIT, ...(search ? { search } : {}) },
          signal,
        ),
      retry: false,
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    })),
    combine: (results) => new Map(types.map((type, index) => [type, results[index]?.data?.data ?? []] as const)),
  });
}
