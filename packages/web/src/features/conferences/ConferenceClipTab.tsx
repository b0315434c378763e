import { Alert, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../api/action.ts';
import { useT } from '../../i18n/use-t.ts';
import { LiveProgramCard } from '../clipping/LiveClipWorkspace.tsx';
import { type LiveDesk, useLiveDesk } from '../clipping/use-live-desk.ts';
import { isTypingTarget } from '../markers/use-marker-keys.ts';
import { ConferenceClipFields } from './ConferenceClipFields.tsx';
import { ConferenceClipsList } from './ConferenceClipsList.tsx';
import { ConferenceClipWorkspace } from './ConferenceClipWorkspace.tsx';
import { useConferenceClip } from './use-conference-clip.ts';

/** The conference's clip tab (and /clipping/conference): on its live while on air, else on its replay. */
export function ConferenceClipTab({ conferenceId }: { conferenceId: number }) {
  const desk = useLiveDesk({ kind: 'business-players', id: conferenceId });
  if (desk.lifecycle.isLoading) return <Skeleton h={320} />;
  if (desk.live) return <ConferenceLiveClipWorkspace conferenceId={conferenceId} desk={desk} />;
  return <ConferenceClipWorkspace conferenceId={conferenceId} />;
}

/**
 * Cutting a conference while it is live: the program's DVR player (I and O set the points at its
 * frame) or typed seconds from the live's start, inside what the live still keeps; each cut is an
 * instant copy that plays at once, then its exact cut (contract clipPaths.liveClips).
 */
function ConferenceLiveClipWorkspace({ conferenceId, desk }: { conferenceId: number; desk: LiveDesk }) {
  const t = useT();
  const cut = useConferenceClip(conferenceId, { live: desk.bounds });
  const latest = useRef({ cut, playhead: desk.clock.playhead });
  latest.current = { cut, playhead: desk.clock.playhead };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || event.ctrlKey || event.altKey || event.metaKey || isTypingTarget(event.target)) return;
      const key = event.key.toLowerCase();
      if (key !== 'i' && key !== 'o') return;
      const at = latest.current.playhead();
      if (at === null) return;
      event.preventDefault();
      (key === 'i' ? latest.current.cut.inPoint : latest.current.cut.outPoint).set(at);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <Stack gap="lg" maw={1200}>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <LiveProgramCard desk={desk} noProgram="conferences.clip.noProgram" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="conference-live-clip-title">
            <Stack gap="sm">
              <Title order={2} size="h5" id="conference-live-clip-title">
                {t('conferences.clip.liveHeading')}
              </Title>
              {desk.window.isError ? (
                <Alert color="yellow" role="status">
                  {errorMessage(desk.window.error, t)}
                </Alert>
              ) : (
                <>
                  {desk.bounds && (
                    <Text size="sm" c="dimmed">
                      {t('conferences.clip.liveWindow', {
                        from: desk.bounds.fromSeconds.toFixed(1),
                        to: desk.bounds.toSeconds.toFixed(1),
                      })}
                    </Text>
                  )}
                  <ConferenceClipFields cut={cut} duration={null} playhead={desk.clock.playhead} />
                </>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <ConferenceClipsList conferenceId={conferenceId} />
    </Stack>
  );
}
