import { JOB_MESSAGES } from '@regie/contract/jobs';
import type { Message } from '@regie/contract/messages';
import { z } from 'zod';
import { MessageError } from '../common/message.error.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { JobRow } from '../db/jobs.table.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';

/**
 * What a job type is: a typed payload, a `perform` function and its retry policy side by side.
 *
 *   export const encodeVideoJob = defineJob({
 *     type: 'video.encode',
 *     payload: z.object({ videoId: z.number() }),
 *     retry: { maxAttempts: 3, backoff: { initialMs: 30_000, maxMs: 600_000 } },
 *     timeoutMs: 2 * 60 * 60 * 1000,
 *     async perform({ payload, db, signal, reportProgress }) {
 *       const video = await findVideo(db, payload.videoId);
 *       if (!video) return skipped(`Video ${payload.videoId} no longer exists`);
 *       ...; // throw new PermanentJobError(X_MESSAGES.…) when trying again cannot help
 *       return { rungs: ['720p', '360p'] };
 *     },
 *   });
 *
 * then list it in jobs.registry.ts and `enqueueJob(db, encodeVideoJob, { videoId }, { accountId })`.
 */

export interface RetryPolicy {
  /** Attempts in all, the first included; 1 means never retried. */
  maxAttempts: number;
  /** Wait before attempt n+1: initialMs × factor^(n−1), at most maxMs. */
  backoff: { initialMs: number; factor?: number; maxMs: number };
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, backoff: { initialMs: 10_000, factor: 2, maxMs: 600_000 } };

export function backoffDelayMs(policy: RetryPolicy, attempt: number): number {
  const { initialMs, factor = 2, maxMs } = policy.backoff;
  return Math.min(maxMs, Math.round(initialMs * factor ** Math.max(0, attempt - 1)));
}

/** A failure that another attempt cannot fix (bad input, unreadable file): the job fails at once. */
export class PermanentJobError extends MessageError {
  constructor(reason: Message, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'PermanentJobError';
  }
}

/** A JSON value stored in the job's `result`; `undefined` stores null. */
export type JobResult = Record<string, unknown> | unknown[] | string | number | boolean | null | undefined;

/** The result of a job whose entity is gone: the job ends done, the UI shows it was skipped. */
export function skipped(reason: string): { skipped: string } {
  return { skipped: reason };
}

export interface JobLogger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/** What `perform` gets besides its payload. */
export interface JobRunContext {
  job: {
    id: number;
    type: string;
    accountId: number;
    resourceType: string | null;
    resourceId: string | null;
    /** 1 on the first attempt. */
    attempt: number;
    maxAttempts: number;
    /** This claim: `<host>:<pid>:<worker>#<n>`, for logs. */
    claimedBy: string;
    /** The request that queued the job (or the job that queued it), null for none: pass it on to enqueue. */
    requestId: string | null;
    /** When it was queued (the database's clock): what its queuing transaction wrote is older. */
    createdAt: Date;
  };
  /** Aborted when the job is cancelled (deleted), times out, or the worker shuts down. */
  signal: AbortSignal;
  /** 0–100; written to the row and published as job.progress, at most about once a second. */
  reportProgress(percent: number): void;
  db: Db;
  /** Absolute: the server's data folder (REGIE_DATA_DIR), where local media live. */
  dataDir: string;
  /** Where files live (the backend the configuration names). */
  storage: ObjectStorage;
  /** The parts of the configuration jobs read. */
  config: JobConfig;
  log: JobLogger;
}

/**
 * `social`, `port` and `publicUrl`: where a publication's platform is (the local stand-ins on this
 * server's port) and where the platform fetches a video from (Instagram).
 */
export type JobConfig = Pick<AppConfig, 'videos'> & Partial<Pick<AppConfig, 'social' | 'port' | 'publicUrl'>>;

export interface JobContext<Payload> extends JobRunContext {
  payload: Payload;
}

export interface JobDefinition<Payload> {
  /** Unique, `<domain>.<action>`, stored in each row: never rename one that has rows. */
  type: string;
  payload: z.ZodType<Payload>;
  retry?: Partial<RetryPolicy>;
  /** An attempt running longer is aborted and counts as a failed attempt. */
  timeoutMs?: number;
  /** Resolves with the job's result (nothing stores null); throws to fail the attempt. */
  perform(context: JobContext<Payload>): Promise<JobResult> | Promise<void>;
  /**
   * The job has ended failed, by whatever path: an error on its last attempt, a permanent error,
   * a timeout, or its worker dying on the last attempt (lease expired). Keeps its entity in step
   * (a video becomes `failed` with the reason), and lets go of what only the job needed (an
   * import's stored document); runs in the worker that noticed.
   */
  onFailed?(context: JobFailureContext): Promise<void>;
  /** A failed job was queued again (POST jobs/{id}/retry): its entity leaves `failed`. */
  onRetried?(context: JobHookContext): Promise<void>;
  /**
   * The job was cancelled (deleted) before it ended: its entity says so instead of waiting for it
   * (a video becomes `cancelled`). Runs in the cancel's transaction, and again in the worker that
   * was running it once it has stopped (its last writes may have come after the cancel): it must
   * be safe to run twice, and leave alone an entity a newer job already works on.
   */
  onCancelled?(context: JobHookContext): Promise<void>;
}

export interface JobHookContext {
  db: Db;
  job: JobRow;
}

/** A worker notices a job's end: its storage is at hand. */
export interface JobFailureContext extends JobHookContext {
  storage: ObjectStorage;
}

/** A job type as the registry, the queue and the workers see it, its payload type kept for enqueue. */
export interface JobType<Payload> {
  readonly type: string;
  readonly retry: RetryPolicy;
  readonly timeoutMs: number | null;
  /** Validates a payload before it is stored. */
  parsePayload(input: unknown): Payload;
  /** Validates the stored payload (a bad one fails the job for good), then performs. */
  run(context: JobRunContext, payload: unknown): Promise<JobResult>;
  onFailed(context: JobFailureContext): Promise<void>;
  onRetried(context: JobHookContext): Promise<void>;
  onCancelled(context: JobHookContext): Promise<void>;
}

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobType<Payload> {
  return {
    type: definition.type,
    retry: { ...DEFAULT_RETRY, ...definition.retry },
    timeoutMs: definition.timeoutMs ?? null,
    parsePayload: (input) => definition.payload.parse(input),
    async run(context, input) {
      const parsed = definition.payload.safeParse(input);
      if (!parsed.success) throw new PermanentJobError(JOB_MESSAGES.invalidPayload(z.prettifyError(parsed.error)));
      return (await definition.perform({ ...context, payload: parsed.data })) ?? null;
    },
    onFailed: async (context) => definition.onFailed?.(context),
    onRetried: async (context) => definition.onRetried?.(context),
    onCancelled: async (context) => definition.onCancelled?.(context),
  };
}

export type AnyJobType = JobType<unknown>;

/**
 * Housekeeping a worker runs now and then between jobs (every `everyMs`, first soon after it
 * starts), e.g. deleting the parts of expired uploads. Several workers may run the same task at
 * once: a task must be safe to run side by side.
 */
export interface PeriodicTask {
  readonly name: string;
  readonly everyMs: number;
  run(context: { db: Db; storage: ObjectStorage; log: JobLogger }): Promise<void>;
}

export interface JobRegistry {
  get(type: string): AnyJobType | undefined;
  types(): string[];
}

export function createJobRegistry(jobTypes: readonly AnyJobType[]): JobRegistry {
  const byType = new Map<string, AnyJobType>();
  for (const jobType of jobTypes) {
    if (byType.has(jobType.type)) throw new Error(`Job type '${jobType.type}' is defined twice`);
    byType.set(jobType.type, jobType);
  }
  return { get: (type) => byType.get(type), types: () => [...byType.keys()] };
}
