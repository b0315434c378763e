import { advertisingPaths, localAdsPaths } from '@regie/contract/advertising';
import { embedPaths } from '@regie/contract/embed';
import type { EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEntries } from '../src/db/audit.table.ts';
import { contentCameras, contentLives, programSwitches } from '../src/db/cameras.table.ts';
import { liveInputs, liveSegments } from '../src/db/live.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { insertEvent, signIn } from './insights-fixtures.ts';

/**
 * ADVERTISING (issue 47.8): the account's tag in its Playback settings, the event's own, the
 * page's data that carries it, the live's ad breaks written into the program's playlist as
 * EXT-X-DATERANGE with SCTE-35, and the local ad server the demo and tests play.
 */

type Session = { token: string; accountId: number; accountKey: string };
let ctx: TestContext;
let manager: Session;
let operator: Session;
let stranger: Session;
let withoutModule: Session;

const TAG = 'https://ads.example.com/vast.xml?zone=1';

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(ctx, {
    roles: ['manage_users', 'sport_player_write'],
    modules: ['ADVERTISING', 'SPORT_EVENTS', 'AWS_STREAM'],
  });
  operator = await signIn(
    ctx,
    { roles: ['use_stream', 'sport_player_write'], modules: ['ADVERTISING', 'AWS_STREAM', 'SPORT_EVENTS'] },
    manager.accountId,
  );
  stranger = await signIn(ctx, {
    roles: ['manage_users', 'use_stream'],
    modules: ['ADVERTISING', 'AWS_STREAM', 'SPORT_EVENTS'],
  });
  withoutModule = await signIn(ctx, { roles: ['manage_users', 'use_stream'], modules: ['AWS_STREAM'] });
});
afterAll(() => ctx.close());

const putTag = (session: Session, tagUrl: unknown, language = 'en') =>
  ctx.request({
    method: 'PUT',
    url: advertisingPaths.settings,
    token: session.token,
    payload: { tagUrl },
    headers: { 'accept-language': language },
  });

async function pageOf(eventId: number): Promise<string> {
  const response = await ctx.request({ url: embedPaths.eventEmbed(eventId), token: manager.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url.split('/').pop() ?? '';
}

/** The page's data once it matches (answers are kept a second). */
function pageData(token: string, expected: Record<string, unknown>): Promise<EmbedPlayerResponse> {
  return vi.waitFor(
    async () => {
      const response = await ctx.request({ url: embedPaths.player(token) });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<EmbedPlayerResponse>();
      expect(answer).toMatchObject(expected);
      return answer;
    },
    { timeout: 5_000, interval: 100 },
  );
}

async function replayEvent(values: Parameters<typeof insertEvent>[2] = {}): Promise<number> {
  const [video] = await ctx.db
    .insert(videos)
    .values({ accountId: manager.accountId, title: 'Replay', state: 'ready', hlsKey: 'v/master.m3u8', duration: 90 })
    .returning({ id: videos.id });
  return insertEvent(ctx, manager.accountId, { state: 'replay', videoId: video?.id ?? null, ...values });
}

describe('the account’s ad tag', () => {
  it('is refused unless http(s) or the local ad server, with a message in the viewer’s language', async () => {
    const refused = await putTag(manager, 'javascript:alert(1)');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ path: 'tagUrl' });
    expect(refused.body).toContain('The ad tag must be an http(s) address');
    const french = await putTag(manager, 'ftp://ads.example.com/vast.xml', 'fr');
    expect(french.statusCode).toBe(400);
    expect(french.body).toContain('La balise publicitaire doit être une adresse http(s)');
  });

  it('is saved, read back and audited once as a change of the account', async () => {
    const saved = await putTag(manager, TAG);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ tagUrl: TAG });
    const again = await ctx.request({ url: advertisingPaths.settings, token: manager.token });
    expect(again.json()).toEqual({ tagUrl: TAG });
    // The same tag again changes nothing and records nothing.
    expect((await putTag(manager, TAG)).statusCode).toBe(200);
    const entries = await ctx.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.accountId, manager.accountId))
      .orderBy(desc(auditEntries.id));
    const tagEntries = entries.filter((entry) => JSON.stringify(entry.changes).includes('advertising'));
    expect(tagEntries).toHaveLength(1);
    expect(tagEntries[0]).toMatchObject({ resource: 'accounts', resourceId: manager.accountId, action: 'update' });
  });

  it('is refused without the module or the role, and each account reads only its own', async () => {
    expect((await putTag(withoutModule, TAG)).statusCode).toBe(403);
    expect((await ctx.request({ url: advertisingPaths.settings, token: operator.token })).statusCode).toBe(403);
    const theirs = await ctx.request({ url: advertisingPaths.settings, token: stranger.token });
    expect(theirs.json()).toEqual({ tagUrl: null });
  });
});

describe('the page’s data', () => {
  it('carries the account’s tag on an event that switches ADVERTISING on, the event’s own first', async () => {
    await putTag(manager, TAG);
    const plain = await pageOf(await replayEvent({ activatedModules: ['ADVERTISING'] }));
    await pageData(plain, { state: 'replay', ads: { tagUrl: TAG } });
    const own = await pageOf(await replayEvent({ activatedModules: ['ADVERTISING'], adTagUrl: localAdsPaths.vmap }));
    await pageData(own, { state: 'replay', ads: { tagUrl: localAdsPaths.vmap } });
  });

  it('carries none on an event that leaves ADVERTISING off, or once the account loses the module', async () => {
    const off = await pageOf(await replayEvent({ activatedModules: [] }));
    await pageData(off, { state: 'replay', ads: null });
    const on = await replayEvent({ activatedModules: ['ADVERTISING'] });
    const token = await pageOf(on);
    await pageData(token, { ads: { tagUrl: TAG } });
    const { accounts } = await import('../src/db/accounts.table.ts');
    await ctx.db
      .update(accounts)
      .set({ modules: ['SPORT_EVENTS'] })
      .where(eq(accounts.id, manager.accountId));
    try {
      await pageData(token, { state: 'replay', ads: null });
    } finally {
      await ctx.db
        .update(accounts)
        .set({ modules: ['ADVERTISING', 'SPORT_EVENTS', 'AWS_STREAM'] })
        .where(eq(accounts.id, manager.accountId));
    }
  });

  it('refuses an event’s tag that is not a URL', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/main-api/events',
      token: manager.token,
      payload: { name: 'Bad tag', activatedModules: ['ADVERTISING'], adTagUrl: 'not a url' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('adTagUrl');
  });
});

/** A live event with one camera whose 2 s segments run from 40 s ago to now. */
async function liveEvent(): Promise<number> {
  const eventId = await insertEvent(ctx, manager.accountId, { state: 'live', activatedModules: ['ADVERTISING'] });
  const [input] = await ctx.db
    .insert(liveInputs)
    .values({ accountId: manager.accountId, name: 'Main', streamKey: `rk_ads_${eventId}_${Date.now()}` })
    .returning({ id: liveInputs.id });
  const inputId = input?.id ?? 0;
  await ctx.db
    .insert(contentCameras)
    .values({ accountId: manager.accountId, eventId, inputId, label: 'Main', position: 0 });
  const started = new Date(Date.now() - 40_000);
  await ctx.db.insert(contentLives).values({ accountId: manager.accountId, eventId, startedAt: started });
  await ctx.db.insert(programSwitches).values({ accountId: manager.accountId, eventId, inputId, at: started });
  await ctx.db.insert(liveSegments).values(
    Array.from({ length: 20 }, (_, sequence) => ({
      inputId,
      sequence,
      startedAt: new Date(started.getTime() + 500 + sequence * 2000),
      duration: 2,
      path: `live/${inputId}/${sequence}.ts`,
      bytes: 1000,
      discontinuity: sequence === 0,
    })),
  );
  return eventId;
}

const postBreak = (session: Session, eventId: number, durationSeconds: number) =>
  ctx.request({
    method: 'POST',
    url: advertisingPaths.adBreaks(eventId),
    token: session.token,
    payload: { durationSeconds },
  });

describe('a live’s ad break', () => {
  it('goes into the program’s playlist as an EXT-X-DATERANGE with SCTE35-OUT, and shows running', async () => {
    const eventId = await liveEvent();
    const created = await postBreak(operator, eventId, 60);
    expect(created.statusCode, created.body).toBe(201);
    const adBreak = created.json<{ id: number; durationSeconds: number }>();
    expect(adBreak.durationSeconds).toBe(60);

    const listed = await ctx.request({ url: advertisingPaths.adBreaks(eventId), token: operator.token });
    expect(listed.json().running).toMatchObject({ id: adBreak.id, durationSeconds: 60 });
    // One running at a time.
    expect((await postBreak(operator, eventId, 30)).statusCode).toBe(409);

    const live = await pageData(await pageOf(eventId), { state: 'live', ads: { tagUrl: TAG } });
    if (live.state !== 'live') throw new Error('not live');
    const playlist = await ctx.request({ url: String(live.hlsUrl).replace(/^https?:\/\/[^/]+/, '') });
    expect(playlist.statusCode, playlist.body).toBe(200);
    const lines = playlist.body.split('\n');
    const tag = lines.find((line) => line.startsWith('#EXT-X-DATERANGE'));
    expect(tag).toMatch(
      new RegExp(
        `^#EXT-X-DATERANGE:ID="ad-break-${adBreak.id}",CLASS="com\\.regie\\.ad-break",START-DATE="[^"]+",PLANNED-DURATION=60\\.000,SCTE35-OUT=0xFC30[0-9A-F]+$`,
      ),
    );
    expect(playlist.body).not.toContain('SCTE35-IN');
    expect(playlist.body).toContain('#EXT-X-PROGRAM-DATE-TIME');

    // Once over (moved back in time), the IN follows under the same ID.
    const { adBreaks } = await import('../src/db/ad-breaks.table.ts');
    await ctx.db
      .update(adBreaks)
      .set({ startsAt: new Date(Date.now() - 70_000), durationSeconds: 60 })
      .where(eq(adBreaks.id, adBreak.id));
    // Playlists are kept a second in front: read until the kept one is gone.
    await vi.waitFor(
      async () => {
        const after = await ctx.request({ url: String(live.hlsUrl).replace(/^https?:\/\/[^/]+/, '') });
        expect(after.body).toMatch(
          new RegExp(`#EXT-X-DATERANGE:ID="ad-break-${adBreak.id}",.*,DURATION=60\\.000,SCTE35-IN=0x`),
        );
      },
      { timeout: 5_000, interval: 200 },
    );
  });

  it('is audited, refused off live, without the module or role, and on another account’s event', async () => {
    const eventId = await liveEvent();
    const created = await postBreak(operator, eventId, 30);
    expect(created.statusCode).toBe(201);
    const [entry] = await ctx.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.resourceId, eventId))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(entry).toMatchObject({ resource: 'events', action: 'update' });
    expect(JSON.stringify(entry?.changes)).toContain('adBreak');

    const upcoming = await insertEvent(ctx, manager.accountId, { state: 'upcoming' });
    expect((await postBreak(operator, upcoming, 30)).statusCode).toBe(409);
    expect((await postBreak(operator, eventId, 45)).statusCode).toBe(400);
    expect((await postBreak(withoutModule, eventId, 30)).statusCode).toBe(403);
    expect((await postBreak(manager, eventId, 30)).statusCode).toBe(403);
    expect((await postBreak(stranger, eventId, 30)).statusCode).toBe(404);
    expect((await ctx.request({ url: advertisingPaths.adBreaks(eventId), token: stranger.token })).statusCode).toBe(
      404,
    );
  });
});

describe('the local ad server', () => {
  it('serves a VAST and a VMAP naming its media and pixels, and counts the pixels called', async () => {
    const vast = await ctx.request({ url: `${localAdsPaths.vast}?ad=api-test` });
    expect(vast.statusCode).toBe(200);
    expect(vast.headers['content-type']).toContain('application/xml');
    expect(vast.body).toContain('<VAST version="4.1"');
    expect(vast.body).toMatch(
      /<Impression id="local"><!\[CDATA\[https?:\/\/[^\]]+\/local-ads\/track\/impression\?ad=api-test\]\]>/,
    );
    const vmap = await ctx.request({ url: `${localAdsPaths.vmap}?ad=api-test` });
    expect(vmap.body).toContain('timeOffset="start"');
    expect(vmap.body).toContain('timeOffset="00:00:10.000"');

    for (const event of ['impression', 'start', 'start'] as const) {
      const hit = await ctx.request({ url: `${localAdsPaths.track(event)}?ad=api-test` });
      expect(hit.statusCode).toBe(204);
    }
    expect((await ctx.request({ url: `${localAdsPaths.track('complete')}?ad=other` })).statusCode).toBe(204);
    const hits = await ctx.request({ url: `${localAdsPaths.hits}?ad=api-test` });
    expect(hits.json()).toEqual({ ad: 'api-test', hits: { impression: 1, start: 2 } });
    expect((await ctx.request({ url: localAdsPaths.track('nonsense' as 'start') })).statusCode).toBe(400);
  });

  it('makes the ad’s media once with ffmpeg: an MP4', async () => {
    const media = await ctx.request({ url: localAdsPaths.media });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/mp4');
    expect(media.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
  }, 30_000);
});
