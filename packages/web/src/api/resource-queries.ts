import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ResourceRecord } from '../resources/any-resource.ts';
import { useApi } from './api-context.ts';
import type { ApiClient } from './client.ts';
import { resourceKeys } from './query-keys.ts';
import { type ListQuery, nestedBase, type ResourceLocation, resourceBase, resourceCalls } from './resource-api.ts';

/**
 * The generic calls of a resource, signed by the app's client (or a test's fake one); a nested
 * resource's (a season's) under its parent record, `parentId`.
 */
export function useResourceCalls(resource: ResourceLocation, parentId: string | number | null = null) {
  const client = useApi();
  return useMemo(
    () => resourceCalls(client, resource, parentId === null ? resourceBase(resource) : nestedBase(resource, parentId)),
    [client, resource, parentId],
  );
}

/** A list page's query: its key (what list controllers read) and its call. A prefetch uses it too. */
export function listPageOptions(client: ApiClient, resource: ResourceLocation, query: ListQuery) {
  return {
    queryKey: resourceKeys.list(resource.name, query),
    queryFn: ({ signal }: { signal: AbortSignal }) => resourceCalls(client, resource).list(query, signal),
  };
}

/** One page of a list; the previous page stays on screen while the next one loads. */
export function useResourceList(resource: ResourceLocation, query: ListQuery) {
  const client = useApi();
  return useQuery({ ...listPageOptions(client, resource, query), placeholderData: keepPreviousData });
}

export function useResourceRecord(
  resource: ResourceLocation,
  id: string | null,
  parentId: string | number | null = null,
) {
  const calls = useResourceCalls(resource, parentId);
  return useQuery({
    queryKey: resourceKeys.record(resource.name, id ?? ''),
    queryFn: ({ signal }) => calls.get(id ?? '', signal),
    enabled: id !== null,
  });
}

export function useResourceTranslations(
  resource: ResourceLocation,
  id: string | null,
  parentId: string | number | null = null,
) {
  const calls = useResourceCalls(resource, parentId);
  return useQuery({
    queryKey: resourceKeys.translations(resource.name, id ?? ''),
    queryFn: () => calls.translations(id ?? ''),
    enabled: id !== null,
  });
}

/** Records offered by an autocomplete or a tag picker: the first matches of a search. */
export function useResourceOptions(resource: ResourceLocation, search: string, options: { limit?: number } = {}) {
  const calls = useResourceCalls(resource);
  const limit = options.limit ?? 20;
  return useQuery({
    queryKey: resourceKeys.options(resource.name, `${limit}:${search}`),
    queryFn: ({ signal }) => calls.list({ offset: 0, limit, ...(search ? { search } : {}) }, signal),
    staleTime: 60_000,
  });
}

/** The text that names a record in a list of choices. */
export function recordLabel(record: ResourceRecord): string {
  for (const key of ['name', 'title', 'label', 'username']) {
    const value = record[key];
    if (typeof value === 'string' && value) return value;
  }
  return `#${record.id}`;
}

/** The users service's resources (spec §7); the others live under the main API. */
const USERS_SERVICE_RESOURCES: ReadonlySet<string> = new Set(['accounts', 'groups', 'roles', 'modules', 'users']);

/** Where a referenced resource lives, knowing only its name. */
export function referenceLocation(name: string): ResourceLocation {
  return { name, gateway: USERS_SERVICE_RESOURCES.has(name) ? 'users' : 'main' };
}

const ACCOUNTS = referenceLocation('accounts');

/**
 * Account names by id, for a platform admin acting for no account, who sees records of every
 * account (spec §2 tag picker). Without the list the screens fall back to the id.
 */
export function useAccountNames(enabled: boolean): ReadonlyMap<number, string> {
  const calls = useResourceCalls(ACCOUNTS);
  const query = useQuery({
    queryKey: resourceKeys.options(ACCOUNTS.name, 'all'),
    queryFn: ({ signal }) => calls.list({ offset: 0, limit: 200, sort: 'name' }, signal),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return useMemo(
    () => new Map((query.data?.data ?? []).map((account: ResourceRecord) => [account.id, String(account.name ?? '')])),
    [query.data],
  );
}
