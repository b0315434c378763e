import { z } from 'zod';
import { recordId } from './accounts.ts';
import { isoDateTime } from './datetime.ts';
import { JOB_LIST_LIMIT, JOB_STATES } from './jobs.ts';
import { messageSchema } from './messages.schemas.ts';

/** zod schemas of the jobs calls (spec §7 "Jobs"); the constants are in jobs.ts. */

export const jobState = z.enum(JOB_STATES);

/** A job as the API presents it: never the lease columns (the `Job` component of the OpenAPI document). */
export const jobResponse = z
  .object({
    id: z.number(),
    type: z.string(),
    state: jobState,
    AccountId: z.number(),
    resourceType: z.string().nullable(),
    resourceId: z.string().nullable(),
    payload: z.unknown(),
    progress: z.number().int().min(0).max(100),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    /** When a waiting job may run next (later than now while it backs off between attempts). */
    runAt: isoDateTime,
    /** Why the last attempt failed, or why the job failed: in the request's language (Accept-Language)… */
    lastError: z.string().nullable(),
    /** …and as its Message (code and parameters), for a client to render in its user's language. */
    lastErrorMessage: messageSchema.nullable(),
    result: z.unknown(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    finishedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'Job' });
export type JobResponse = z.infer<typeof jobResponse>;

const resourceType = z.string().trim().min(1).max(64);
const resourceId = z.string().trim().min(1).max(128);
/** A filter sent empty (`resourceId=`) filters nothing. */
const optionalFilter = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** `state=waiting,in_progress` (spec §7); `state[]=…` and repeated keys are accepted too. */
const stateList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(',')))
  .transform((items) => items.map((item) => item.trim()).filter(Boolean))
  .pipe(z.array(jobState).min(1))
  .describe('Comma-separated states: waiting, in_progress, done, failed');

/** GET /main-api/jobs */
export const jobListQuery = z
  .object({
    state: stateList.optional(),
    'state[]': stateList.optional(),
    resourceType: optionalFilter(resourceType),
    resourceId: optionalFilter(resourceId),
    type: optionalFilter(z.string().trim().min(1).max(64)),
    /**
     * `true`: only the work in hand, the jobs DUE: running, or waiting with their time come
     * (`runAt` passed) or tried before (backing off before an attempt that comes on its own).
     * `false`: only the jobs SCHEDULED for later, waiting and never tried (the removal of a live
     * clip's replaced copy, an hour on). The dashboard's jobs are the due ones, and "idle" (the
     * benchmarks') means no due job: one definition, the server's jobs/jobs.due.ts.
     */
    due: optionalFilter(z.enum(['true', 'false']).transform((value) => value === 'true')).describe(
      'true: only jobs running or due now (work in hand); false: only jobs scheduled for later, never tried',
    ),
    limit: z.coerce.number().int().min(1).max(JOB_LIST_LIMIT.max).default(JOB_LIST_LIMIT.default),
  })
  .strict();
export type JobListQuery = z.infer<typeof jobListQuery>;
export const jobListResponse = z.array(jobResponse);

/** DELETE /main-api/jobs: cancels the jobs of one resource that are not over. */
export const cancelJobsQuery = z.object({ resourceType, resourceId }).strict();
export type CancelJobsQuery = z.infer<typeof cancelJobsQuery>;

export const jobIdParams = z.object({ id: recordId });
