import {
  Accordion,
  Anchor,
  Badge,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_LANGUAGE } from '@regie/contract/languages';
import { faqResource } from '@regie/contract/resources/faq';
import type { TranslationEntry } from '@regie/contract/resources/shapes';
import { canAccess, findRouteByPath } from '@regie/contract/routes';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '@regie/contract/ui';
import { IconEdit, IconHelpCircle, IconSearch } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resourceKeys } from '../../api/query-keys.ts';
import { useResourceCalls } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import { useLocalListController } from '../../resources/use-list-controller.ts';
import { useResourceAccess } from '../../resources/use-resource-access.ts';
import { useAccessSubject } from '../../session/access.ts';

/** Every entry fits on the page; the FAQ is short by nature. */
const FAQ_LIMIT = 200;
const ENTRIES_LIST = '/faq/entries/list';
const FAQ_STATE = { pageSize: FAQ_LIMIT, sort: { field: 'position', direction: 'asc' } } as const;
/** Readers see the published entries only; writers see drafts too. */
const PUBLISHED_ONLY = { published: ['true'] };

/**
 * /faq/main: the platform's questions and answers as an accordion, with a search box. Every
 * signed-in user reads the published entries; the admins who write them also see drafts and get
 * a link to the entries' list.
 */
export function FaqMain() {
  const t = useT();
  const subject = useAccessSubject();
  const access = useResourceAccess(faqResource);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const entries = useLocalListController(faqResource, {
    initial: FAQ_STATE,
    ...(access.canWrite ? {} : { permanentFilters: PUBLISHED_ONLY }),
  });
  const { update } = entries;
  useEffect(() => update({ search: debounced }), [debounced, update]);
  const listEntry = findRouteByPath(ENTRIES_LIST);
  const mayEdit = access.canWrite && listEntry !== undefined && canAccess(subject, listEntry);
  const { rows } = entries;
  const translated = useTranslatedEntries(rows?.map((row) => row.id) ?? []);
  const text = (entry: Entry, field: 'question' | 'answer') =>
    translated.get(entry.id)?.[field] || String(entry[field] ?? '');

  return (
    <Stack gap="md" maw={860}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('faq.title')}
        </Title>
        {mayEdit && (
          <Anchor component={Link} to={ENTRIES_LIST} size="sm">
            <Group gap={4} component="span">
              <IconEdit size={16} aria-hidden />
              {t('faq.edit')}
            </Group>
          </Anchor>
        )}
      </Group>
      <TextInput
        label={t('faq.search')}
        placeholder={t('faq.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        type="search"
      />
      <Paper withBorder radius="lg" p="md" aria-busy={entries.list.isFetching}>
        {entries.list.isError ? (
          <Text c="red.8" size="sm" role="alert">
            {t('resource.common.loadFailed')}
          </Text>
        ) : rows === null ? (
          <Stack gap="sm">
            <Skeleton h={40} />
            <Skeleton h={40} />
            <Skeleton h={40} />
          </Stack>
        ) : rows.length === 0 ? (
          <EmptyState
            py={40}
            icon={<IconHelpCircle size={28} aria-hidden />}
            variant="light"
            title={debounced ? t('faq.noMatch', { text: debounced }) : t('faq.empty')}
          />
        ) : (
          <FaqEntries rows={rows} text={text} />
        )}
      </Paper>
    </Stack>
  );
}

type Entry = { id: number } & Record<string, unknown>;

/** The entries as an accordion: a question opens on its answer. */
function FaqEntries({
  rows,
  text,
}: {
  rows: readonly Entry[];
  text: (entry: Entry, field: 'question' | 'answer') => string;
}) {
  const t = useT();
  return (
    <Accordion variant="separated" radius="md" multiple>
      {rows.map((entry) => (
        <Accordion.Item key={entry.id} value={String(entry.id)}>
          <Accordion.Control>
            <Group gap="xs" wrap="nowrap">
              <Text fw={600}>{text(entry, 'question')}</Text>
              {entry.published === false && (
                <Badge size="sm" variant="light" color="gray">
                  {t('faq.draft')}
                </Badge>
              )}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {text(entry, 'answer')}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/**
 * The entries' values in the interface language, when it is not the one they are written in
 * (their translations, spec §7 `{res}/{id}/translations`); an untranslated field keeps the original.
 */
function useTranslatedEntries(ids: readonly number[]): ReadonlyMap<number, Record<string, string>> {
  const { i18n } = useTranslation();
  const calls = useResourceCalls(faqResource);
  const language = i18n.language;
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: resourceKeys.translations(faqResource.name, String(id)),
      queryFn: () => calls.translations(id),
      enabled: language !== DEFAULT_LANGUAGE,
      staleTime: 60_000,
    })),
    combine: (results) =>
      new Map(
        results.flatMap((result, index) => {
          const entry = result.data?.find((item: TranslationEntry) => item.language === language);
          const id = ids[index];
          return entry && id !== undefined ? [[id, entry.values] as const] : [];
        }),
      ),
  });
}
