import { DEMO_PASSWORD } from '@regie/contract/demo';
import { VIDEO_JOB_TYPES } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/accounts.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { probeMedia } from '../src/media/ffprobe.service.ts';
import { DEMO_VIDEO, seedDemoVideo } from '../src/seed/video.seed.ts';
import { latestJob } from '../src/videos/videos.service.ts';
import { watermarkToBurn } from '../src/watermark/watermark.settings.ts';
import { pictureSize } from './media-fixtures.ts';
import { type VideoTestContext, videoTestContext } from './videos-fixtures.ts';

/** The demo's editor finds one real video after the first start (encoded by the worker, tested elsewhere). */

let ctx: VideoTestContext;
const warnings: string[] = [];
const log = { info() {}, error() {}, warn: (_object: object, message?: string) => warnings.push(message ?? '') };

beforeAll(async () => {
  ctx = await videoTestContext();
});
afterAll(async () => {
  await ctx?.cleanup();
});

describe('the demo video', () => {
  it('is not made, with a warning, when ffmpeg is missing', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await seedDemoVideo(ctx.db, ctx.storage, ctx.dir, log);
    } finally {
      process.env.PATH = path;
    }
    expect(warnings).toEqual([expect.stringContaining('demo video not made')]);
    expect(await ctx.db.select().from(videos).where(eq(videos.title, DEMO_VIDEO.title))).toEqual([]);
  });

  it("lands in the editor's list with its original stored and its encode queued", async () => {
    await seedDemoVideo(ctx.db, ctx.storage, ctx.dir, log);
    const editor = await ctx.login('editor', DEMO_PASSWORD);
    const list = await ctx.request({ url: '/main-api/videos', token: editor });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    const rows: { id: number; title: string; state: string }[] = Array.isArray(body) ? body : body.data;
    const demo = rows.find((row) => row.title === DEMO_VIDEO.title);
    expect(demo).toMatchObject({ state: 'uploaded' });

    const [row] = await ctx.db
      .select()
      .from(videos)
      .where(eq(videos.id, demo?.id ?? 0));
    const original = ctx.storage.localPath(row?.originalKey ?? '');
    const metadata = await probeMedia(original ?? '');
    expect(metadata).toMatchObject({ width: 1280, height: 720 });
    expect(metadata.durationSeconds).toBeCloseTo(DEMO_VIDEO.seconds, 0);
    expect(metadata.hasAudio).toBe(true);
    // Its fans may download it from the player (issue 47.5): its encode makes the MP4.
    expect(row?.downloadable).toBe(true);
    const job = await latestJob(ctx.db, { id: demo?.id ?? 0, accountId: row?.accountId ?? 0 }, VIDEO_JOB_TYPES.encode);
    expect(job?.state).toBe('waiting');

    // The club's crest is its watermark (issue 47.4), stored like an upload, ready before the encode runs.
    const [club] = await ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, row?.accountId ?? 0));
    const burned = watermarkToBurn({
      account: { modules: club?.modules ?? [], config: club?.config ?? {} },
      video: { watermarkOff: false },
    });
    expect(burned).toMatchObject({ corner: 'top-right', version: 1 });
    expect(await ctx.storage.exists(burned?.logoKey ?? '')).toBe(true);
    expect(await pictureSize(ctx.storage.localPath(burned?.logoKey ?? '') ?? '')).toEqual({ width: 240, height: 240 });
  }, 30_000);
});
