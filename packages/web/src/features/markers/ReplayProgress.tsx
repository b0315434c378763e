import { Group, Progress, Stack, Text } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import { LIVE_JOB_TYPES } from '@regie/contract/live';
import { VIDEO_JOB_TYPES, VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useActiveJobs } from '../../realtime/use-jobs.ts';
import { remainingMinutes, remainingSeconds } from './replay-estimate.ts';

const STEPS: Readonly<Record<string, MessageKey>> = {
  [LIVE_JOB_TYPES.replay]: 'markers.ui.replayJoining',
  [VIDEO_JOB_TYPES.encode]: 'markers.ui.replayEncoding',
};

/**
 * Where the replay's preparation stands after the live: the job under way on the replay video
 * (the recording joined, then encoded), its progress pushed live and what is left at its pace;
 * `onDone` once the last step ended.
 */
export function ReplayProgress({ videoId, onDone }: { videoId: number; onDone?: () => void }) {
  const t = useT();
  const jobs = useActiveJobs({ resourceType: VIDEO_RESOURCE_TYPE, resourceId: String(videoId) }).jobs.filter(
    (job) => STEPS[job.type] !== undefined,
  );
  // The last step ended: whoever shows the replay reads it again (it plays now, or it failed).
  const working = useRef(false);
  const latest = useRef(onDone);
  latest.current = onDone;
  const busy = jobs.length > 0;
  useEffect(() => {
    if (working.current && !busy) latest.current?.();
    working.current = busy;
  }, [busy]);
  if (jobs.length === 0) return null;
  return (
    <Stack gap="xs" mt="xs" data-testid="replay-progress">
      {jobs.map((job) => {
        const step = t(STEPS[job.type] ?? 'markers.ui.replayEncoding');
        const left = remainingSeconds(job, Date.now());
        const state =
          job.state === 'waiting'
            ? t('markers.ui.replayWaiting')
            : left === null
              ? `${job.progress} %`
              : t('markers.ui.replayLeft', { progress: job.progress, minutes: remainingMinutes(left) });
        return (
          <Stack key={job.id} gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                {step}
              </Text>
              <Text size="sm" c="dimmed">
                {state}
              </Text>
            </Group>
            <Progress.Root>
              <Progress.Section
                value={job.progress}
                animated={job.state === 'in_progress'}
                aria-label={step}
                aria-valuetext={state}
              />
            </Progress.Root>
          </Stack>
        );
      })}
    </Stack>
  );
}
