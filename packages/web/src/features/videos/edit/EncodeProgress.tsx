import { Group, Progress, Stack, Text } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import { LIVE_JOB_TYPES } from '@regie/contract/live';
import { VIDEO_JOB_TYPES, VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { useT } from '../../../i18n/use-t.ts';
import { useActiveJobs } from '../../../realtime/use-jobs.ts';

const JOB_LABELS: Readonly<Record<string, MessageKey>> = {
  [VIDEO_JOB_TYPES.import]: 'videos.edit.jobImport',
  [VIDEO_JOB_TYPES.encode]: 'videos.edit.jobEncode',
  [VIDEO_JOB_TYPES.clip]: 'videos.edit.jobClip',
  [LIVE_JOB_TYPES.replay]: 'videos.edit.jobReplay',
  [LIVE_JOB_TYPES.clip]: 'videos.edit.jobLiveClip',
  [LIVE_JOB_TYPES.clipRender]: 'videos.edit.jobClip',
};

/**
 * The live progress of the jobs working on a video (its download from a URL, its encoding),
 * pushed by the server; the video's record is refreshed when they end.
 */
export function EncodeProgress({ videoId }: { videoId: number }) {
  const t = useT();
  const all = useActiveJobs({ resourceType: VIDEO_RESOURCE_TYPE, resourceId: String(videoId) }).jobs;
  // Share jobs report in the share panel.
  const jobs = all.filter((job) => job.type !== VIDEO_JOB_TYPES.share);
  if (jobs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('videos.edit.waitingForJob')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {jobs.map((job) => {
        const label = t(JOB_LABELS[job.type] ?? 'videos.edit.jobEncode');
        const state = job.state === 'waiting' ? t('videos.edit.jobWaiting') : `${job.progress} %`;
        return (
          <Stack key={job.id} gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                {label}
              </Text>
              <Text size="sm" c="dimmed">
                {state}
              </Text>
            </Group>
            <Progress.Root>
              <Progress.Section
                value={job.progress}
                animated={job.state === 'in_progress'}
                aria-label={label}
                aria-valuetext={state}
              />
            </Progress.Root>
          </Stack>
        );
      })}
    </Stack>
  );
}
