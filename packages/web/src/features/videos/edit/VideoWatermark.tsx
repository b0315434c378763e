import { Button, Stack } from '@mantine/core';
import type { JobResponse } from '@regie/contract/jobs.schemas';
import { VIDEO_JOB_TYPES, VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { watermarkPaths } from '@regie/contract/watermark';
import { IconRefresh } from '@tabler/icons-react';
import { useAction } from '../../../api/action.ts';
import { useApi } from '../../../api/api-context.ts';
import { resourceKeys } from '../../../api/query-keys.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useActiveJobs } from '../../../realtime/use-jobs.ts';
import { EncodeProgress } from './EncodeProgress.tsx';

/**
 * A ready video of an account with WATERMARK: encode it again with the account's watermark (or
 * without, when its switch is off), after the logo or its switch changed. It keeps playing
 * meanwhile, so the encode's progress shows under the player rather than in its place.
 */
export function VideoWatermark({ videoId }: { videoId: number }) {
  const t = useT();
  const api = useApi();
  const encoding = useActiveJobs({ resourceType: VIDEO_RESOURCE_TYPE, resourceId: String(videoId) }).jobs.some(
    (job) => job.type === VIDEO_JOB_TYPES.encode,
  );
  const reencode = useAction(() => api.post<JobResponse>(watermarkPaths.videoEncoding(videoId)), {
    success: 'videos.edit.watermarkQueued',
    invalidate: [resourceKeys.record('videos', String(videoId))],
  });
  if (encoding) return <EncodeProgress videoId={videoId} />;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconRefresh size={14} aria-hidden />}
        onClick={() => reencode.mutate(undefined)}
        loading={reencode.isPending}
      >
        {t('videos.edit.watermarkReencode')}
      </Button>
    </Stack>
  );
}
