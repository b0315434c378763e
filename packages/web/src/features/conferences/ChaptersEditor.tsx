import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { chapterProblems } from '@regie/contract/conferences';
import type { ChapterInput, ChapterRecord } from '@regie/contract/conferences.schemas';
import { renderMessage } from '@regie/contract/messages.render';
import { IconBookmarkPlus, IconTrash } from '@tabler/icons-react';
import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../api/notify.ts';
import { useT } from '../../i18n/use-t.ts';
import { ChapterRow } from './ChapterRow.tsx';
import { ChaptersExportPanel } from './ChaptersExportPanel.tsx';
import { focusPlayer, playheadOf, seekTo } from './chapter-playhead.ts';
import { type ChapterActions, useChapterActions, useChapters, useReplay } from './conference-calls.ts';
import { ReplayPlayer } from './ReplayPlayer.tsx';

/** The key adding a chapter at the playhead ('c' is the player's captions key). */
export const ADD_CHAPTER_KEY = 'n';

interface Props {
  conferenceId: number;
  canWrite: boolean;
}

/**
 * The chapters tab: the replay in the player; N (or the button) adds a chapter at the playhead,
 * its title then ready to type (Enter goes back to the player); each chapter's start and title
 * change in place, a click on its time seeks there. Every change is saved at once; the list
 * comes back sorted by start. The export sits below.
 */
export function ChaptersEditor({ conferenceId, canWrite }: Props) {
  const t = useT();
  const media = useRef<HTMLVideoElement | null>(null);
  const replay = useReplay(conferenceId);
  const chapters = useChapters(conferenceId);
  const actions = useChapterActions(conferenceId);
  const [focusedStart, setFocusedStart] = useState<number | null>(null);
  const video = replay.data ? replay.data.video : undefined;
  const rows = chapters.data?.data ?? null;
  const add = useAddChapter({ media, rows, canWrite, duration: video?.duration ?? null, actions, setFocusedStart });

  const keys = canWrite ? [{ key: ADD_CHAPTER_KEY, label: t('conferences.chapters.addKey') }] : [];
  return (
    <Stack gap="lg" maw={980}>
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="chapters-title">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4" id="chapters-title">
              {t('conferences.chapters.heading')}
            </Title>
            {canWrite && (
              <ChaptersToolbar
                onAdd={add}
                canAdd={Boolean(video?.playback) && rows !== null}
                onDeleteAll={() => actions.removeAll.mutate(undefined, { onError: () => undefined })}
                canDeleteAll={rows !== null && rows.length > 0}
              />
            )}
          </Group>
          <ReplayPlayer
            video={video}
            mediaRef={media}
            keys={keys}
            onKey={(key) => {
              if (key.toLowerCase() !== ADD_CHAPTER_KEY || !canWrite) return false;
              add();
              return true;
            }}
            missing={t('conferences.replay.chooseOnInfo')}
          />
          <ChapterList
            actions={actions}
            rows={rows}
            canWrite={canWrite}
            media={media}
            focusedStart={focusedStart}
            onDone={() => {
              setFocusedStart(null);
              focusPlayer(media);
            }}
          />
        </Stack>
      </Paper>
      <ChaptersExportPanel exportAll={actions.exportAll} disabled={!rows || rows.length === 0} />
    </Stack>
  );
}

interface AddChapterArgs {
  media: RefObject<HTMLVideoElement | null>;
  rows: ChapterRecord[] | null;
  canWrite: boolean;
  duration: number | null;
  actions: ChapterActions;
  setFocusedStart: (start: number) => void;
}

/** Adds a chapter at the playhead, checked against the others first so a bad one is refused here. */
function useAddChapter({ media, rows, canWrite, duration, actions, setFocusedStart }: AddChapterArgs) {
  const t = useT();
  const { i18n } = useTranslation();
  return () => {
    const at = playheadOf(media);
    if (at === null || !rows || !canWrite) return;
    const drafts: ChapterInput[] = rows.map((row) => ({ title: row.title, startSeconds: row.startSeconds }));
    const added = { title: t('conferences.chapters.defaultTitle', { number: rows.length + 1 }), startSeconds: at };
    const problem = chapterProblems([...drafts, added], duration)[0];
    if (problem) {
      notify({ type: 'danger', text: renderMessage(problem.message, i18n.language), zone: 'main' });
      return;
    }
    actions.replace.mutate((stored) => [...stored, added], {
      onSuccess: () => setFocusedStart(at),
      onError: () => undefined,
    });
  };
}

interface ToolbarProps {
  onAdd: () => void;
  canAdd: boolean;
  onDeleteAll: () => void;
  canDeleteAll: boolean;
}

/** A writer's buttons above the chapters: add one at the playhead, delete them all. */
function ChaptersToolbar({ onAdd, canAdd, onDeleteAll, canDeleteAll }: ToolbarProps) {
  const t = useT();
  return (
    <Group gap="xs">
      <Button
        leftSection={<IconBookmarkPlus size={16} aria-hidden />}
        onClick={onAdd}
        disabled={!canAdd}
        aria-keyshortcuts={ADD_CHAPTER_KEY.toUpperCase()}
      >
        {t('conferences.chapters.add')}
      </Button>
      <Button
        variant="default"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={onDeleteAll}
        disabled={!canDeleteAll}
      >
        {t('conferences.chapters.deleteAll')}
      </Button>
    </Group>
  );
}

interface ListProps {
  actions: ChapterActions;
  rows: ChapterRecord[] | null;
  canWrite: boolean;
  media: RefObject<HTMLVideoElement | null>;
  /** The start of the chapter just added, whose title takes the focus. */
  focusedStart: number | null;
  onDone: () => void;
}

/** The chapters by start, each saved as soon as it changes. */
function ChapterList({ actions, rows, canWrite, media, focusedStart, onDone }: ListProps) {
  const t = useT();
  if (rows === null) return <Skeleton h={48} />;
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('conferences.chapters.empty')}
      </Text>
    );
  }
  return (
    <Stack
      gap="sm"
      component="ol"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('conferences.chapters.list')}
    >
      {rows.map((chapter, index) => (
        <ChapterRow
          key={chapter.id}
          chapter={chapter}
          number={index + 1}
          canWrite={canWrite}
          focused={focusedStart === chapter.startSeconds}
          onSave={(patch) => actions.update.mutate({ chapterId: chapter.id, patch }, { onError: () => undefined })}
          onDelete={() => actions.remove.mutate(chapter.id, { onError: () => undefined })}
          onSeek={() => seekTo(media, chapter.startSeconds)}
          playhead={() => playheadOf(media)}
          onDone={onDone}
        />
      ))}
    </Stack>
  );
}
