import { JOB_MESSAGES } from '@regie/contract/jobs';
import type { Message } from '@regie/contract/messages';
import { renderMessage } from '@regie/contract/messages.render';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../src/db/database.ts';
import { type JobRow, jobs } from '../src/db/jobs.table.ts';
import { type AnyJobType, defineJob, PermanentJobError } from '../src/jobs/jobs.define.ts';

/** Polls until `check` returns a value (not undefined/null/false), or fails after timeoutMs. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { timeoutMs = 10_000, intervalMs = 20, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (true) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A stored job as a person reads it: its reason in English words, the stored Message beside. */
export type ReadJobRow = Omit<JobRow, 'lastError'> & { lastError: string | null; lastErrorMessage: Message | null };

export async function jobRow(db: Db, id: number): Promise<ReadJobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) return undefined;
  return { ...row, lastError: row.lastError ? renderMessage(row.lastError) : null, lastErrorMessage: row.lastError };
}

export function waitForState(db: Db, id: number, states: JobRow['state'][], timeoutMs = 10_000): Promise<ReadJobRow> {
  return waitFor(
    async () => {
      const row = await jobRow(db, id);
      return row && states.includes(row.state) ? row : undefined;
    },
    { timeoutMs, what: `job ${id} to be ${states.join(' or ')}` },
  );
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** Job types for queue tests, with a log of what they did. */
export function testJobTypes() {
  const log = {
    attempts: new Map<number, number[]>(),
    performed: [] as number[],
    /** Worker id (the claim token without its #n) → jobs it performed. */
    byWorker: new Map<string, number[]>(),
    aborted: new Map<number, unknown>(),
    started: new Set<number>(),
  };
  const note = (id: number) => {
    log.attempts.set(id, [...(log.attempts.get(id) ?? []), Date.now()]);
    log.started.add(id);
  };

  const progress = defineJob({
    type: 'test.progress',
    payload: z.object({ steps: z.array(z.number()) }),
    async perform({ payload, job, reportProgress }) {
      note(job.id);
      for (const step of payload.steps) {
        reportProgress(step);
        await sleep(40);
      }
      return { finished: true };
    },
  });

  const flaky = defineJob({
    type: 'test.flaky',
    payload: z.object({ failures: z.number() }),
    retry: { maxAttempts: 3, backoff: { initialMs: 300, factor: 2, maxMs: 5_000 } },
    async perform({ payload, job }) {
      note(job.id);
      if (job.attempt <= payload.failures) throw new Error(`boom ${job.attempt}`);
      return { attempt: job.attempt };
    },
  });

  const permanent = defineJob({
    type: 'test.permanent',
    payload: z.object({}),
    async perform({ job }) {
      note(job.id);
      throw new PermanentJobError(JOB_MESSAGES.failed('The source file is corrupt'));
    },
  });

  /** Runs for `ms` (default: until aborted); counts who ran it. */
  const slow = defineJob({
    type: 'test.slow',
    payload: z.object({ ms: z.number().optional() }),
    retry: { maxAttempts: 2, backoff: { initialMs: 50, maxMs: 50 } },
    timeoutMs: 20_000,
    async perform({ payload, job, signal }) {
      note(job.id);
      try {
        await sleep(payload.ms ?? 60_000, signal);
      } catch (error) {
        log.aborted.set(job.id, error);
        throw error;
      }
      log.performed.push(job.id);
      const worker = job.claimedBy.split('#')[0] ?? '';
      log.byWorker.set(worker, [...(log.byWorker.get(worker) ?? []), job.id]);
      return { slept: payload.ms };
    },
  });

  const timeout = defineJob({
    type: 'test.timeout',
    payload: z.object({}),
    retry: { maxAttempts: 1 },
    timeoutMs: 150,
    async perform({ signal }) {
      await sleep(60_000, signal);
    },
  });

  const types: AnyJobType[] = [progress, flaky, permanent, slow, timeout];
  return { log, progress, flaky, permanent, slow, timeout, types };
}
