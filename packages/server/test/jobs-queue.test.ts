import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CAMERA_CONTENT_KINDS } from '@regie/contract/cameras';
import { JOB_EVENTS, JOB_MESSAGES, JOBS_TOPIC } from '@regie/contract/jobs';
import type { JobResponse } from '@regie/contract/jobs.schemas';
import { renderMessage } from '@regie/contract/messages.render';
import { PUBLISH_JOB_TYPE } from '@regie/contract/publications';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openPostgres } from '../src/db/database.ts';
import { jobs } from '../src/db/jobs.table.ts';
import { transaction } from '../src/db/transactions.ts';
import { createJobRegistry, defineJob } from '../src/jobs/jobs.define.ts';
import { claimJob, completeJob, enqueueJob } from '../src/jobs/jobs.queue.ts';
import { startWorkers, type WorkerOptions, type Workers } from '../src/jobs/jobs.worker.ts';
import { liveClipJob } from '../src/live/live-clip.job.ts';
import { probeMediaJob } from '../src/media/probe.job.ts';
import type { HubEvent } from '../src/realtime/realtime.hub.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { jobRow, testJobTypes, waitFor, waitForState } from './jobs-fixtures.ts';
import { makeTestVideo, mediaFolder } from './media-fixtures.ts';

let ctx: TestContext;
let accountId: number;
let dataDir: string;
let cleanupMedia: () => Promise<void>;
const fixtures = testJobTypes();
const registry = createJobRegistry([...fixtures.types, probeMediaJob]);
const running: Workers[] = [];

function workers(options: Partial<WorkerOptions> = {}, db = ctx.db): Workers {
  const started = startWorkers(db, {
    concurrency: 1,
    pollMs: 20,
    dataDir,
    registry,
    hub: ctx.app.realtime,
    leaseMs: 2_000,
    heartbeatMs: 50,
    progressIntervalMs: 20,
    ...options,
  });
  running.push(started);
  return started;
}

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = (await ctx.buildAccount()).id;
  ({ dir: dataDir, cleanup: cleanupMedia } = await mediaFolder());
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((started) => started.stop({ graceMs: 0 })));
});
afterAll(async () => {
  await ctx.close();
  await cleanupMedia();
});

describe('a job', () => {
  it('runs to done, its progress written and published on the way', async () => {
    const events: HubEvent[] = [];
    const unsubscribe = ctx.app.realtime.subscribe(`${accountId}${JOBS_TOPIC}`, (_topic, event) => events.push(event));
    const job = await enqueueJob(ctx.db, fixtures.progress, { steps: [25, 50, 75] }, { accountId });
    // Another process's worker could claim it before the queued event is out; this one starts after it.
    await waitFor(() => events.length > 0, { what: 'the queued event' });
    workers();
    const done = await waitForState(ctx.db, job.id, ['done']);
    unsubscribe();

    expect(done).toMatchObject({
      progress: 100,
      attempts: 1,
      result: { finished: true },
      lastError: null,
      lockedBy: null,
    });
    expect(done.finishedAt).toBeInstanceOf(Date);
    const progress = events.filter((event) => event.type === JOB_EVENTS.progress).map((event) => event.payload);
    expect(progress).toEqual([25, 50, 75].map((value) => expect.objectContaining({ id: job.id, progress: value })));
    const states = events.filter((event) => event.type === JOB_EVENTS.state);
    // 'queued' (waiting) is the queue's own event, published once the enqueue is committed.
    expect(states.map((event) => (event.payload as { state: string }).state)).toEqual([
      'waiting',
      'in_progress',
      'done',
    ]);
  });

  it('starts at once when enqueued in the same process, without waiting for the next poll', async () => {
    const idle = workers({ pollMs: 60_000 });
    // Let the worker find the queue empty and go to sleep for a minute.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const job = await enqueueJob(ctx.db, fixtures.progress, { steps: [] }, { accountId });
    const started = Date.now();
    await waitForState(ctx.db, job.id, ['done']);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(idle.active).toBe(0);
  });

  it('is retried with exponential backoff, then succeeds', async () => {
    // The row as the worker left it after the first attempt, from its job.state event: a poll of
    // the table could miss the 300 ms it stays so.
    const states: JobResponse[] = [];
    const unsubscribe = ctx.app.realtime.subscribe(`${accountId}${JOBS_TOPIC}`, (_topic, event) => {
      if (event.type === JOB_EVENTS.state) states.push(event.payload as JobResponse);
    });
    const job = await enqueueJob(ctx.db, fixtures.flaky, { failures: 2 }, { accountId });
    workers();
    const firstRetry = await waitFor(
      () => {
        const row = states.find((state) => state.id === job.id && state.state === 'waiting' && state.attempts === 1);
        return row && { ...row, runAt: new Date(row.runAt), updatedAt: new Date(row.updatedAt) };
      },
      { what: 'the first failed attempt' },
    ).finally(unsubscribe);
    expect(firstRetry.lastError).toBe('boom 1');
    expect(firstRetry.runAt.getTime()).toBeGreaterThan(firstRetry.updatedAt.getTime());

    const done = await waitForState(ctx.db, job.id, ['done']);
    expect(done).toMatchObject({ attempts: 3, result: { attempt: 3 }, lastError: null });
    const [first = 0, second = 0, third = 0] = fixtures.log.attempts.get(job.id) ?? [];
    expect(second - first).toBeGreaterThanOrEqual(300 - 20);
    expect(third - second).toBeGreaterThanOrEqual(600 - 20);
  });

  it('fails with the last reason once its attempts are spent', async () => {
    const job = await enqueueJob(ctx.db, fixtures.flaky, { failures: 5 }, { accountId, maxAttempts: 2 });
    workers();
    const failed = await waitForState(ctx.db, job.id, ['failed']);
    expect(failed).toMatchObject({ attempts: 2, lastError: 'boom 2' });
  });

  it('fails at once with the reason of a PermanentJobError', async () => {
    const job = await enqueueJob(ctx.db, fixtures.permanent, {}, { accountId });
    workers();
    const failed = await waitForState(ctx.db, job.id, ['failed']);
    expect(failed).toMatchObject({ attempts: 1, maxAttempts: 3, lastError: 'The source file is corrupt' });
    expect(failed.finishedAt).toBeInstanceOf(Date);
  });

  it('fails with a reason when it runs past its time limit', async () => {
    const job = await enqueueJob(ctx.db, fixtures.timeout, {}, { accountId });
    workers();
    expect(await waitForState(ctx.db, job.id, ['failed'])).toMatchObject({ lastError: 'Timed out after 0.15 s' });
  });

  it('fails at once when its stored payload is invalid', async () => {
    // Queued valid, then its stored payload spoilt before any worker runs it.
    const queued = await enqueueJob(ctx.db, fixtures.flaky, { failures: 0 }, { accountId, maxAttempts: 3 });
    const [row] = await ctx.db
      .update(jobs)
      .set({ payload: { failures: 'many' } })
      .where(eq(jobs.id, queued.id))
      .returning();
    if (!row) throw new Error('not updated');
    workers();
    const failed = await waitForState(ctx.db, row.id, ['failed']);
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/^Invalid payload: .*failures/s);
  });

  it('refuses an invalid payload at enqueue time', async () => {
    await expect(
      enqueueJob(ctx.db, fixtures.flaky, { failures: -1 as unknown as number }, { accountId }),
    ).resolves.toBeTruthy();
    await expect(
      enqueueJob(ctx.db, fixtures.flaky, { failures: 'x' } as unknown as { failures: number }, { accountId }),
    ).rejects.toThrow();
  });
});

describe("the queue's 'queued' event", () => {
  const queuedOf = (events: HubEvent[], id: number) =>
    events.filter((event) => event.type === JOB_EVENTS.state && (event.payload as { id: number }).id === id);
  const listen = () => {
    const events: HubEvent[] = [];
    const unsubscribe = ctx.app.realtime.subscribe(`${accountId}${JOBS_TOPIC}`, (_topic, event) => events.push(event));
    return { events, unsubscribe };
  };

  it('is published by enqueue once its transaction commits, never before', async () => {
    const { events, unsubscribe } = listen();
    const job = await transaction(ctx.db, async (tx) => {
      const queued = await enqueueJob(tx, fixtures.progress, { steps: [] }, { accountId, resourceType: 'Queued' });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(queuedOf(events, queued.id)).toEqual([]);
      return queued;
    });
    const [event] = await waitFor(() => queuedOf(events, job.id).length > 0 && queuedOf(events, job.id), {
      what: 'the queued event',
    });
    unsubscribe();
    expect(event?.payload).toMatchObject({ id: job.id, state: 'waiting', resourceType: 'Queued' });
  });

  it('is never published for an enqueue that is rolled back', async () => {
    const { events, unsubscribe } = listen();
    let rolledBack = 0;
    await expect(
      transaction(ctx.db, async (tx) => {
        rolledBack = (await enqueueJob(tx, fixtures.progress, { steps: [] }, { accountId })).id;
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(rolledBack).toBeGreaterThan(0);
    // A committed enqueue after it: once its event is out, the rolled-back one's would be too.
    const after = await enqueueJob(ctx.db, fixtures.progress, { steps: [] }, { accountId });
    await waitFor(() => queuedOf(events, after.id).length > 0, { what: 'the committed job’s event' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    unsubscribe();
    expect(queuedOf(events, rolledBack)).toEqual([]);
    expect(await jobRow(ctx.db, rolledBack)).toBeUndefined();
  });
});

describe('leases', () => {
  it('gives the job of a dead worker (lease expired) to another worker, which finishes it', async () => {
    const job = await enqueueJob(ctx.db, fixtures.slow, { ms: 30 }, { accountId });
    const dead = await claimJob(ctx.db, { types: [fixtures.slow.type], token: 'dead-worker#1', leaseMs: 60_000 });
    expect(dead?.id).toBe(job.id);
    await ctx.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, job.id));

    workers();
    const done = await waitForState(ctx.db, job.id, ['done']);
    expect(done.attempts).toBe(2);
    expect(done.lockedBy).toBeNull();
    // The dead worker coming back cannot overwrite what the other one did.
    expect(await completeJob(ctx.db, job.id, 'dead-worker#1', { stale: true })).toBeNull();
    expect((await waitForState(ctx.db, job.id, ['done'])).result).toEqual({ slept: 30 });
  });

  it('fails a job whose worker died on its last attempt, saying so', async () => {
    const job = await enqueueJob(ctx.db, fixtures.slow, { ms: 30 }, { accountId, maxAttempts: 1 });
    await claimJob(ctx.db, { types: [fixtures.slow.type], token: 'dead-worker#2', leaseMs: 60_000 });
    await ctx.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, job.id));
    workers();
    expect(await waitForState(ctx.db, job.id, ['failed'])).toMatchObject({
      attempts: 1,
      lastError: renderMessage(JOB_MESSAGES.leaseExpired),
    });
  });

  it('renews the lease while a long job runs, so nobody else takes it', async () => {
    const job = await enqueueJob(ctx.db, fixtures.slow, { ms: 700 }, { accountId });
    workers({ leaseMs: 200 });
    workers({ leaseMs: 200 });
    const done = await waitForState(ctx.db, job.id, ['done']);
    expect(done.attempts).toBe(1);
    expect(fixtures.log.attempts.get(job.id)).toHaveLength(1);
  });

  it('hands a running job back when the worker stops, and it runs again later', async () => {
    const job = await enqueueJob(ctx.db, fixtures.slow, {}, { accountId });
    const first = workers();
    await waitForState(ctx.db, job.id, ['in_progress']);
    await first.stop({ graceMs: 50 });
    const released = await waitForState(ctx.db, job.id, ['waiting']);
    expect(released).toMatchObject({ attempts: 0, lockedBy: null });
    expect(fixtures.log.aborted.get(job.id)).toMatchObject({ kind: 'shutdown' });

    await ctx.db
      .update(jobs)
      .set({ payload: { ms: 20 } })
      .where(eq(jobs.id, job.id));
    workers();
    expect(await waitForState(ctx.db, job.id, ['done'])).toMatchObject({ attempts: 1 });
  });
});

describe('several workers', () => {
  it('never run the same job twice (SKIP LOCKED)', async () => {
    const ids: number[] = [];
    let workerIds: string[] = [];
    for (let index = 0; index < 24; index += 1) {
      ids.push((await enqueueJob(ctx.db, fixtures.slow, { ms: 15 }, { accountId, resourceType: 'Batch' })).id);
    }
    // On PostgreSQL the second worker set has a pool of its own, as another process would.
    let second: Database | null = null;
    if (ctx.databaseUrl) second = openPostgres(ctx.databaseUrl);
    try {
      const one = workers({ concurrency: 3 });
      const two = workers({ concurrency: 3 }, second?.db ?? ctx.db);
      workerIds = [one.id, two.id];
      await waitFor(
        async () => {
          const rows = await ctx.db.select().from(jobs).where(eq(jobs.resourceType, 'Batch'));
          return rows.every((row) => row.state === 'done') ? rows : undefined;
        },
        { what: 'the batch to be done', timeoutMs: 20_000 },
      );
      await Promise.all(running.splice(0).map((started) => started.stop({ graceMs: 0 })));
    } finally {
      await second?.close();
    }
    const performed = fixtures.log.performed.filter((id) => ids.includes(id));
    expect(performed.sort((a, b) => a - b)).toEqual(ids);
    const rows = await ctx.db.select().from(jobs).where(eq(jobs.resourceType, 'Batch'));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    // Both took part: the jobs were really shared out, not run by one of them.
    for (const id of workerIds) expect(fixtures.log.byWorker.get(id)?.length ?? 0).toBeGreaterThan(0);
  });
});

describe('media.probe', () => {
  it('stores the technical metadata of a file of the data folder', async () => {
    await mkdir(join(dataDir, 'uploads'), { recursive: true });
    await makeTestVideo(join(dataDir, 'uploads', 'clip.mp4'), { seconds: 1 });
    const job = await enqueueJob(ctx.db, probeMediaJob, { path: 'uploads/clip.mp4' }, { accountId });
    workers();
    const done = await waitForState(ctx.db, job.id, ['done']);
    expect(done.result).toMatchObject({
      path: 'uploads/clip.mp4',
      metadata: { width: 640, height: 360, videoCodec: 'h264', hasAudio: true },
    });
  });

  it('fails at once with a clear reason for a file that is not a video', async () => {
    await writeFile(join(dataDir, 'notes.mp4'), 'not a video at all');
    const job = await enqueueJob(ctx.db, probeMediaJob, { path: 'notes.mp4' }, { accountId });
    workers();
    const failed = await waitForState(ctx.db, job.id, ['failed']);
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/^The file is not a video ffmpeg can read: /);
  });

  it('ends done, skipped, when the file is gone', async () => {
    const job = await enqueueJob(ctx.db, probeMediaJob, { path: 'gone.mp4' }, { accountId });
    workers();
    const done = await waitForState(ctx.db, job.id, ['done']);
    expect(done.result).toEqual({ skipped: `The file does not exist: ${join(dataDir, 'gone.mp4')}` });
  });

  it('refuses a path outside the data folder', async () => {
    const job = await enqueueJob(ctx.db, probeMediaJob, { path: '../../etc/passwd' }, { accountId });
    workers();
    expect(await waitForState(ctx.db, job.id, ['failed'])).toMatchObject({
      lastError: 'The path must stay inside the data folder',
    });
  });
});

describe('the queue’s order', () => {
  it('hands a live clip’s instant copy out before the jobs that were waiting longer', async () => {
    const older = [];
    for (let index = 0; index < 3; index += 1) {
      older.push(await enqueueJob(ctx.db, fixtures.slow, { ms: 1 }, { accountId, resourceType: 'Backlog' }));
    }
    const now = new Date().toISOString();
    const clip = await enqueueJob(
      ctx.db,
      liveClipJob,
      { videoId: 1, content: { kind: CAMERA_CONTENT_KINDS[0], id: 1 }, from: now, to: now },
      { accountId },
    );
    const types = [fixtures.slow.type, liveClipJob.type];
    const first = await claimJob(ctx.db, { types, token: 'order#1', leaseMs: 60_000 });
    expect(first?.id).toBe(clip.id);
    // Then the others, oldest first.
    const second = await claimJob(ctx.db, { types, token: 'order#2', leaseMs: 60_000 });
    expect(second?.id).toBe(older[0]?.id);
  });
});

describe('the light lane', () => {
  it("runs a publication's short step while a long job holds the worker's only loop", async () => {
    // A publication's step (its type is the light lane's), doing nothing long.
    const step = defineJob({
      type: PUBLISH_JOB_TYPE,
      payload: z.object({}),
      async perform() {
        return { stepped: true };
      },
    });
    const long = await enqueueJob(ctx.db, fixtures.slow, {}, { accountId, resourceType: 'Backlog' });
    workers({ registry: createJobRegistry([fixtures.slow, step]) });
    await waitForState(ctx.db, long.id, ['in_progress']);
    const queued = await enqueueJob(ctx.db, step, {}, { accountId, resourceId: 1 });
    const done = await waitForState(ctx.db, queued.id, ['done']);
    expect(done.result).toEqual({ stepped: true });
    // Beside the long one, which still runs: not after it.
    expect((await jobRow(ctx.db, long.id))?.state).toBe('in_progress');
  });
});
