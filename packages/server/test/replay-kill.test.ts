import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { clipPaths } from '@regie/contract/clips';
import type { ClipResponse } from '@regie/contract/clips.schemas';
import { type LifecycleResponse, lifecyclePaths } from '@regie/contract/lifecycle';
import { LIVE_JOB_TYPES, type LiveInput, livePaths } from '@regie/contract/live';
import { VIDEO_JOB_TYPES } from '@regie/contract/videos';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCameras, contentLives } from '../src/db/cameras.table.ts';
import { events } from '../src/db/events.table.ts';
import { jobs } from '../src/db/jobs.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { waitFor } from './jobs-fixtures.ts';
import { publishTestStream, type TestPublisher } from './live-fixtures.ts';
import { type VideoTestContext, videoTestContext, waitForVideo } from './videos-fixtures.ts';
import { buildWorkerBundle, postgresReachable, startWorkerProcess, WORKER_POSTGRES } from './worker-processes.ts';

/**
 * A worker process (the server bundle's worker.js) killed with SIGKILL while it makes a replay:
 * after a new worker starts, the live has exactly one replay video, ready, made by one replay job
 * and one encode. Separate processes share the queue through PostgreSQL only: TEST_DATABASE_URL,
 * else the local server at 127.0.0.1:5432 (skipped without one, as worker-kill.test.ts).
 */

const reachable = await postgresReachable();
if (!reachable) console.warn(`replay-kill: skipped, no PostgreSQL at ${WORKER_POSTGRES} (separate workers need one)`);

let ctx: VideoTestContext;
let bundle: string;
const workers: ChildProcess[] = [];
const publishers: TestPublisher[] = [];
const previousUrl = process.env.TEST_DATABASE_URL;
const token = () => ctx.tokens.streamer ?? '';

function startWorker(): ChildProcess {
  const child = startWorkerProcess(bundle, ctx, 20);
  workers.push(child);
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  child.kill('SIGKILL');
  if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
}

/** A live event with one camera and a pushed stream recorded over its live (the event still live). */
async function recordedLive(name: string): Promise<number> {
  const created = await ctx.request({
    method: 'POST',
    url: livePaths.list,
    token: token(),
    payload: { name: 'Wide', latencyMode: '1s' },
  });
  const input = created.json<LiveInput>();
  const key = (await ctx.request({ url: livePaths.key(input.id), token: token() })).json<{ streamKey: string }>();
  const [event] = await ctx.db
    .insert(events)
    .values({ name, accountId: ctx.accountA.id, state: 'upcoming' })
    .returning({ id: events.id });
  const eventId = event?.id ?? 0;
  await ctx.db.insert(contentCameras).values({ accountId: ctx.accountA.id, eventId, inputId: input.id, label: 'Wide' });
  const started = await ctx.request({
    method: 'POST',
    url: lifecyclePaths.transition('events', eventId, 'start-live'),
    // No encoder publishes here: going live without a camera receiving is confirmed.
    payload: { withoutCamera: true },
    token: token(),
  });
  expect(started.statusCode).toBe(200);
  const publisher = publishTestStream(`${input.ingestUrl}/${key.streamKey}`, 6);
  publishers.push(publisher);
  expect((await publisher.exited).code).toBe(0);
  await waitFor(
    async () =>
      (await ctx.request({ url: livePaths.one(input.id), token: token() })).json<LiveInput>().state === 'idle',
    { timeoutMs: 15_000, intervalMs: 100, what: 'the input to be idle again' },
  );
  return eventId;
}

/** recordedLive, then ended: its replay answer. */
async function endedLive(name: string): Promise<{ eventId: number; videoId: number; jobId: number }> {
  const eventId = await recordedLive(name);
  const ended = await ctx.request({
    method: 'POST',
    url: lifecyclePaths.transition('events', eventId, 'process-end-live'),
    token: token(),
  });
  expect(ended.statusCode, ended.body).toBe(200);
  const replay = ended.json<LifecycleResponse>().replay;
  expect(replay).not.toBeNull();
  return { eventId, videoId: replay?.videoId ?? 0, jobId: replay?.jobId ?? 0 };
}

/** The jobs of a video by type, in order. */
async function jobsOf(videoId: number) {
  return ctx.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.resourceId, String(videoId)),
        inArray(jobs.type, [...Object.values(LIVE_JOB_TYPES), VIDEO_JOB_TYPES.encode]),
      ),
    )
    .orderBy(jobs.id);
}

beforeAll(async () => {
  if (!reachable) return;
  process.env.TEST_DATABASE_URL = WORKER_POSTGRES;
  ctx = await videoTestContext();
  await ctx.user('streamer', ctx.accountA, ['use_stream', 'sport_player_write', 'video_write']);
  bundle = await buildWorkerBundle();
}, 60_000);

afterAll(async () => {
  await Promise.all(publishers.map((publisher) => publisher.stop()));
  for (const child of workers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (previousUrl === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = previousUrl;
  if (bundle) await rm(bundle, { recursive: true, force: true });
  await ctx?.cleanup();
});

describe.skipIf(!reachable)('a worker killed while it makes a replay', () => {
  // Killed as soon as the replay job is claimed, then as soon as its encode is under way.
  for (const moment of ['replay', 'encode'] as const) {
    it(`leaves exactly one replay video, ready, after a kill -9 during the ${moment} step`, async () => {
      const { eventId, videoId, jobId } = await endedLive(`Derby (${moment})`);
      const first = startWorker();
      const killedAt = await waitFor(
        async () => {
          const rows = await jobsOf(videoId);
          const replay = rows.find((row) => row.id === jobId);
          const encode = rows.find((row) => row.type === VIDEO_JOB_TYPES.encode);
          if (moment === 'replay') return replay?.state === 'in_progress' ? 'replay' : undefined;
          return encode?.state === 'in_progress' ? 'encode' : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 5, what: `the ${moment} step to be under way` },
      );
      await kill(first);
      expect(killedAt).toBe(moment);

      startWorker();
      const ready = await waitForVideo(ctx, videoId, ['ready', 'failed'], 90_000);
      expect(ready.state, ready.failureReason ?? '').toBe('ready');
      // The encode marks the video ready just before its job is done.
      const rows = await waitFor(
        async () => {
          const found = await jobsOf(videoId);
          return found.every((row) => row.state === 'done' || row.state === 'failed') ? found : undefined;
        },
        { timeoutMs: 10_000, what: 'the jobs to finish' },
      );
      expect(rows.map((row) => [row.type, row.state])).toEqual([
        [LIVE_JOB_TYPES.replay, 'done'],
        [VIDEO_JOB_TYPES.encode, 'done'],
      ]);
      const killed = rows.find(
        (row) => row.type === (moment === 'replay' ? LIVE_JOB_TYPES.replay : VIDEO_JOB_TYPES.encode),
      );
      expect(killed?.attempts).toBe(2);
      const lives = await ctx.db.select().from(contentLives).where(eq(contentLives.eventId, eventId));
      expect(lives.map((live) => live.replayVideoId)).toEqual([videoId]);
      const titled = await ctx.db
        .select({ id: videos.id })
        .from(videos)
        .where(eq(videos.title, `Derby (${moment})`));
      expect(titled.map((row) => row.id)).toEqual([videoId]);
      for (const child of workers.splice(0)) await kill(child);
    }, 150_000);
  }

  it('leaves exactly one live clip, cut and encoded, after a kill -9 during its render phase', async () => {
    const eventId = await recordedLive('Derby (live clip)');
    const response = await ctx.request({
      method: 'POST',
      url: clipPaths.liveClips('events', eventId),
      token: token(),
      payload: { inSeconds: 1, outSeconds: 3.5 },
    });
    expect(response.statusCode, response.body).toBe(202);
    const videoId = response.json<ClipResponse>().video.id;
    const first = startWorker();
    await waitFor(
      async () => {
        const rows = await jobsOf(videoId);
        return rows.find((row) => row.type === LIVE_JOB_TYPES.clipRender)?.state === 'in_progress';
      },
      { timeoutMs: 30_000, intervalMs: 5, what: 'the render phase to be under way' },
    );
    await kill(first);
    startWorker();
    await waitFor(
      async () => {
        const rows = await jobsOf(videoId);
        return rows.find((row) => row.type === VIDEO_JOB_TYPES.encode)?.state === 'done';
      },
      { timeoutMs: 90_000, intervalMs: 100, what: 'the encode of the cut' },
    );
    const rows = await jobsOf(videoId);
    expect(rows.map((row) => [row.type, row.state])).toEqual([
      [LIVE_JOB_TYPES.clip, 'done'],
      [LIVE_JOB_TYPES.clipRender, 'done'],
      [VIDEO_JOB_TYPES.encode, 'done'],
    ]);
    expect(rows.find((row) => row.type === LIVE_JOB_TYPES.clipRender)?.attempts).toBe(2);
    const clips = await ctx.db.select().from(videos).where(eq(videos.clipEventId, eventId));
    expect(clips.map((clip) => [clip.id, clip.state, clip.filename])).toEqual([[videoId, 'ready', 'clip.mp4']]);
    expect(Math.abs((clips[0]?.duration ?? 0) - 2.5)).toBeLessThan(0.1);
    for (const child of workers.splice(0)) await kill(child);
  }, 150_000);
});
