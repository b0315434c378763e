import { Badge, Group, List, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportDecision, ImportName, ImportPreview } from '@regie/contract/data-import';
import type { MessageKey } from '@regie/contract/i18n/en';
import { useQuery } from '@tanstack/react-query';
import { useDateFormats } from '../../i18n/use-date-formats.ts';
import { useT } from '../../i18n/use-t.ts';
import type { DataImportCalls } from './data-import-calls.ts';

/** Fixtures listed in the preview; the rest are counted. */
const FIXTURES_SHOWN = 30;
const CREATE = 'create';

const decisionKey = (name: Pick<ImportName, 'kind' | 'ref'>) => `${name.kind}\u0000${name.ref}`;

/** The record each name goes to once the user's choices are applied: null to create. */
export function chosenRecord(name: ImportName, decisions: ReadonlyMap<string, ImportDecision>): number | null {
  const decision = decisions.get(decisionKey(name));
  if (decision) return decision.recordId;
  return name.match?.id ?? null;
}

export function setDecision(
  decisions: ReadonlyMap<string, ImportDecision>,
  name: ImportName,
  recordId: number | null,
): Map<string, ImportDecision> {
  const next = new Map(decisions);
  next.set(decisionKey(name), { kind: name.kind, ref: name.ref, recordId });
  return next;
}

/** One name: what it is, how it was matched, and a select to create it or pick an existing record. */
function NameRow({
  name,
  parentId,
  calls,
  value,
  onChange,
}: {
  name: ImportName;
  parentId: number | null;
  calls: DataImportCalls;
  value: number | null;
  onChange: (recordId: number | null) => void;
}) {
  const t = useT();
  const records = useQuery({
    queryKey: ['data-import', 'records', name.kind, parentId],
    queryFn: () => calls.records(name.kind, parentId),
  });
  const kind = t(`dataImport.kind.${name.kind}` as MessageKey);
  const shown = name.name || t('dataImport.names.noName');
  const options = [
    { value: CREATE, label: t('dataImport.names.create') },
    ...(records.data ?? []).map((record) => ({ value: String(record.id), label: record.name })),
  ];
  if (name.match && !options.some((option) => option.value === String(name.match?.id))) {
    options.push({ value: String(name.match.id), label: name.match.name });
  }
  return (
    <Table.Tr>
      <Table.Td>{kind}</Table.Td>
      <Table.Td>{shown}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label={t('dataImport.names.select', { kind: kind.toLowerCase(), name: shown })}
            data={options}
            value={value === null ? CREATE : String(value)}
            allowDeselect={false}
            searchable
            onChange={(selected) => onChange(!selected || selected === CREATE ? null : Number(selected))}
          />
          <Badge variant="light" color={name.match ? 'teal' : 'gray'}>
            {name.match
              ? t(`dataImport.names.matchedBy.${name.match.by}` as MessageKey)
              : t('dataImport.names.unknown')}
          </Badge>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The preview: counts, names with their records (a select each), fixtures and what happens to them, refused rows. */
export function ImportPreviewPanel({
  preview,
  calls,
  decisions,
  onDecisions,
}: {
  preview: ImportPreview;
  calls: DataImportCalls;
  decisions: ReadonlyMap<string, ImportDecision>;
  onDecisions: (decisions: Map<string, ImportDecision>) => void;
}) {
  const t = useT();
  const dates = useDateFormats();
  const competition = preview.names.find((name) => name.kind === 'competition');
  const season = preview.names.find((name) => name.kind === 'season');
  const parentOf = (name: ImportName): number | null => {
    if (name.kind === 'season') return competition ? chosenRecord(competition, decisions) : null;
    if (name.kind === 'round') return season ? chosenRecord(season, decisions) : null;
    return null;
  };
  const counts = [
    ['fixtures', preview.counts.fixtures],
    ['teams', preview.counts.teams],
    ['people', preview.counts.people],
    ['matchEvents', preview.counts.matchEvents],
  ] as const;
  return (
    <Stack gap="md" data-testid="import-preview">
      <Title order={3}>{t('dataImport.preview.title')}</Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {counts.map(([key, count]) => (
          <Paper key={key} withBorder p="sm" radius="md">
            <Text size="sm" c="dimmed">
              {t(`dataImport.count.${key}` as MessageKey)}
            </Text>
            <Text fw={700} size="xl" data-testid={`count-${key}`}>
              {count}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {preview.names.length > 0 && (
        <Stack gap="xs">
          <Title order={4}>{t('dataImport.names.title')}</Title>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dataImport.names.kind')}</Table.Th>
                <Table.Th>{t('dataImport.names.name')}</Table.Th>
                <Table.Th>{t('dataImport.names.record')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.names.map((name) => (
                <NameRow
                  key={decisionKey(name)}
                  name={name}
                  parentId={parentOf(name)}
                  calls={calls}
                  value={chosenRecord(name, decisions)}
                  onChange={(recordId) => onDecisions(setDecision(decisions, name, recordId))}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      {preview.fixtures.length > 0 && (
        <Stack gap="xs">
          <Title order={4}>{t('dataImport.fixtures.title')}</Title>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dataImport.fixtures.kickOff')}</Table.Th>
                <Table.Th>{t('dataImport.fixtures.round')}</Table.Th>
                <Table.Th>{t('dataImport.fixtures.match')}</Table.Th>
                <Table.Th>{t('dataImport.fixtures.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.fixtures.slice(0, FIXTURES_SHOWN).map((fixture) => (
                <Table.Tr key={fixture.ref}>
                  <Table.Td>{dates.dateTime(fixture.startsAt)}</Table.Td>
                  <Table.Td>{fixture.round ?? ''}</Table.Td>
                  <Table.Td>
                    {fixture.home} – {fixture.away}
                  </Table.Td>
                  <Table.Td>{t(`dataImport.action.${fixture.action}` as MessageKey)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {preview.fixtures.length > FIXTURES_SHOWN && (
            <Text size="sm" c="dimmed">
              {t('dataImport.fixtures.more', { count: preview.fixtures.length - FIXTURES_SHOWN })}
            </Text>
          )}
        </Stack>
      )}
      {preview.refused.length > 0 && (
        <Stack gap="xs">
          <Title order={4}>{t('dataImport.refusedRows')}</Title>
          <List size="sm">
            {preview.refused.map((row) => (
              <List.Item key={`${row.kind}-${row.ref}-${row.reason}`}>
                {t('dataImport.refusedRow', { kind: row.kind, ref: row.ref, reason: row.reason })}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
