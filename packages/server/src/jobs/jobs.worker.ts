import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { JOB_MESSAGES } from '@regie/contract/jobs';
import { IMAGES_PATH } from '@regie/contract/uploads';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { JobRow } from '../db/jobs.table.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import { localStorage } from '../storage/storage.local.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import {
  backoffDelayMs,
  type JobConfig,
  type JobLogger,
  type JobRegistry,
  type JobResult,
  type JobRunContext,
  type PeriodicTask,
  PermanentJobError,
} from './jobs.define.ts';
import { createJobEvents, type JobEvents } from './jobs.events.ts';
import { createPeriodicRunner } from './jobs.periodic.ts';
import { createProgressReporter } from './jobs.progress.ts';
import {
  claimJob,
  completeJob,
  failExpiredLeases,
  failJob,
  onJobEnqueued,
  releaseJob,
  renewLease,
  saveProgress,
  scheduleRetry,
} from './jobs.queue.ts';
import { JOB_REGISTRY } from './jobs.registry.ts';

export interface WorkerOptions {
  /** Jobs run side by side in this process. */
  concurrency: number;
  /** Idle wait between two looks at the queue. */
  pollMs: number;
  dataDir: string;
  /** Where jobs read and write files; default: the local folder `<dataDir>/storage`. */
  storage?: ObjectStorage;
  /** What jobs read of the configuration; default: the environment's defaults. */
  config?: JobConfig;
  registry?: JobRegistry;
  /** Where job.progress / job.state events go; none without a hub. */
  hub?: RealtimeHub | null;
  /** A claimed job is this worker's until then; renewed every heartbeatMs while it runs. */
  leaseMs?: number;
  /** Lease renewal, which also notices a cancelled (deleted) job and aborts it. */
  heartbeatMs?: number;
  progressIntervalMs?: number;
  logger?: JobLogger;
  /** Housekeeping run between jobs (jobs.registry.ts periodicTasks); none by default. */
  periodic?: readonly PeriodicTask[];
}

export interface Workers {
  readonly id: string;
  /** Jobs running now. */
  readonly active: number;
  /** Looks at the queue now rather than at the next poll. */
  wake(): void;
  /**
   * Claims nothing more; running jobs get graceMs to finish, then are aborted and handed back
   * (waiting, their attempt not counted) for another worker or the next start.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
}

const DEFAULTS = { leaseMs: 30_000, progressIntervalMs: 1_000, graceMs: 10_000 };
/** Renew well before the lease runs out: every 3 s, or a quarter of a short lease. */
const heartbeatFor = (leaseMs: number) => Math.max(10, Math.min(3_000, Math.floor(leaseMs / 4)));
/** After aborting at shutdown, how long a perform gets to notice before its lease is released anyway. */
const ABORT_WAIT_MS = 5_000;

type AbortKind = 'cancelled' | 'shutdown' | 'timeout';

class JobAbort extends Error {
  constructor(
    readonly kind: AbortKind,
    message: string,
  ) {
    super(message);
    this.name = 'JobAbort';
  }
}

const silentLogger: JobLogger = { info() {}, warn() {}, error() {} };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

interface Running {
  row: JobRow;
  token: string;
  controller: AbortController;
}

type Outcome = { ok: true; result: JobResult } | { ok: false; error: unknown };

export function startWorkers(db: Db, options: WorkerOptions): Workers {
  const settings = {
    ...DEFAULTS,
    heartbeatMs: heartbeatFor(options.leaseMs ?? DEFAULTS.leaseMs),
    ...options,
  };
  const registry = options.registry ?? JOB_REGISTRY;
  const storage = options.storage ?? localStorage(join(options.dataDir, 'storage'), IMAGES_PATH);
  const config: JobConfig = options.config ?? { videos: loadConfig({}).videos };
  const logger = options.logger ?? silentLogger;
  const events: JobEvents = createJobEvents(options.hub ?? null, (error) =>
    logger.warn({ err: error }, 'job event not published'),
  );
  const id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const running = new Map<number, Running>();
  const sleepers = new Set<() => void>();
  let claims = 0;
  let stopping = false;
  let lastSweep = 0;
  const runPeriodic = createPeriodicRunner(options.periodic ?? [], { db, storage, log: logger });

  const wake = () => {
    for (const sleeper of [...sleepers]) sleeper();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });

  /** The entity of a job that ended failed follows it (a video becomes failed); never fatal here. */
  async function afterFailure(row: JobRow): Promise<void> {
    try {
      await registry.get(row.type)?.onFailed({ db, job: row });
    } catch (error) {
      logger.warn({ jobId: row.id, type: row.type, err: error }, 'job failure hook failed');
    }
  }

  /** Ends the row after perform, unless the job stopped being this claim's. */
  async function settle(entry: Running, outcome: Outcome): Promise<void> {
    const { row, token, controller } = entry;
    const jobLog = { jobId: row.id, type: row.type, attempt: row.attempts };
    const abort =
      controller.signal.aborted && controller.signal.reason instanceof JobAbort ? controller.signal.reason : null;
    let ended: JobRow | null;
    if (abort?.kind === 'cancelled') {
      logger.info(jobLog, 'job cancelled');
      return;
    }
    if (abort?.kind === 'shutdown' && !outcome.ok) {
      ended = await releaseJob(db, row.id, token);
    } else if (outcome.ok) {
      ended = await completeJob(db, row.id, token, outcome.result);
    } else {
      const reason = abort?.kind === 'timeout' ? abort.message : errorMessage(outcome.error);
      const permanent = outcome.error instanceof PermanentJobError && !abort;
      const jobType = registry.get(row.type);
      if (permanent || row.attempts >= row.maxAttempts || !jobType) {
        logger.warn({ ...jobLog, reason }, 'job failed');
        ended = await failJob(db, row.id, token, reason);
        if (ended) await afterFailure(ended);
      } else {
        logger.info({ ...jobLog, reason }, 'job attempt failed, will retry');
        ended = await scheduleRetry(db, row.id, token, reason, backoffDelayMs(jobType.retry, row.attempts));
      }
    }
    if (ended) events.state(ended);
    else logger.info(jobLog, 'job was cancelled or taken over while it ran');
  }

  async function run(row: JobRow, token: string): Promise<void> {
    const controller = new AbortController();
    const entry: Running = { row, token, controller };
    running.set(row.id, entry);
    events.state(row);
    const jobLog = { jobId: row.id, type: row.type };
    const cancel = () => controller.abort(new JobAbort('cancelled', JOB_MESSAGES.cancelled));

    let renewing = false;
    const heartbeat = setInterval(() => {
      if (renewing) return;
      renewing = true;
      renewLease(db, row.id, token, settings.leaseMs)
        .then((mine) => mine || cancel())
        .catch((error: unknown) => logger.warn({ ...jobLog, err: error }, 'lease renewal failed'))
        .finally(() => {
          renewing = false;
        });
    }, settings.heartbeatMs);
    const jobType = registry.get(row.type);
    const timeoutMs = jobType?.timeoutMs;
    const timeout = timeoutMs
      ? setTimeout(() => controller.abort(new JobAbort('timeout', `Timed out after ${timeoutMs / 1000} s`)), timeoutMs)
      : null;
    const progress = createProgressReporter(
      async (percent) => {
        if (await saveProgress(db, row.id, token, percent)) events.progress(row, percent);
        else cancel();
      },
      {
        intervalMs: settings.progressIntervalMs,
        onError: (error) => logger.warn({ ...jobLog, err: error }, 'progress'),
      },
    );
    const context: JobRunContext = {
      job: {
        id: row.id,
        type: row.type,
        accountId: row.accountId,
        resourceType: row.resourceType,
        resourceId: row.resourceId,
        attempt: row.attempts,
        maxAttempts: row.maxAttempts,
        claimedBy: token,
      },
      signal: controller.signal,
      reportProgress: (percent) => progress.report(percent),
      db,
      dataDir: settings.dataDir,
      storage,
      config,
      log: {
        info: (object, message) => logger.info({ ...jobLog, ...object }, message),
        warn: (object, message) => logger.warn({ ...jobLog, ...object }, message),
        error: (object, message) => logger.error({ ...jobLog, ...object }, message),
      },
    };

    let outcome: Outcome;
    try {
      if (!jobType) throw new PermanentJobError(JOB_MESSAGES.unknownType(row.type));
      outcome = { ok: true, result: await jobType.run(context, row.payload) };
    } catch (error) {
      outcome = { ok: false, error };
    } finally {
      clearInterval(heartbeat);
      if (timeout) clearTimeout(timeout);
    }
    await progress.stop();
    try {
      await settle(entry, outcome);
    } finally {
      running.delete(row.id);
    }
  }

  async function tick(): Promise<boolean> {
    if (Date.now() - lastSweep >= settings.pollMs) {
      lastSweep = Date.now();
      for (const row of await failExpiredLeases(db)) {
        logger.warn({ jobId: row.id, type: row.type }, 'job failed: its worker stopped on the last attempt');
        events.state(row);
        await afterFailure(row);
      }
    }
    await runPeriodic();
    claims += 1;
    const token = `${id}#${claims}`;
    const row = await claimJob(db, { types: registry.types(), token, leaseMs: settings.leaseMs });
    if (!row) return false;
    await run(row, token);
    return true;
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      let ran = false;
      try {
        ran = await tick();
      } catch (error) {
        logger.error({ err: error }, 'job queue poll failed');
      }
      if (!ran && !stopping) await sleep(settings.pollMs);
    }
  }

  const loops = Promise.all(Array.from({ length: Math.max(0, settings.concurrency) }, loop));
  // A job enqueued by this process starts now, not at the next poll.
  const stopListening = onJobEnqueued(wake);

  return {
    id,
    get active() {
      return running.size;
    },
    wake,
    async stop({ graceMs = settings.graceMs } = {}) {
      stopping = true;
      stopListening();
      wake();
      await Promise.race([loops, delay(graceMs)]);
      if (running.size === 0) return;
      for (const entry of running.values()) entry.controller.abort(new JobAbort('shutdown', 'Worker shutting down'));
      await Promise.race([loops, delay(ABORT_WAIT_MS)]);
      // A perform that ignores its signal: hand its job back all the same.
      for (const entry of [...running.values()]) {
        const released = await releaseJob(db, entry.row.id, entry.token).catch(() => null);
        if (released) events.state(released);
      }
    },
  };
}
