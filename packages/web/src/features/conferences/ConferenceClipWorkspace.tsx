import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconScissors } from '@tabler/icons-react';
import { useRef } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { formatClock } from '../../widgets/player/time-format.ts';
import { snapToStep } from '../clips/clip-range.ts';
import { ConferenceClipFields } from './ConferenceClipFields.tsx';
import { ConferenceClipsList } from './ConferenceClipsList.tsx';
import { seekTo } from './chapter-playhead.ts';
import { useChapters, useReplay } from './conference-calls.ts';
import { ReplayPlayer } from './ReplayPlayer.tsx';
import { useConferenceClip } from './use-conference-clip.ts';

/** I and O set the in and out points at the playhead, as on every clip screen. */
const IN_KEY = 'i';
const OUT_KEY = 'o';

/**
 * The conference clip workspace (its clip tab and /clipping/conference): the replay in the
 * player, a clip per chapter in one click, or a range set with I / O; a template or a skin; the
 * clips below with their live progress and a player.
 */
export function ConferenceClipWorkspace({ conferenceId }: { conferenceId: number }) {
  const t = useT();
  const media = useRef<HTMLVideoElement | null>(null);
  const replay = useReplay(conferenceId);
  const chapters = useChapters(conferenceId).data?.data ?? [];
  const video = replay.data ? replay.data.video : undefined;
  const duration = video?.duration ?? null;
  const cut = useConferenceClip(conferenceId, { duration });
  const playhead = () => (media.current ? snapToStep(media.current.currentTime) : null);
  const keys = [
    { key: IN_KEY, label: t('clips.ui.setIn') },
    { key: OUT_KEY, label: t('clips.ui.setOut') },
  ];
  const onKey = (key: string) => {
    const at = playhead();
    if (at === null) return false;
    if (key.toLowerCase() === IN_KEY) cut.inPoint.set(at);
    else if (key.toLowerCase() === OUT_KEY) cut.outPoint.set(at);
    else return false;
    return true;
  };
  return (
    <Stack gap="lg" maw={980}>
      <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby="conference-clip-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="conference-clip-title">
            {t('conferences.clip.heading')}
          </Title>
          <ReplayPlayer
            video={video}
            mediaRef={media}
            keys={keys}
            onKey={onKey}
            missing={t('conferences.replay.askWriter')}
          />
          {video?.playback && (
            <>
              <ConferenceClipFields cut={cut} duration={duration} playhead={playhead} />
              <Stack gap="xs" component="section" aria-labelledby="clip-chapters-title">
                <Title order={3} size="h5" id="clip-chapters-title">
                  {t('conferences.clip.fromChapter')}
                </Title>
                {chapters.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('conferences.clip.noChapters')}
                  </Text>
                ) : (
                  <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                    {chapters.map((chapter, index) => (
                      <Group key={chapter.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                        <Button variant="subtle" size="xs" onClick={() => seekTo(media, chapter.startSeconds)}>
                          {formatClock(chapter.startSeconds)} · {chapter.title}
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconScissors size={14} aria-hidden />}
                          loading={cut.submitting}
                          onClick={() => void cut.cutChapter(chapter.id)}
                          aria-label={t('conferences.clip.cutChapterNamed', {
                            number: index + 1,
                            title: chapter.title,
                          })}
                        >
                          {t('conferences.clip.cutChapter')}
                        </Button>
                      </Group>
                    ))}
                  </Stack>
                )}
              </Stack>
            </>
          )}
        </Stack>
      </Paper>
      <ConferenceClipsList conferenceId={conferenceId} />
    </Stack>
  );
}
