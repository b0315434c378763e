import { Anchor, Button, Group, NumberInput, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { FEED_PROVIDERS } from '@regie/contract/feeds';
import type { MessageKey } from '@regie/contract/i18n/en';
import {
  matchEventPaths,
  PARSER_MAPPING_MODES,
  type ParserMappingKeysResponse,
  type ParserMappingResponse,
} from '@regie/contract/match-events';
import { sportsResource } from '@regie/contract/resources/sports';
import { fillPath } from '@regie/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { useT } from '../../i18n/use-t.ts';
import { useLocalListController } from '../../resources/use-list-controller.ts';
import { useMarkerTypes } from '../markers/marker-calls.ts';

const ROUTE = '/admin-tools/parser-mapping/:provider?/:sportId?/:mode?/:dataProviderMappingId?';
const NOTHING = 'nothing';

/** The choices the URL holds: each optional, in order. */
function useChoices() {
  const params = useParams();
  const provider = FEED_PROVIDERS.find((name) => name === params.provider) ?? null;
  const sportId = Number(params.sportId) > 0 ? Number(params.sportId) : null;
  const mode = PARSER_MAPPING_MODES.find((name) => name === params.mode) ?? null;
  const mappingId = Number(params.dataProviderMappingId) > 0 ? Number(params.dataProviderMappingId) : null;
  return { provider, sportId, mode, mappingId };
}

type Choices = ReturnType<typeof useChoices>;

/** The URL of some choices: the ones after a missing one are left out (the params are in order). */
function pathOf(choices: Choices): string {
  const params: Record<string, string | number> = {};
  if (choices.provider) params.provider = choices.provider;
  if (choices.provider && choices.sportId) params.sportId = choices.sportId;
  if (choices.provider && choices.sportId && choices.mode) params.mode = choices.mode;
  if (params.mode && choices.mappingId) params.dataProviderMappingId = choices.mappingId;
  return fillPath(ROUTE, params);
}

/**
 * /admin-tools/parser-mapping/{provider}/{sportId}/{mode}/{dataProviderMappingId}: for the
 * account acted for, the marker type each of a provider's event types becomes (or nothing), per
 * sport and mode (live or replay), optionally for one data provider mapping. The URL follows the
 * choices, so a mapping can be shared and survives a reload.
 */
export function ParserMapping() {
  const t = useT();
  const choices = useChoices();
  const navigate = useNavigate();
  const choose = (change: Partial<Choices>) => navigate(pathOf({ ...choices, ...change }), { replace: true });
  const sports = useLocalListController(sportsResource, { initial: { pageSize: 100 } });
  const sportOptions = (sports.rows ?? []).flatMap((row) =>
    typeof row.id === 'number' ? [{ value: String(row.id), label: String(row.name ?? row.id) }] : [],
  );
  const { provider, sportId, mode } = choices;

  return (
    <Stack maw={960}>
      <Paper withBorder radius="lg" p="md">
        <Title order={2} size="h4" mb={4}>
          {t('match.mapping.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('match.mapping.intro')}
        </Text>
        <Group align="flex-end" gap="sm">
          <Select
            label={t('match.mapping.provider')}
            data={FEED_PROVIDERS.map((name) => ({ value: name, label: name }))}
            value={provider}
            onChange={(value) => choose({ provider: FEED_PROVIDERS.find((name) => name === value) ?? null })}
            allowDeselect={false}
          />
          <Select
            label={t('match.mapping.sport')}
            data={sportOptions}
            value={sportId === null ? null : String(sportId)}
            onChange={(value) => choose({ sportId: value ? Number(value) : null })}
            allowDeselect={false}
            searchable
          />
          <Select
            label={t('match.mapping.mode')}
            data={PARSER_MAPPING_MODES.map((name) => ({
              value: name,
              label: t(`match.mapping.mode.${name}` as MessageKey),
            }))}
            value={mode}
            onChange={(value) => choose({ mode: PARSER_MAPPING_MODES.find((name) => name === value) ?? null })}
            allowDeselect={false}
          />
          <NumberInput
            label={t('match.mapping.mappingId')}
            min={1}
            allowDecimal={false}
            value={choices.mappingId ?? ''}
            onChange={(value) => choose({ mappingId: typeof value === 'number' && value > 0 ? value : null })}
          />
        </Group>
      </Paper>
      {provider && sportId && mode ? (
        <MappingTable choices={{ ...choices, provider, sportId, mode }} />
      ) : (
        <Text c="dimmed">{t('match.mapping.choose')}</Text>
      )}
    </Stack>
  );
}

interface ChosenMapping {
  provider: (typeof FEED_PROVIDERS)[number];
  sportId: number;
  mode: (typeof PARSER_MAPPING_MODES)[number];
  mappingId: number | null;
}

function mappingQuery(choices: ChosenMapping) {
  return {
    provider: choices.provider,
    sportId: choices.sportId,
    mode: choices.mode,
    ...(choices.mappingId ? { dataProviderMappingId: choices.mappingId } : {}),
  };
}

/** The provider's keys, each with a marker type select; saved together. */
function MappingTable({ choices }: { choices: ChosenMapping }) {
  const t = useT();
  const api = useApi();
  const queryClient = useQueryClient();
  const query = mappingQuery(choices);
  const key = ['parser-mapping', query] as const;
  const mapping = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<ParserMappingResponse>(matchEventPaths.parserMappings, query, { signal }),
  });
  const keys = useQuery({
    queryKey: ['parser-mapping-keys', choices.provider],
    queryFn: ({ signal }) =>
      api.get<ParserMappingKeysResponse>(matchEventPaths.parserMappingKeys, { provider: choices.provider }, { signal }),
  });
  const { types } = useMarkerTypes();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const stored = useMemo(() => {
    const values: Record<string, string> = {};
    for (const entry of mapping.data?.entries ?? []) {
      values[entry.key] = entry.markerTypeId === null ? NOTHING : String(entry.markerTypeId);
    }
    return values;
  }, [mapping.data]);
  useEffect(() => setDraft(stored), [stored]);
  const save = useAction(
    () =>
      api.put<ParserMappingResponse>(
        matchEventPaths.parserMappings,
        {
          entries: Object.entries(draft)
            .filter(([entryKey, value]) => stored[entryKey] !== value)
            .map(([entryKey, value]) => ({ key: entryKey, markerTypeId: value === NOTHING ? null : Number(value) })),
        },
        { query },
      ),
    { success: 'match.mapping.saved', onSuccess: (saved) => queryClient.setQueryData(key, saved) },
  );
  const typeOptions = [
    { value: NOTHING, label: t('match.mapping.nothing') },
    ...types.map((type) => ({ value: String(type.id), label: type.name })),
  ];
  const dirty = Object.entries(draft).some(([entryKey, value]) => stored[entryKey] !== value);
  const entries = mapping.data?.entries ?? [];

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="parser-mapping-keys">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5" id="parser-mapping-keys">
          {t('match.mapping.key')}
        </Title>
        {keys.data?.documentation && (
          <Anchor href={keys.data.documentation} target="_blank" rel="noreferrer" size="sm">
            {t('match.mapping.documentation')}
          </Anchor>
        )}
      </Group>
      <Table striped data-testid="parser-mapping-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('match.mapping.key')}</Table.Th>
            <Table.Th>{t('match.mapping.meaning')}</Table.Th>
            <Table.Th>{t('match.mapping.markerType')}</Table.Th>
            <Table.Th>{t('match.mapping.source')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.key}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {entry.key}
                </Text>
              </Table.Td>
              <Table.Td>{entry.meaning ? t(`match.meaning.${entry.meaning}` as MessageKey) : ''}</Table.Td>
              <Table.Td>
                <Select
                  size="xs"
                  aria-label={t('match.mapping.typeOf', { key: entry.key })}
                  data={typeOptions}
                  value={draft[entry.key] ?? NOTHING}
                  onChange={(value) => setDraft({ ...draft, [entry.key]: value ?? NOTHING })}
                  allowDeselect={false}
                />
              </Table.Td>
              <Table.Td>{t(`match.mapping.source.${entry.source}` as MessageKey)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group mt="md">
        <Button onClick={() => save.mutate(undefined)} disabled={!dirty} loading={save.isPending}>
          {t('match.mapping.save')}
        </Button>
      </Group>
    </Paper>
  );
}
