import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { JOB_EVENTS, JOBS_TOPIC } from '@regie/contract/jobs';
import { LIFECYCLE_MESSAGES, type LifecycleResponse, lifecyclePaths } from '@regie/contract/lifecycle';
import { LIVE_JOB_TYPES, type LiveInput, livePaths, SEGMENT_SECONDS } from '@regie/contract/live';
import { renderMessage } from '@regie/contract/messages.render';
import { VIDEO_JOB_TYPES } from '@regie/contract/videos';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCameras, contentLives } from '../src/db/cameras.table.ts';
import { businessPlayers } from '../src/db/conferences.table.ts';
import { events } from '../src/db/events.table.ts';
import { jobs } from '../src/db/jobs.table.ts';
import { liveSegments } from '../src/db/live.table.ts';
import { programSegments } from '../src/live/program.ts';
import { accountTopic } from '../src/realtime/realtime.hub.ts';
import { jobRow, waitFor } from './jobs-fixtures.ts';
import { publishTestStream, type TestPublisher } from './live-fixtures.ts';
import { type VideoTestContext, videoTestContext, waitForVideo } from './videos-fixtures.ts';

const run = promisify(execFile);
let ctx: VideoTestContext;
const publishers: TestPublisher[] = [];
const token = (name: string) => ctx.tokens[name] ?? '';
const PUSHED_SECONDS = 8;

async function createInput(as: string): Promise<{ input: LiveInput; key: string }> {
  const response = await ctx.request({
    method: 'POST',
    url: livePaths.list,
    token: token(as),
    payload: { name: 'Wide', latencyMode: '2s' },
  });
  expect(response.statusCode, response.body).toBe(201);
  const input = response.json<LiveInput>();
  const key = await ctx.request({ url: livePaths.key(input.id), token: token(as) });
  return { input, key: key.json<{ streamKey: string }>().streamKey };
}

const post = (url: string, as: string) => ctx.request({ method: 'POST', url, token: token(as) });
/** No encoder publishes here (segments are pushed by the test): going live without one is confirmed. */
const startLive = (url: string, as: string) =>
  ctx.request({ method: 'POST', url, token: token(as), payload: { withoutCamera: true } });

/** Pushes the test stream to the input and waits until its last segment is indexed. */
async function pushAll(input: LiveInput, key: string, seconds: number): Promise<void> {
  const publisher = publishTestStream(`${input.ingestUrl}/${key}`, seconds);
  publishers.push(publisher);
  const { code } = await publisher.exited;
  expect(code).toBe(0);
  await waitFor(
    async () => {
      const response = await ctx.request({ url: livePaths.one(input.id), token: token('streamerA') });
      return response.json<LiveInput>().state === 'idle';
    },
    { timeoutMs: 15_000, intervalMs: 100, what: 'the input to be idle again' },
  );
}

async function probeDuration(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number.parseFloat(stdout);
}

beforeAll(async () => {
  ctx = await videoTestContext();
  await ctx.user('streamerA', ctx.accountA, ['use_stream', 'sport_player_write', 'conf_player_write', 'video_write']);
  await ctx.user('streamerB', ctx.accountB, ['use_stream', 'sport_player_write', 'conf_player_write', 'video_write']);
  ctx.workers();
});
afterAll(async () => {
  await Promise.all(publishers.map((publisher) => publisher.stop()));
  await ctx.cleanup();
});

describe('ending a live makes its replay from the program', () => {
  it('joins the pushed stream into a replay video that becomes ready, the event pointing to it', async () => {
    const { input, key } = await createInput('streamerA');
    const [event] = await ctx.db
      .insert(events)
      .values({ name: 'Cup final', accountId: ctx.accountA.id, state: 'upcoming' })
      .returning({ id: events.id });
    const eventId = event?.id ?? 0;
    await ctx.db
      .insert(contentCameras)
      .values({ accountId: ctx.accountA.id, eventId, inputId: input.id, label: 'Wide' });
    const started = await startLive(lifecyclePaths.transition('events', eventId, 'start-live'), 'streamerA');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<LifecycleResponse>().replay).toBeNull();

    const progress: number[] = [];
    const stop = ctx.app.realtime.subscribe(accountTopic(ctx.accountA.id, JOBS_TOPIC), (_topic, message) => {
      const payload = message.payload as { type?: string; progress?: number };
      if (message.type === JOB_EVENTS.progress && payload.type === LIVE_JOB_TYPES.replay) {
        progress.push(payload.progress ?? -1);
      }
    });
    await pushAll(input, key, PUSHED_SECONDS);
    const recorded = await programSegments(ctx.db, { kind: 'events', id: eventId });
    expect(recorded.length).toBeGreaterThanOrEqual(3);

    // Another account's producer cannot end it.
    const foreign = await post(lifecyclePaths.transition('events', eventId, 'process-end-live'), 'streamerB');
    expect(foreign.statusCode).toBe(404);

    const ended = await post(lifecyclePaths.transition('events', eventId, 'process-end-live'), 'streamerA');
    expect(ended.statusCode, ended.body).toBe(200);
    const { replay, state } = ended.json<LifecycleResponse>();
    expect(state).toBe('replay');
    expect(replay).not.toBeNull();
    const videoId = replay?.videoId ?? 0;
    const [pointed] = await ctx.db.select({ videoId: events.videoId }).from(events).where(eq(events.id, eventId));
    expect(pointed?.videoId).toBe(videoId);

    // Ending twice is refused, and makes nothing.
    const again = await post(lifecyclePaths.transition('events', eventId, 'process-end-live'), 'streamerA');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      renderMessage(LIFECYCLE_MESSAGES.wrongState('process-end-live', 'replay', 'live')),
    );

    const ready = await waitForVideo(ctx, videoId, ['ready', 'failed'], 90_000);
    stop();
    expect(ready.state, ready.failureReason ?? '').toBe('ready');
    expect(ready).toMatchObject({ title: 'Cup final', accountId: ctx.accountA.id, filename: 'replay.ts' });
    // Its duration is the pushed time, within a segment.
    expect(Math.abs((ready.duration ?? 0) - PUSHED_SECONDS)).toBeLessThanOrEqual(SEGMENT_SECONDS['2s']);
    const recordedSeconds = recorded.reduce((sum, segment) => sum + segment.duration, 0);
    expect(Math.abs((ready.duration ?? 0) - recordedSeconds)).toBeLessThan(0.2);
    const original = ctx.storage.localPath(ready.originalKey ?? '') ?? '';
    expect(Math.abs((await probeDuration(original)) - recordedSeconds)).toBeLessThan(0.2);
    expect(ready.metadata?.hasAudio).toBe(true);

    const job = await jobRow(ctx.db, replay?.jobId ?? 0);
    expect(job).toMatchObject({ state: 'done', type: LIVE_JOB_TYPES.replay, resourceId: String(videoId) });
    expect(job?.result).toMatchObject({ segments: recorded.length });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBeGreaterThanOrEqual(90);
    // One encode, done (it marks the video ready just before its job is done).
    const encodes = await waitFor(
      async () => {
        const rows = await ctx.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.type, VIDEO_JOB_TYPES.encode), eq(jobs.resourceId, String(videoId))));
        return rows.every((row) => row.state === 'done') ? rows : undefined;
      },
      { timeoutMs: 10_000, what: 'the encode job to be done' },
    );
    expect(encodes).toHaveLength(1);
    const lives = await ctx.db.select().from(contentLives).where(eq(contentLives.eventId, eventId));
    expect(lives).toHaveLength(1);
    expect(lives[0]).toMatchObject({ replayVideoId: videoId });
    expect(lives[0]?.endedAt).not.toBeNull();

    // Time 0 of the replay is the live's first program segment (what markers set during the live count from).
    expect(job?.result).toMatchObject({ startedAt: recorded[0]?.startedAt.toISOString() });

    // The other account never sees it.
    const other = await ctx.request({ url: `/main-api/videos/${videoId}`, token: token('streamerB') });
    expect(other.statusCode).toBe(404);
  }, 120_000);

  it('only switches a conference without any recording to replay, keeping its video (-aws variant)', async () => {
    const [conference] = await ctx.db
      .insert(businessPlayers)
      .values({ name: 'Keynote', accountId: ctx.accountA.id, startsAt: new Date(), state: 'upcoming' })
      .returning({ id: businessPlayers.id, videoId: businessPlayers.videoId });
    const id = conference?.id ?? 0;
    const started = await post(lifecyclePaths.transition('business-players', id, 'start-live'), 'streamerA');
    expect(started.statusCode, started.body).toBe(200);
    const ended = await post(lifecyclePaths.transition('business-players', id, 'process-end-live-aws'), 'streamerA');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<LifecycleResponse>()).toMatchObject({ state: 'replay', replay: null });
    const lives = await ctx.db.select().from(contentLives).where(eq(contentLives.conferenceId, id));
    expect(lives).toHaveLength(1);
    expect(lives[0]?.endedAt).not.toBeNull();
    expect(lives[0]?.replayVideoId).toBeNull();
  });

  it('makes a conference replay through the -aws variant from its pushed stream', async () => {
    const { input, key } = await createInput('streamerA');
    const [conference] = await ctx.db
      .insert(businessPlayers)
      .values({ name: 'Annual meeting', accountId: ctx.accountA.id, startsAt: new Date(), state: 'upcoming' })
      .returning({ id: businessPlayers.id });
    const id = conference?.id ?? 0;
    await ctx.db
      .insert(contentCameras)
      .values({ accountId: ctx.accountA.id, conferenceId: id, inputId: input.id, label: 'Stage' });
    expect((await post(lifecyclePaths.transition('business-players', id, 'start-live'), 'streamerA')).statusCode).toBe(
      200,
    );
    await pushAll(input, key, 4);
    const ended = await post(lifecyclePaths.transition('business-players', id, 'process-end-live-aws'), 'streamerA');
    expect(ended.statusCode, ended.body).toBe(200);
    const videoId = ended.json<LifecycleResponse>().replay?.videoId ?? 0;
    const ready = await waitForVideo(ctx, videoId, ['ready', 'failed'], 90_000);
    expect(ready.state, ready.failureReason ?? '').toBe('ready');
    expect(ready.title).toBe('Annual meeting');
    const [row] = await ctx.db
      .select({ videoId: businessPlayers.videoId })
      .from(businessPlayers)
      .where(eq(businessPlayers.id, id));
    expect(row?.videoId).toBe(videoId);
    const segments = await ctx.db.select().from(liveSegments).where(eq(liveSegments.inputId, input.id));
    expect(segments.length).toBeGreaterThan(0);
  }, 120_000);
});
