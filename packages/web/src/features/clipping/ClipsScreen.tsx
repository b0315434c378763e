import { Alert, Grid, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CLIP_ORIGINS, clipPaths } from '@regie/contract/clips';
import type { AccountClipsResponse } from '@regie/contract/clips.schemas';
import type { MessageKey } from '@regie/contract/i18n/en';
import { eventsResource } from '@regie/contract/resources/events';
import { VIDEO_STATES } from '@regie/contract/videos';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useApi } from '../../api/api-context.ts';
import { useResourceRecord } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import { PagePagination } from '../../widgets/PagePagination.tsx';
import { ClipsPanel } from '../clips/ClipsPanel.tsx';
import { useEventSearch } from './clipping-calls.ts';
import {
  CLIPS_PAGE_SIZE,
  type ClipsListState,
  clipsListParams,
  clipsListQuery,
  clipsListState,
} from './clips-list-query.ts';

/** Typing waits this long before searching (spec §9 autocomplete debounce). */
const SEARCH_DEBOUNCE_MS = 300;
/** While a clip of the page is being cut or encoded, the page is read again this often. */
const REFRESH_MS = 5_000;
const SETTLED: ReadonlySet<string> = new Set(['ready', 'failed']);

/** GET clips: one page of the account's clips (contract clipPaths.list). */
function useAccountClips(state: ClipsListState) {
  const api = useApi();
  const query = clipsListQuery(state);
  return useQuery({
    queryKey: ['clips', 'account', query],
    queryFn: ({ signal }) => api.get<AccountClipsResponse>(clipPaths.list, query, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.data.some((clip) => !SETTLED.has(clip.state)) ? REFRESH_MS : false,
  });
}

/**
 * Clipping › Clips: every clip of the account, live and replay, newest first: filtered by event,
 * state and origin, searched by title, a page at a time; the address keeps it all. Each clip
 * says its event, plays, and shows its progress while it is cut.
 */
export function ClipsScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const state = clipsListState(params);
  const change = (next: Partial<ClipsListState>) =>
    setParams(clipsListParams({ ...state, page: 1, ...next }), { replace: true });
  const clips = useAccountClips(state);
  const names = new Map((clips.data?.events ?? []).map((event) => [event.id, event.name]));
  const pages = Math.max(1, Math.ceil((clips.data?.total ?? 0) / CLIPS_PAGE_SIZE));
  return (
    <Stack gap="lg">
      <ClipsFilters state={state} onChange={change} />
      {clips.isError ? (
        <Alert color="red" role="alert">
          {t('clipping.list.failed')}
        </Alert>
      ) : (
        <ClipsPanel
          titleId="account-clips-title"
          title={t('clipping.list.title')}
          clips={clips.data?.data ?? null}
          total={clips.data?.total ?? null}
          emptyText={t('clipping.list.empty')}
          testId="account-clips"
          onJobEnded={() => void clips.refetch()}
          captionOf={(clip) => {
            const eventId = (clip.clip as { eventId?: number | null } | null | undefined)?.eventId ?? null;
            const name = eventId === null ? undefined : names.get(eventId);
            return name === undefined ? null : t('clipping.list.ofEvent', { name });
          }}
          footer={
            pages > 1 ? <PagePagination total={pages} value={state.page} onChange={(page) => change({ page })} /> : null
          }
        />
      )}
    </Stack>
  );
}

function ClipsFilters({
  state,
  onChange,
}: {
  state: ClipsListState;
  onChange: (next: Partial<ClipsListState>) => void;
}) {
  const t = useT();
  const [search, setSearch] = useState(state.search);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed words start a search.
  useEffect(() => {
    if (debounced.trim() !== state.search) onChange({ search: debounced });
  }, [debounced]);
  return (
    <Grid gap="sm" align="flex-end">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <TextInput
          label={t('clipping.list.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <EventFilter eventId={state.eventId} onChange={(eventId) => onChange({ eventId })} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <Select
          label={t('clipping.list.state')}
          placeholder={t('clipping.list.anyState')}
          data={VIDEO_STATES.map((value) => ({ value, label: t(`resource.videos.state.${value}` as MessageKey) }))}
          value={state.state}
          onChange={(value) => onChange({ state: (value as ClipsListState['state']) ?? null })}
          clearable
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <Select
          label={t('clipping.list.origin')}
          placeholder={t('clipping.list.anyOrigin')}
          data={CLIP_ORIGINS.map((value) => ({ value, label: t(`clipping.list.origin.${value}`) }))}
          value={state.origin}
          onChange={(value) => onChange({ origin: (value as ClipsListState['origin']) ?? null })}
          clearable
        />
      </Grid.Col>
    </Grid>
  );
}

/** The event filter: the account's events found by name, the chosen one kept by its id. */
function EventFilter({ eventId, onChange }: { eventId: number | null; onChange: (eventId: number | null) => void }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const found = useEventSearch(search);
  const chosen = useResourceRecord(eventsResource, eventId === null ? null : String(eventId));
  const options = new Map((found.data ?? []).map((event) => [String(event.id), event.name]));
  if (eventId !== null && typeof chosen.data?.name === 'string') options.set(String(eventId), chosen.data.name);
  return (
    <Select
      label={t('clipping.list.event')}
      placeholder={t('clipping.list.anyEvent')}
      data={[...options].map(([value, label]) => ({ value, label }))}
      value={eventId === null ? null : String(eventId)}
      onChange={(value) => onChange(value === null ? null : Number(value))}
      searchable
      onSearchChange={setTyped}
      nothingFoundMessage={t('clipping.ui.noEvent')}
      clearable
    />
  );
}
