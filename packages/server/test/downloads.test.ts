import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { embedPaths } from '@regie/contract/embed';
import type { EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import { MODULE_CODES } from '@regie/contract/modules';
import type { EventStatsResponse } from '@regie/contract/stats';
import { statsPaths } from '@regie/contract/stats';
import { videoPaths } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts } from '../src/db/accounts.table.ts';
import { videoDownloads } from '../src/db/plays.table.ts';
import { insertEvent } from './insights-fixtures.ts';
import { waitForState } from './jobs-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoRow, videoTestContext, waitForVideo } from './videos-fixtures.ts';

/**
 * DOWNLOAD (issue 47.5): a published video's MP4, the ladder's top rung remuxed by its encode,
 * downloaded from the embed when the account holds the module and the video allows it, as an
 * attachment named after the video, each download begun counted in the event's stats.
 */

const run = promisify(execFile);
let ctx: VideoTestContext;
let source: string;
let videoId: number;
let eventId: number;
let pageToken: string;
const token = (name: string) => ctx.tokens[name] ?? '';
const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/** Two seconds of test pattern with a tone: a video with sound. */
async function makeSource(file: string): Promise<string> {
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
  ]);
  return file;
}

/** The replay's page data once the kept answer reflects the latest change (a second at most). */
function replayData(check: (data: Extract<EmbedPlayerResponse, { state: 'replay' }>) => void) {
  return vi.waitFor(
    async () => {
      const response = await ctx.request({ url: embedPaths.player(pageToken) });
      const data = response.json<EmbedPlayerResponse>();
      if (data.state !== 'replay') throw new Error(`state ${data.state}`);
      check(data);
      return data;
    },
    { timeout: 5_000, interval: 100 },
  );
}

const downloads = async () =>
  (await ctx.db.select().from(videoDownloads).where(eq(videoDownloads.videoId, videoId))).length;

beforeAll(async () => {
  ctx = await videoTestContext();
  await ctx.user('producerA', ctx.accountA, ['sport_player_write']);
  source = await makeSource(join(ctx.dir, 'derby.mp4'));
});
afterAll(() => ctx.cleanup());

describe('a downloadable replay', () => {
  it('is made once the video is switched to downloadable, encoded again while it plays on', async () => {
    const { completed } = await uploadVideo(ctx, token('writerA'), source, 'derby.mp4');
    videoId = completed.video.id;
    ctx.workers();
    expect((await waitForVideo(ctx, videoId, ['ready', 'failed'], 60_000)).state).toBe('ready');
    await waitForState(ctx.db, completed.job.id, ['done'], 60_000);
    expect((await videoRow(ctx, videoId))?.downloadKey).toBeNull();

    const renamed = await ctx.request({
      method: 'PUT',
      url: videoPaths.video(videoId),
      token: token('writerA'),
      payload: { title: 'Derby: all the goals!', downloadable: true },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // It plays on while its MP4 is made.
    expect((await videoRow(ctx, videoId))?.state).toBe('ready');
    await vi.waitFor(async () => expect((await videoRow(ctx, videoId))?.downloadKey).toMatch(/download\.mp4$/), {
      timeout: 60_000,
      interval: 200,
    });

    eventId = await insertEvent(ctx, ctx.accountA.id, {
      videoId,
      state: 'replay',
      activatedModules: ['EMBED'],
    });
    const snippet = await ctx.request({ url: embedPaths.eventEmbed(eventId), token: token('producerA') });
    expect(snippet.statusCode, snippet.body).toBe(200);
    pageToken = snippet.json<{ url: string }>().url.split('/').pop() ?? '';
  });

  it('downloads from the page as an MP4 named after the video, each download begun counted', async () => {
    const data = await replayData((seen) => expect(seen.downloadUrl).not.toBeNull());
    const url = path(data.downloadUrl ?? '');
    expect(url).toMatch(/\/download\.mp4\?t=/);

    const file = await ctx.request({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.headers['content-disposition']).toContain('Derby all the goals.mp4');
    // A real MP4 of the picture and the sound (remuxed, not encoded again).
    const saved = join(ctx.dir, 'saved.mp4');
    await writeFile(saved, file.rawPayload);
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'stream=codec_name:format=format_name,duration', '-of', 'json', saved],
    ]);
    const probe = JSON.parse(stdout) as {
      streams: { codec_name: string }[];
      format: { format_name: string; duration: string };
    };
    expect(probe.format.format_name).toContain('mp4');
    expect(probe.streams.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Number(probe.format.duration)).toBeGreaterThan(1.5);
    expect(await downloads()).toBe(1);

    // A resumed download (a Range past the start) is the same download; one from the start is another.
    expect((await ctx.request({ url, headers: { range: 'bytes=100-' } })).statusCode).toBe(206);
    expect(await downloads()).toBe(1);
    expect((await ctx.request({ url, headers: { range: 'bytes=0-99' } })).statusCode).toBe(206);
    expect(await downloads()).toBe(2);

    const stats = await ctx.request({ url: statsPaths.eventStats(eventId), token: token('producerA') });
    expect(stats.statusCode, stats.body).toBe(200);
    const figures = stats.json<EventStatsResponse>();
    expect(figures.totals.downloads).toBe(2);
    expect(figures.series.reduce((total, point) => total + point.downloads, 0)).toBe(2);
  });

  it('stops when the video or the account no longer allows it', async () => {
    const { downloadUrl } = await replayData((seen) => expect(seen.downloadUrl).not.toBeNull());
    const url = path(downloadUrl ?? '');

    const off = await ctx.request({
      method: 'PUT',
      url: videoPaths.video(videoId),
      token: token('writerA'),
      payload: { downloadable: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    await replayData((seen) => expect(seen.downloadUrl).toBeNull());
    expect((await ctx.request({ url })).statusCode).toBe(404);

    await ctx.request({
      method: 'PUT',
      url: videoPaths.video(videoId),
      token: token('writerA'),
      payload: { downloadable: true },
    });
    await replayData((seen) => expect(seen.downloadUrl).not.toBeNull());
    await ctx.db
      .update(accounts)
      .set({ modules: MODULE_CODES.filter((code) => code !== 'DOWNLOAD') })
      .where(eq(accounts.id, ctx.accountA.id));
    // The account's write is not through the API here: the kept answer goes within its second.
    await replayData((seen) => expect(seen.downloadUrl).toBeNull());
    expect((await ctx.request({ url })).statusCode).toBe(404);
    expect(await downloads()).toBe(2);
  });
});
