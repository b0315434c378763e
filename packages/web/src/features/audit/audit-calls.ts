import { type AuditPage, type AuditQuery, auditPaths } from '@regie/contract/audit';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.ts';

/** The filters the screens send (contract auditQuery), without the paging. */
export type AuditFilters = Partial<Omit<AuditQuery, 'cursor' | 'limit'>>;

/** Only the filters that are set: an empty one is no filter. */
export function auditQueryOf(filters: AuditFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') query[key] = value;
  }
  return query;
}

/**
 * The entries matching `filters`, newest first, one keyset page at a time: `fetchNextPage` asks
 * for the next (older) page with the last page's cursor; there is no total.
 */
export function useAuditPages(queryKey: readonly unknown[], filters: AuditFilters, enabled = true) {
  const api = useApi();
  const query = auditQueryOf(filters);
  return useInfiniteQuery({
    queryKey: [...queryKey, query],
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<AuditPage>(auditPaths.list, pageParam === null ? query : { ...query, cursor: pageParam }, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}
