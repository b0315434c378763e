import { Button, Progress, Stack, Text } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import { useState } from 'react';
import { errorMessage } from '../api/action.ts';
import { useApi } from '../api/api-context.ts';
import { notify } from '../api/notify.ts';
import { downloadStreamedCsv, type ExportProgress } from '../api/streamed-csv.ts';
import { useT } from '../i18n/use-t.ts';

interface Props {
  /** The export's path (GET, streamed CSV) and its query (the list's filters). */
  path: string;
  query?: Record<string, unknown>;
  /** Rows the list holds: the button is off when none. */
  total: number;
  /** The file's name when the server gives none. */
  fallbackName: string;
  /** "{{rows}} of {{total}} … exported", by what the rows are. */
  rowsKey?: MessageKey;
}

/** Exports a list as CSV, streamed, with a progress bar of the rows received so far. */
export function CsvExportButton({ path, query, total, fallbackName, rowsKey = 'export.rows' }: Props) {
  const t = useT();
  const api = useApi();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const exportAll = async () => {
    setProgress({ rows: 0, total });
    try {
      await downloadStreamedCsv(api, { path, ...(query ? { query } : {}), fallbackName }, setProgress);
    } catch (error) {
      notify({ type: 'danger', text: errorMessage(error, t) });
    } finally {
      setProgress(null);
    }
  };
  const percent = progress && progress.total > 0 ? Math.min(100, (progress.rows / progress.total) * 100) : 0;
  return (
    <Stack gap={4} align="flex-start">
      <Button onClick={exportAll} loading={progress !== null} disabled={total === 0}>
        {t('export.button')}
      </Button>
      {progress && (
        <Stack gap={4} w="100%">
          <Progress value={percent} aria-label={t('export.progress')} animated />
          <Text size="sm" aria-live="polite">
            {t(rowsKey, { rows: progress.rows, total: progress.total })}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
