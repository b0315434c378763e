import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { resourcePath } from '@regie/contract/api';
import type { ImportDecision, ImportPreview } from '@regie/contract/data-import';
import type { CsvColumnMapping } from '@regie/contract/feeds';
import { IconDatabaseImport, IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage, useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { useT } from '../../i18n/use-t.ts';
import { useMappableRecords, useRecordOptions } from '../data-providers/data-feeds-calls.ts';
import { CsvColumns } from './CsvColumns.tsx';
import { csvHeaders, fileHead } from './csv-headers.ts';
import { dataImportCalls, type ImportRequest, type ImportSource } from './data-import-calls.ts';
import { ImportJobPanel } from './ImportJobPanel.tsx';
import { ImportPreviewPanel } from './ImportPreviewPanel.tsx';
import { ImportSourceForm, type SourceDraft } from './ImportSourceForm.tsx';

const EMPTY_DRAFT: SourceDraft = {
  provider: 'openfootball',
  kind: 'file',
  file: null,
  url: '',
  text: '',
  timeZone: '',
  sportId: '',
  eventId: '',
};

function sourceOf(draft: SourceDraft): ImportSource | null {
  if (draft.kind === 'file') return draft.file ? { kind: 'file', file: draft.file } : null;
  if (draft.kind === 'url') return draft.url.trim() ? { kind: 'url', url: draft.url.trim() } : null;
  return draft.text.trim() ? { kind: 'text', text: draft.text } : null;
}

/** The headers of the CSV the user chose or pasted (read in the browser, first line only). */
function useCsvHeaders(draft: SourceDraft): string[] {
  const [headers, setHeaders] = useState<string[]>([]);
  useEffect(() => {
    if (draft.provider !== 'csv') return;
    if (draft.kind === 'text') {
      setHeaders(csvHeaders(draft.text));
      return;
    }
    if (draft.kind !== 'file' || !draft.file) {
      setHeaders([]);
      return;
    }
    let current = true;
    void fileHead(draft.file).then((text) => current && setHeaders(csvHeaders(text)));
    return () => {
      current = false;
    };
  }, [draft.provider, draft.kind, draft.file, draft.text]);
  return headers;
}

/**
 * data-import/ipfl: pick a provider, give a document (file, URL or pasted text; a CSV's columns
 * mapped once per sport), preview what it holds and where each name goes (create, or pick an
 * existing record), then import it as a job followed live to its report.
 */
export function DataImport() {
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => dataImportCalls(api), [api]);
  const [draft, setDraft] = useState<SourceDraft>(EMPTY_DRAFT);
  const [columns, setColumns] = useState<CsvColumnMapping>({});
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [decisions, setDecisions] = useState<Map<string, ImportDecision>>(new Map());
  const [jobId, setJobId] = useState<number | null>(null);
  const [fileRefused, setFileRefused] = useState<string | null>(null);
  const headers = useCsvHeaders(draft);

  const providers = useQuery({ queryKey: ['data-import', 'providers'], queryFn: () => calls.providers() });
  const sports = useQuery({
    queryKey: ['data-import', 'sports'],
    queryFn: () =>
      api.get<{ data: { id: number; name: string }[] }>(resourcePath({ gateway: 'main', name: 'sports' }), {
        limit: 200,
        sort: 'name',
      }),
  });
  const events = useMappableRecords('event');
  const eventOptions = useRecordOptions(events.data);
  const sportId = Number(draft.sportId) || undefined;
  const saved = useQuery({
    queryKey: ['data-import', 'csv-mapping', sportId],
    queryFn: () => calls.csvMapping(sportId ?? 0),
    enabled: draft.provider === 'csv' && sportId !== undefined,
  });
  useEffect(() => {
    if (saved.data?.columns) setColumns(saved.data.columns);
  }, [saved.data]);

  const changeDraft = (next: SourceDraft) => {
    setDraft(next);
    setPreview(null);
    setDecisions(new Map());
  };
  const source = sourceOf(draft);
  const request = (): ImportRequest | null =>
    source && {
      provider: draft.provider,
      source,
      sportId,
      eventId: Number(draft.eventId) || undefined,
      csvColumns: draft.provider === 'csv' ? columns : undefined,
      timeZone: draft.timeZone.trim() || undefined,
      decisions: [...decisions.values()],
    };

  const previewAction = useAction(
    async (input: ImportRequest) => {
      if (input.provider === 'csv' && input.sportId && Object.keys(columns).length > 0) {
        await calls.saveCsvMapping(input.sportId, columns);
      }
      return calls.preview(input);
    },
    { pending: 'dataImport.previewPending', success: false, onSuccess: setPreview },
  );
  const importAction = useAction((input: ImportRequest) => calls.start(input), {
    pending: 'dataImport.importPending',
    success: 'dataImport.importStarted',
    onSuccess: (started) => setJobId(started.jobId),
  });

  const sportOptions = (sports.data?.data ?? []).map((sport) => ({ value: String(sport.id), label: sport.name }));
  const restart = () => {
    setJobId(null);
    setPreview(null);
    setDecisions(new Map());
    setDraft({ ...EMPTY_DRAFT, provider: draft.provider, sportId: draft.sportId, eventId: draft.eventId });
  };

  return (
    <Stack maw={1040} gap="lg">
      <Text>{t('dataImport.intro')}</Text>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Title order={3}>{t('dataImport.source.title')}</Title>
          <ImportSourceForm
            providers={providers.data ?? []}
            sports={sportOptions}
            events={eventOptions}
            draft={draft}
            onChange={changeDraft}
            onRefused={setFileRefused}
          />
          {fileRefused && (
            <Alert color="red" role="alert">
              {fileRefused}
            </Alert>
          )}
          {draft.provider === 'csv' && <CsvColumns headers={headers} columns={columns} onChange={setColumns} />}
          {previewAction.isError && (
            <Alert color="red" variant="light" title={t('dataImport.refused')} role="alert">
              {errorMessage(previewAction.error, t)}
            </Alert>
          )}
          <Group>
            <Button
              leftSection={<IconEye size={16} aria-hidden />}
              disabled={!source || jobId !== null}
              loading={previewAction.isPending}
              onClick={() => {
                const input = request();
                if (input) previewAction.mutate(input);
              }}
            >
              {t('dataImport.previewButton')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {preview && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <ImportPreviewPanel preview={preview} calls={calls} decisions={decisions} onDecisions={setDecisions} />
            {importAction.isError && (
              <Alert color="red" variant="light" title={t('dataImport.refused')} role="alert">
                {errorMessage(importAction.error, t)}
              </Alert>
            )}
            <Group>
              <Button
                leftSection={<IconDatabaseImport size={16} aria-hidden />}
                disabled={jobId !== null}
                loading={importAction.isPending}
                onClick={() => {
                  const input = request();
                  if (input) importAction.mutate(input);
                }}
              >
                {t('dataImport.importButton')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {jobId !== null && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <ImportJobPanel jobId={jobId} calls={calls} />
            <Group>
              <Button variant="default" onClick={restart}>
                {t('dataImport.again')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
