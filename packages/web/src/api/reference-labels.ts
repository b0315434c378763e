import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ResourceRecord } from '../resources/any-resource.ts';
import { useApi } from './api-context.ts';
import type { ApiClient } from './client.ts';
import { resourceKeys } from './query-keys.ts';
import { type ResourceLocation, resourceCalls } from './resource-api.ts';

/**
 * The records a page refers to (a list's sport or owner column, a form's chosen tags), fetched
 * together: every label asked for in the same moment goes into one `GET {resource}?id[]=…` call
 * per referenced resource (react-admin's getMany aggregation), instead of one GET per id.
 */

/** The server accepts at most this many ids in one list call (one page at the largest size). */
const IDS_PER_CALL = 100;

interface Pending {
  resolve: (record: ResourceRecord | null) => void;
  reject: (error: unknown) => void;
}

/** Ids asked for by the cells drawn in one render, by referenced resource and client. */
const batches = new WeakMap<ApiClient, Map<string, Map<number, Pending[]>>>();

async function loadBatch(client: ApiClient, location: ResourceLocation, waiting: Map<number, Pending[]>) {
  const calls = resourceCalls(client, location);
  const ids = [...waiting.keys()];
  for (let start = 0; start < ids.length; start += IDS_PER_CALL) {
    const chunk = ids.slice(start, start + IDS_PER_CALL);
    try {
      const page = await calls.list({
        offset: 0,
        limit: chunk.length,
        filters: { id: chunk.map(String) },
      });
      const found = new Map(page.data.map((record) => [record.id, record] as const));
      // An id the list leaves out (deleted, not visible to this account) has no label.
      for (const id of chunk) for (const pending of waiting.get(id) ?? []) pending.resolve(found.get(id) ?? null);
    } catch (error) {
      for (const id of chunk) for (const pending of waiting.get(id) ?? []) pending.reject(error);
    }
  }
}

/** One referenced record, fetched with the others asked for before the next tick. */
export function fetchReferencedRecord(
  client: ApiClient,
  location: ResourceLocation,
  id: number,
): Promise<ResourceRecord | null> {
  let byResource = batches.get(client);
  if (!byResource) {
    byResource = new Map();
    batches.set(client, byResource);
  }
  const key = `${location.gateway ?? 'main'}:${location.name}`;
  let waiting = byResource.get(key);
  if (!waiting) {
    const batch = new Map<number, Pending[]>();
    waiting = batch;
    byResource.set(key, batch);
    setTimeout(() => {
      byResource.delete(key);
      void loadBatch(client, location, batch);
    }, 0);
  }
  const queue = waiting;
  return new Promise((resolve, reject) => {
    queue.set(id, [...(queue.get(id) ?? []), { resolve, reject }]);
  });
}

/** Records by id, for the labels of references on screen (a list's page, a form's values). */
export function useReferencedRecords(
  location: ResourceLocation,
  ids: readonly number[],
): ReadonlyMap<number, ResourceRecord> {
  const client = useApi();
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: resourceKeys.label(location.name, id),
      queryFn: () => fetchReferencedRecord(client, location, id),
      staleTime: 60_000,
    })),
    combine: recordsById,
  });
}

/** Module-level so that react-query recombines only when a result changed. */
function recordsById(
  results: readonly { data?: ResourceRecord | null | undefined }[],
): ReadonlyMap<number, ResourceRecord> {
  return new Map(results.flatMap((result) => (result.data ? [[result.data.id, result.data] as const] : [])));
}

/** One referenced record (a list cell). */
export function useReferencedRecord(location: ResourceLocation, id: number): ResourceRecord | undefined {
  const ids = useMemo(() => [id], [id]);
  return useReferencedRecords(location, ids).get(id);
}
