import { ActionIcon, Button, Group, NumberInput, TextInput, Tooltip } from '@mantine/core';
import { CHAPTER_TITLE_MAX } from '@regie/contract/conferences';
import type { ChapterPatch, ChapterRecord } from '@regie/contract/conferences.schemas';
import { IconPlayerTrackNext, IconTarget, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { formatClock } from '../../widgets/player/time-format.ts';

interface Props {
  chapter: ChapterRecord;
  /** Its place in the list, from 1 (names its controls). */
  number: number;
  canWrite: boolean;
  /** Just added: its title gets the focus, ready to be typed. */
  focused: boolean;
  onSave: (patch: ChapterPatch) => void;
  onDelete: () => void;
  onSeek: () => void;
  /** The player's position, or null without a player. */
  playhead: () => number | null;
  /** Enter in the title: back to the player for the next chapter. */
  onDone: () => void;
}

/** One chapter: go to its start, its start (typed or from the playhead), its title, delete. */
export function ChapterRow({ chapter, number, canWrite, focused, onSave, onDelete, onSeek, playhead, onDone }: Props) {
  const t = useT();
  const draft = useChapterDraft(chapter, focused, onSave, onDone);
  const clock = formatClock(chapter.startSeconds);
  return (
    <Group component="li" gap="xs" wrap="nowrap" align="flex-end" data-testid={`chapter-${number}`}>
      <Tooltip label={t('conferences.chapters.seek', { clock })} withinPortal={false}>
        <Button
          variant="light"
          size="sm"
          w={92}
          leftSection={<IconPlayerTrackNext size={14} aria-hidden />}
          onClick={onSeek}
          aria-label={t('conferences.chapters.seekNumber', { number, clock })}
        >
          {clock}
        </Button>
      </Tooltip>
      <NumberInput
        label={t('conferences.chapters.start', { number })}
        value={draft.start}
        onChange={draft.setStart}
        onBlur={draft.saveStart}
        min={0}
        step={0.1}
        decimalScale={2}
        clampBehavior="none"
        disabled={!canWrite}
        w={130}
      />
      <TextInput
        ref={draft.titleInput}
        label={t('conferences.chapters.title', { number })}
        value={draft.title}
        maxLength={CHAPTER_TITLE_MAX}
        onChange={(event) => draft.setTitle(event.currentTarget.value)}
        onBlur={draft.saveTitle}
        onKeyDown={draft.onTitleKey}
        disabled={!canWrite}
        style={{ flex: 1 }}
      />
      {canWrite && (
        <ChapterRowActions
          number={number}
          onToPlayhead={() => {
            const at = playhead();
            if (at !== null) onSave({ startSeconds: at });
          }}
          onDelete={onDelete}
        />
      )}
    </Group>
  );
}

/** A writer's buttons on a chapter: start it at the playhead, delete it. */
function ChapterRowActions({
  number,
  onToPlayhead,
  onDelete,
}: {
  number: number;
  onToPlayhead: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <>
      <Tooltip label={t('conferences.chapters.toPlayhead')} withinPortal={false}>
        <ActionIcon
          variant="default"
          size="lg"
          onClick={onToPlayhead}
          aria-label={t('conferences.chapters.toPlayheadNumber', { number })}
        >
          <IconTarget size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('conferences.chapters.delete')} withinPortal={false}>
        <ActionIcon
          variant="default"
          color="red"
          size="lg"
          onClick={onDelete}
          aria-label={t('conferences.chapters.deleteNumber', { number })}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

/** The row's typed title and start, kept in step with the stored chapter and saved on blur or Enter. */
function useChapterDraft(
  chapter: ChapterRecord,
  focused: boolean,
  onSave: (patch: ChapterPatch) => void,
  onDone: () => void,
) {
  const [title, setTitle] = useState(chapter.title);
  const [start, setStart] = useState<number | string>(chapter.startSeconds);
  const titleInput = useRef<HTMLInputElement>(null);
  // Enter saves, then the focus leaves the field: its blur must not send the same title again.
  const sentTitle = useRef(chapter.title);
  useEffect(() => {
    setTitle(chapter.title);
    sentTitle.current = chapter.title;
  }, [chapter.title]);
  useEffect(() => setStart(chapter.startSeconds), [chapter.startSeconds]);
  useEffect(() => {
    if (focused) titleInput.current?.select();
  }, [focused]);

  const saveTitle = () => {
    if (title.trim() === sentTitle.current) return;
    sentTitle.current = title.trim();
    onSave({ title });
  };
  const saveStart = () => {
    const value = typeof start === 'number' ? start : Number(start);
    if (start !== '' && Number.isFinite(value) && value !== chapter.startSeconds) onSave({ startSeconds: value });
    else setStart(chapter.startSeconds);
  };
  const onTitleKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    saveTitle();
    onDone();
  };
  return { title, setTitle, start, setStart, titleInput, saveTitle, saveStart, onTitleKey };
}
