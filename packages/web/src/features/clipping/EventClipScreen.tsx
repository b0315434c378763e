import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { eventsResource } from '@regie/contract/resources/events';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useResourceRecord } from '../../api/resource-queries.ts';
import { dateTimeFormat } from '../../i18n/dates.ts';
import { useT } from '../../i18n/use-t.ts';
import { SearchCombobox } from '../../widgets/SearchCombobox.tsx';
import { type EventChoice, useEventSearch } from './clipping-calls.ts';
import { EventClipTab } from './EventClipTab.tsx';

/** Typing waits this long before searching (spec §9 autocomplete debounce). */
const SEARCH_DEBOUNCE_MS = 300;
/** `?eventId=` keeps the chosen event in the address (reload, share a link). */
const EVENT_PARAM = 'eventId';

/** /clipping/event: pick an event by searching its name, then the same workspace as its clip tab. */
export function EventClipScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const fromUrl = Number(params.get(EVENT_PARAM));
  const eventId = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : null;
  const record = useResourceRecord(eventsResource, eventId === null ? null : String(eventId));
  const name = typeof record.data?.name === 'string' ? record.data.name : null;
  const choose = (event: EventChoice | null) => setParams(event ? { [EVENT_PARAM]: String(event.id) } : {});
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="clip-event-title">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4" id="clip-event-title">
            {eventId !== null && name !== null ? t('clipping.ui.clipOf', { name }) : t('clipping.ui.pickTitle')}
          </Title>
          {eventId !== null && (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => choose(null)}
            >
              {t('clipping.ui.changeEvent')}
            </Button>
          )}
        </Group>
        {eventId === null && <EventPicker onSelect={choose} />}
      </Paper>
      {eventId !== null && <EventClipTab key={eventId} eventId={eventId} />}
    </Stack>
  );
}

function EventPicker({ onSelect }: { onSelect: (event: EventChoice) => void }) {
  const t = useT();
  const { i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const events = useEventSearch(search);
  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const options = (events.data ?? []).map((event) => ({
    value: String(event.id),
    label: event.startsAt ? `${event.name} (${date.format(new Date(event.startsAt))})` : event.name,
    item: event,
  }));
  return (
    <Stack gap="xs" mt="sm">
      <SearchCombobox
        label={t('clipping.ui.event')}
        placeholder={t('clipping.ui.eventPlaceholder')}
        query={query}
        onQueryChange={setQuery}
        options={options}
        loading={events.isFetching}
        emptyText={events.data && options.length === 0 ? t('clipping.ui.noEvent') : null}
        onSelect={(option) => {
          setQuery('');
          onSelect(option.item);
        }}
      />
      <Text size="sm" c="dimmed">
        {t('clipping.ui.pickHint')}
      </Text>
    </Stack>
  );
}
