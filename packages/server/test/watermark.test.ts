import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { videoPaths } from '@regie/contract/videos';
import { watermarkPaths } from '@regie/contract/watermark';
import type { WatermarkEncodings, WatermarkResponse } from '@regie/contract/watermark.schemas';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/db/audit.table.ts';
import { hlsMasterKey } from '../src/videos/videos.keys.ts';
import { makeColourPng, uploadSkinImage } from './clips-fixtures.ts';
import { signIn } from './insights-fixtures.ts';
import { waitForState } from './jobs-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoRow, videoTestContext, waitForVideo } from './videos-fixtures.ts';

/**
 * WATERMARK (issue 47.4): the account's logo burned into its videos' picture by the ladder's
 * encode, off for a video that says so, and encoded again on demand when it changes. The
 * pictures are real: a black source, a white logo, and pixels read from a decoded frame.
 */

const run = promisify(execFile);
const execute = (file: string, args: string[]) => run(file, args).then(() => undefined);

let ctx: VideoTestContext;
let black: string;
let whiteLogo: string;
const token = (name: string) => ctx.tokens[name] ?? '';

/** A silent black 320×180 video of two seconds. */
async function makeBlackVideo(file: string): Promise<string> {
  await execute('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=black:size=320x180:rate=25'],
    ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  return file;
}

/** The first segment of the video's (only) rung, as stored. */
async function firstSegment(videoId: number): Promise<string> {
  const master = ctx.storage.localPath(hlsMasterKey(ctx.accountA.id, videoId)) ?? '';
  const folder = dirname(master);
  const files = await readdir(folder, { recursive: true });
  const segment = files.find((name) => name.endsWith('segment_000.ts'));
  if (!segment) throw new Error(`no segment under ${folder}`);
  return join(folder, segment);
}

/** The mean grey (0–255) of the 8×8 pixels around a point of the video's first frame, as decoded. */
async function brightness(videoId: number, x: number, y: number): Promise<number> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-i', await firstSegment(videoId), '-frames:v', '1'],
      ...['-vf', `crop=8:8:${x - 4}:${y - 4},format=gray,scale=1:1:flags=area`, '-f', 'rawvideo', 'pipe:1'],
    ],
    { encoding: 'buffer' },
  );
  // No frame decoded is a failure, not a dark picture.
  if (stdout.length !== 1) throw new Error(`expected one grey pixel, got ${stdout.length} bytes`);
  return stdout[0] ?? -1;
}

// 320 px wide: the logo is 20 % = 64 px, 5 % = 16 px from the edges. Centre of each corner's logo:
const TOP_RIGHT = [320 - 16 - 32, 16 + 32] as const;
const TOP_LEFT = [16 + 32, 16 + 32] as const;
const BOTTOM_LEFT = [16 + 32, 180 - 16 - 32] as const;

async function settings(who = 'managerA'): Promise<WatermarkResponse> {
  const response = await ctx.request({ url: watermarkPaths.settings, token: token(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WatermarkResponse>();
}

async function save(body: object, who = 'managerA') {
  return ctx.request({ method: 'PUT', url: watermarkPaths.settings, token: token(who), payload: body });
}

let logoKey: string;
const LOGO_SETTINGS = { corner: 'top-right', sizePercent: 20, opacity: 1, marginPercent: 5 } as const;

beforeAll(async () => {
  ctx = await videoTestContext();
  await ctx.user('managerA', ctx.accountA, ['manage_users']);
  await ctx.user('managerB', ctx.accountB, ['manage_users']);
  black = await makeBlackVideo(join(ctx.dir, 'black.mp4'));
  whiteLogo = await makeColourPng(ctx.dir, 'white', '64x64');
  logoKey = await uploadSkinImage(ctx, token('managerA'), whiteLogo);
});
afterAll(() => ctx.cleanup());

describe('the watermark settings', () => {
  it('start empty, keep what is saved with a new version, audited, and refuse what cannot be right', async () => {
    expect(await settings()).toMatchObject({ logoKey: null, corner: 'top-right', version: 0, logoUrl: null });

    const saved = await save({ logoKey, ...LOGO_SETTINGS });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ logoKey, ...LOGO_SETTINGS, version: 1 });
    expect(saved.json<WatermarkResponse>().logoUrl).toContain(logoKey);
    const [entry] = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.resource, 'accounts'), eq(auditEntries.resourceId, ctx.accountA.id)))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(entry?.action).toBe('update');
    expect(entry?.changes).toMatchObject({
      logoKey: { before: null, after: logoKey },
      version: { before: 0, after: 1 },
    });

    // The same settings again change nothing: same version.
    expect((await save({ logoKey, ...LOGO_SETTINGS })).json()).toMatchObject({ version: 1 });

    const wrong = await save({ logoKey, corner: 'middle', sizePercent: 90, opacity: 0, marginPercent: -1 });
    expect(wrong.statusCode).toBe(400);
    const paths = wrong
      .json<{ errors: { path: string }[] }>()
      .errors.map((error) => error.path)
      .sort();
    expect(paths).toEqual(['corner', 'marginPercent', 'opacity', 'sizePercent']);

    const svg = await save({ logoKey: `${ctx.accountA.id}/logo/${'b'.repeat(64)}.svg`, ...LOGO_SETTINGS });
    expect(svg.statusCode).toBe(400);
    expect(svg.body).toContain('The watermark’s logo must be a PNG, JPEG or WebP image');
    const svgFr = await ctx.request({
      method: 'PUT',
      url: watermarkPaths.settings,
      token: token('managerA'),
      headers: { 'accept-language': 'fr' },
      payload: { logoKey: `${ctx.accountA.id}/logo/${'b'.repeat(64)}.svg` },
    });
    expect(svgFr.body).toContain('Le logo du filigrane doit être une image PNG, JPEG ou WebP');

    // A logo of another account (or never uploaded) is refused.
    const othersLogo = await uploadSkinImage(ctx, token('managerB'), whiteLogo);
    const stolen = await save({ logoKey: othersLogo, ...LOGO_SETTINGS });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe('The logo was not found: upload it again');

    expect(await settings()).toMatchObject({ logoKey, version: 1 });
  });

  it('are the account manager’s, in an account with the module', async () => {
    // A video writer is not the account's manager.
    expect((await ctx.request({ url: watermarkPaths.settings, token: token('writerA') })).statusCode).toBe(403);
    const withoutModule = await signIn(ctx, { roles: ['manage_users', 'video_write'], modules: ['VIDEOS'] });
    expect((await ctx.request({ url: watermarkPaths.settings, token: withoutModule.token })).statusCode).toBe(403);
    const put = await ctx.request({
      method: 'PUT',
      url: watermarkPaths.settings,
      token: withoutModule.token,
      payload: LOGO_SETTINGS,
    });
    expect(put.statusCode).toBe(403);
    const encodings = await ctx.request({ method: 'POST', url: watermarkPaths.encodings, token: withoutModule.token });
    expect(encodings.statusCode).toBe(403);
  });

  it('are each account’s own: another account neither reads nor changes them', async () => {
    expect(await settings('managerB')).toMatchObject({ logoKey: null, version: 0 });
    expect((await save({ ...LOGO_SETTINGS, corner: 'bottom-left' }, 'managerB')).statusCode).toBe(200);
    expect(await settings('managerA')).toMatchObject({ logoKey, corner: 'top-right', version: 1 });
  });
});

describe('the encode', () => {
  let marked: number;
  let unmarked: number;

  it('burns the logo into the picture, in its corner, and records the version', async () => {
    const { completed } = await uploadVideo(ctx, token('writerA'), black, 'black.mp4');
    marked = completed.video.id;
    ctx.workers();
    const video = await waitForVideo(ctx, marked, ['ready', 'failed'], 60_000);
    expect(video.state, String(video.failureReason)).toBe('ready');
    expect(video.watermarkVersion).toBe(1);
    expect(await brightness(marked, ...TOP_RIGHT)).toBeGreaterThan(200);
    expect(await brightness(marked, ...TOP_LEFT)).toBeLessThan(40);
    expect(await brightness(marked, ...BOTTOM_LEFT)).toBeLessThan(40);
  });

  it('leaves a video whose switch is off without it, once encoded again', async () => {
    const { completed } = await uploadVideo(ctx, token('writerA'), black, 'black-off.mp4');
    unmarked = completed.video.id;
    ctx.workers();
    expect((await waitForVideo(ctx, unmarked, ['ready', 'failed'], 60_000)).state).toBe('ready');
    // Its first encode is over (not only the video ready): the next encode is a new job.
    await waitForState(ctx.db, completed.job.id, ['done'], 60_000);
    const off = await ctx.request({
      method: 'PUT',
      url: videoPaths.video(unmarked),
      token: token('writerA'),
      payload: { watermarkOff: true },
    });
    expect(off.statusCode, off.body).toBe(200);
    // Switched off, it is out of date until encoded again: nothing is encoded behind anyone's back.
    expect((await settings()).videos).toMatchObject({ encoded: 2, outOfDate: 1 });

    // Another account cannot have it encoded; its own writer can.
    const foreign = await ctx.request({
      method: 'POST',
      url: watermarkPaths.videoEncoding(unmarked),
      token: token('writerB'),
    });
    expect(foreign.statusCode).toBe(404);
    const queued = await ctx.request({
      method: 'POST',
      url: watermarkPaths.videoEncoding(unmarked),
      token: token('writerA'),
    });
    expect(queued.statusCode, queued.body).toBe(202);
    // It keeps playing its current media meanwhile.
    expect((await videoRow(ctx, unmarked))?.state).toBe('ready');
    await waitForState(ctx.db, queued.json<{ id: number }>().id, ['done'], 60_000);
    expect((await videoRow(ctx, unmarked))?.watermarkVersion).toBeNull();
    expect(await brightness(unmarked, ...TOP_RIGHT)).toBeLessThan(40);
    expect((await settings()).videos).toMatchObject({ encoded: 2, outOfDate: 0 });
  });

  it('re-encodes on demand the videos a new watermark leaves out of date, and counts them down', async () => {
    const moved = await save({ logoKey, ...LOGO_SETTINGS, corner: 'bottom-left' });
    expect(moved.json()).toMatchObject({ version: 2, videos: { encoded: 2, outOfDate: 1 } });

    const response = await ctx.request({ method: 'POST', url: watermarkPaths.encodings, token: token('managerA') });
    expect(response.statusCode, response.body).toBe(202);
    const { queued, jobIds } = response.json<WatermarkEncodings>();
    expect(queued).toBe(1);
    const [entry] = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.resource, 'videos'), eq(auditEntries.resourceId, marked)))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(entry).toMatchObject({ action: 'encode', changes: { jobId: { after: jobIds[0] } } });
    expect((await videoRow(ctx, marked))?.state).toBe('ready');

    await waitForState(ctx.db, jobIds[0] ?? 0, ['done'], 60_000);
    expect((await settings()).videos).toMatchObject({ encoded: 2, outOfDate: 0, encoding: 0 });
    expect((await videoRow(ctx, marked))?.watermarkVersion).toBe(2);
    expect(await brightness(marked, ...BOTTOM_LEFT)).toBeGreaterThan(200);
    expect(await brightness(marked, ...TOP_RIGHT)).toBeLessThan(40);

    // Nothing left to do: nothing queued.
    const again = await ctx.request({ method: 'POST', url: watermarkPaths.encodings, token: token('managerA') });
    expect(again.json()).toEqual({ queued: 0, jobIds: [] });
  });
});
