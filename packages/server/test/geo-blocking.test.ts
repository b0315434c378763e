import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatPaths } from '@regie/contract/chat';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { embedPaths } from '@regie/contract/embed';
import type { EmbedPlaybackResponse, EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import { GEO_REFUSED_STATUS, type GeoRule } from '@regie/contract/geo';
import { playbackPaths } from '@regie/contract/playback';
import type { PlaybackSettingsResponse } from '@regie/contract/playback.schemas';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts } from '../src/db/accounts.table.ts';
import { auditEntries } from '../src/db/audit.table.ts';
import { events } from '../src/db/events.table.ts';
import { liveInputs } from '../src/db/live.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { localStorage } from '../src/storage/storage.local.ts';
import type { ObjectStorage } from '../src/storage/storage.types.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import {
  insertEvent,
  insertVideo,
  liveOnOneCamera,
  PRODUCER_GRANTS,
  signIn,
  storeReplayFiles,
} from './insights-fixtures.ts';

/**
 * GEO_BLOCKING (issue 47) on every path a player can take: the page, its data, the per-viewer
 * playback, the video and live playlists and segments, the games context, the play reports and
 * the chat; with addresses of known countries given by a trusted proxy's X-Forwarded-For.
 */

/** Addresses the shipped GeoLite2 database places (checked in geo.countries.test.ts). */
const FROM = {
  FR: '90.84.0.1',
  BE: '81.246.0.1',
  DE: '85.214.0.1',
  US: '8.8.8.8',
} as const;
type Country = keyof typeof FROM;

let ctx: TestContext;
let storageDir: string;
let storage: ObjectStorage;
let club: { token: string; accountId: number; accountKey: string };
let manager: { token: string; accountId: number; accountKey: string };

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'regie-geo-'));
  storage = localStorage(storageDir, '/images');
  // The tests' requests come from the loopback: a load balancer there, trusted for X-Forwarded-For.
  ctx = await createTestContext({ config: { trustProxy: ['loopback'] }, dependencies: { storage } });
  club = await signIn(ctx, {
    roles: [...PRODUCER_GRANTS.roles, 'manage_users'],
    modules: [...PRODUCER_GRANTS.modules, 'GEO_BLOCKING', 'CHAT'],
  });
  manager = club;
});
afterAll(async () => {
  await ctx.close();
  await rm(storageDir, { recursive: true, force: true });
});

/** A request as a viewer in `country` makes it, through the load balancer. */
const from = (country: Country | null, url: string, init: { method?: 'GET' | 'POST'; payload?: object } = {}) =>
  ctx.request({
    url,
    ...init,
    headers: { 'accept-language': 'fr', ...(country ? { 'x-forwarded-for': FROM[country] } : {}) },
  });

async function setRule(settings: {
  mode: 'allow' | 'block';
  countries: string[];
  unknownAddresses?: 'allow' | 'refuse';
}) {
  const response = await ctx.request({
    method: 'PUT',
    url: playbackPaths.settings,
    token: manager.token,
    payload: { geoBlocking: settings },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlaybackSettingsResponse>();
}

async function tokenOf(eventId: number): Promise<string> {
  const response = await ctx.request({ url: embedPaths.eventEmbed(eventId), token: club.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url.split('/').pop() ?? '';
}

/** An event with a ready replay whose playlist and segment are in storage. */
async function replayEvent(values: { geoBlocking?: GeoRule; videoRule?: GeoRule } = {}) {
  const videoId = await insertVideo(ctx, club.accountId, values.videoRule ? { geoBlocking: values.videoRule } : {});
  await storeReplayFiles(storage, club.accountId, videoId);
  const eventId = await insertEvent(ctx, club.accountId, {
    videoId,
    state: 'replay',
    ...(values.geoBlocking ? { geoBlocking: values.geoBlocking } : {}),
  });
  return { eventId, videoId, token: await tokenOf(eventId) };
}

/** The player's data as `country` sees it, once the kept answer reflects the latest change (a second at most). */
function dataAs(country: Country | null, token: string, status: number): Promise<EmbedPlayerResponse | null> {
  return vi.waitFor(
    async () => {
      const response = await from(country, embedPaths.player(token));
      expect(response.statusCode, response.body).toBe(status);
      return status === 200 ? response.json<EmbedPlayerResponse>() : null;
    },
    { timeout: 5_000, interval: 100 },
  );
}

const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

describe('playback settings', () => {
  it('keeps the rule of the account, audited, and refuses a rule that cannot be right', async () => {
    const empty = await ctx.request({ url: playbackPaths.settings, token: manager.token });
    expect(empty.json()).toMatchObject({
      geoBlocking: { mode: 'block', countries: [], unknownAddresses: 'allow' },
      modules: { geoBlocking: true },
      geoDatabase: { type: 'country ipvAll' },
    });
    expect(Date.parse(empty.json<PlaybackSettingsResponse>().geoDatabase.builtAt)).toBeLessThan(Date.now());

    const saved = await setRule({ mode: 'allow', countries: ['fr', 'BE', 'FR'] });
    expect(saved.geoBlocking).toEqual({ mode: 'allow', countries: ['FR', 'BE'], unknownAddresses: 'allow' });
    const [entry] = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.resource, 'accounts'), eq(auditEntries.resourceId, club.accountId)))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(entry?.changes).toMatchObject({ geoBlocking: { after: { mode: 'allow', countries: ['FR', 'BE'] } } });

    const unknown = await ctx.request({
      method: 'PUT',
      url: playbackPaths.settings,
      token: manager.token,
      headers: { 'accept-language': 'fr' },
      payload: { geoBlocking: { mode: 'block', countries: ['XY'] } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Code pays inconnu XY');
    const nobody = await ctx.request({
      method: 'PUT',
      url: playbackPaths.settings,
      token: manager.token,
      payload: { geoBlocking: { mode: 'allow', countries: [] } },
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.body).toContain('Allowing only some countries needs at least one country');
    // Nothing of the refused ones was kept.
    const kept = await ctx.request({ url: playbackPaths.settings, token: manager.token });
    expect(kept.json<PlaybackSettingsResponse>().geoBlocking.countries).toEqual(['FR', 'BE']);
  });

  it("is the account manager's, in an account with the module, and each account's own", async () => {
    const producer = await signIn(ctx, PRODUCER_GRANTS, club.accountId);
    expect((await ctx.request({ url: playbackPaths.settings, token: producer.token })).statusCode).toBe(403);
    const withoutModule = await signIn(ctx, { roles: ['manage_users'], modules: ['SPORT_EVENTS'] });
    expect((await ctx.request({ url: playbackPaths.settings, token: withoutModule.token })).statusCode).toBe(403);
    const otherClub = await signIn(ctx, { roles: ['manage_users'], modules: ['GEO_BLOCKING'] });
    const theirs = await ctx.request({
      method: 'PUT',
      url: playbackPaths.settings,
      token: otherClub.token,
      payload: { geoBlocking: { mode: 'block', countries: ['FR'] } },
    });
    expect(theirs.statusCode).toBe(200);
    const ours = await ctx.request({ url: playbackPaths.settings, token: manager.token });
    expect(ours.json<PlaybackSettingsResponse>().geoBlocking).toMatchObject({ mode: 'allow', countries: ['FR', 'BE'] });
  });
});

describe('a replay under geo blocking', () => {
  it('plays in the allowed countries only, on every path a player can take', async () => {
    await setRule({ mode: 'allow', countries: ['FR', 'BE'] });
    const { token } = await replayEvent();

    // The page's data: the same for every allowed viewer, with no URL in it; 451 elsewhere, in their language.
    const data = await dataAs('FR', token, 200);
    expect(data).toMatchObject({ state: 'replay', perViewer: true, hlsUrl: null, renditions: [] });
    await dataAs('DE', token, GEO_REFUSED_STATUS);
    const refused = await from('DE', embedPaths.player(token));
    expect(refused.json()).toMatchObject({ message: 'Cette vidéo n’est pas disponible dans votre pays' });
    expect((await from('US', embedPaths.player(token))).statusCode).toBe(GEO_REFUSED_STATUS);
    expect((await from('BE', embedPaths.player(token))).statusCode).toBe(200);

    // The media, signed for this viewer's country, never kept by a shared cache.
    const grant = await from('FR', embedPaths.playback(token));
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.headers['cache-control']).toBe('private, no-store');
    const { hlsUrl } = grant.json<EmbedPlaybackResponse>();
    expect(hlsUrl).toMatch(/\?t=\d+\.FR\.[\w-]{32}$/);
    expect((await from('DE', embedPaths.playback(token))).statusCode).toBe(GEO_REFUSED_STATUS);

    // The playlist plays in France; its rungs and segments carry the same French token.
    const master = await from('FR', path(hlsUrl));
    expect(master.statusCode, master.body).toBe(200);
    const rung = master.body.split('\n').find((line) => line.startsWith('v0/')) ?? '';
    expect(rung).toContain('.FR.');
    const rungUrl = path(hlsUrl).replace(/master\.m3u8\?.*$/, rung);
    const index = await from('FR', rungUrl);
    expect(index.statusCode, index.body).toBe(200);
    const segment = index.body.split('\n').find((line) => line.startsWith('seg0.ts')) ?? '';
    const segmentUrl = rungUrl.replace(/index\.m3u8\?.*$/, segment);
    expect((await from('FR', segmentUrl)).statusCode).toBe(200);
    // The same URLs handed to a viewer in Germany (or in Belgium: another country's token) play nothing.
    for (const url of [path(hlsUrl), rungUrl, segmentUrl]) {
      expect((await from('DE', url)).statusCode).toBe(GEO_REFUSED_STATUS);
      expect((await from('BE', url)).statusCode).toBe(GEO_REFUSED_STATUS);
    }
    // A forged scope does not pass the signature.
    expect((await from('DE', path(hlsUrl).replace('.FR.', '.DE.'))).statusCode).toBe(403);

    // The play reports, the games and the chat: refused too.
    const viewId = crypto.randomUUID();
    expect((await from('DE', embedPaths.plays(token), { method: 'POST', payload: { viewId } })).statusCode).toBe(451);
    expect((await from('FR', embedPaths.plays(token), { method: 'POST', payload: { viewId } })).statusCode).toBe(200);
    expect((await from('DE', embedPaths.fan(token))).statusCode).toBe(GEO_REFUSED_STATUS);
    expect((await from('DE', chatPaths.public(token))).statusCode).toBe(GEO_REFUSED_STATUS);
    expect((await from('FR', chatPaths.public(token))).statusCode).toBe(200);
    expect((await from('DE', chatPaths.publicViewer(token), { method: 'POST' })).statusCode).toBe(451);
    // The page itself answers 451 (it then says why, in the viewer's language).
    expect((await from('DE', `/embed/events/${token}`)).statusCode).toBe(GEO_REFUSED_STATUS);
  });

  it('lets an event open wider than the account, and a video restrict further, wherever it plays', async () => {
    await setRule({ mode: 'allow', countries: ['FR', 'BE'] });
    const opened = await replayEvent({ geoBlocking: { mode: 'allow', countries: ['DE'] } });
    await dataAs('DE', opened.token, 200);
    await dataAs('FR', opened.token, GEO_REFUSED_STATUS);

    const archive = await replayEvent({ videoRule: { mode: 'block', countries: ['BE'] } });
    await dataAs('FR', archive.token, 200);
    await dataAs('BE', archive.token, GEO_REFUSED_STATUS);
  });

  it('follows the account for addresses without a country, and trusts X-Forwarded-For from a trusted proxy only', async () => {
    await setRule({ mode: 'allow', countries: ['FR'], unknownAddresses: 'allow' });
    const { token } = await replayEvent();
    // The loopback itself (a developer's machine): no country, allowed by default.
    await dataAs(null, token, 200);
    const scoped = await from(null, embedPaths.playback(token));
    expect(scoped.json<EmbedPlaybackResponse>().hlsUrl).toMatch(/\.XX\./);

    await setRule({ mode: 'allow', countries: ['FR'], unknownAddresses: 'refuse' });
    await dataAs(null, token, GEO_REFUSED_STATUS);
    // A viewer on the internet cannot say they are in France: their own address counts.
    const spoofed = await ctx.request({
      url: embedPaths.player(token),
      remoteAddress: FROM.DE,
      headers: { 'x-forwarded-for': FROM.FR },
    });
    expect(spoofed.statusCode).toBe(GEO_REFUSED_STATUS);
    const direct = await ctx.request({ url: embedPaths.player(token), remoteAddress: FROM.FR });
    expect(direct.statusCode).toBe(200);
  });

  it('changes nothing for an account without the module', async () => {
    const other = await signIn(ctx, {
      roles: ['sport_player_write', 'manage_users'],
      modules: ['SPORT_EVENTS', 'VIDEOS'],
    });
    await ctx.db
      .update(events)
      .set({ geoBlocking: { mode: 'allow', countries: ['FR'] } })
      .where(eq(events.accountId, other.accountId));
    const videoId = await insertVideo(ctx, other.accountId);
    const eventId = await insertEvent(ctx, other.accountId, {
      videoId,
      state: 'replay',
      geoBlocking: { mode: 'allow', countries: ['FR'] },
    });
    const response = await ctx.request({ url: embedPaths.eventEmbed(eventId), token: other.token });
    const token = response.json<{ url: string }>().url.split('/').pop() ?? '';
    const data = await from('DE', embedPaths.player(token));
    expect(data.statusCode).toBe(200);
    expect(data.json()).toMatchObject({ perViewer: false, hlsUrl: expect.stringContaining('/media/videos/') });
  });
});

describe('a live under geo blocking', () => {
  it("signs the program and each camera's segments for the viewer's country, and a camera's own rule holds", async () => {
    await setRule({ mode: 'allow', countries: ['FR', 'BE'] });
    const eventId = await insertEvent(ctx, club.accountId, {
      name: 'Derby night',
      state: 'upcoming',
      startsAt: new Date(),
    });
    const token = await tokenOf(eventId);
    const inputId = await liveOnOneCamera(ctx, storage, club, eventId);

    const live = await vi.waitFor(
      async () => {
        const answer = await dataAs('BE', token, 200);
        expect(answer?.state).toBe('live');
        return answer;
      },
      { timeout: 5_000, interval: 100 },
    );
    expect(live).toMatchObject({ perViewer: true, hlsUrl: null });
    const grant = (await from('BE', embedPaths.playback(token))).json<EmbedPlaybackResponse>();
    expect(grant.hlsUrl).toMatch(/\/program\/events\/\d+\/dvr\.m3u8\?t=\d+\.BE\./);
    const playlist = await from('BE', path(grant.hlsUrl));
    expect(playlist.statusCode, playlist.body).toBe(200);
    const first = playlist.body.split('\n').find((line) => line.includes('.ts?t=')) ?? '';
    expect(first).toMatch(/\.ts\?t=\d+\.BE\./);
    const resolved = new URL(first, `http://x${path(grant.hlsUrl)}`);
    const segmentUrl = `${resolved.pathname}${resolved.search}`;
    expect((await from('BE', segmentUrl)).statusCode).toBe(200);
    expect((await from('FR', segmentUrl)).statusCode).toBe(GEO_REFUSED_STATUS);
    expect((await from('DE', path(grant.hlsUrl))).statusCode).toBe(GEO_REFUSED_STATUS);
    expect((await from('DE', embedPaths.playback(token))).statusCode).toBe(GEO_REFUSED_STATUS);

    // The camera's feed is cleared for France only: Belgium loses the live, France keeps it.
    await ctx.db
      .update(liveInputs)
      .set({ geoBlocking: { mode: 'allow', countries: ['FR'] } })
      .where(eq(liveInputs.id, inputId));
    await dataAs('BE', token, GEO_REFUSED_STATUS);
    await dataAs('FR', token, 200);
  });
});

describe('the demo club', () => {
  it('plays in Belgium and France, and on a newcomer’s own machine, not elsewhere', async () => {
    const producer = await ctx.login('producer');
    const [replay] = await ctx.db
      .select({ id: events.id })
      .from(events)
      .innerJoin(accounts, eq(accounts.id, events.accountId))
      .where(and(eq(accounts.name, DEMO_ACCOUNTS.club), eq(events.published, true), eq(events.state, 'replay')))
      .limit(1);
    const response = await ctx.request({ url: embedPaths.eventEmbed(replay?.id ?? 0), token: producer });
    expect(response.statusCode, response.body).toBe(200);
    const token = response.json<{ url: string }>().url.split('/').pop() ?? '';
    for (const country of ['BE', 'FR', null] as const) {
      expect((await from(country, embedPaths.player(token))).statusCode).toBe(200);
    }
    expect((await from('DE', embedPaths.player(token))).statusCode).toBe(GEO_REFUSED_STATUS);
    expect((await from('US', embedPaths.player(token))).statusCode).toBe(GEO_REFUSED_STATUS);
  });
});

describe('what is stored', () => {
  it('keeps an event’s, a video’s and a live input’s own rule through the API', async () => {
    const { eventId, videoId } = await replayEvent();
    const put = await ctx.request({
      method: 'PUT',
      url: `/main-api/events/${eventId}`,
      token: club.token,
      payload: { name: 'Derby', geoBlocking: { mode: 'block', countries: ['us'] } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ geoBlocking: { mode: 'block', countries: ['US'] } });
    const [row] = await ctx.db.select({ geoBlocking: videos.geoBlocking }).from(videos).where(eq(videos.id, videoId));
    expect(row?.geoBlocking).toBeNull();
  });
});
