import {
  Badge,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type GenerateAction,
  type GenerateEventsBody,
  type GenerateEventsResult,
  generateEventsPaths,
} from '@regie/contract/generate-events';
import type { MessageKey } from '@regie/contract/i18n/en';
import { seasonsResource } from '@regie/contract/resources/seasons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../api/action.ts';
import { useApi } from '../../../api/api-context.ts';
import type { ResourceLocation } from '../../../api/resource-api.ts';
import { recordLabel, referenceLocation, useResourceCalls, useResourceList } from '../../../api/resource-queries.ts';
import { dateTimeFormat } from '../../../i18n/dates.ts';
import { useT } from '../../../i18n/use-t.ts';

const COMPETITIONS = referenceLocation('competitions');
// Seasons live under their competition (/main-api/competitions/{id}/seasons).
const SEASONS: ResourceLocation = { ...referenceLocation('seasons'), parent: seasonsResource.parent };
const CHALLENGERS = referenceLocation('challengers');

const TIME_ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC', 'Europe/London', 'Europe/Paris'];
  }
})();

const ACTION_COLOR: Record<GenerateAction, string> = { create: 'teal', update: 'blue', unchanged: 'gray' };

const sum = (counts: Record<string, number>) => counts.event ?? 0;

/**
 * /admin-tools/generate-events: a season's events from its imported fixtures, or from a round
 * robin of chosen challengers (POST /main-api/seasons/{id}/generate-events). "Preview" shows
 * what would be done (dryRun, nothing written); "Generate" does it and shows the report.
 */
export function GenerateEvents() {
  const t = useT();
  const { i18n } = useTranslation();
  const client = useApi();
  const [competitionId, setCompetitionId] = useState<string | null>(null);
  const [seasonId, setSeasonId] = useState<string | null>(null);
  const [source, setSource] = useState<'fixtures' | 'roundRobin'>('fixtures');
  const [challengerIds, setChallengerIds] = useState<string[]>([]);
  const [firstDate, setFirstDate] = useState('');
  const [daysBetweenRounds, setDaysBetweenRounds] = useState<number | string>(7);
  const [legs, setLegs] = useState<'1' | '2'>('2');
  const [kickOffTime, setKickOffTime] = useState('15:00');
  const [timeZone, setTimeZone] = useState<string | null>(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const [result, setResult] = useState<GenerateEventsResult | null>(null);

  const competitions = useResourceList(COMPETITIONS, { offset: 0, limit: 200, sort: 'name' });
  const seasonCalls = useResourceCalls(SEASONS, competitionId);
  const seasons = useQuery({
    queryKey: ['generate-events', 'seasons', competitionId],
    queryFn: ({ signal }) => seasonCalls.list({ offset: 0, limit: 200, sort: 'name' }, signal),
    enabled: competitionId !== null,
  });
  const challengers = useResourceList(CHALLENGERS, { offset: 0, limit: 200, sort: 'name' });

  const body = (dryRun: boolean): GenerateEventsBody =>
    source === 'fixtures'
      ? { source, dryRun }
      : {
          source,
          dryRun,
          challengerIds: challengerIds.map(Number),
          firstDate,
          daysBetweenRounds: Number(daysBetweenRounds),
          legs: legs === '1' ? 1 : 2,
          kickOffTime,
          timeZone: timeZone ?? 'UTC',
        };
  const run = useAction(
    (dryRun: boolean) => client.post<GenerateEventsResult>(generateEventsPaths.generate(seasonId ?? ''), body(dryRun)),
    { onSuccess: setResult },
  );

  const options = (rows: { id: number }[] | undefined) =>
    (rows ?? []).map((row) => ({ value: String(row.id), label: recordLabel(row as never) }));
  const dateTime = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const seasonOptions = competitionId ? options(seasons.data?.data) : [];

  return (
    <Stack maw={960}>
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="generate-events-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="generate-events-title">
            {t('generateEvents.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('generateEvents.intro')}
          </Text>
          <Group grow align="flex-start">
            <Select
              label={t('generateEvents.competition')}
              data={options(competitions.data?.data)}
              value={competitionId}
              onChange={(value) => {
                setCompetitionId(value);
                setSeasonId(null);
                setResult(null);
              }}
              searchable
            />
            <Select
              label={t('generateEvents.season')}
              data={seasonOptions}
              value={seasonId}
              onChange={(value) => {
                setSeasonId(value);
                setResult(null);
              }}
              disabled={!competitionId}
              description={competitionId ? undefined : t('generateEvents.pickCompetition')}
            />
          </Group>
          <Radio.Group
            label={t('generateEvents.source')}
            value={source}
            onChange={(value) => {
              if (value === 'fixtures' || value === 'roundRobin') setSource(value);
              setResult(null);
            }}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="fixtures"
                label={t('generateEvents.source.fixtures')}
                description={t('generateEvents.source.fixturesHint')}
              />
              <Radio
                value="roundRobin"
                label={t('generateEvents.source.roundRobin')}
                description={t('generateEvents.source.roundRobinHint')}
              />
            </Stack>
          </Radio.Group>
          {source === 'roundRobin' && (
            <Stack gap="sm">
              <MultiSelect
                label={t('generateEvents.challengers')}
                description={t('generateEvents.challengersHint')}
                data={options(challengers.data?.data)}
                value={challengerIds}
                onChange={setChallengerIds}
                searchable
              />
              <Group grow align="flex-start">
                <TextInput
                  type="date"
                  label={t('generateEvents.firstDate')}
                  value={firstDate}
                  onChange={(event) => setFirstDate(event.currentTarget.value)}
                />
                <NumberInput
                  label={t('generateEvents.daysBetweenRounds')}
                  min={1}
                  max={60}
                  value={daysBetweenRounds}
                  onChange={setDaysBetweenRounds}
                />
                <TextInput
                  type="time"
                  label={t('generateEvents.kickOffTime')}
                  value={kickOffTime}
                  onChange={(event) => setKickOffTime(event.currentTarget.value)}
                />
                <Select
                  label={t('generateEvents.timeZone')}
                  data={TIME_ZONES}
                  value={timeZone}
                  onChange={setTimeZone}
                  searchable
                />
              </Group>
              <Radio.Group
                label={t('generateEvents.legs')}
                value={legs}
                onChange={(value) => (value === '1' || value === '2') && setLegs(value)}
              >
                <Group gap="lg" mt="xs">
                  <Radio value="1" label={t('generateEvents.legs.one')} />
                  <Radio value="2" label={t('generateEvents.legs.two')} />
                </Group>
              </Radio.Group>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!seasonId}
              loading={run.isPending && run.variables === true}
              onClick={() => run.mutate(true, { onError: () => undefined })}
            >
              {t('generateEvents.preview')}
            </Button>
            <Button
              disabled={!seasonId}
              loading={run.isPending && run.variables === false}
              onClick={() => run.mutate(false, { onError: () => undefined })}
            >
              {t('generateEvents.generate')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {result && <ResultTable result={result} format={(iso) => dateTime.format(new Date(iso))} />}
    </Stack>
  );
}

function ResultTable({ result, format }: { result: GenerateEventsResult; format: (iso: string) => string }) {
  const t = useT();
  const title = result.dryRun ? t('generateEvents.previewTitle') : t('generateEvents.resultTitle');
  const actionKey = (action: GenerateAction): MessageKey =>
    result.dryRun ? `generateEvents.action.${action}` : `generateEvents.done.${action}`;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" role="status">
          {t('generateEvents.summary', {
            created: sum(result.report.created),
            updated: sum(result.report.updated),
            unchanged: sum(result.report.unchanged),
            refused: result.report.refused.length,
          })}
        </Text>
        {result.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('generateEvents.noRows')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('generateEvents.column.round')}</Table.Th>
                  <Table.Th scope="col">{t('generateEvents.column.home')}</Table.Th>
                  <Table.Th scope="col">{t('generateEvents.column.away')}</Table.Th>
                  <Table.Th scope="col">{t('generateEvents.column.startsAt')}</Table.Th>
                  <Table.Th scope="col">{t('generateEvents.column.venue')}</Table.Th>
                  <Table.Th scope="col">{t('generateEvents.column.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.rows.map((row) => (
                  <Table.Tr key={row.fixtureId}>
                    <Table.Td>{row.round ?? '—'}</Table.Td>
                    <Table.Td>{row.home?.name ?? '—'}</Table.Td>
                    <Table.Td>{row.away?.name ?? '—'}</Table.Td>
                    <Table.Td>{format(row.startsAt)}</Table.Td>
                    <Table.Td>{row.venue || '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={ACTION_COLOR[row.action]} variant="light">
                        {t(actionKey(row.action))}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {result.report.refused.length > 0 && (
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t('generateEvents.refused')}
            </Title>
            <ul>
              {result.report.refused.map((refused) => (
                <li key={`${refused.kind}:${refused.ref}`}>
                  <Text size="sm">
                    {refused.ref}: {refused.reason}
                  </Text>
                </li>
              ))}
            </ul>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
