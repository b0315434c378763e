import { Badge, Image, Text } from '@mantine/core';
import { satisfies } from '@regie/contract/access';
import { LIVE_JOB_TYPES } from '@regie/contract/live';
import { usersResource } from '@regie/contract/resources/users';
import { videosResource } from '@regie/contract/resources/videos';
import { VIDEO_JOB_TYPES, VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { IconMovie } from '@tabler/icons-react';
import { createContext, useContext, useMemo } from 'react';
import { useReasonText } from '../../../i18n/server-message.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { type Job, useActiveJobs } from '../../../realtime/use-jobs.ts';
import type { ResourceRecord } from '../../../resources/any-resource.ts';
import type { ResourceSetup } from '../../../resources/customization.ts';
import { ReferenceCell } from '../../../resources/ReferenceCell.tsx';
import { ResourceList } from '../../../resources/ResourceList.tsx';
import type { ResourceScreenProps } from '../../../resources/resource-screens.ts';
import { useAccessSubject } from '../../../session/access.ts';
import { useSession } from '../../../session/current-session.ts';
import { formatClock } from '../../../widgets/player/time-format.ts';
import { isVideoState } from '../video-fields.ts';
import { STATE_COLORS } from './video-cells.ts';

/** The running job of each video on the list, by video id, kept live by the realtime channel. */
const JobsByVideo = createContext<ReadonlyMap<string, Job>>(new Map());

/** Share jobs do not change what the video is: the badge follows imports, encodes, cuts and replays. */
const SHOWN_JOBS: readonly string[] = [
  VIDEO_JOB_TYPES.import,
  VIDEO_JOB_TYPES.encode,
  VIDEO_JOB_TYPES.clip,
  ...Object.values(LIVE_JOB_TYPES),
];

function VideosList(props: ResourceScreenProps) {
  const { jobs } = useActiveJobs({ resourceType: VIDEO_RESOURCE_TYPE });
  const byVideo = useMemo(
    () =>
      new Map(
        jobs
          .filter((job) => job.resourceId !== null && SHOWN_JOBS.includes(job.type))
          .map((job) => [job.resourceId ?? '', job] as const),
      ),
    [jobs],
  );
  return (
    <JobsByVideo.Provider value={byVideo}>
      <ResourceList {...props} />
    </JobsByVideo.Provider>
  );
}

function StateCell({ value, record }: { value: unknown; record: ResourceRecord }) {
  const t = useT();
  const reasonText = useReasonText();
  const job = useContext(JobsByVideo).get(String(record.id));
  const state = isVideoState(value) ? value : 'uploading';
  const label = t(`resource.videos.state.${state}` as 'resource.videos.state.ready');
  const working = job?.state === 'in_progress' && state !== 'ready' && state !== 'failed';
  return (
    <Badge
      // A coloured dot beside dark text: the state reads at a glance and passes WCAG AA contrast.
      variant="dot"
      radius="sm"
      tt="none"
      color={STATE_COLORS[state] ?? 'gray'}
      // The whole state and percent, never cut to an ellipsis by a narrow column.
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
      data-state={state}
      title={reasonText(record.failureReasonMessage, record.failureReason) ?? undefined}
    >
      {working ? t('videos.list.stateProgress', { state: label, percent: job.progress }) : label}
    </Badge>
  );
}

function PosterCell({ record }: { value: unknown; record: ResourceRecord }) {
  const playback = record.playback as { posterUrl?: string | null } | null | undefined;
  if (!playback?.posterUrl) return <IconMovie size={24} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />;
  return <Image src={playback.posterUrl} alt="" h={36} w={64} fit="cover" radius="sm" loading="lazy" />;
}

function DurationCell({ value }: { value: unknown; record: ResourceRecord }) {
  if (typeof value !== 'number')
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return <>{formatClock(value)}</>;
}

/** The uploader: "You", their name for whoever may read users, else their number. */
function OwnerCell({ value }: { value: unknown; record: ResourceRecord }) {
  const t = useT();
  const { user } = useSession();
  const subject = useAccessSubject();
  if (typeof value !== 'number')
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  if (value === user?.id) return <>{t('videos.list.ownerYou')}</>;
  if (satisfies(subject, usersResource.access.read)) return <ReferenceCell reference="users" id={value} />;
  return <>{t('videos.list.ownerOther', { id: value })}</>;
}

/**
 * The videos list (medias/videos/list): a poster, the title, the state with the live progress of
 * the job working on it, the duration and the uploader. Its pages: create (the upload screen) and
 * edit (features/videos/edit).
 */
export const videosSetup: ResourceSetup = {
  resource: {
    ...videosResource,
    columns: ['posterKey', 'title', 'state', 'duration', 'ownerId', 'published', 'updatedAt'],
  },
  custom: {
    ListScreen: VideosList,
    fields: {
      state: { Cell: StateCell },
      posterKey: { Cell: PosterCell },
      duration: { Cell: DurationCell },
      ownerId: { Cell: OwnerCell },
    },
  },
};
