import {
  type DataProviderMappingEntity,
  type MappableRecords,
  type MappingBody,
  type MappingItem,
  type MappingList,
  mappingPaths,
  type SubscriptionBody,
  type SubscriptionItem,
  type SubscriptionPatchBody,
} from '@regie/contract/data-provider-subscriptions';
import type { FeedProvider } from '@regie/contract/feeds';
import type { MessageKey } from '@regie/contract/i18n/en';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { dateTimeFormat } from '../../i18n/dates.ts';

/** The providers by the names their publishers use. */
export const PROVIDER_NAMES: Record<FeedProvider, string> = {
  openfootball: 'openfootball',
  statsbomb: 'StatsBomb',
  csv: 'CSV',
};

const MAPPINGS_KEY = ['data-providers', 'mappings'] as const;
/** The statuses move while feeds are polled: read them again now and then. */
const REFRESH_MS = 5_000;

export function useMappings() {
  const api = useApi();
  return useQuery({
    queryKey: MAPPINGS_KEY,
    queryFn: ({ signal }) => api.get<MappingList>(mappingPaths.list, undefined, { signal }),
    refetchInterval: (query) =>
      query.state.data?.data.some((mapping) => mapping.subscriptions.some((s) => s.active)) ? REFRESH_MS : false,
  });
}

/** The account's records of one kind a mapping may name. */
export function useMappableRecords(entity: DataProviderMappingEntity) {
  const api = useApi();
  return useQuery({
    queryKey: ['data-providers', 'records', entity],
    queryFn: ({ signal }) => api.get<MappableRecords>(mappingPaths.records, { entity }, { signal }),
  });
}

/** Select options of mappable records: an event's label holds its date (same-named matches abound). */
export function useRecordOptions(records: MappableRecords | undefined): { value: string; label: string }[] {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const date = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
    return (records?.data ?? []).map((record) => ({
      value: String(record.id),
      label: record.startsAt ? `${record.name} (${date.format(new Date(record.startsAt))})` : record.name,
    }));
  }, [records, i18n.language]);
}

export function useCreateMapping() {
  const api = useApi();
  return useAction((body: MappingBody) => api.post<MappingItem>(mappingPaths.list, body), {
    success: 'dataFeeds.created',
    invalidate: [MAPPINGS_KEY],
  });
}

export function useDeleteMapping() {
  const api = useApi();
  return useAction((id: number) => api.delete(mappingPaths.one(id)), {
    success: 'dataFeeds.mappingDeleted',
    invalidate: [MAPPINGS_KEY],
  });
}

export function useSubscribe(mappingId: number) {
  const api = useApi();
  return useAction(
    (body: SubscriptionBody) => api.post<SubscriptionItem>(mappingPaths.subscriptions(mappingId), body),
    { success: 'dataFeeds.subscribed', invalidate: [MAPPINGS_KEY] },
  );
}

export function useRemoveSubscription(mappingId: number) {
  const api = useApi();
  return useAction((id: number) => api.delete(mappingPaths.subscription(mappingId, id)), {
    success: 'dataFeeds.subscriptionRemoved',
    invalidate: [MAPPINGS_KEY],
  });
}

/** Pauses, resumes or re-times one subscription (its credentials stay as typed at creation). */
export function useUpdateSubscription(mappingId: number, success: MessageKey) {
  const api = useApi();
  return useAction(
    ({ id, body }: { id: number; body: SubscriptionPatchBody }) =>
      api.patch<SubscriptionItem>(mappingPaths.subscriptionSettings(mappingId, id), body),
    { success, invalidate: [MAPPINGS_KEY] },
  );
}
