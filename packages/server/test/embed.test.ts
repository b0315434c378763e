import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMBED_MESSAGES, embedPaths, PLAY_RATE_LIMIT } from '@regie/contract/embed';
import { renderMessage } from '@regie/contract/messages.render';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markerTypes } from '../src/db/marker-types.table.ts';
import { plays } from '../src/db/plays.table.ts';
import { translations } from '../src/db/translations.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { insertEvent, insertMarker, insertVideo, PRODUCER_GRANTS, signIn } from './insights-fixtures.ts';

/** GET events/{id}/embed, the public player's data and its play reports. */

let ctx: TestContext;
let producer: { token: string; accountId: number; accountKey: string };
let eventId: number;
let videoId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  producer = await signIn(ctx, PRODUCER_GRANTS);
  videoId = await insertVideo(ctx, producer.accountId);
  eventId = await insertEvent(ctx, producer.accountId, { videoId });
  await insertMarker(ctx, producer.accountId, eventId, { label: 'Kick-off', timeSeconds: 0 });
  await insertMarker(ctx, producer.accountId, eventId, { label: ' ', timeSeconds: 754.5 });
});
afterAll(() => ctx.close());

async function tokenOf(id: number, token = producer.token): Promise<string> {
  const response = await ctx.request({ url: embedPaths.eventEmbed(id), token });
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json<{ url: string }>();
  return url.split('/').pop() ?? '';
}

const player = (token: string) => ctx.request({ url: embedPaths.player(token) });
const play = (token: string, viewId: string, remoteAddress = '203.0.113.7') =>
  ctx.request({ method: 'POST', url: embedPaths.plays(token), payload: { viewId }, remoteAddress });

describe('GET events/{id}/embed', () => {
  it('gives an iframe of a public page named by an opaque token', async () => {
    const response = await ctx.request({ url: embedPaths.eventEmbed(eventId), token: producer.token });
    const { url, iframe } = response.json<{ url: string; iframe: string }>();
    expect(url).toMatch(/^http:\/\/[^/]+\/embed\/events\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const token = url.split('/').pop() ?? '';
    // Opaque: the token, even decoded, names neither the event nor the account.
    const decoded = token
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
      .join('.');
    expect(decoded).not.toContain(`:${eventId}`);
    expect(decoded).not.toContain('events');
    expect(iframe).toContain(`src="${url}"`);
    expect(iframe).toContain('title="Derby"');
  });

  it("answers 404 for another account's event, 403 without the role, 401 signed out", async () => {
    const other = await signIn(ctx, PRODUCER_GRANTS);
    expect((await ctx.request({ url: embedPaths.eventEmbed(eventId), token: other.token })).statusCode).toBe(404);
    const editor = await signIn(ctx, { roles: ['video_write'], modules: ['VIDEOS'] }, producer.accountId);
    expect((await ctx.request({ url: embedPaths.eventEmbed(eventId), token: editor.token })).statusCode).toBe(403);
    const clipper = await signIn(ctx, { roles: ['clip_only'], modules: ['STREAM_CLIPPING'] }, producer.accountId);
    expect((await ctx.request({ url: embedPaths.eventEmbed(eventId), token: clipper.token })).statusCode).toBe(200);
    expect((await ctx.request({ url: embedPaths.eventEmbed(eventId) })).statusCode).toBe(401);
  });
});

describe('the public player', () => {
  it('serves the title, signed stream and chapters, and nothing of the staff', async () => {
    const response = await player(await tokenOf(eventId));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      state: 'replay',
      available: true,
      title: 'Derby',
      durationSeconds: 5400,
      chapters: [
        { title: 'Kick-off', startSeconds: 0 },
        { title: '', startSeconds: 754.5 },
      ],
    });
    expect(body.hlsUrl).toMatch(/master\.m3u8\?t=/);
    expect(Object.keys(body).sort()).toEqual([
      'access',
      'ads',
      'available',
      'chapters',
      'downloadUrl',
      'durationSeconds',
      'hlsUrl',
      'perViewer',
      'posterUrl',
      'renditions',
      'state',
      'title',
    ]);
    expect(response.body).not.toContain(producer.accountKey);
  });

  it('gives the title in the viewer’s language where the event has a translation', async () => {
    const token = await tokenOf(eventId);
    await ctx.db
      .insert(translations)
      .values({ resource: 'events', recordId: eventId, languageId: 2, values: { name: 'Le derby' } });
    expect((await ctx.request({ url: `${embedPaths.player(token)}?lang=fr` })).json().title).toBe('Le derby');
    expect((await ctx.request({ url: `${embedPaths.player(token)}?lang=en` })).json().title).toBe('Derby');
    expect((await ctx.request({ url: `${embedPaths.player(token)}?lang=de` })).statusCode).toBe(400);
  });

  it('names a marker by its type when it has no label', async () => {
    const [type] = await ctx.db
      .insert(markerTypes)
      .values({ name: 'Goal', code: 'goal', color: '#2E7D32', accountId: producer.accountId })
      .returning({ id: markerTypes.id });
    const id = await insertEvent(ctx, producer.accountId, { videoId });
    await insertMarker(ctx, producer.accountId, id, { markerTypeId: type?.id ?? null, timeSeconds: 12 });
    expect((await player(await tokenOf(id))).json().chapters).toEqual([{ title: 'Goal', startSeconds: 12 }]);
  });

  it('says why nothing plays: unpublished (nothing else said), no replay, or a replay that failed', async () => {
    const hidden = await insertEvent(ctx, producer.accountId, { videoId, published: false });
    expect((await player(await tokenOf(hidden))).json()).toEqual({
      state: 'unavailable',
      available: false,
      reason: 'not_published',
      title: null,
    });
    const failed = await insertVideo(ctx, producer.accountId, { state: 'failed' });
    for (const values of [{ videoId: failed }, {}]) {
      const id = await insertEvent(ctx, producer.accountId, values);
      expect((await player(await tokenOf(id))).json()).toEqual({
        state: 'unavailable',
        available: false,
        reason: 'no_replay',
        title: 'Derby',
      });
    }
  });

  it('answers 404 to a tampered, truncated or unknown token', async () => {
    const token = await tokenOf(eventId);
    const [payload, signature] = token.split('.');
    const forged = `${Buffer.from(`events:${producer.accountId}:${eventId + 1}`).toString('base64url')}.${signature}`;
    for (const bad of [forged, `${payload}.${signature?.slice(1)}x`, payload ?? '', 'nothing.here']) {
      expect((await player(bad)).statusCode, bad).toBe(404);
      expect((await play(bad, crypto.randomUUID())).statusCode, bad).toBe(404);
    }
    expect((await ctx.request({ url: embedPaths.player('a/b') })).statusCode).toBe(404);
  });

  it('serves no page while the web app is not built (404, not 500)', async () => {
    expect((await ctx.request({ url: embedPaths.page('events', await tokenOf(eventId)) })).statusCode).toBe(404);
    expect((await ctx.request({ url: embedPaths.page('nothing', 'abc') })).statusCode).toBe(404);
  });
});

describe('POST embed/{token}/plays', () => {
  it('counts one play per page view, for the event and its video', async () => {
    const token = await tokenOf(eventId);
    const viewId = crypto.randomUUID();
    expect((await play(token, viewId)).json()).toEqual({ counted: true });
    expect((await play(token, viewId)).json()).toEqual({ counted: false });
    expect((await play(token, crypto.randomUUID())).json()).toEqual({ counted: true });
    const rows = await ctx.db.select().from(plays).where(eq(plays.eventId, eventId));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.videoId === videoId && row.accountId === producer.accountId)).toBe(true);
  });

  it('counts nothing for an unpublished event', async () => {
    const hidden = await insertVideo(ctx, producer.accountId);
    const id = await insertEvent(ctx, producer.accountId, { videoId: hidden, published: false });
    expect((await play(await tokenOf(id), crypto.randomUUID())).json()).toEqual({ counted: false });
    expect(
      await ctx.db
        .select()
        .from(plays)
        .where(and(eq(plays.videoId, hidden))),
    ).toHaveLength(0);
    await ctx.db.delete(videos).where(eq(videos.id, hidden));
  });

  it('refuses a body without a view id (400), and limits each page view, not a stadium behind one address (429)', async () => {
    const token = await tokenOf(eventId);
    const bad = await ctx.request({ method: 'POST', url: embedPaths.plays(token), payload: { viewId: 'x' } });
    expect(bad.statusCode).toBe(400);
    // A crowd on one shared Wi-Fi: more viewers than one view's allowance, each counted.
    const stadium = '198.51.100.9';
    const views = Array.from({ length: PLAY_RATE_LIMIT.perView * 8 }, () => crypto.randomUUID());
    for (const viewId of views) {
      const response = await play(token, viewId, stadium);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ counted: true });
    }
    // One view reporting again and again: counted once, then refused.
    const viewId = views[0] ?? '';
    for (let n = 1; n < PLAY_RATE_LIMIT.perView; n += 1) {
      expect((await play(token, viewId, stadium)).json()).toEqual({ counted: false });
    }
    const refused = await play(token, viewId, stadium);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(renderMessage(EMBED_MESSAGES.tooManyPlaysOfView));
    expect(refused.headers['retry-after']).toBe('60');
    expect((await play(token, crypto.randomUUID(), stadium)).statusCode).toBe(200);
  });
});

describe('the public page', () => {
  it('is the built embed.html, for any token of a known kind', async () => {
    const webDist = await mkdtemp(join(tmpdir(), 'regie-embed-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(join(webDist, 'embed.html'), '<!doctype html><title>embed page</title>');
    const built = await createTestContext({ config: { webDist } });
    try {
      const page = await built.request({ url: embedPaths.page('events', 'any.token') });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('embed page');
      expect((await built.request({ url: embedPaths.page('nothing', 'any.token') })).statusCode).toBe(404);
    } finally {
      await built.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });
});
