import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { JOB_MESSAGES } from '@regie/contract/jobs';
import { IMAGES_PATH } from '@regie/contract/uploads';
import { isBackendUnavailable } from '../common/unavailable.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import { localStorage } from '../storage/storage.local.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { LIGHT_QUEUE, QUEUES } from './jobs.boss.ts';
import type { JobConfig, JobLogger, JobRegistry, PeriodicTask } from './jobs.define.ts';
import { createJobEvents } from './jobs.events.ts';
import { createPeriodicRunner } from './jobs.periodic.ts';
import { claimJob, onJobEnqueued, releaseJob, sweepExpiredLeases } from './jobs.queue.ts';
import { JOB_REGISTRY } from './jobs.registry.ts';
import { afterFailure, JobAbort, type JobRunner, jobLogger, runJob } from './jobs.run.ts';

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

const silentLogger: JobLogger = { info() {}, warn() {}, error() {} };

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Idle loops sleep here; wake() ends every sleep at once. */
function createSleepers(): { sleep: (ms: number) => Promise<void>; wake: () => void } {
  const sleepers = new Set<() => void>();
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
  return { sleep, wake };
}

/** What the loops of one worker process share. */
interface WorkerLoops {
  runner: JobRunner;
  id: string;
  pollMs: number;
  sleep: (ms: number) => Promise<void>;
  runPeriodic: () => Promise<void>;
  /** Numbers each claim, so a token names one claim of one worker. */
  claims: number;
  stopping: boolean;
  lastSweep: number;
  /** Failed looks at the queue in a row, by any of the loops (reset by the first that works). */
  failures: number;
}

/**
 * At most once per poll: the jobs whose worker died (lease expired) are queued again at once,
 * or failed when that was their last attempt.
 */
async function sweepLeases(loops: WorkerLoops): Promise<void> {
  if (Date.now() - loops.lastSweep < loops.pollMs) return;
  loops.lastSweep = Date.now();
  const { runner } = loops;
  const { requeued, failed } = await sweepExpiredLeases(runner.db);
  for (const row of requeued) {
    jobLogger(runner.logger, row).warn({}, 'job queued again: its worker stopped');
    runner.events.state(row);
  }
  for (const row of failed) {
    jobLogger(runner.logger, row).warn({}, 'job failed: its worker stopped on the last attempt');
    runner.events.state(row);
    await afterFailure(runner, row);
  }
}

/**
 * One look at `queues`: housekeeping (the usual loops only), then claim and run one job; false
 * when none was waiting.
 */
async function tick(loops: WorkerLoops, queues: readonly string[], housekeeping: boolean): Promise<boolean> {
  if (housekeeping) {
    await sweepLeases(loops);
    await loops.runPeriodic();
  }
  const { runner } = loops;
  loops.claims += 1;
  const token = `${loops.id}#${loops.claims}`;
  const row = await claimJob(runner.db, { types: runner.registry.types(), token, leaseMs: runner.leaseMs, queues });
  if (!row) return false;
  await runJob(runner, row, token);
  return true;
}

/** The longest wait between two looks at a queue that keeps failing (its database away). */
const MAX_FAILURE_BACKOFF_MS = 10_000;

/**
 * Looks at the queue until the worker stops. A failed look (PostgreSQL restarting, unreachable)
 * is logged and the next one waits longer each time, up to MAX_FAILURE_BACKOFF_MS; the first
 * look that works again says so, and the loop goes on as before: no restart needed. The count of
 * failures is the process's (its loops share one database): one sequence in the log, and every
 * loop, the light lane's too, backs off with it. The light lane's loop does no housekeeping, and
 * pg-boss's fetch answers "nothing waiting" on any error: only a job it ran says the queue answers.
 */
async function loop(loops: WorkerLoops, queues: readonly string[], housekeeping: boolean): Promise<void> {
  const { logger } = loops.runner;
  while (!loops.stopping) {
    let ran = false;
    try {
      ran = await tick(loops, queues, housekeeping);
      if (housekeeping || ran) {
        if (loops.failures > 0) logger.info({ failures: loops.failures }, 'job queue reachable again');
        loops.failures = 0;
      }
    } catch (error) {
      loops.failures += 1;
      const level = isBackendUnavailable(error) ? 'warn' : 'error';
      logger[level]({ err: error, failures: loops.failures }, 'job queue poll failed');
    }
    if (ran || loops.stopping) continue;
    await loops.sleep(loops.failures > 0 ? failureBackoffMs(loops.pollMs, loops.failures) : loops.pollMs);
  }
}

/** pollMs after the first failure, then twice as long each time, up to MAX_FAILURE_BACKOFF_MS (or pollMs if longer). */
function failureBackoffMs(pollMs: number, failures: number): number {
  return Math.max(pollMs, Math.min(MAX_FAILURE_BACKOFF_MS, pollMs * 2 ** Math.min(failures - 1, 16)));
}

/** After graceMs, aborts what still runs; a perform that ignores its signal has its job handed back all the same. */
async function abortAndRelease(runner: JobRunner, loopsDone: Promise<unknown>, graceMs: number): Promise<void> {
  const { running } = runner;
  await Promise.race([loopsDone, delay(graceMs)]);
  if (running.size === 0) return;
  for (const entry of running.values()) entry.controller.abort(new JobAbort('shutdown', JOB_MESSAGES.shuttingDown));
  await Promise.race([loopsDone, delay(ABORT_WAIT_MS)]);
  for (const entry of [...running.values()]) {
    const released = await releaseJob(runner.db, entry.row.id, entry.token).catch(() => null);
    if (released) runner.events.state(released);
  }
}

/** Options over defaults, as a caller's explicit values win; the runner fixed for this process. */
function createRunner(db: Db, options: WorkerOptions): JobRunner {
  const settings = {
    ...DEFAULTS,
    heartbeatMs: heartbeatFor(options.leaseMs ?? DEFAULTS.leaseMs),
    ...options,
  };
  const logger = options.logger ?? silentLogger;
  return {
    db,
    registry: options.registry ?? JOB_REGISTRY,
    storage: options.storage ?? localStorage(join(options.dataDir, 'storage'), IMAGES_PATH),
    config: options.config ?? { videos: loadConfig({}).videos },
    logger,
    events: createJobEvents(options.hub ?? null, (error) => logger.warn({ err: error }, 'job event not published')),
    dataDir: settings.dataDir,
    leaseMs: settings.leaseMs,
    heartbeatMs: settings.heartbeatMs,
    progressIntervalMs: settings.progressIntervalMs,
    running: new Map(),
  };
}

export function startWorkers(db: Db, options: WorkerOptions): Workers {
  const runner = createRunner(db, options);
  const { sleep, wake } = createSleepers();
  const id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const state: WorkerLoops = {
    runner,
    id,
    pollMs: options.pollMs,
    sleep,
    runPeriodic: createPeriodicRunner(options.periodic ?? [], { db, storage: runner.storage, log: runner.logger }),
    claims: 0,
    stopping: false,
    lastSweep: 0,
    failures: 0,
  };
  // `concurrency` loops on every queue, and one more on the light lane's (jobs.boss.ts LIGHT_QUEUE).
  const concurrency = Math.max(0, options.concurrency);
  const loops = Promise.all([
    ...Array.from({ length: concurrency }, () => loop(state, QUEUES, true)),
    ...(concurrency > 0 ? [loop(state, [LIGHT_QUEUE], false)] : []),
  ]);
  // A job enqueued by this process starts now, not at the next poll.
  const stopListening = onJobEnqueued(wake);

  return {
    id,
    get active() {
      return runner.running.size;
    },
    wake,
    async stop({ graceMs = DEFAULTS.graceMs } = {}) {
      state.stopping = true;
      stopListening();
      wake();
      await abortAndRelease(runner, loops, graceMs);
    },
  };
}
