import { Button, CopyButton, Group, Paper, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import type { ChaptersExport } from '@regie/contract/conferences.schemas';
import { IconCheck, IconCopy, IconDownload, IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import type { ChapterActions } from './conference-calls.ts';
import { downloadText } from './download-text.ts';

interface Props {
  /** The chapter calls' export (it waits for the edits sent before it). */
  exportAll: ChapterActions['exportAll'];
  disabled: boolean;
}

type Format = 'vtt' | 'csv' | 'description';

/** Each format: its text in the answer, its file extension and type, and its label. */
const FORMATS = [
  { format: 'vtt', extension: 'vtt', type: 'text/vtt', labelKey: 'conferences.export.vtt' },
  { format: 'csv', extension: 'csv', type: 'text/csv', labelKey: 'conferences.export.csv' },
  { format: 'description', extension: 'txt', type: 'text/plain', labelKey: 'conferences.export.description' },
] as const;

/**
 * POST actions {type: 'export_chapters'}: the chapters as WebVTT, CSV and a YouTube description,
 * each shown, downloadable and copyable. Exported again on demand, after edits.
 */
export function ChaptersExportPanel({ exportAll, disabled }: Props) {
  const t = useT();
  const [result, setResult] = useState<ChaptersExport | null>(null);
  const [tab, setTab] = useState<Format>('vtt');
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="chapters-export-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="chapters-export-title">
            {t('conferences.export.heading')}
          </Title>
          <Button
            variant="default"
            leftSection={<IconFileExport size={16} aria-hidden />}
            loading={exportAll.isPending}
            disabled={disabled}
            onClick={() => exportAll.mutate(undefined, { onSuccess: setResult, onError: () => undefined })}
          >
            {t('conferences.export.run')}
          </Button>
        </Group>
        {result === null ? (
          <Text size="sm" c="dimmed">
            {t('conferences.export.hint')}
          </Text>
        ) : (
          <Tabs value={tab} onChange={(value) => setTab(value === 'csv' || value === 'description' ? value : 'vtt')}>
            <Tabs.List>
              {FORMATS.map((entry) => (
                <Tabs.Tab key={entry.format} value={entry.format}>
                  {t(entry.labelKey)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {FORMATS.map((entry) => (
              <Tabs.Panel key={entry.format} value={entry.format} pt="sm">
                <ExportFormat entry={entry} result={result} />
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Stack>
    </Paper>
  );
}

/** One format's text, with its download and copy buttons. */
function ExportFormat({ entry, result }: { entry: (typeof FORMATS)[number]; result: ChaptersExport }) {
  const t = useT();
  const file = `${result.filename}.${entry.extension}`;
  return (
    <Stack gap="xs">
      <Textarea
        label={t(entry.labelKey)}
        value={result[entry.format]}
        readOnly
        autosize
        minRows={4}
        maxRows={14}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => downloadText(file, result[entry.format], entry.type)}
        >
          {t('conferences.export.download', { file })}
        </Button>
        <CopyButton value={result[entry.format]}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="default"
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              onClick={copy}
            >
              {copied ? t('conferences.export.copied') : t('conferences.export.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
