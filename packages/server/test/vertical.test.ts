import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { clipPaths } from '@regie/contract/clips';
import { embedPaths } from '@regie/contract/embed';
import type { EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import { renderMessage } from '@regie/contract/messages.render';
import { MODULE_CODES } from '@regie/contract/modules';
import {
  type ReframeResponse,
  type Rendition,
  VERTICAL_MESSAGES,
  VERTICAL_MODULE,
  verticalPaths,
} from '@regie/contract/vertical';
import { VIDEO_JOB_TYPES } from '@regie/contract/videos';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/jobs.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { runFfmpeg } from '../src/media/ffmpeg.runner.ts';
import { makeColourPng, near, pixelAt, uploadSkinImage, videoSeconds } from './clips-fixtures.ts';
import { insertEvent } from './insights-fixtures.ts';
import { waitFor } from './jobs-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoTestContext, waitForVideo } from './videos-fixtures.ts';

/**
 * A video in other aspects (issue 42): a 9:16 rendition rendered along the automatic path, its
 * media served while a re-render runs, the editor's path moving the rendered window (checked on
 * the rendered frames), and every refusal a person can meet, in their language.
 */

const WIDTH = 320;
const HEIGHT = 180;
const BALL = 12;
const SECONDS = 4;
const FPS = 25;

let ctx: VideoTestContext;
let videoId: number;
let pendingId: number;
const token = (name: string) => ctx.tokens[name] ?? '';

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  as: string,
  payload?: unknown,
  language?: string,
) {
  return ctx.request({
    method,
    url,
    token: token(as),
    ...(payload === undefined ? {} : { payload }),
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });
}

/** A pitch with a white ball crossing it from the left edge to the right one. */
async function ballVideo(file: string): Promise<string> {
  await runFfmpeg([
    ...[
      '-f',
      'lavfi',
      '-i',
      `color=c=black:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${SECONDS},format=gray,geq=lum='70+28*sin(X/9)*sin(Y/7)'`,
    ],
    ...['-f', 'lavfi', '-i', `color=c=white:s=${BALL}x${BALL}:r=${FPS}:d=${SECONDS},format=gray`],
    ...['-filter_complex', `[0][1]overlay=x='(W-w)*t/${SECONDS}':y=(H-h)/2,format=yuv420p[v]`],
    ...['-map', '[v]', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(FPS), file],
  ]);
  return file;
}

/** The brightest pixel of the frame at `seconds` of a media file: the ball is white, the pitch at most 98. */
async function brightest(file: string, seconds: number): Promise<number> {
  const { stdout } = await promisify(execFile)(
    'ffmpeg',
    ['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return Math.max(...stdout);
}

/** The rendition's MP4, fetched from its signed URL into a file. */
async function fetchMp4(url: string, name: string): Promise<string> {
  const { pathname, search } = new URL(url, 'http://regie.test');
  const response = await ctx.app.inject({ method: 'GET', url: `${pathname}${search}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('video/mp4');
  const file = join(ctx.dir, name);
  await import('node:fs/promises').then((fs) => fs.writeFile(file, response.rawPayload));
  return file;
}

async function renditions(as = 'writerA'): Promise<Rendition[]> {
  const response = await call('GET', verticalPaths.renditions(videoId), as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Rendition[] }>().data;
}
const vertical = async () => (await renditions()).find((rendition) => rendition.aspect === '9:16');

/** Runs the workers until the video's 9:16 rendition is ready (or failed: the test fails with its reason). */
async function verticalOf(id: number): Promise<Rendition> {
  ctx.workers();
  try {
    return await waitFor(
      async () => {
        const listed = (await call('GET', verticalPaths.renditions(id), 'writerA')).json<{ data: Rendition[] }>();
        const found = listed.data.find((rendition) => rendition.aspect === '9:16');
        if (found?.state === 'failed') throw new Error(`the render failed: ${found.error}`);
        return found?.state === 'ready' ? found : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100, what: `video ${id}’s 9:16 rendition` },
    );
  } finally {
    await ctx.stopWorkers();
  }
}

/** What a 9:16 rendition of a clip of [1, 3] s in the 'Vertical night' skin shows, in its layout. */
async function expectDressedVertical(rendition: Rendition, name: string): Promise<void> {
  expect(rendition).toMatchObject({ width: 102, height: 180 });
  const file = await fetchMp4(rendition.mp4Url ?? '', name);
  expect(Math.abs((await videoSeconds(file)) - (0.4 + 2 + 0.4))).toBeLessThanOrEqual(0.05);
  // The intro, fitted inside the safe area over its own blurred fill; the outro likewise.
  expect(near(await pixelAt(file, 0.2, 51, 80), [0, 0, 255])).toBe(true);
  expect(near(await pixelAt(file, 2.6, 51, 80), [0, 255, 0])).toBe(true);
  // The logo, 1.6 times its 16:9 share of the width (32 px), in the top-right corner of the
  // safe area: below the platforms' top band (21 px) and left of their buttons (13 px).
  expect(near(await pixelAt(file, 1.2, 70, 32), [255, 0, 0])).toBe(true);
  expect(near(await pixelAt(file, 1.2, 70, 8), [255, 0, 0])).toBe(false);
  expect(near(await pixelAt(file, 1.2, 96, 32), [255, 0, 0])).toBe(false);
  // Under the skin, the window still follows the ball.
  expect(await brightest(file, 1.4)).toBeGreaterThan(200);
}

/** The 'Vertical night' skin and the 'Phones' template, made by the first test that needs them. */
const dressing = { skinId: 0, templateId: 0 };

/** Runs the workers until the 9:16 rendition has rendered `generation` and is ready. */
async function rendered(): Promise<Rendition> {
  ctx.workers();
  try {
    return await waitFor(
      async () => {
        const found = await vertical();
        if (found?.state === 'failed') throw new Error(`the render failed: ${found.error}`);
        return found?.state === 'ready' ? found : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100, what: 'the 9:16 rendition to be ready' },
    );
  } finally {
    await ctx.stopWorkers();
  }
}

beforeAll(async () => {
  ctx = await videoTestContext();
  const source = await ballVideo(join(ctx.dir, 'ball.mp4'));
  videoId = (await uploadVideo(ctx, token('writerA'), source, 'ball.mp4')).completed.video.id;
  // A second video, never encoded: not ready to be rendered.
  pendingId = (await uploadVideo(ctx, token('writerA'), source, 'pending.mp4')).completed.video.id;
  await ctx.db.delete(jobs).where(eq(jobs.resourceId, String(pendingId)));
  ctx.workers();
  await waitForVideo(ctx, videoId, ['ready']);
  await ctx.stopWorkers();
  const withoutModule = await ctx.buildAccount({ modules: MODULE_CODES.filter((code) => code !== VERTICAL_MODULE) });
  await ctx.user('noModule', withoutModule, ['video_write']);
}, 120_000);
afterEach(() => ctx.stopWorkers());
afterAll(() => ctx.cleanup());

describe('a video in other aspects', () => {
  it('lists every aspect: its own 16:9 playing, the others not rendered, with no path yet', async () => {
    const listed = await renditions();
    expect(listed.map((rendition) => [rendition.aspect, rendition.state, rendition.source])).toEqual([
      ['16:9', 'ready', true],
      ['9:16', 'none', false],
      ['1:1', 'none', false],
      ['4:5', 'none', false],
    ]);
    expect(listed[0]?.hlsUrl).toMatch(/hls\/master\.m3u8\?t=/);
    const path = await call('GET', verticalPaths.reframe(videoId, '9x16'), 'writerA', undefined, 'fr');
    expect(path.statusCode).toBe(404);
    expect(path.json().message).toBe(renderMessage(VERTICAL_MESSAGES.notAnalysed('9:16'), 'fr'));
  });

  it('renders 9:16 along a path that follows the ball, as an MP4 and an HLS ladder', async () => {
    const asked = await call('POST', verticalPaths.rendition(videoId, '9x16'), 'writerA');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json<Rendition>()).toMatchObject({ aspect: '9:16', state: 'queued', hlsUrl: null });
    const ready = await rendered();
    // The window of 9:16 over 320 × 180: 102 × 180, at its own pixels.
    expect(ready).toMatchObject({ width: 102, height: 180, reframe: 'auto', error: null });
    expect(ready.hlsUrl).toMatch(/renditions\/9x16\/1\/hls\/master\.m3u8\?t=/);
    const master = new URL(ready.hlsUrl ?? '', 'http://regie.test');
    const playlist = await ctx.app.inject({ method: 'GET', url: `${master.pathname}${master.search}` });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-STREAM-INF');

    const path = await call('GET', verticalPaths.reframe(videoId, '9x16'), 'writerA');
    expect(path.statusCode, path.body).toBe(200);
    const { keyframes, source, windowWidth } = path.json<ReframeResponse>();
    expect(source).toBe('auto');
    expect(windowWidth).toBe(102);
    expect(keyframes[0]?.time).toBe(0);
    // The ball goes from the left edge to the right one: so does the window.
    expect(keyframes[0]?.x ?? 1).toBeLessThan(0.3);
    expect(keyframes.at(-1)?.x ?? 0).toBeGreaterThan(0.7);

    // The ball, at the left edge at first, is in the rendered picture at the start and at the end.
    const mp4 = await fetchMp4(ready.mp4Url ?? '', 'auto.mp4');
    expect(await brightest(mp4, 0.2)).toBeGreaterThan(200);
    expect(await brightest(mp4, SECONDS - 0.3)).toBeGreaterThan(200);
  });

  it('offers the rendition to the embed page of an event replaying the video', async () => {
    await ctx.user('embedder', ctx.accountA, ['sport_player_write']);
    const eventId = await insertEvent(ctx, ctx.accountA.id, { videoId, activatedModules: ['EMBED'] });
    const snippet = await call('GET', embedPaths.eventEmbed(eventId), 'embedder');
    expect(snippet.statusCode, snippet.body).toBe(200);
    const token = snippet.json<{ url: string }>().url.split('/').pop() ?? '';
    const player = await ctx.request({ url: embedPaths.player(token) });
    expect(player.statusCode, player.body).toBe(200);
    const replay = player.json<EmbedPlayerResponse>();
    expect(replay.state).toBe('replay');
    expect(replay.state === 'replay' ? replay.renditions : []).toEqual([
      {
        aspect: '9:16',
        hlsUrl: expect.stringMatching(/renditions\/9x16\/1\/hls\/master\.m3u8\?t=/),
        width: 102,
        height: 180,
      },
    ]);
  });

  it('re-renders along the editor’s keyframes, serving the last render meanwhile, then that one goes', async () => {
    const wrong = [
      [{ keyframes: [{ time: 0.5, x: 0.5 }] }, VERTICAL_MESSAGES.firstKeyframe, 'keyframes.0.time'],
      [
        {
          keyframes: [
            { time: 0, x: 0.5 },
            { time: 2, x: 0.1 },
            { time: 1, x: 0.9 },
          ],
        },
        VERTICAL_MESSAGES.keyframesOrder,
        'keyframes.2.time',
      ],
      [
        {
          keyframes: [
            { time: 0, x: 0.5 },
            { time: 9, x: 0.1 },
          ],
        },
        VERTICAL_MESSAGES.keyframeAfterEnd(9, SECONDS),
        'keyframes.1.time',
      ],
    ] as const;
    for (const [body, message, field] of wrong) {
      const refused = await call('PUT', verticalPaths.reframe(videoId, '9x16'), 'writerA', body, 'fr');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(renderMessage(message, 'fr'));
      expect(refused.json().errors?.[0]?.path).toBe(field);
    }

    // The window held against the right edge all along: the ball, at the left at first, is out of it.
    const edited = await call('PUT', verticalPaths.reframe(videoId, '9x16'), 'writerA', {
      keyframes: [{ time: 0, x: 1 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<ReframeResponse>()).toMatchObject({
      source: 'edited',
      keyframes: [{ time: 0, x: 1, cut: false }],
    });

    const again = await call('POST', verticalPaths.rendition(videoId, '9x16'), 'writerA');
    expect(again.statusCode).toBe(202);
    // Queued again, the first render still plays.
    const meanwhile = await vertical();
    expect(meanwhile?.state).toBe('queued');
    expect(meanwhile?.hlsUrl).toMatch(/renditions\/9x16\/1\//);

    const ready = await rendered();
    expect(ready.reframe).toBe('edited');
    expect(ready.mp4Url).toMatch(/renditions\/9x16\/2\/video\.mp4/);
    const mp4 = await fetchMp4(ready.mp4Url ?? '', 'edited.mp4');
    expect(await brightest(mp4, 0.2)).toBeLessThan(150);
    expect(await brightest(mp4, SECONDS - 0.3)).toBeGreaterThan(200);
    // The first render goes once the pages that loaded it are done with it.
    const purges = await ctx.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.type, VIDEO_JOB_TYPES.purgeReplaced), eq(jobs.accountId, ctx.accountA.id)));
    expect(purges.map((job) => (job.payload as { folder: string }).folder)).toEqual([
      `videos/${ctx.accountA.id}/${videoId}/renditions/9x16/1/`,
    ]);

    // Back to the automatic path (rendered at the next render).
    const reset = await call('DELETE', verticalPaths.reframe(videoId, '9x16'), 'writerA');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<ReframeResponse>().source).toBe('auto');
  });

  it('refuses what cannot be rendered, saying why, and shows nothing of another account', async () => {
    const own = await call('POST', verticalPaths.rendition(videoId, '16x9'), 'writerA', undefined, 'fr');
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(renderMessage(VERTICAL_MESSAGES.sourceAspect('16:9'), 'fr'));
    const unknown = await call('POST', verticalPaths.rendition(videoId, '3x2'), 'writerA');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(renderMessage(VERTICAL_MESSAGES.unknownAspect('3x2')));
    const pending = await call('POST', verticalPaths.rendition(pendingId, '1x1'), 'writerA');
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(renderMessage(VERTICAL_MESSAGES.videoNotReady));
    const editBeforeRender = await call('PUT', verticalPaths.reframe(videoId, '4x5'), 'writerA', {
      keyframes: [{ time: 0, x: 0.5 }],
    });
    expect(editBeforeRender.statusCode).toBe(404);

    for (const url of [verticalPaths.renditions(videoId), verticalPaths.reframe(videoId, '9x16')]) {
      expect((await call('GET', url, 'writerB')).statusCode).toBe(404);
    }
    expect((await call('POST', verticalPaths.rendition(videoId, '9x16'), 'writerB')).statusCode).toBe(404);
  });

  it('needs the 9:16 video module', async () => {
    const source = await ballVideo(join(ctx.dir, 'plain.mp4'));
    const id = (await uploadVideo(ctx, token('noModule'), source, 'plain.mp4')).completed.video.id;
    const refused = await call('GET', verticalPaths.renditions(id), 'noModule', undefined, 'fr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(renderMessage(VERTICAL_MESSAGES.moduleInactive, 'fr'));
  });

  it('renders a clip in the aspects its template names once it is cut and encoded', async () => {
    await ctx.user('producer', ctx.accountA, ['sport_player_write', 'liveclipping_write']);
    const template = await call('POST', '/main-api/clip-templates', 'producer', {
      name: 'Square and vertical',
      aspects: ['1:1', '9:16'],
    });
    expect(template.statusCode, template.body).toBe(201);
    expect(template.json()).toMatchObject({ aspects: ['1:1', '9:16'] });
    const cut = await call('POST', clipPaths.videoClips(videoId), 'producer', {
      inSeconds: 0,
      outSeconds: 2,
      clipTemplateId: template.json<{ id: number }>().id,
    });
    expect(cut.statusCode, cut.body).toBe(202);
    const clipId = cut.json<{ video: { id: number } }>().video.id;
    ctx.workers();
    const states = await waitFor(
      async () => {
        const response = await call('GET', verticalPaths.renditions(clipId), 'writerA');
        const listed = response.json<{ data: Rendition[] }>().data;
        const wanted = listed.filter((rendition) => rendition.aspect === '1:1' || rendition.aspect === '9:16');
        return wanted.every((rendition) => rendition.state === 'ready') ? listed : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100, what: 'the clip’s 1:1 and 9:16 renditions' },
    );
    await ctx.stopWorkers();
    expect(states.map((rendition) => [rendition.aspect, rendition.state])).toEqual([
      ['16:9', 'ready'],
      ['9:16', 'ready'],
      ['1:1', 'ready'],
      ['4:5', 'none'],
    ]);
    expect(states.find((rendition) => rendition.aspect === '1:1')).toMatchObject({ width: 180, height: 180 });
    const refused = await call('POST', '/main-api/clip-templates', 'producer', { name: 'Wide', aspects: ['16:9'] });
    expect(refused.statusCode).toBe(400);
  });

  it('makes a skinned clip’s 9:16 from its bare cut, the skin laid out for 9:16 in the same pass', async () => {
    await ctx.user('dresser', ctx.accountA, ['sport_player_write', 'liveclipping_write']);
    const dresser = token('dresser');
    const [overlayKey, preRollKey, postRollKey] = [
      await uploadSkinImage(ctx, dresser, await makeColourPng(ctx.dir, 'red')),
      await uploadSkinImage(ctx, dresser, await makeColourPng(ctx.dir, 'blue')),
      await uploadSkinImage(ctx, dresser, await makeColourPng(ctx.dir, 'lime')),
    ];
    const skin = await call('POST', '/main-api/clip-skins', 'dresser', {
      name: 'Vertical night',
      overlayKey,
      preRollKey,
      postRollKey,
      overlayPosition: 'top-right',
      rollSeconds: 0.4,
    });
    expect(skin.statusCode, skin.body).toBe(201);
    const template = await call('POST', '/main-api/clip-templates', 'dresser', { name: 'Phones', aspects: ['9:16'] });
    expect(template.statusCode, template.body).toBe(201);
    dressing.skinId = skin.json<{ id: number }>().id;
    dressing.templateId = template.json<{ id: number }>().id;
    const cut = await call('POST', clipPaths.videoClips(videoId), 'dresser', {
      inSeconds: 1,
      outSeconds: 3,
      clipSkinId: dressing.skinId,
      clipTemplateId: dressing.templateId,
    });
    expect(cut.statusCode, cut.body).toBe(202);
    const clipId = cut.json<{ video: { id: number } }>().video.id;
    const ready = await verticalOf(clipId);

    // Cut from a video of the account: no bare cut kept, its 9:16 is cut from the source's range.
    const [clip] = await ctx.db.select().from(videos).where(eq(videos.id, clipId));
    expect(clip).toMatchObject({ clipCleanKey: null });
    // The path is in the clip's times: held during the pre-roll, then the analysis of the cut.
    const path = (await call('GET', verticalPaths.reframe(clipId, '9x16'), 'writerA')).json<ReframeResponse>();
    expect(path.keyframes[0]?.time).toBe(0);
    expect(path.keyframes[1]?.time).toBe(0.4);

    await expectDressedVertical(ready, 'dressed-9x16.mp4');
  });

  it('dresses a clip cut before the account made other aspects from its range of the source', async () => {
    const cut = await call('POST', clipPaths.videoClips(videoId), 'dresser', {
      inSeconds: 1,
      outSeconds: 3,
      clipSkinId: dressing.skinId,
    });
    expect(cut.statusCode, cut.body).toBe(202);
    const clipId = cut.json<{ video: { id: number } }>().video.id;
    ctx.workers();
    await waitForVideo(ctx, clipId, ['ready']);
    await ctx.stopWorkers();
    // As a clip cut while the account had no 9:16 module: no bare cut beside it.
    const [clip] = await ctx.db.select().from(videos).where(eq(videos.id, clipId));
    await ctx.storage.delete(clip?.clipCleanKey ?? '');
    await ctx.db.update(videos).set({ clipCleanKey: null, clipCleanOffset: null }).where(eq(videos.id, clipId));

    const asked = await call('POST', verticalPaths.rendition(clipId, '9x16'), 'writerA');
    expect(asked.statusCode, asked.body).toBe(202);
    await expectDressedVertical(await verticalOf(clipId), 'dressed-from-source-9x16.mp4');
    const path = (await call('GET', verticalPaths.reframe(clipId, '9x16'), 'writerA')).json<ReframeResponse>();
    expect(path.keyframes.slice(0, 2).map((keyframe) => keyframe.time)).toEqual([0, 0.4]);
  });

  it('removes a rendition: its media and its path', async () => {
    const removed = await call('DELETE', verticalPaths.rendition(videoId, '9x16'), 'writerA');
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await vertical())?.state).toBe('none');
    expect(await ctx.storage.exists(`videos/${ctx.accountA.id}/${videoId}/renditions/9x16/2/video.mp4`)).toBe(false);
    expect((await call('GET', verticalPaths.reframe(videoId, '9x16'), 'writerA')).statusCode).toBe(404);
    expect((await call('DELETE', verticalPaths.rendition(videoId, '9x16'), 'writerA')).statusCode).toBe(404);
  });
});
