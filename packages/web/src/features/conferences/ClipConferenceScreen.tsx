import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dateTimeFormat } from '../../i18n/dates.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import { SearchCombobox } from '../../widgets/SearchCombobox.tsx';
import { ConferenceClipTab } from './ConferenceClipTab.tsx';
import { useConferenceSearch } from './conference-calls.ts';

/** Typing waits this long before searching (spec §9 autocomplete debounce). */
const SEARCH_DEBOUNCE_MS = 300;
/** The chosen conference stays in the address: the page survives a reload and can be shared. */
const CONFERENCE_PARAM = 'conference';

/** 'Keynote (12 Sept 2026, 18:00)', the date in the user's language. */
function labelOf(record: ResourceRecord, language: string): string {
  if (typeof record.startsAt !== 'string') return String(record.name);
  const starts = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(record.startsAt),
  );
  return `${String(record.name)} (${starts})`;
}

/**
 * /clipping/conference: pick a conference by name, then the same clip workspace as its clip tab.
 * Keyboard first: type, arrows and Enter pick, then I / O on the player.
 */
export function ClipConferenceScreen() {
  const t = useT();
  const { i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const found = useConferenceSearch(search);
  const chosen = Number(params.get(CONFERENCE_PARAM));
  const conferenceId = Number.isInteger(chosen) && chosen > 0 ? chosen : null;
  const rows = found.data?.data ?? [];
  const options = rows.map((record) => ({
    value: String(record.id),
    label: labelOf(record, i18n.language),
    item: record,
  }));
  const current = rows.find((record) => Number(record.id) === conferenceId);
  return (
    <Stack gap="lg" maw={980}>
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="pick-conference-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="pick-conference-title">
            {t('conferences.pick.heading')}
          </Title>
          <SearchCombobox
            label={t('conferences.pick.label')}
            placeholder={t('conferences.pick.placeholder')}
            query={query}
            onQueryChange={setQuery}
            options={options}
            loading={found.isFetching}
            emptyText={found.data && options.length === 0 ? t('conferences.pick.none') : null}
            onSelect={(option) => {
              setQuery('');
              setParams({ [CONFERENCE_PARAM]: option.value });
            }}
          />
          {conferenceId !== null && (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('conferences.pick.current')}
              </Text>
              <Text size="sm" fw={600}>
                {current ? String(current.name) : `#${conferenceId}`}
              </Text>
            </Group>
          )}
        </Stack>
      </Paper>
      {conferenceId !== null && <ConferenceClipTab key={conferenceId} conferenceId={conferenceId} />}
    </Stack>
  );
}
