import { paths } from '@regie/contract/api';
import { MODULE_CODES } from '@regie/contract/modules';
import { videoPaths } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../src/db/jobs.table.ts';
import { createJobRegistry, defineJob, type JobLogger } from '../src/jobs/jobs.define.ts';
import { enqueueJob } from '../src/jobs/jobs.queue.ts';
import { startWorkers } from '../src/jobs/jobs.worker.ts';
import { createTestContext, type TestContext, testConfig } from './helpers.ts';
import { waitForState } from './jobs-fixtures.ts';

/**
 * The request id (issue 27): every answer names it (x-request-id, the `reqId` of the request's
 * log lines), the jobs a request queues keep it, and the worker's lines about such a job carry it.
 */

let ctx: TestContext;
let token: string;
let accountId: number;

beforeAll(async () => {
  ctx = await createTestContext({
    config: { videos: { ...testConfig().videos, importAllowHosts: ['127.0.0.1'] } },
  });
  const account = await ctx.buildAccount({ modules: [...MODULE_CODES] });
  accountId = account.id;
  const user = await ctx.buildUser({ accountId, roles: ['video_write'] });
  token = await ctx.login(user.username, user.password);
});
afterAll(() => ctx.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('x-request-id', () => {
  it('names every answer, a refused one too, with an id of its own', async () => {
    const refused = await ctx.request({ url: paths.me });
    expect(refused.statusCode).toBe(401);
    const accepted = await ctx.request({ url: paths.me, token });
    expect(accepted.statusCode).toBe(200);
    const ids = [refused.headers['x-request-id'], accepted.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('a job queued by a request', () => {
  it('stores the id of that request', async () => {
    // Over HTTP, as the body comes in on the socket's events. No worker runs: the job only waits.
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}${videoPaths.importUrl}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/match.mp4', title: 'From the web' }),
    });
    expect(response.status).toBe(202);
    const jobId = ((await response.json()) as { job: { id: number } }).job.id;
    const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(row?.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('is logged by the worker with that id, and passes it on to the jobs it queues', async () => {
    const child = defineJob({
      type: 'test.request-id.child',
      payload: z.object({}),
      async perform() {
        return { child: true };
      },
    });
    const parent = defineJob({
      type: 'test.request-id.parent',
      payload: z.object({}),
      async perform({ job, log }) {
        log.info({}, 'parent running');
        const queued = await enqueueJob(ctx.db, child, {}, { accountId: job.accountId, requestId: job.requestId });
        return { childId: queued.id };
      },
    });
    const lines: { message: string | undefined; object: object }[] = [];
    const keep = (object: object, message?: string) => {
      lines.push({ object, message });
    };
    const logger: JobLogger = { info: keep, warn: keep, error: keep };
    const requestId = 'a1b2c3d4-0000-4000-8000-00000000abcd';
    const queued = await enqueueJob(ctx.db, parent, {}, { accountId, requestId });
    const workers = startWorkers(ctx.db, {
      concurrency: 1,
      pollMs: 20,
      dataDir: '/tmp',
      registry: createJobRegistry([parent, child]),
      logger,
    });
    try {
      const done = await waitForState(ctx.db, queued.id, ['done']);
      const childId = (done.result as { childId: number }).childId;
      const childRow = await waitForState(ctx.db, childId, ['done']);
      expect([done.requestId, childRow.requestId]).toEqual([requestId, requestId]);
      expect(lines.find((line) => line.message === 'parent running')?.object).toMatchObject({
        jobId: queued.id,
        reqId: requestId,
      });
    } finally {
      await workers.stop({ graceMs: 0 });
    }
  });
});
