import { MAIN_API } from './api.ts';
import { LIVE_JOB_TYPES } from './live.ts';
import { MEDIA_JOB_TYPES } from './media.ts';
import { messageCatalog } from './messages.ts';
import { PUBLISH_JOB_TYPE } from './publications.ts';
import type { Role } from './roles.ts';
import { RENDITION_JOB_TYPE } from './vertical.ts';
import { VIDEO_JOB_TYPES, VIDEO_RESOURCE_TYPE } from './videos.ts';

/**
 * Background jobs (spec §4 "Jobs", §7 "Jobs"): constants only, no zod, so the server's table,
 * its workers and the web app share them without pulling in schemas (see jobs.schemas.ts).
 *
 * A job ends `done` (its result may be `{ skipped: reason }` when the entity it was about is
 * gone) or `failed` with a reason in `lastError`. Cancelling deletes it.
 */
export { ACTIVE_JOB_STATES, isJobState, JOB_STATES, type JobState } from './jobs.states.ts';

/**
 * Any signed-in user of an account may read its jobs; cancelling or retrying one needs one of
 * these roles. Jobs come from videos and sport events, so their write roles, and the admin.
 */
export const JOB_WRITE_ROLES = [
  'video_write',
  'sport_player_write',
  'manage_customer_accounts',
] as const satisfies readonly Role[];

/**
 * Roles that may cancel or retry jobs of some types only: a clipper manages the clips they cut
 * (job type 'video.clip'), never a video's encode.
 */
export const JOB_TYPE_WRITE_ROLES: Readonly<Record<string, readonly Role[]>> = {
  [VIDEO_JOB_TYPES.clip]: ['liveclipping_write', 'clip_only'],
};

/**
 * The job types a holder of `roles` may cancel or retry: 'all', or the listed types (possibly
 * none). The server narrows cancels to these types and refuses a retry outside them.
 */
export function manageableJobTypes(roles: readonly string[]): 'all' | string[] {
  if (JOB_WRITE_ROLES.some((role: string) => roles.includes(role))) return 'all';
  return Object.entries(JOB_TYPE_WRITE_ROLES)
    .filter(([, allowed]) => allowed.some((role: string) => roles.includes(role)))
    .map(([type]) => type);
}

/**
 * The resource each job type's jobs are about: the `resourceType` its rows carry (what GET jobs
 * filters on; the resource's id is the job's `resourceId`), null for a job about no resource.
 * The server stamps it on every enqueue; jobs.resources.ts names the generic resource behind it.
 */
export const JOB_TYPE_RESOURCE_TYPES: Readonly<Record<string, string | null>> = {
  [VIDEO_JOB_TYPES.import]: VIDEO_RESOURCE_TYPE,
  [VIDEO_JOB_TYPES.encode]: VIDEO_RESOURCE_TYPE,
  [VIDEO_JOB_TYPES.share]: VIDEO_RESOURCE_TYPE,
  /** resourceId is the clip video's id (contract clips.ts). */
  [VIDEO_JOB_TYPES.clip]: VIDEO_RESOURCE_TYPE,
  /** resourceId is the replay video's id (contract live.ts). */
  [LIVE_JOB_TYPES.replay]: VIDEO_RESOURCE_TYPE,
  /** resourceId is the live clip video's id (contract live.ts). */
  [LIVE_JOB_TYPES.clip]: VIDEO_RESOURCE_TYPE,
  [LIVE_JOB_TYPES.clipRender]: VIDEO_RESOURCE_TYPE,
  /** resourceId is the video the recording is assembled into (contract live.convert.ts). */
  [LIVE_JOB_TYPES.assembly]: VIDEO_RESOURCE_TYPE,
  /** resourceId is the video rendered in another aspect (contract vertical.ts). */
  [RENDITION_JOB_TYPE]: VIDEO_RESOURCE_TYPE,
  /** Runs after its video is deleted: about nothing that still exists. */
  [VIDEO_JOB_TYPES.purge]: null,
  /** Files its video no longer plays (a live clip's instant copy): not work on the video itself. */
  [VIDEO_JOB_TYPES.purgeReplaced]: null,
  /** About a file of the data folder, named in its payload. */
  [MEDIA_JOB_TYPES.probe]: null,
  /** Runs after its event is deleted (the event's attachment folder): about nothing that still exists. */
  'attachments.purge': null,
  /** resourceId is the sport event whose match document is applied again (contract match-events.ts). */
  'match.markers': 'Event',
  'match.stats': 'Event',
  /** Writes an account's competitions, seasons, rounds, teams and fixtures (contract data-import.ts). */
  'data.import': null,
  /** resourceId is the video published; the payload names the publication (contract publications.ts). */
  [PUBLISH_JOB_TYPE]: VIDEO_RESOURCE_TYPE,
};

/** The resourceType of a job type's jobs; undefined for a type the contract does not declare. */
export function jobResourceTypeOf(type: string): string | null | undefined {
  return Object.hasOwn(JOB_TYPE_RESOURCE_TYPES, type) ? JOB_TYPE_RESOURCE_TYPES[type] : undefined;
}

/** Realtime topic (relative to the account) on which job events flow, and their types. */
export const JOBS_TOPIC = '/admin/jobs';
export const JOB_EVENTS = {
  /** payload: `{ id, type, progress, resourceType, resourceId }` */
  progress: 'job.progress',
  /** payload: the job as GET jobs/{id} returns it */
  state: 'job.state',
  /** payload: `{ id, type, resourceType, resourceId }`: the job was cancelled and deleted */
  cancelled: 'job.cancelled',
} as const;

export const JOB_LIST_LIMIT = { default: 100, max: 500 } as const;
/** Longest `lastError` kept: the tail of an ffmpeg error is enough to understand it. */
export const JOB_ERROR_MAX_CHARS = 2_000;

export const JOB_MESSAGES = messageCatalog('JOB_MESSAGES', {
  notFound: (id: number | string) => `Job ${id} not found`,
  notFailed: (id: number | string, state: string) => `Job ${id} is ${state}: only a failed job can be retried`,
  cancelled: 'Cancelled',
  /** lastError of a job whose worker stopped (lease expired) on its last attempt. */
  leaseExpired: 'The worker running this job stopped before finishing it, and no attempt is left',
  unknownType: (type: string) => `No worker knows the job type '${type}'`,
  notActive: (id: number | string, state: string) =>
    `Job ${id} is ${state}: only a waiting or running job can be cancelled`,
  notYourType: (id: number | string, type: string) => `Job ${id} (${type}) cannot be cancelled with your roles`,
  badJobId: (id: string) => `A job id is a positive whole number, not '${id}'`,
  /** The reason of a job that failed on an error no catalog names: the error's own words. */
  failed: (detail: string) => detail,
  failedUnknown: 'The job failed',
  shuttingDown: 'Worker shutting down',
  timedOut: (seconds: number) => `Timed out after ${seconds} s`,
  invalidPayload: (detail: string) => `Invalid payload: ${detail}`,
});

/**
 * `resourceType=Job` names a job by its own id (spec §7: `GET jobs?…&resourceType=Job&resourceId=`
 * and `DELETE jobs?resourceType=Job&resourceId=`): the list holds that job when it matches the
 * other filters, and the cancel cancels that job or says why it did not (404 unknown, 409 over,
 * 403 a type the user may not manage). Never a 204 for a cancel that did nothing.
 */
export const JOB_RESOURCE_TYPE = 'Job';

export const jobPaths = {
  jobs: `${MAIN_API}/jobs`,
  job: (id: number | string) => `${MAIN_API}/jobs/${id}`,
  retry: (id: number | string) => `${MAIN_API}/jobs/${id}/retry`,
} as const;
