import { JOB_MESSAGES } from '@regie/contract/jobs';
import type { Message } from '@regie/contract/messages';
import { MessageError, reasonOf } from '../common/message.error.ts';
import type { Db } from '../db/database.ts';
import type { JobRow } from '../db/jobs.table.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import {
  backoffDelayMs,
  type JobConfig,
  type JobLogger,
  type JobRegistry,
  type JobResult,
  type JobRunContext,
  PermanentJobError,
} from './jobs.define.ts';
import type { JobEvents } from './jobs.events.ts';
import { createProgressReporter, type ProgressReporter } from './jobs.progress.ts';
import { completeJob, failJob, releaseJob, renewLease, saveProgress, scheduleRetry } from './jobs.queue.ts';

type AbortKind = 'cancelled' | 'shutdown' | 'timeout';

/** Why a running job's signal was aborted; settle reads it to end the row the right way. */
export class JobAbort extends MessageError {
  constructor(
    readonly kind: AbortKind,
    message: Message,
  ) {
    super(message);
    this.name = 'JobAbort';
  }
}

export interface Running {
  row: JobRow;
  token: string;
  controller: AbortController;
  /** The worker's logger for this job (jobLogger). */
  log: JobLogger;
}

type Outcome = { ok: true; result: JobResult } | { ok: false; error: unknown };

/** What running one job needs of its worker process, fixed at start. */
export interface JobRunner {
  db: Db;
  registry: JobRegistry;
  storage: ObjectStorage;
  config: JobConfig;
  logger: JobLogger;
  events: JobEvents;
  dataDir: string;
  leaseMs: number;
  heartbeatMs: number;
  progressIntervalMs: number;
  /** Jobs running now, by id: stop aborts and releases them. */
  running: Map<number, Running>;
}

/**
 * The worker's logger for one job: every line names the job and, when a request queued it, that
 * request by its `reqId`, the field of the request's own lines (Fastify's), so one search finds both.
 */
export function jobLogger(logger: JobLogger, row: JobRow): JobLogger {
  const fields = { jobId: row.id, type: row.type, ...(row.requestId ? { reqId: row.requestId } : {}) };
  return {
    info: (object, message) => logger.info({ ...fields, ...object }, message),
    warn: (object, message) => logger.warn({ ...fields, ...object }, message),
    error: (object, message) => logger.error({ ...fields, ...object }, message),
  };
}

/** The entity of a job that ended failed follows it (a video becomes failed); never fatal here. */
export async function afterFailure(runner: JobRunner, row: JobRow): Promise<void> {
  try {
    await runner.registry.get(row.type)?.onFailed({ db: runner.db, storage: runner.storage, job: row });
  } catch (error) {
    jobLogger(runner.logger, row).warn({ err: error }, 'job failure hook failed');
  }
}

/** Ends the row after perform, unless the job stopped being this claim's. */
async function settle(runner: JobRunner, entry: Running, outcome: Outcome): Promise<void> {
  const { db, registry } = runner;
  const { row, token, controller, log } = entry;
  const jobLog = { attempt: row.attempts };
  const abort =
    controller.signal.aborted && controller.signal.reason instanceof JobAbort ? controller.signal.reason : null;
  let ended: JobRow | null;
  if (abort?.kind === 'cancelled') {
    log.info(jobLog, 'job cancelled');
    // Again, now that the perform has stopped: a write it made after the cancel is undone.
    await registry
      .get(row.type)
      ?.onCancelled({ db, job: row })
      .catch((error: unknown) => log.warn({ err: error }, 'job cancelled: its entity was not updated'));
    return;
  }
  if (abort?.kind === 'shutdown' && !outcome.ok) {
    ended = await releaseJob(db, row.id, token);
  } else if (outcome.ok) {
    ended = await completeJob(db, row.id, token, outcome.result);
  } else {
    const reason = abort?.kind === 'timeout' ? abort.reason : reasonOf(outcome.error);
    const permanent = outcome.error instanceof PermanentJobError && !abort;
    const jobType = registry.get(row.type);
    if (permanent || row.attempts >= row.maxAttempts || !jobType) {
      log.warn({ ...jobLog, reason }, 'job failed');
      ended = await failJob(db, row.id, token, reason);
      if (ended) await afterFailure(runner, ended);
    } else {
      log.info({ ...jobLog, reason }, 'job attempt failed, will retry');
      ended = await scheduleRetry(db, row.id, token, reason, backoffDelayMs(jobType.retry, row.attempts));
    }
  }
  if (ended) runner.events.state(ended);
  else log.info(jobLog, 'job was cancelled or taken over while it ran');
}

/** Renews the lease every heartbeatMs; a lease no longer ours means the job was cancelled. */
function startLeaseRenewal(runner: JobRunner, entry: Running, cancel: () => void): () => void {
  const { row, token } = entry;
  let renewing = false;
  const heartbeat = setInterval(() => {
    if (renewing) return;
    renewing = true;
    renewLease(runner.db, row.id, token, runner.leaseMs)
      .then((mine) => mine || cancel())
      .catch((error: unknown) => entry.log.warn({ err: error }, 'lease renewal failed'))
      .finally(() => {
        renewing = false;
      });
  }, runner.heartbeatMs);
  return () => clearInterval(heartbeat);
}

/** Aborts the job once its type's timeout has passed; a type without one runs unbounded. */
function startTimeout(controller: AbortController, timeoutMs: number | null | undefined): () => void {
  const timeout = timeoutMs
    ? setTimeout(() => controller.abort(new JobAbort('timeout', JOB_MESSAGES.timedOut(timeoutMs / 1000))), timeoutMs)
    : null;
  return () => {
    if (timeout) clearTimeout(timeout);
  };
}

/** Progress is saved at most every progressIntervalMs; a row no longer ours cancels the job. */
function startProgress(runner: JobRunner, entry: Running, cancel: () => void): ProgressReporter {
  const { row, token } = entry;
  return createProgressReporter(
    async (percent) => {
      if (await saveProgress(runner.db, row.id, token, percent)) runner.events.progress(row, percent);
      else cancel();
    },
    {
      intervalMs: runner.progressIntervalMs,
      onError: (error) => entry.log.warn({ err: error }, 'progress'),
    },
  );
}

/** What a job's perform sees: its row's facts, its signal, and the worker's services. */
function runContext(runner: JobRunner, entry: Running, progress: ProgressReporter): JobRunContext {
  const { row, token, controller, log } = entry;
  return {
    job: {
      id: row.id,
      type: row.type,
      accountId: row.accountId,
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      attempt: row.attempts,
      maxAttempts: row.maxAttempts,
      claimedBy: token,
      // What the job queues in turn passes it on (enqueue's requestId).
      requestId: row.requestId,
      createdAt: row.createdAt,
    },
    signal: controller.signal,
    reportProgress: (percent) => progress.report(percent),
    db: runner.db,
    dataDir: runner.dataDir,
    storage: runner.storage,
    config: runner.config,
    log,
  };
}

/** Runs one claimed job to its end: perform under lease, timeout and progress, then settle. */
export async function runJob(runner: JobRunner, row: JobRow, token: string): Promise<void> {
  const controller = new AbortController();
  const entry: Running = { row, token, controller, log: jobLogger(runner.logger, row) };
  runner.running.set(row.id, entry);
  runner.events.state(row);
  const cancel = () => controller.abort(new JobAbort('cancelled', JOB_MESSAGES.cancelled));

  const stopRenewal = startLeaseRenewal(runner, entry, cancel);
  const jobType = runner.registry.get(row.type);
  const stopTimeout = startTimeout(controller, jobType?.timeoutMs);
  const progress = startProgress(runner, entry, cancel);
  const context = runContext(runner, entry, progress);

  let outcome: Outcome;
  try {
    if (!jobType) throw new PermanentJobError(JOB_MESSAGES.unknownType(row.type));
    outcome = { ok: true, result: await jobType.run(context, row.payload) };
  } catch (error) {
    outcome = { ok: false, error };
  } finally {
    stopRenewal();
    stopTimeout();
  }
  await progress.stop();
  try {
    await settle(runner, entry, outcome);
  } finally {
    runner.running.delete(row.id);
  }
}
