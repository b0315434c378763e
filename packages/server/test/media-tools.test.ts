import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '@regie/contract/api';
import { adminPayloadResponse } from '@regie/contract/auth';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../src/db/videos.table.ts';
import { DEMO_VIDEO_TITLES, DEMO_VIDEOS_PENDING_FILE, seedDemoVideos } from '../src/seed/demo-videos.ts';
import { type VideoTestContext, videoTestContext } from './videos-fixtures.ts';

/** Issue 24 (12): a server without ffmpeg says so, to the web app and in its log, and catches up later. */

let ctx: VideoTestContext;
const warnings: string[] = [];
const log = { info() {}, error() {}, warn: (_object: object, message?: string) => warnings.push(message ?? '') };

/** Runs with a PATH where neither ffmpeg nor ffprobe is found, as on a fresh machine. */
async function withoutFfmpeg<T>(work: () => Promise<T>): Promise<T> {
  const path = process.env.PATH;
  process.env.PATH = '/nonexistent';
  try {
    return await work();
  } finally {
    process.env.PATH = path;
  }
}

beforeAll(async () => {
  ctx = await videoTestContext();
});
afterAll(async () => {
  await ctx?.cleanup();
});

describe('ffmpeg on the server', () => {
  it('is reported by the admin payload: missing, then installed', async () => {
    // Two accounts: the payload is cached per account for a minute.
    const missing = await withoutFfmpeg(async () =>
      ctx.request({ url: paths.adminPayload, token: await ctx.login('editor', 'regie-demo') }),
    );
    expect(missing.statusCode).toBe(200);
    expect(adminPayloadResponse.parse(missing.json()).mediaTools).toEqual({ ffmpeg: false, ffprobe: false });
    const present = await ctx.request({ url: paths.adminPayload, token: await ctx.login('simulcaster', 'regie-demo') });
    expect(adminPayloadResponse.parse(present.json()).mediaTools).toEqual({ ffmpeg: true, ffprobe: true });
  });

  it('makes the demo videos skipped without it at the next start, after naming them in the log', async () => {
    const pending = join(ctx.dir, DEMO_VIDEOS_PENDING_FILE);
    const demoVideos = () =>
      ctx.db
        .select()
        .from(videos)
        .where(inArray(videos.title, [...DEMO_VIDEO_TITLES]));
    expect(await withoutFfmpeg(() => seedDemoVideos(ctx.db, ctx.storage, ctx.dir, log, true))).toBe(false);
    expect(warnings).toHaveLength(1);
    for (const title of DEMO_VIDEO_TITLES) expect(warnings[0]).toContain(title);
    expect(warnings[0]).toContain('ffmpeg and ffprobe not installed');
    expect(warnings[0]).toContain('sudo apt-get install -y ffmpeg');
    expect(existsSync(pending)).toBe(true);
    expect(await demoVideos()).toEqual([]);

    // A later start without ffmpeg still waits; the first one with it makes both, once.
    expect(await withoutFfmpeg(() => seedDemoVideos(ctx.db, ctx.storage, ctx.dir, log, false))).toBe(false);
    expect(await seedDemoVideos(ctx.db, ctx.storage, ctx.dir, log, false)).toBe(true);
    expect((await demoVideos()).map((video) => video.title).sort()).toEqual([...DEMO_VIDEO_TITLES].sort());
    expect(existsSync(pending)).toBe(false);
    expect(await seedDemoVideos(ctx.db, ctx.storage, ctx.dir, log, false)).toBe(false);
    expect(await demoVideos()).toHaveLength(2);
  }, 180_000);
});
