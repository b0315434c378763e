import { join } from 'node:path';
import { clipPaths } from '@regie/contract/clips';
import type { ClipResponse } from '@regie/contract/clips.schemas';
import { GRAPHIC_MESSAGES, type Graphic, graphicPaths } from '@regie/contract/graphics';
import { renderMessage } from '@regie/contract/messages.render';
import { videoPaths } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clipGraphics } from '../src/db/graphics.table.ts';
import { makeColourPng, near, pixelAt, uploadSkinImage } from './clips-fixtures.ts';
import { waitForState } from './jobs-fixtures.ts';
import { makeTestVideo } from './media-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoTestContext, waitForVideo } from './videos-fixtures.ts';

let ctx: VideoTestContext;
let sourceId: number;
let eventId: number;
let redKey: string;
const token = (name: string) => ctx.tokens[name] ?? '';

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: string, payload?: unknown) {
  return ctx.request({ method, url, token: token(as), ...(payload === undefined ? {} : { payload }) });
}

async function createEvent(as: string, body: Record<string, unknown>): Promise<number> {
  const response = await call('POST', '/main-api/events', as, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

beforeAll(async () => {
  ctx = await videoTestContext();
  await ctx.user('producer', ctx.accountA, ['sport_player_write', 'liveclipping_write']);
  await ctx.user('producerB', ctx.accountB, ['sport_player_write', 'liveclipping_write']);
  await ctx.user('clipper', ctx.accountA, ['clip_only']);
  await ctx.user('downloader', ctx.accountA, ['video_download']);
  const plain = await ctx.buildAccount({ modules: ['SPORT_EVENTS', 'STREAM_CLIPPING'] });
  await ctx.user('noModule', plain, ['sport_player_write']);
  const file = await makeTestVideo(join(ctx.dir, 'source.mp4'), { width: 320, height: 180, seconds: 3, gopFrames: 25 });
  const { completed } = await uploadVideo(ctx, token('writerA'), file, 'match.mp4');
  sourceId = completed.video.id;
  ctx.workers();
  await waitForVideo(ctx, sourceId, ['ready']);
  await ctx.stopWorkers();
  eventId = await createEvent('producer', { name: 'Derby', videoId: sourceId });
  redKey = await uploadSkinImage(ctx, token('producer'), await makeColourPng(ctx.dir, 'red', '100x50'));
});
afterEach(() => ctx.stopWorkers());
afterAll(() => ctx.cleanup());

describe('event graphics', () => {
  it('adds, lists, changes and deletes a graphic; clippers read them', async () => {
    const created = await call('POST', graphicPaths.list(eventId), 'producer', {
      name: 'Scoreboard',
      kind: 'scoreboard',
      imageKey: redKey,
    });
    expect(created.statusCode, created.body).toBe(201);
    const graphic = created.json<Graphic>();
    expect(graphic).toMatchObject({
      eventId,
      kind: 'scoreboard',
      position: 'top-left',
      widthPercent: 20,
      marginPercent: 3,
      opacity: 1,
    });
    expect(graphic.imageUrl).toContain(redKey);

    const changed = await call('PUT', graphicPaths.one(eventId, graphic.id), 'producer', {
      position: 'bottom-center',
      opacity: 0.5,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ position: 'bottom-center', opacity: 0.5, name: 'Scoreboard' });

    const listed = await call('GET', graphicPaths.list(eventId), 'clipper');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ data: Graphic[] }>().data.map((item) => item.id)).toEqual([graphic.id]);

    expect((await call('DELETE', graphicPaths.one(eventId, graphic.id), 'producer')).statusCode).toBe(204);
    expect((await call('GET', graphicPaths.list(eventId), 'producer')).json().data).toEqual([]);
    expect((await call('DELETE', graphicPaths.one(eventId, graphic.id), 'producer')).statusCode).toBe(404);
  });

  it('refuses writers without the role or the GRAPHICS module, and other accounts', async () => {
    const body = { name: 'Bug', kind: 'logo', imageKey: redKey };
    expect((await call('POST', graphicPaths.list(eventId), 'clipper', body)).statusCode).toBe(403);
    expect((await call('GET', graphicPaths.list(eventId), 'downloader')).statusCode).toBe(403);
    const noModuleEvent = await call('GET', graphicPaths.list(eventId), 'noModule');
    expect(noModuleEvent.statusCode).toBe(403);
    const other = await call('GET', graphicPaths.list(eventId), 'producerB');
    expect(other.statusCode).toBe(404);
    expect((await call('POST', graphicPaths.list(eventId), 'producerB', body)).statusCode).toBe(404);
    expect((await ctx.request({ url: graphicPaths.list(eventId) })).statusCode).toBe(401);
  });

  it('answers bad input with a clear 400', async () => {
    const refused = async (body: Record<string, unknown>, path: string) => {
      const response = await call('POST', graphicPaths.list(eventId), 'producer', body);
      expect(response.statusCode, response.body).toBe(400);
      const errors = response.json<{ errors?: { path: string; message: string }[] }>().errors ?? [];
      const error = errors.find((found) => found.path === path);
      expect(error, response.body).toBeDefined();
      return error?.message ?? '';
    };
    const base = { name: 'Lower third', kind: 'lower-third', imageKey: redKey };
    await refused({ ...base, position: 'somewhere' }, 'position');
    await refused({ ...base, widthPercent: 150 }, 'widthPercent');
    await refused({ ...base, opacity: -1 }, 'opacity');
    await refused({ ...base, kind: 'banner' }, 'kind');
    const webp = redKey.replace(/\.png$/, '.webp');
    expect(await refused({ ...base, imageKey: webp }, 'imageKey')).toBe(renderMessage(GRAPHIC_MESSAGES.imageType));
    // A key of another account (or never uploaded) is refused.
    const foreign = redKey.replace(/^[0-9]+\//, `${ctx.accountB.id}/`);
    expect(await refused({ ...base, imageKey: foreign }, 'imageKey')).toBe(
      renderMessage(GRAPHIC_MESSAGES.imageMissing),
    );
  });
});

describe('clips with graphics', () => {
  it('burns a graphic into the cut at its place, size and opacity', async () => {
    const created = await call('POST', graphicPaths.list(eventId), 'producer', {
      name: 'Score',
      kind: 'scoreboard',
      imageKey: redKey,
      position: 'top-left',
      widthPercent: 25,
      marginPercent: 0,
    });
    const graphicId = created.json<Graphic>().id;
    const response = await call('POST', clipPaths.videoClips(sourceId), 'producer', {
      inSeconds: 0.5,
      outSeconds: 2,
      graphicIds: [graphicId],
    });
    expect(response.statusCode, response.body).toBe(202);
    const clip = response.json<ClipResponse>();
    ctx.workers();
    await waitForVideo(ctx, clip.video.id, ['ready']);
    const job = await waitForState(ctx.db, clip.job.id, ['done']);
    expect(job.result).toMatchObject({ mode: 'skinned' });
    const video = (await call('GET', videoPaths.video(clip.video.id), 'writerA')).json();
    const original = ctx.storage.localPath(video.originalKey) ?? '';
    // 25 % of 320 px = 80×40 px in the top-left corner.
    expect(near(await pixelAt(original, 0.5, 20, 15), [255, 0, 0])).toBe(true);
    expect(near(await pixelAt(original, 0.5, 200, 120), [255, 0, 0])).toBe(false);
  });

  it('refuses graphics of another account or another event, and duplicates', async () => {
    const otherKey = await uploadSkinImage(ctx, token('producerB'), await makeColourPng(ctx.dir, 'blue'));
    const otherEvent = await createEvent('producerB', { name: 'Elsewhere' });
    const foreign = await call('POST', graphicPaths.list(otherEvent), 'producerB', {
      name: 'Theirs',
      kind: 'logo',
      imageKey: otherKey,
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    const foreignId = foreign.json<Graphic>().id;
    const refused = await call('POST', clipPaths.videoClips(sourceId), 'producer', {
      inSeconds: 0,
      outSeconds: 1,
      graphicIds: [foreignId],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(renderMessage(GRAPHIC_MESSAGES.notOfClip(foreignId)));
    const twice = await call('POST', clipPaths.videoClips(sourceId), 'producer', {
      inSeconds: 0,
      outSeconds: 1,
      graphicIds: [foreignId, foreignId],
    });
    expect(twice.statusCode).toBe(400);

    // From a marker: only the marker's event's graphics.
    const secondEvent = await createEvent('producer', { name: 'Cup', videoId: sourceId });
    const mine = await call('POST', graphicPaths.list(secondEvent), 'producer', {
      name: 'Cup bug',
      kind: 'logo',
      imageKey: redKey,
    });
    const marker = await call('POST', `/main-api/events/${eventId}/markers`, 'producer', { timeSeconds: 1 });
    expect(marker.statusCode, marker.body).toBe(201);
    const wrongEvent = await call('POST', clipPaths.markerClips(eventId, marker.json().id), 'producer', {
      graphicIds: [mine.json<Graphic>().id],
    });
    expect(wrongEvent.statusCode, wrongEvent.body).toBe(400);
    // The marker's own event's graphics are accepted, and the clip remembers them.
    const own = await call('POST', graphicPaths.list(eventId), 'producer', {
      name: 'Own',
      kind: 'logo',
      imageKey: redKey,
    });
    const accepted = await call('POST', clipPaths.markerClips(eventId, marker.json().id), 'producer', {
      graphicIds: [own.json<Graphic>().id],
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const linked = await ctx.db
      .select()
      .from(clipGraphics)
      .where(eq(clipGraphics.videoId, accepted.json<ClipResponse>().video.id));
    expect(linked.map((row) => row.graphicId)).toEqual([own.json<Graphic>().id]);
  });
});
