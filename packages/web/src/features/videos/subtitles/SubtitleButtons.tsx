import { Button, FileButton, Group } from '@mantine/core';
import { IconArrowBackUp, IconDeviceFloppy, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t.ts';
import type { CueEditing } from './use-cue-editing.ts';

interface Props {
  editing: CueEditing;
  /** The video has a track in this language (it may be deleted). */
  exists: boolean;
  onDelete: () => void;
}

/** Add a cue, upload a file, delete the language; reset or save the edited cues. */
export function SubtitleButtons({ editing, exists, onDelete }: Props) {
  const t = useT();
  return (
    <Group justify="space-between">
      <Group gap="xs">
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={editing.addRow}>
          {t('videos.subtitles.addCue')}
        </Button>
        <FileButton onChange={(file) => void editing.upload(file)} accept=".vtt,.srt,text/vtt,application/x-subrip">
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
            onClick={onDelete}
            loading={editing.remove.isPending}
          >
            {t('videos.subtitles.delete')}
          </Button>
        )}
      </Group>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          onClick={editing.reset}
          disabled={!editing.dirty || editing.saving}
        >
          {t('resource.common.reset')}
        </Button>
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          onClick={() => void editing.saveRows()}
          loading={editing.saving}
          disabled={!editing.dirty}
        >
          {t('videos.subtitles.save')}
        </Button>
      </Group>
    </Group>
  );
}
