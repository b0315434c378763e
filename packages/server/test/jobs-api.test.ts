import { JOB_MESSAGES, jobPaths } from '@regie/contract/jobs';
import { jobListResponse, jobResponse } from '@regie/contract/jobs.schemas';
import { renderMessage } from '@regie/contract/messages.render';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../src/db/jobs.table.ts';
import { createJobRegistry, defineJob } from '../src/jobs/jobs.define.ts';
import { enqueueJob } from '../src/jobs/jobs.queue.ts';
import { startWorkers, type Workers } from '../src/jobs/jobs.worker.ts';
import { type BuiltUser, createTestContext, type TestContext } from './helpers.ts';
import { jobRow, testJobTypes, waitFor, waitForState } from './jobs-fixtures.ts';

let ctx: TestContext;
let writerA: BuiltUser;
let readerA: BuiltUser;
let writerB: BuiltUser;
const tokens: Record<string, string> = {};
const fixtures = testJobTypes();
let running: Workers | null = null;

beforeAll(async () => {
  ctx = await createTestContext();
  const accountA = await ctx.buildAccount();
  const accountB = await ctx.buildAccount();
  writerA = await ctx.buildUser({ accountId: accountA.id, roles: ['video_write'] });
  readerA = await ctx.buildUser({ accountId: accountA.id, roles: ['read_only'] });
  writerB = await ctx.buildUser({ accountId: accountB.id, roles: ['sport_player_write'] });
  for (const user of [writerA, readerA, writerB]) tokens[user.username] = await ctx.login(user.username, user.password);
  tokens.admin = await ctx.login('admin');
});
afterEach(async () => {
  await running?.stop({ graceMs: 0 });
  running = null;
});
afterAll(() => ctx.close());

const tokenOf = (user: BuiltUser) => tokens[user.username] ?? '';

function enqueueFor(user: BuiltUser, resource: { type: string; id: string }, ms?: number) {
  return enqueueJob(ctx.db, fixtures.slow, ms === undefined ? {} : { ms }, {
    accountId: user.accountId,
    resourceType: resource.type,
    resourceId: resource.id,
  });
}

describe('GET /main-api/jobs', () => {
  it("lists the account's jobs, filtered by state and resource, for any of its users", async () => {
    const video = { type: 'Video', id: '41' };
    const waiting = await enqueueFor(writerA, video);
    const done = await enqueueFor(writerA, video);
    await ctx.db.update(jobs).set({ state: 'done', progress: 100 }).where(eq(jobs.id, done.id));
    await enqueueFor(writerA, { type: 'Video', id: '42' });

    const response = await ctx.request({
      url: `${jobPaths.jobs}?state=waiting,in_progress&resourceType=Video&resourceId=41`,
      token: tokenOf(readerA),
    });
    expect(response.statusCode).toBe(200);
    const list = jobListResponse.parse(response.json());
    expect(list.map((job) => job.id)).toEqual([waiting.id]);
    expect(list[0]).toMatchObject({
      type: 'test.slow',
      state: 'waiting',
      AccountId: writerA.accountId,
      resourceType: 'Video',
      resourceId: '41',
      progress: 0,
      attempts: 0,
      maxAttempts: 2,
      lastError: null,
      result: null,
      finishedAt: null,
    });
    expect(list[0]).not.toHaveProperty('lockedBy');

    const both = await ctx.request({
      url: `${jobPaths.jobs}?state[]=waiting&state[]=done&resourceType=Video&resourceId=41`,
      token: tokenOf(readerA),
    });
    expect(both.json().map((job: { id: number }) => job.id)).toEqual([done.id, waiting.id]);
  });

  it('due=true lists the work in hand, never a job scheduled for later; due=false only those', async () => {
    const video = { type: 'Video', id: '43' };
    const dueNow = await enqueueFor(writerA, video);
    const later = await enqueueJob(
      ctx.db,
      fixtures.slow,
      {},
      {
        accountId: writerA.accountId,
        resourceType: video.type,
        resourceId: video.id,
        runAt: new Date(Date.now() + 3_600_000),
      },
    );
    // Tried once and backing off before its next attempt: still work in hand.
    const retrying = await enqueueFor(writerA, video);
    await ctx.db
      .update(jobs)
      .set({ attempts: 1, runAt: new Date(Date.now() + 60_000) })
      .where(eq(jobs.id, retrying.id));
    const running = await enqueueFor(writerA, video);
    await ctx.db.update(jobs).set({ state: 'in_progress', attempts: 1 }).where(eq(jobs.id, running.id));
    const done = await enqueueFor(writerA, video);
    await ctx.db.update(jobs).set({ state: 'done', progress: 100 }).where(eq(jobs.id, done.id));

    const list = async (query: string) => {
      const response = await ctx.request({
        url: `${jobPaths.jobs}?resourceType=Video&resourceId=43&${query}`,
        token: tokenOf(readerA),
      });
      expect(response.statusCode, response.body).toBe(200);
      return jobListResponse
        .parse(response.json())
        .map((job) => job.id)
        .sort((a, b) => a - b);
    };
    expect(await list('due=true')).toEqual([dueNow.id, retrying.id, running.id]);
    expect(await list('due=false')).toEqual([later.id]);
    expect(await list('state=waiting&due=true')).toEqual([dueNow.id, retrying.id]);
    expect(await list('state=waiting,in_progress')).toEqual([dueNow.id, later.id, retrying.id, running.id]);
    // Its time come, the scheduled job is due.
    await ctx.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1_000) })
      .where(eq(jobs.id, later.id));
    expect(await list('due=true')).toEqual([dueNow.id, later.id, retrying.id, running.id]);
    expect(await list('due=false')).toEqual([]);
  });

  it('refuses a due filter that is neither true nor false', async () => {
    const response = await ctx.request({ url: `${jobPaths.jobs}?due=soon`, token: tokenOf(readerA) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('due');
  });

  it('takes an empty filter as no filter', async () => {
    const job = await enqueueFor(writerA, { type: 'Playlist', id: '3' });
    const response = await ctx.request({
      url: `${jobPaths.jobs}?state=waiting&resourceType=Playlist&resourceId=`,
      token: tokenOf(readerA),
    });
    expect(response.json().map((row: { id: number }) => row.id)).toEqual([job.id]);
  });

  it('refuses an unknown state', async () => {
    const response = await ctx.request({ url: `${jobPaths.jobs}?state=waiting,paused`, token: tokenOf(readerA) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('state.1');
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.request({ url: jobPaths.jobs })).statusCode).toBe(401);
  });
});

describe('tenancy', () => {
  it("never shows, cancels or retries another account's jobs", async () => {
    const resource = { type: 'Event', id: '7' };
    const job = await enqueueFor(writerA, resource);
    await ctx.db
      .update(jobs)
      .set({ state: 'failed', lastError: JOB_MESSAGES.failed('x') })
      .where(eq(jobs.id, job.id));
    const waiting = await enqueueFor(writerA, resource);

    const list = await ctx.request({ url: jobPaths.jobs, token: tokenOf(writerB) });
    expect(list.json().filter((row: { AccountId: number }) => row.AccountId !== writerB.accountId)).toEqual([]);
    expect((await ctx.request({ url: jobPaths.job(job.id), token: tokenOf(writerB) })).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: renderMessage(JOB_MESSAGES.notFound(job.id)),
    });
    expect(
      (await ctx.request({ method: 'POST', url: jobPaths.retry(job.id), token: tokenOf(writerB) })).statusCode,
    ).toBe(404);
    const cancel = await ctx.request({
      method: 'DELETE',
      url: `${jobPaths.jobs}?resourceType=Event&resourceId=7`,
      token: tokenOf(writerB),
    });
    expect(cancel.statusCode).toBe(204);
    expect(await jobRow(ctx.db, waiting.id)).toMatchObject({ state: 'waiting' });
  });

  it('shows an admin the jobs of the account they act for, and only those', async () => {
    const job = await enqueueFor(writerB, { type: 'Video', id: '99' });
    await ctx.actFor(tokens.admin ?? '', { id: writerB.accountId });
    const asB = await ctx.request({ url: jobPaths.job(job.id), token: tokens.admin, accountKey: writerB.accountKey });
    expect(asB.statusCode).toBe(200);
    expect(jobResponse.parse(asB.json()).AccountId).toBe(writerB.accountId);
    await ctx.actFor(tokens.admin ?? '', { id: writerA.accountId });
    const asA = await ctx.request({ url: jobPaths.job(job.id), token: tokens.admin, accountKey: writerA.accountKey });
    expect(asA.statusCode).toBe(404);
    const own = await ctx.request({ url: jobPaths.job(job.id), token: tokens.admin });
    expect(own.statusCode).toBe(404);
  });
});

describe('DELETE /main-api/jobs', () => {
  it('needs a write role', async () => {
    const response = await ctx.request({
      method: 'DELETE',
      url: `${jobPaths.jobs}?resourceType=Video&resourceId=1`,
      token: tokenOf(readerA),
    });
    expect(response.statusCode).toBe(403);
  });

  it('needs the resource', async () => {
    const response = await ctx.request({ method: 'DELETE', url: jobPaths.jobs, token: tokenOf(writerA) });
    expect(response.statusCode).toBe(400);
  });

  it('deletes the waiting jobs and aborts the running one of the resource, leaving others alone', async () => {
    // Jobs left by the tests above would keep the one worker busy.
    await ctx.db.delete(jobs);
    const resource = { type: 'Video', id: '500' };
    const runningJob = await enqueueFor(writerA, resource);
    running = startWorkers(ctx.db, {
      concurrency: 1,
      pollMs: 20,
      dataDir: '/tmp',
      registry: createJobRegistry(fixtures.types),
      heartbeatMs: 50,
    });
    await waitForState(ctx.db, runningJob.id, ['in_progress']);
    const waiting = await enqueueFor(writerA, resource);
    const other = await enqueueFor(writerA, { type: 'Video', id: '501' }, 10);
    const finished = await enqueueFor(writerA, resource);
    await ctx.db.update(jobs).set({ state: 'done' }).where(eq(jobs.id, finished.id));

    const started = Date.now();
    const response = await ctx.request({
      method: 'DELETE',
      url: `${jobPaths.jobs}?resourceType=Video&resourceId=500`,
      token: tokenOf(writerA),
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    // Not the 20 s timeout of the job: the call itself aborted it (a loaded CI machine is slow).
    const reason = await waitFor(() => fixtures.log.aborted.get(runningJob.id), { what: 'the running job to abort' });
    expect(reason).toMatchObject({ kind: 'cancelled', message: 'Cancelled' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await jobRow(ctx.db, runningJob.id)).toBeUndefined();
    expect(await jobRow(ctx.db, waiting.id)).toBeUndefined();
    expect(await jobRow(ctx.db, finished.id)).toMatchObject({ state: 'done' });
    // The worker is free again and goes on with the queue.
    expect(await waitForState(ctx.db, other.id, ['done'])).toMatchObject({ attempts: 1 });
  });
});

describe("a clipper's jobs", () => {
  it('lets a clipper cancel and retry the clips they cut, never a video encode', async () => {
    const clipper = await ctx.buildUser({ accountId: writerA.accountId, roles: ['liveclipping_write'] });
    const token = await ctx.login(clipper.username, clipper.password);
    const resource = { accountId: writerA.accountId, resourceType: 'Video', resourceId: '9001' };
    const [clip, encode, failedClip, failedEncode] = await ctx.db
      .insert(jobs)
      .values([
        { ...resource, type: 'video.clip' },
        { ...resource, type: 'video.encode' },
        {
          ...resource,
          type: 'video.clip',
          state: 'failed',
          lastError: JOB_MESSAGES.failed('ffmpeg exited with code 1'),
        },
        {
          ...resource,
          type: 'video.encode',
          state: 'failed',
          lastError: JOB_MESSAGES.failed('ffmpeg exited with code 1'),
        },
      ])
      .returning();
    if (!clip || !encode || !failedClip || !failedEncode) throw new Error('fixtures not inserted');
    const cancelled = await ctx.request({
      method: 'DELETE',
      url: `${jobPaths.jobs}?resourceType=Video&resourceId=9001`,
      token,
    });
    expect(cancelled.statusCode).toBe(204);
    const left = await ctx.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.resourceId, '9001'));
    expect(left.map((row) => row.id).sort()).toEqual([encode.id, failedClip.id, failedEncode.id].sort());
    const retryEncode = await ctx.request({ method: 'POST', url: jobPaths.retry(failedEncode.id), token });
    expect(retryEncode.statusCode).toBe(403);
    const retryClip = await ctx.request({ method: 'POST', url: jobPaths.retry(failedClip.id), token });
    expect(retryClip.statusCode, retryClip.body).toBe(200);
    expect(retryClip.json().state).toBe('waiting');
    await ctx.db.delete(jobs).where(eq(jobs.resourceId, '9001'));
  });
});

describe('GET /main-api/jobs/{id} and POST …/retry', () => {
  it('shows a failed job with its reason, and runs it again from scratch', async () => {
    await ctx.db.delete(jobs);
    const job = await enqueueJob(ctx.db, fixtures.permanent, {}, { accountId: writerA.accountId });
    running = startWorkers(ctx.db, {
      concurrency: 1,
      pollMs: 20,
      dataDir: '/tmp',
      registry: createJobRegistry(fixtures.types),
    });
    await waitForState(ctx.db, job.id, ['failed']);
    await running.stop({ graceMs: 0 });
    running = null;

    const shown = await ctx.request({ url: jobPaths.job(job.id), token: tokenOf(readerA) });
    expect(jobResponse.parse(shown.json())).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'The source file is corrupt',
    });
    expect(shown.json().finishedAt).toEqual(expect.any(String));

    expect(
      (await ctx.request({ method: 'POST', url: jobPaths.retry(job.id), token: tokenOf(readerA) })).statusCode,
    ).toBe(403);
    const retried = await ctx.request({ method: 'POST', url: jobPaths.retry(job.id), token: tokenOf(writerA) });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({
      state: 'waiting',
      attempts: 0,
      lastError: null,
      finishedAt: null,
      progress: 0,
    });

    const again = await ctx.request({ method: 'POST', url: jobPaths.retry(job.id), token: tokenOf(writerA) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(renderMessage(JOB_MESSAGES.notFailed(job.id, 'waiting')));
  });

  it('answers 404 for an unknown job and 400 for a bad id', async () => {
    expect((await ctx.request({ url: jobPaths.job(987_654), token: tokenOf(readerA) })).statusCode).toBe(404);
    expect((await ctx.request({ url: jobPaths.job('abc'), token: tokenOf(readerA) })).statusCode).toBe(400);
  });
});

describe('resourceType=Job: a job named by its own id (spec §7)', () => {
  it('lists the running job, then cancels it: the worker aborts it and it never ends done', async () => {
    await ctx.db.delete(jobs);
    const job = await enqueueFor(writerA, { type: 'Video', id: '700' }, 5_000);
    running = startWorkers(ctx.db, {
      concurrency: 1,
      pollMs: 20,
      dataDir: '/tmp',
      registry: createJobRegistry(fixtures.types),
      heartbeatMs: 50,
    });
    await waitForState(ctx.db, job.id, ['in_progress']);

    const list = await ctx.request({
      url: `${jobPaths.jobs}?state=waiting,in_progress&resourceType=Job&resourceId=${job.id}`,
      token: tokenOf(readerA),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((row: { id: number }) => row.id)).toEqual([job.id]);

    const cancel = await ctx.request({
      method: 'DELETE',
      url: `${jobPaths.jobs}?resourceType=Job&resourceId=${job.id}`,
      token: tokenOf(writerA),
    });
    expect(cancel.statusCode).toBe(204);
    await waitFor(() => fixtures.log.aborted.get(job.id), { what: 'the running job to abort' });
    expect(await jobRow(ctx.db, job.id)).toBeUndefined();
  });

  it('says why a cancel did nothing: unknown, over, or another account’s job', async () => {
    const finished = await enqueueFor(writerA, { type: 'Video', id: '701' });
    await ctx.db.update(jobs).set({ state: 'done' }).where(eq(jobs.id, finished.id));
    const over = await ctx.request({
      method: 'DELETE',
      url: `${jobPaths.jobs}?resourceType=Job&resourceId=${finished.id}`,
      token: tokenOf(writerA),
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(renderMessage(JOB_MESSAGES.notActive(finished.id, 'done')));
    expect(await jobRow(ctx.db, finished.id)).toMatchObject({ state: 'done' });

    const theirs = await enqueueFor(writerB, { type: 'Video', id: '702' });
    const foreign = await ctx.request({
      method: 'DELETE',
      url: `${jobPaths.jobs}?resourceType=Job&resourceId=${theirs.id}`,
      token: tokenOf(writerA),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await jobRow(ctx.db, theirs.id)).toMatchObject({ state: 'waiting' });

    const bad = await ctx.request({
      method: 'DELETE',
      url: `${jobPaths.jobs}?resourceType=Job&resourceId=abc`,
      token: tokenOf(writerA),
    });
    expect(bad.statusCode).toBe(400);
    const badList = await ctx.request({
      url: `${jobPaths.jobs}?resourceType=Job&resourceId=abc`,
      token: tokenOf(readerA),
    });
    expect(badList.statusCode).toBe(400);
  });

  it('refuses, with the reason, a job type the user may not manage', async () => {
    const clipper = await ctx.buildUser({ accountId: writerA.accountId, roles: ['liveclipping_write'] });
    const token = await ctx.login(clipper.username, clipper.password);
    const encode = await enqueueFor(writerA, { type: 'Video', id: '703' });
    const response = await ctx.request({
      method: 'DELETE',
      url: `${jobPaths.jobs}?resourceType=Job&resourceId=${encode.id}`,
      token,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(renderMessage(JOB_MESSAGES.notYourType(encode.id, 'test.slow')));
    expect(await jobRow(ctx.db, encode.id)).toMatchObject({ state: 'waiting' });
  });
});

describe('while workers are busy', () => {
  /** Its own type, so that the workers run these jobs and none left waiting by other tests. */
  const busy = defineJob({
    type: 'test.busy',
    payload: z.object({ ms: z.number() }),
    async perform({ payload, signal }) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, payload.ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  });

  it('still answers requests, before the running jobs are over', async () => {
    const jobsRunning = [];
    for (let index = 0; index < 3; index += 1) {
      jobsRunning.push(
        await enqueueJob(
          ctx.db,
          busy,
          { ms: 4_000 },
          { accountId: writerA.accountId, resourceType: 'Busy', resourceId: 1 },
        ),
      );
    }
    // Three jobs side by side, each renewing its lease every 50 ms, the queue looked at every 20 ms.
    running = startWorkers(ctx.db, {
      concurrency: 3,
      pollMs: 20,
      dataDir: '/tmp',
      registry: createJobRegistry([busy]),
      heartbeatMs: 50,
    });
    for (const job of jobsRunning) await waitForState(ctx.db, job.id, ['in_progress']);
    for (let request = 0; request < 5; request += 1) {
      const response = await ctx.request({
        url: `${jobPaths.jobs}?resourceType=Busy&resourceId=1`,
        token: tokenOf(writerA),
      });
      expect(response.statusCode).toBe(200);
      // Answered while the jobs still run: requests do not wait for the workers' jobs to end.
      expect(jobListResponse.parse(response.json()).map((job) => job.state)).toEqual([
        'in_progress',
        'in_progress',
        'in_progress',
      ]);
    }
  });
});
