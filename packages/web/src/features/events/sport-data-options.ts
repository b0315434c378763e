import { roundsResource } from '@regie/contract/resources/rounds';
import { seasonsResource } from '@regie/contract/resources/seasons';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../api/api-context.ts';
import { resourceKeys } from '../../api/query-keys.ts';
import { nestedBase, resourceCalls } from '../../api/resource-api.ts';
import { recordLabel } from '../../api/resource-queries.ts';

/** A choice of a Select: the record's id as text and its name. */
export interface Option {
  value: string;
  label: string;
}

/** Seasons of a competition and rounds of a season: short lists, read whole. */
const NESTED = { seasons: seasonsResource, rounds: roundsResource } as const;
/**
 * Whole, in the order a person picks from: the latest season first (the one a new event is
 * usually in, and what a select without an empty item holds), rounds in their order.
 */
const ALL = {
  seasons: { offset: 0, limit: 200, sort: '-startDate' },
  rounds: { offset: 0, limit: 200, sort: 'number' },
} as const;

/**
 * The seasons of a competition, or the rounds of a season, as Select options (empty while
 * `parentId` is null). `settled` is true once the list for this parent is known.
 */
export function useChildOptions(kind: keyof typeof NESTED, parentId: number | null) {
  const client = useApi();
  const resource = NESTED[kind];
  const calls = useMemo(
    () => (parentId === null ? null : resourceCalls(client, resource, nestedBase(resource, parentId))),
    [client, resource, parentId],
  );
  const query = useQuery({
    queryKey: resourceKeys.listOf(resource.name, parentId ?? 0, ALL[kind]),
    queryFn: ({ signal }) => (calls ? calls.list(ALL[kind], signal) : Promise.reject(new Error('no parent'))),
    enabled: calls !== null,
    staleTime: 60_000,
  });
  const options: Option[] = useMemo(
    () => (query.data?.data ?? []).map((record) => ({ value: String(record.id), label: recordLabel(record) })),
    [query.data],
  );
  return { options, settled: parentId === null || query.isSuccess };
}

/** A positive id from a form or URL value, else null. */
export function idOf(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}
