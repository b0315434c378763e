import { join } from 'node:path';
import { type LiveInput, livePaths } from '@regie/contract/live';
import { type Assembly, type Conversion, LIVE_CONVERT_MESSAGES, liveConvertPaths } from '@regie/contract/live.convert';
import { renderMessage } from '@regie/contract/messages.render';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveConversions, liveSegments } from '../src/db/live.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { createConvertEngine } from '../src/live/convert.engine.ts';
import { waitFor } from './jobs-fixtures.ts';
import { publishTestStream } from './live-fixtures.ts';
import { makeTestVideo, mediaFolder } from './media-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoTestContext, waitForVideo } from './videos-fixtures.ts';

/**
 * convert upload/{videoId} and assembly/{inputId} (contract live.convert.ts) on a real ingest: a
 * ready video played into an input goes live, is packaged and recorded, and finishes; a restart
 * resumes from where it was; the recording is assembled back into a video that plays.
 */
let ctx: VideoTestContext;
let media: Awaited<ReturnType<typeof mediaFolder>>;
const token = (name: string) => ctx.tokens[name] ?? '';
/** Two HLS segments of the encode's 6 s: a resume seeks to the second one. */
const VIDEO_SECONDS = 12;
let videoId = 0;

async function createInput(as: string, name = 'Studio'): Promise<LiveInput> {
  const response = await ctx.request({
    method: 'POST',
    url: livePaths.list,
    token: token(as),
    payload: { name, latencyMode: '1s' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<LiveInput>();
}

const inputState = async (input: LiveInput) =>
  (await ctx.request({ url: livePaths.one(input.id), token: token('streamerA') })).json<LiveInput>().state;

async function conversionOf(id: number, as = 'streamerA'): Promise<Conversion> {
  const response = await ctx.request({ url: liveConvertPaths.upload(id), token: token(as) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Conversion>();
}

const recordedSeconds = async (inputId: number) => {
  const rows = await ctx.db
    .select({ duration: liveSegments.duration })
    .from(liveSegments)
    .where(eq(liveSegments.inputId, inputId))
    .orderBy(asc(liveSegments.sequence));
  return rows.reduce((sum, row) => sum + row.duration, 0);
};

beforeAll(async () => {
  ctx = await videoTestContext();
  media = await mediaFolder();
  await ctx.user('streamerA', ctx.accountA, ['use_stream', 'video_write']);
  await ctx.user('streamerB', ctx.accountB, ['use_stream', 'video_write']);
  await ctx.user('editorA', ctx.accountA, ['video_write']);
  ctx.workers();
  const file = await makeTestVideo(join(media.dir, 'match.mp4'), { width: 320, height: 180, seconds: VIDEO_SECONDS });
  const { completed } = await uploadVideo(ctx, token('streamerA'), file);
  videoId = completed.video.id;
  const ready = await waitForVideo(ctx, videoId, ['ready', 'failed'], 60_000);
  expect(ready.state).toBe('ready');
}, 90_000);
afterAll(async () => {
  await ctx.cleanup();
  await media.cleanup();
});

describe('a video played into a live input', () => {
  it('goes live on the input, is recorded, and finishes at its end', async () => {
    const input = await createInput('streamerA');
    const started = await ctx.request({
      method: 'POST',
      url: liveConvertPaths.upload(videoId),
      token: token('streamerA'),
      payload: { inputId: input.id },
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json<Conversion>()).toMatchObject({
      videoId,
      inputId: input.id,
      inputName: 'Studio',
      state: 'starting',
      positionSeconds: 0,
    });
    expect(started.json<Conversion>().durationSeconds).toBeCloseTo(VIDEO_SECONDS, 0);

    await waitFor(async () => (await inputState(input)) === 'live', {
      timeoutMs: 15_000,
      what: 'the input to go live',
    });
    const playing = await waitFor(
      async () => {
        const now = await conversionOf(videoId);
        return now.state === 'playing' && now.positionSeconds > 0 ? now : undefined;
      },
      { timeoutMs: 15_000, what: 'the conversion to be playing' },
    );
    expect(playing.positionSeconds).toBeLessThan(VIDEO_SECONDS);

    // The input is taken: a second video into it, or another account's call, is refused.
    const second = await ctx.request({
      method: 'POST',
      url: liveConvertPaths.upload(videoId),
      token: token('streamerA'),
      payload: { inputId: input.id },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toBe(
      renderMessage(LIVE_CONVERT_MESSAGES.inputConverting('Studio')),
    );
    expect((await ctx.request({ url: liveConvertPaths.upload(videoId), token: token('streamerB') })).statusCode).toBe(
      404,
    );

    const finished = await waitFor(
      async () => {
        const now = await conversionOf(videoId);
        return now.state === 'finished' ? now : undefined;
      },
      { timeoutMs: 40_000, what: 'the conversion to finish' },
    );
    expect(finished.positionSeconds).toBeCloseTo(VIDEO_SECONDS, 0);
    expect(finished.endedAt).not.toBeNull();
    await waitFor(async () => (await inputState(input)) === 'idle', {
      timeoutMs: 15_000,
      what: 'the input to be idle',
    });
    // What the input recorded is the video, within a segment or so.
    const recorded = await waitFor(
      async () => {
        const seconds = await recordedSeconds(input.id);
        return seconds > VIDEO_SECONDS - 1.5 ? seconds : undefined;
      },
      { timeoutMs: 10_000, what: 'the whole video to be indexed' },
    );
    expect(recorded).toBeLessThanOrEqual(VIDEO_SECONDS + 1.5);
  }, 90_000);

  it('stops on DELETE, and says when nothing plays', async () => {
    const input = await createInput('streamerA', 'Stop desk');
    const started = await ctx.request({
      method: 'POST',
      url: liveConvertPaths.upload(videoId),
      token: token('streamerA'),
      payload: { inputId: input.id },
    });
    expect(started.statusCode, started.body).toBe(202);
    await waitFor(async () => (await inputState(input)) === 'live', {
      timeoutMs: 15_000,
      what: 'the input to go live',
    });
    const stopped = await ctx.request({
      method: 'DELETE',
      url: liveConvertPaths.upload(videoId),
      token: token('streamerA'),
    });
    expect(stopped.statusCode, stopped.body).toBe(204);
    expect(await conversionOf(videoId)).toMatchObject({ state: 'stopped', inputId: input.id });
    await waitFor(async () => (await inputState(input)) === 'idle', {
      timeoutMs: 15_000,
      what: 'the input to be idle',
    });
    const again = await ctx.request({
      method: 'DELETE',
      url: liveConvertPaths.upload(videoId),
      token: token('streamerA'),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toBe(renderMessage(LIVE_CONVERT_MESSAGES.notConverting(videoId)));
  }, 60_000);

  it('keeps a stopped conversion stopped whatever its player reports after the stop', async () => {
    // A progress write queued before a stop used to land after it and bring the conversion back to
    // 'playing' (and its process then claimed it again). A player started on a conversion that is
    // already stopped reports at once: none of its writes may change the row, and it stops.
    const input = await createInput('streamerA', 'Late reports');
    const [row] = await ctx.db
      .insert(liveConversions)
      .values({
        accountId: ctx.accountA.id,
        videoId,
        inputId: input.id,
        state: 'stopped',
        positionSeconds: 3,
        durationSeconds: VIDEO_SECONDS,
        endedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('no conversion row');
    const engine = createConvertEngine({
      db: ctx.db,
      hub: null,
      storage: ctx.storage,
      publishUrl: () => null,
      backoff: { initialMs: 50, factor: 1, maxMs: 50 },
    });
    try {
      engine.start({ ...row, state: 'playing' });
      await waitFor(async () => !engine.isRunning(row.id), { timeoutMs: 10_000, what: 'the player to stop' });
      const [after] = await ctx.db.select().from(liveConversions).where(eq(liveConversions.id, row.id));
      expect(after).toMatchObject({ state: 'stopped', positionSeconds: 3 });
    } finally {
      await engine.close();
    }
  });

  it('refuses what cannot be aired, with a reason', async () => {
    const input = await createInput('streamerA', 'Checks');
    const call = (id: number, payload: object, as = 'streamerA') =>
      ctx.request({ method: 'POST', url: liveConvertPaths.upload(id), token: token(as), payload });
    // Past its end.
    const late = await call(videoId, { inputId: input.id, fromSeconds: VIDEO_SECONDS + 1 });
    expect(late.statusCode).toBe(400);
    expect(late.json<{ message: string }>().message).toBe(
      renderMessage(LIVE_CONVERT_MESSAGES.fromPastEnd(VIDEO_SECONDS)),
    );
    // Another account's video or input: not found; a role without use_stream: forbidden.
    expect((await call(videoId, { inputId: input.id }, 'streamerB')).statusCode).toBe(404);
    const foreignInput = await createInput('streamerB', 'Elsewhere');
    expect((await call(videoId, { inputId: foreignInput.id })).statusCode).toBe(404);
    expect((await call(videoId, { inputId: input.id }, 'editorA')).statusCode).toBe(403);
    // A video without its encode yet.
    const [pending] = await ctx.db
      .insert(videos)
      .values({ title: 'Pending', accountId: ctx.accountA.id, state: 'uploaded' })
      .returning();
    const notReady = await call(pending?.id ?? 0, { inputId: input.id });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json<{ message: string }>().message).toBe(
      renderMessage(LIVE_CONVERT_MESSAGES.videoNotReady(pending?.id ?? 0)),
    );
    // Never aired: GET says so.
    const never = await ctx.request({ url: liveConvertPaths.upload(pending?.id ?? 0), token: token('streamerA') });
    expect(never.statusCode).toBe(404);
    // An encoder already on air on the input.
    const encoder = publishTestStream(`${input.ingestUrl}/${(await streamKey(input)).streamKey}`, 20);
    await waitFor(async () => (await inputState(input)) === 'live', { timeoutMs: 15_000, what: 'the encoder on air' });
    const busy = await call(videoId, { inputId: input.id });
    await encoder.stop();
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ message: string }>().message).toBe(renderMessage(LIVE_CONVERT_MESSAGES.inputBusy('Checks')));
  }, 60_000);

  it('resumes from where it was after a restart (taken by a process claiming the conversions under way)', async () => {
    const input = await createInput('streamerA', 'Resume desk');
    // What a server stopped 8 s into the video left behind: the app's claimer (a live process)
    // takes it at its next claim and plays the rest into the input.
    const [row] = await ctx.db
      .insert(liveConversions)
      .values({
        accountId: ctx.accountA.id,
        videoId,
        inputId: input.id,
        state: 'playing',
        positionSeconds: 8,
        durationSeconds: VIDEO_SECONDS,
      })
      .returning();
    await waitFor(
      async () => {
        const [now] = await ctx.db
          .select()
          .from(liveConversions)
          .where(eq(liveConversions.id, row?.id ?? 0));
        return now?.state === 'finished' ? now : undefined;
      },
      { timeoutMs: 30_000, what: 'the resumed conversion to finish' },
    );
    await waitFor(async () => (await inputState(input)) === 'idle', {
      timeoutMs: 15_000,
      what: 'the input to be idle',
    });
    // Only the rest was played, from the start of the rendition's segment holding 8 s (6 s): not
    // the whole 12 s. Every segment of this new input is the resumed conversion's: none is picked
    // by its date (the seek sends the 2 s before 8 s at once, so the recording is dated from up
    // to 2 s before the conversion was taken, e.g. 12.6 s for a conversion taken at 13.6 s).
    const played = await waitFor(
      async () => {
        const seconds = await recordedSeconds(input.id);
        return seconds > 3 ? seconds : undefined;
      },
      { timeoutMs: 10_000, what: 'the rest of the video to be indexed' },
    );
    expect(played).toBeLessThan(7.5);
    const [finished] = await ctx.db
      .select()
      .from(liveConversions)
      .where(eq(liveConversions.id, row?.id ?? 0));
    expect(finished).toMatchObject({ state: 'finished', positionSeconds: VIDEO_SECONDS });
  }, 60_000);
});

async function streamKey(input: LiveInput): Promise<{ streamKey: string }> {
  return (await ctx.request({ url: livePaths.key(input.id), token: token('streamerA') })).json();
}

describe("an input's recording assembled into a video", () => {
  it('makes a new video of the last publish, then replaces the media of a chosen video', async () => {
    const input = await createInput('streamerA', 'Pitch side');
    const encoder = publishTestStream(`${input.ingestUrl}/${(await streamKey(input)).streamKey}`, 5);
    expect((await encoder.exited).code).toBe(0);
    await waitFor(async () => (await inputState(input)) === 'idle', {
      timeoutMs: 15_000,
      what: 'the input to be idle',
    });
    // The last segment is indexed once the packager has read the end of the stream.
    const recorded = await waitFor(
      async () => {
        const seconds = await recordedSeconds(input.id);
        return seconds > 4.5 ? seconds : undefined;
      },
      { timeoutMs: 10_000, what: 'the 5 s pushed to be indexed' },
    );

    // Nothing assembled yet.
    const none = await ctx.request({ url: liveConvertPaths.assembly(input.id), token: token('streamerA') });
    expect(none.statusCode).toBe(404);
    expect(none.json<{ message: string }>().message).toBe(renderMessage(LIVE_CONVERT_MESSAGES.noAssembly(input.id)));

    const made = await ctx.request({
      method: 'POST',
      url: liveConvertPaths.assembly(input.id),
      token: token('streamerA'),
    });
    expect(made.statusCode, made.body).toBe(202);
    const assembly = made.json<Assembly>();
    expect(assembly.segments).toBeGreaterThan(0);
    expect(Math.abs(assembly.durationSeconds - recorded)).toBeLessThan(0.01);
    const video = await waitForVideo(ctx, assembly.videoId, ['ready', 'failed'], 60_000);
    expect(video.state, video.failureReason ?? '').toBe('ready');
    expect(video.title).toMatch(/^Pitch side, recording of \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(Math.abs((video.duration ?? 0) - recorded)).toBeLessThan(0.3);
    const done = await ctx.request({
      url: `${liveConvertPaths.assembly(input.id)}?videoId=${assembly.videoId}`,
      token: token('streamerA'),
    });
    expect(done.json<Assembly>()).toMatchObject({ state: 'done', progress: 100, videoId: assembly.videoId });

    // Into the uploaded video: its media become the recording.
    const into = await ctx.request({
      method: 'POST',
      url: `${liveConvertPaths.assembly(input.id)}?videoId=${videoId}`,
      token: token('streamerA'),
    });
    expect(into.statusCode, into.body).toBe(202);
    expect(into.json<Assembly>().videoId).toBe(videoId);
    await waitFor(
      async () => {
        const now = await waitForVideo(ctx, videoId, ['ready', 'failed'], 60_000);
        return now.filename === `assembly-${into.json<Assembly>().jobId}.ts` && now.state === 'ready' ? now : undefined;
      },
      { timeoutMs: 60_000, what: 'the video re-encoded from the recording' },
    );
    const replaced = await waitForVideo(ctx, videoId, ['ready'], 1_000);
    expect(Math.abs((replaced.duration ?? 0) - recorded)).toBeLessThan(0.3);
    expect(replaced.originalKey).toMatch(/original\.ts$/);
  }, 150_000);

  it('refuses a period without recording, a reversed one, and other accounts', async () => {
    const input = await createInput('streamerA', 'Empty');
    const post = (payload: object, as = 'streamerA', query = '') =>
      ctx.request({ method: 'POST', url: `${liveConvertPaths.assembly(input.id)}${query}`, token: token(as), payload });
    const empty = await post({});
    expect(empty.statusCode).toBe(409);
    expect(empty.json<{ message: string }>().message).toBe(
      renderMessage(LIVE_CONVERT_MESSAGES.nothingRecorded('Empty')),
    );
    const reversed = await post({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<{ message: string }>().message).toBe(renderMessage(LIVE_CONVERT_MESSAGES.badPeriod));
    const long = await post({ from: '2026-01-01T00:00:00Z', to: '2026-01-03T00:00:00Z' });
    expect(long.statusCode).toBe(400);
    expect((await post({}, 'streamerB')).statusCode).toBe(404);
    expect((await post({}, 'streamerA', '?videoId=999999')).statusCode).toBe(404);
    expect((await post({}, 'editorA')).statusCode).toBe(403);
  });
});
