import { Alert, Anchor, Badge, Button, Card, Group, NumberInput, Progress, Stack, Text, Title } from '@mantine/core';
import { JOB_EVENTS, JOBS_TOPIC } from '@regie/contract/jobs';
import { LIVE_JOB_TYPES, type LiveInput } from '@regie/contract/live';
import {
  type Assembly,
  CONVERT_ACTIVE_STATES,
  CONVERT_EVENT,
  CONVERT_TOPIC,
  type Conversion,
  convertResponse,
  liveConvertPaths,
} from '@regie/contract/live.convert';
import { canAccess, fillPath, findRouteByPath } from '@regie/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { ApiError } from '../../api/client.ts';
import { ServerReason } from '../../i18n/server-message.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useRealtimeEvent } from '../../realtime/use-realtime.ts';
import { useAccessSubject } from '../../session/access.ts';
import { formatClock } from '../../widgets/player/time-format.ts';
import { ReferenceField } from '../../widgets/ReferenceField.tsx';
import { streamKeys } from './streams-calls.ts';

const VIDEO_SCREEN = '/medias/videos/edit/:videoId';

/** A video's title, a link to its page for whoever may open it. */
function VideoName({ id, title, testId }: { id: number; title: string; testId: string }) {
  const subject = useAccessSubject();
  const route = findRouteByPath(VIDEO_SCREEN);
  if (!route || !canAccess(subject, route)) {
    return (
      <Text fw={600} size="sm" data-testid={testId}>
        {title}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={fillPath(VIDEO_SCREEN, { videoId: id })} fw={600} size="sm" data-testid={testId}>
      {title}
    </Anchor>
  );
}

const isActive = (conversion: Conversion | null) =>
  conversion !== null && (CONVERT_ACTIVE_STATES as readonly string[]).includes(conversion.state);

/** The input's conversion, kept live: each report over the socket replaces the input's copy. */
function useLiveConversion(input: LiveInput): Conversion | null {
  const queryClient = useQueryClient();
  useRealtimeEvent(CONVERT_TOPIC, (event) => {
    const parsed = convertResponse.safeParse(event.payload);
    if (event.type !== CONVERT_EVENT || !parsed.success || parsed.data.inputId !== input.id) return;
    queryClient.setQueryData<LiveInput>(streamKeys.one(input.id), (old) =>
      old ? { ...old, conversion: parsed.data } : old,
    );
  });
  return input.conversion;
}

/**
 * "Air a video" (convert upload/{videoId}): a ready video of the account played into this input in
 * real time, as an encoder would; its state and position live, and a stop.
 */
export function AirVideoPanel({ input, connected }: { input: LiveInput; connected: boolean }) {
  const t = useT();
  const api = useApi();
  const conversion = useLiveConversion(input);
  const [videoId, setVideoId] = useState<number | null>(null);
  const [from, setFrom] = useState<number>(0);
  const invalidate = [streamKeys.one(input.id), streamKeys.all];
  const start = useAction(
    () => api.post<Conversion>(liveConvertPaths.upload(videoId ?? 0), { inputId: input.id, fromSeconds: from }),
    { success: 'streams.air.started', invalidate },
  );
  const stop = useAction(() => api.delete(liveConvertPaths.upload(conversion?.videoId ?? 0)), {
    success: 'streams.air.stopped',
    invalidate,
  });
  const active = isActive(conversion);
  const fraction = conversion ? conversion.positionSeconds / Math.max(conversion.durationSeconds, 1) : 0;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="stream-air-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="stream-air-title">
          {t('streams.air.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('streams.air.intro')}
        </Text>
        {conversion && (
          <Stack gap={6} data-testid="stream-air-status">
            <Group gap="sm" justify="space-between">
              <VideoName id={conversion.videoId} title={conversion.videoTitle} testId="stream-air-video" />
              <Badge variant="light" color={active ? 'red' : 'gray'} data-testid="stream-air-state">
                {t(`streams.air.state.${conversion.state}`)}
              </Badge>
            </Group>
            <Progress
              value={Math.min(100, fraction * 100)}
              aria-label={t('streams.air.progressLabel')}
              transitionDuration={0}
            />
            <Text size="sm" data-testid="stream-air-position">
              {t('streams.air.position', {
                position: formatClock(Math.round(conversion.positionSeconds)),
                duration: formatClock(Math.round(conversion.durationSeconds)),
              })}
            </Text>
            {conversion.error && (
              <Alert color="orange" p="xs">
                <ServerReason message={conversion.errorMessage} text={conversion.error} />
              </Alert>
            )}
            {active && (
              <Group>
                <Button variant="default" color="red" loading={stop.isPending} onClick={() => stop.mutate(undefined)}>
                  {t('streams.air.stop')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
        {!active && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              start.mutate(undefined);
            }}
          >
            <Stack gap="sm">
              <ReferenceField
                label={t('streams.air.video')}
                reference="videos"
                value={videoId}
                onChange={(next) => setVideoId(typeof next === 'number' ? next : null)}
              />
              <NumberInput
                label={t('streams.air.from')}
                min={0}
                value={from}
                onChange={(next) => setFrom(typeof next === 'number' ? next : 0)}
                allowNegative={false}
              />
              {connected && (
                <Text size="sm" c="orange.9">
                  {t('streams.air.encoderConnected')}
                </Text>
              )}
              <Group>
                <Button type="submit" loading={start.isPending} disabled={videoId === null || connected}>
                  {t('streams.air.start')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}

const assemblyKey = (inputId: number) => ['streams', inputId, 'assembly'] as const;

/** The input's latest assembly, null when there is none (404). */
function useAssembly(inputId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = assemblyKey(inputId);
  useRealtimeEvent(JOBS_TOPIC, (event) => {
    const payload = event.payload as { type?: string } | null;
    if (payload?.type !== LIVE_JOB_TYPES.assembly) return;
    if (event.type === JOB_EVENTS.state || event.type === JOB_EVENTS.progress) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  });
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<Assembly>(liveConvertPaths.assembly(inputId), undefined, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/**
 * "Video of the recording" (assembly/{inputId}?videoId=): what the input recorded the last time it
 * was on air joined into a new video, or in place of a chosen video's media; the job's progress.
 */
export function AssemblyPanel({ input, connected }: { input: LiveInput; connected: boolean }) {
  const t = useT();
  const api = useApi();
  const assembly = useAssembly(input.id).data ?? null;
  const [videoId, setVideoId] = useState<number | null>(null);
  const make = useAction(
    () =>
      api.post<Assembly>(`${liveConvertPaths.assembly(input.id)}${videoId === null ? '' : `?videoId=${videoId}`}`, {}),
    { success: 'streams.assembly.started', invalidate: [assemblyKey(input.id)] },
  );
  const running = assembly !== null && (assembly.state === 'waiting' || assembly.state === 'in_progress');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="stream-assembly-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="stream-assembly-title">
          {t('streams.assembly.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('streams.assembly.intro')}
        </Text>
        {assembly && (
          <Stack gap={6} data-testid="stream-assembly-status">
            <Group justify="space-between">
              <Text size="sm">
                {t('streams.assembly.last', {
                  segments: assembly.segments,
                  duration: formatClock(Math.round(assembly.durationSeconds)),
                })}
              </Text>
              <Badge
                variant="light"
                color={assembly.state === 'failed' ? 'red' : 'blue'}
                data-testid="stream-assembly-state"
              >
                {t(`streams.assembly.state.${assembly.state}`)}
              </Badge>
            </Group>
            {running && <Progress value={assembly.progress} aria-label={t('streams.assembly.progressLabel')} />}
            {assembly.error && (
              <Alert color="orange" p="xs">
                {assembly.error}
              </Alert>
            )}
            {assembly.videoTitle && (
              <VideoName id={assembly.videoId} title={assembly.videoTitle} testId="stream-assembly-video" />
            )}
          </Stack>
        )}
        {input.lastLiveAt === null ? (
          <Text size="sm">{t('streams.assembly.never')}</Text>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              make.mutate(undefined);
            }}
          >
            <Stack gap="sm">
              <ReferenceField
                label={t('streams.assembly.into')}
                reference="videos"
                value={videoId}
                onChange={(next) => setVideoId(typeof next === 'number' ? next : null)}
              />
              <Group>
                <Button type="submit" loading={make.isPending} disabled={running}>
                  {t('streams.assembly.start')}
                </Button>
              </Group>
              {connected && (
                <Text size="sm" c="dimmed">
                  {t('streams.assembly.whileLive')}
                </Text>
              )}
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
