import { purgeAttachmentsJob } from '../attachments/attachments.purge.job.ts';
import { auditPruneTask } from '../audit/audit.prune.ts';
import { clipRulesSweepTask } from '../clip-rules/clip-rules.sweep.ts';
import { clipVideoJob } from '../clips/clip.job.ts';
import type { AppConfig } from '../config.ts';
import { dataImportJob } from '../data-import/data-import.job.ts';
import { feedPollTask } from '../data-providers/feed-poll.task.ts';
import { pendingFansSweepTask } from '../fans/fans.pending-sweep.ts';
import { assemblyJob } from '../live/assembly.job.ts';
import { liveClipJob, liveClipRenderJob } from '../live/live-clip.job.ts';
import { replayLiveJob } from '../live/replay.job.ts';
import { importEventStatsJob, importMarkersJob } from '../match-events/match-events.jobs.ts';
import { probeMediaJob } from '../media/probe.job.ts';
import { publishJob } from '../social/publish.job.ts';
import { renderRenditionJob } from '../vertical/rendition.job.ts';
import { encodeVideoJob } from '../videos/videos.encode.job.ts';
import { importVideoJob } from '../videos/videos.import.job.ts';
import { purgeReplacedMediaJob, purgeVideoJob } from '../videos/videos.purge.job.ts';
import { uploadSweepTask } from '../videos/videos.upload-sweep.ts';
import { maintainQueue } from './jobs.boss.ts';
import { type AnyJobType, createJobRegistry, type PeriodicTask } from './jobs.define.ts';

/** Every job type the workers run. A new type is defined beside its domain and listed here. */
export const JOB_TYPES: readonly AnyJobType[] = [
  probeMediaJob,
  encodeVideoJob,
  importVideoJob,
  purgeVideoJob,
  purgeReplacedMediaJob,
  publishJob,
  clipVideoJob,
  replayLiveJob,
  liveClipJob,
  liveClipRenderJob,
  assemblyJob,
  purgeAttachmentsJob,
  importMarkersJob,
  importEventStatsJob,
  dataImportJob,
  renderRenditionJob,
];

export const JOB_REGISTRY = createJobRegistry(JOB_TYPES);

/**
 * pg-boss's housekeeping (expire, archive and drop old attempts), which its own supervisor would
 * run: under pg-boss's advisory lock, so several processes may run it side by side.
 */
const QUEUE_MAINTENANCE: PeriodicTask = {
  name: 'queue.maintain',
  everyMs: 10 * 60_000,
  run: ({ db }) => maintainQueue(db),
};

/** What workers do between jobs: housekeeping each of them runs on its own timer. */
export function periodicTasks(
  config: Pick<AppConfig, 'uploadSweepMs'> & Partial<Pick<AppConfig, 'videos'>>,
): PeriodicTask[] {
  // The feed subscriptions' poller needs the media secret and the import rules (videos).
  const feeds = config.videos ? [feedPollTask({ videos: config.videos })] : [];
  return [
    uploadSweepTask(config.uploadSweepMs),
    QUEUE_MAINTENANCE,
    clipRulesSweepTask,
    auditPruneTask,
    pendingFansSweepTask,
    ...feeds,
  ];
}
