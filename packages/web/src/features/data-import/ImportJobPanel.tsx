import { Alert, List, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportReport } from '@regie/contract/feeds';
import { isRecord } from '@regie/contract/guards';
import type { MessageKey } from '@regie/contract/i18n/en';
import { JOB_EVENTS, JOBS_TOPIC } from '@regie/contract/jobs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useRealtimeEvent } from '../../realtime/use-realtime.ts';
import type { DataImportCalls } from './data-import-calls.ts';

/** Without realtime events (a lost channel), the job is read again this often while it runs. */
const POLL_MS = 2_000;

function isReport(value: unknown): value is ImportReport {
  return isRecord(value) && isRecord(value.created) && Array.isArray(value.refused);
}

/** The kinds a report counts, in a stable order: the known ones first. */
function kindsOf(report: ImportReport): string[] {
  const known = ['competition', 'season', 'round', 'challenger', 'fixture', 'event', 'marker', 'stat'];
  const all = new Set([
    ...Object.keys(report.created),
    ...Object.keys(report.updated),
    ...Object.keys(report.unchanged),
  ]);
  return [...known.filter((kind) => all.has(kind)), ...[...all].filter((kind) => !known.includes(kind)).sort()];
}

/** The report: per kind of record, created / updated / unchanged, then the refused rows. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const t = useT();
  const label = (kind: string) => {
    const key = `dataImport.report.kind.${kind}`;
    const text = t(key as MessageKey);
    return text === key ? kind : text;
  };
  return (
    <Stack gap="sm" data-testid="import-report">
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dataImport.report.kind')}</Table.Th>
            <Table.Th>{t('dataImport.report.created')}</Table.Th>
            <Table.Th>{t('dataImport.report.updated')}</Table.Th>
            <Table.Th>{t('dataImport.report.unchanged')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {kindsOf(report).map((kind) => (
            <Table.Tr key={kind}>
              <Table.Td>{label(kind)}</Table.Td>
              <Table.Td>{report.created[kind] ?? 0}</Table.Td>
              <Table.Td>{report.updated[kind] ?? 0}</Table.Td>
              <Table.Td>{report.unchanged[kind] ?? 0}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={4}>{t('dataImport.refusedRows')}</Title>
      {report.refused.length === 0 ? (
        <Text size="sm">{t('dataImport.report.nothingRefused')}</Text>
      ) : (
        <List size="sm">
          {report.refused.map((row) => (
            <List.Item key={`${row.kind}-${row.ref}-${row.reason}`}>
              {t('dataImport.refusedRow', { kind: row.kind, ref: row.ref, reason: row.reason })}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** The import job, followed live (realtime job events; read again while it runs), then its report. */
export function ImportJobPanel({ jobId, calls }: { jobId: number; calls: DataImportCalls }) {
  const t = useT();
  const queryClient = useQueryClient();
  const queryKey = ['data-import', 'job', jobId];
  const [liveProgress, setLiveProgress] = useState<number | null>(null);
  const job = useQuery({
    queryKey,
    queryFn: () => calls.job(jobId),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'done' || state === 'failed' ? false : POLL_MS;
    },
  });
  useRealtimeEvent(JOBS_TOPIC, (event) => {
    const payload = event.payload;
    if (!isRecord(payload) || payload.id !== jobId) return;
    if (event.type === JOB_EVENTS.progress && typeof payload.progress === 'number') setLiveProgress(payload.progress);
    if (event.type === JOB_EVENTS.state) void queryClient.invalidateQueries({ queryKey });
  });
  const data = job.data;
  const state = data?.state ?? 'waiting';
  const progress = Math.max(liveProgress ?? 0, data?.progress ?? 0);
  const result = data?.result;
  return (
    <Stack gap="sm" data-testid="import-job">
      <Title order={3}>{t('dataImport.job.title')}</Title>
      <Progress
        value={state === 'done' ? 100 : progress}
        aria-label={t('dataImport.job.progress')}
        animated={state !== 'done'}
      />
      <Text role="status" aria-live="polite">
        {state === 'waiting' && t('dataImport.job.waiting')}
        {state === 'in_progress' && t('dataImport.job.running', { percent: Math.round(progress) })}
        {state === 'done' && t('dataImport.job.done')}
      </Text>
      {state === 'failed' && data?.lastError && (
        <Alert color="red" role="alert">
          {t('dataImport.job.failed', { reason: data.lastError })}
        </Alert>
      )}
      {state === 'done' && isReport(result) && <ImportReportView report={result} />}
    </Stack>
  );
}
