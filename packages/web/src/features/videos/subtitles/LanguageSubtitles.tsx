import { Alert, Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import type { SubtitleLanguage } from '@regie/contract/videos';
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconDeviceFloppy,
  IconPlus,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { LANGUAGE_LABELS } from '../../../i18n/language-labels.ts';
import { useT } from '../../../i18n/use-t.ts';
import { UnsavedChangesGuard } from '../../../resources/UnsavedChangesGuard.tsx';
import { ConfirmDialog } from '../../../widgets/ConfirmDialog.tsx';
import { CueTable } from './CueTable.tsx';
import { appendedRow, type CueRow, cuesOf, rowsOf, validateRows } from './cue-rows.ts';
import { type SubtitleBody, useSubtitleActions, useSubtitleCues } from './subtitle-calls.ts';

interface Props {
  videoId: number;
  language: SubtitleLanguage;
  /** The video has a track in this language. */
  exists: boolean;
  canWrite: boolean;
}

/** The server's explanation of a refused file: its message and the line it names. */
function refusal(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  return [error.message, ...error.fieldErrors.map((field) => `${field.path}: ${field.message}`)];
}

/**
 * One language's subtitles: upload a WebVTT or SRT file (the server checks it and names the line
 * of a mistake), or edit the cues in place and save them; delete the language.
 */
export function LanguageSubtitles({ videoId, language, exists, canWrite }: Props) {
  const t = useT();
  const cues = useSubtitleCues(videoId, language, exists);
  const { save, remove } = useSubtitleActions(videoId, language);
  const [rows, setRows] = useState<CueRow[]>([]);
  const [dirty, setDirty] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<string[] | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const bypass = useRef(false);
  const errors = useMemo(() => validateRows(rows), [rows]);
  const languageName = t(LANGUAGE_LABELS[language]);

  // What the server holds replaces the table whenever it is (re)loaded, and on a reset (spec §4).
  const resetRows = useCallback(() => {
    setRows(rowsOf(exists ? (cues.data ?? []) : []));
    setDirty(false);
    setTouched(new Set());
    setSubmitted(false);
    setProblem(null);
  }, [cues.data, exists]);
  useEffect(resetRows, [resetRows]);

  const edit = (next: CueRow[]) => {
    setRows(next);
    setDirty(true);
  };

  async function send(body: SubtitleBody) {
    setProblem(null);
    try {
      const saved = await save.mutateAsync(body);
      setRows(rowsOf(saved));
      setDirty(false);
      setSubmitted(false);
    } catch (error) {
      setProblem(refusal(error));
    }
  }

  async function upload(file: File | null) {
    if (!file) return;
    const format = file.name.toLowerCase().endsWith('.srt') ? 'srt' : 'vtt';
    await send({ format, content: await file.text() });
  }

  async function saveRows() {
    setSubmitted(true);
    if (errors.size > 0) return;
    await send(cuesOf(rows));
  }

  async function confirmDelete() {
    setConfirmingDelete(false);
    try {
      await remove.mutateAsync(undefined);
    } catch {
      // The notification zone shows the server's message.
    }
  }

  if (exists && cues.isLoading) return <Loader size="sm" aria-label={t('app.loading')} />;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {exists
          ? t('videos.subtitles.count', { count: rows.length, language: languageName })
          : t('videos.subtitles.none', { language: languageName })}
      </Text>
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {problem.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Alert>
      )}
      {rows.length > 0 && (
        <CueTable
          rows={rows}
          errors={errors}
          showErrors={(key) => submitted || touched.has(key)}
          disabled={!canWrite}
          onChange={(key, change) => edit(rows.map((row) => (row.key === key ? { ...row, ...change } : row)))}
          onRemove={(key) => edit(rows.filter((row) => row.key !== key))}
          onTouch={(key) => setTouched((current) => new Set(current).add(key))}
        />
      )}
      {canWrite && (
        <Group justify="space-between">
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => edit([...rows, appendedRow(rows)])}
            >
              {t('videos.subtitles.addCue')}
            </Button>
            <FileButton onChange={(file) => void upload(file)} accept=".vtt,.srt,text/vtt,application/x-subrip">
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
                  {t('videos.subtitles.upload')}
                </Button>
              )}
            </FileButton>
            {exists && (
              <Button
                variant="outline"
                color="red.8"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirmingDelete(true)}
                loading={remove.isPending}
              >
                {t('videos.subtitles.delete')}
              </Button>
            )}
          </Group>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              onClick={resetRows}
              disabled={!dirty || save.isPending}
            >
              {t('resource.common.reset')}
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              onClick={() => void saveRows()}
              loading={save.isPending}
              disabled={!dirty}
            >
              {t('videos.subtitles.save')}
            </Button>
          </Group>
        </Group>
      )}
      <ConfirmDialog
        opened={confirmingDelete}
        title={t('videos.subtitles.deleteTitle', { language: languageName })}
        confirmLabel={t('videos.subtitles.delete')}
        danger
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => void confirmDelete()}
      >
        <Text size="sm">{t('videos.subtitles.deleteWarning', { language: languageName })}</Text>
      </ConfirmDialog>
      <UnsavedChangesGuard when={dirty} bypass={bypass} />
    </Stack>
  );
}
