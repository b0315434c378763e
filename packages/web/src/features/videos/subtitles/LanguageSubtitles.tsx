import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { SubtitleLanguage } from '@regie/contract/videos';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { LANGUAGE_LABELS } from '../../../i18n/language-labels.ts';
import { useT } from '../../../i18n/use-t.ts';
import { UnsavedChangesGuard } from '../../../resources/UnsavedChangesGuard.tsx';
import { ConfirmDialog } from '../../../widgets/ConfirmDialog.tsx';
import { CueTable } from './CueTable.tsx';
import { SubtitleButtons } from './SubtitleButtons.tsx';
import { useCueEditing } from './use-cue-editing.ts';

interface Props {
  videoId: number;
  language: SubtitleLanguage;
  /** The video has a track in this language. */
  exists: boolean;
  canWrite: boolean;
}

/**
 * One language's subtitles: upload a WebVTT or SRT file (the server checks it and names the line
 * of a mistake), or edit the cues in place and save them; delete the language.
 */
export function LanguageSubtitles({ videoId, language, exists, canWrite }: Props) {
  const t = useT();
  const editing = useCueEditing(videoId, language, exists);
  const { rows, problem } = editing;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const bypass = useRef(false);
  const languageName = t(LANGUAGE_LABELS[language]);

  async function confirmDelete() {
    setConfirmingDelete(false);
    try {
      await editing.remove.mutateAsync(undefined);
    } catch {
      // The notification zone shows the server's message.
    }
  }

  if (editing.loading) return <Loader size="sm" aria-label={t('app.loading')} />;
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
          errors={editing.errors}
          showErrors={editing.showErrors}
          disabled={!canWrite}
          onChange={editing.change}
          onRemove={editing.removeRow}
          onTouch={editing.touch}
        />
      )}
      {canWrite && <SubtitleButtons editing={editing} exists={exists} onDelete={() => setConfirmingDelete(true)} />}
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
      <UnsavedChangesGuard when={editing.dirty} bypass={bypass} />
    </Stack>
  );
}
