import { paths } from '@regie/contract/api';
import { meContextResponse } from '@regie/contract/auth';
import { cameraPaths } from '@regie/contract/cameras';
import { DEMO_ACCOUNTS, DEMO_TONIGHT, tonightKickoff } from '@regie/contract/demo';
import { embedPaths } from '@regie/contract/embed';
import { gamePaths } from '@regie/contract/games';
import type { MotmGame } from '@regie/contract/games.schemas';
import { type LifecycleStatus, lifecyclePaths } from '@regie/contract/lifecycle';
import { livePaths } from '@regie/contract/live';
import { markerPaths } from '@regie/contract/markers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats } from '../src/db/chat.table.ts';
import { DEMO_TEMPLATE_MAX_AGE_MS } from '../src/db/demo-template.ts';
import { events } from '../src/db/events.table.ts';
import { DEMO_MATCH_NAME } from '../src/seed/events.seed.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * Issue 46.3: the demo club runs its own match night: its modules, its live operator and live
 * clipper, and tonight's match (upcoming, a camera, football marker types, a MOTM vote on its
 * players, its chat).
 */

let ctx: TestContext;
let matchId: number;
let clubId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
  clubId = club.id;
  const [match] = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.accountId, club.id), eq(events.name, DEMO_TONIGHT.match)));
  matchId = match?.id ?? 0;
});
afterAll(() => ctx.close());

const get = async (url: string, token: string) => ctx.request({ url, token });

describe("the club's match night", () => {
  it('gives the club the modules its live needs', async () => {
    const token = await ctx.login('liveop');
    const context = meContextResponse.parse((await get(paths.meContext, token)).json());
    for (const module of [
      'STREAM',
      'AWS_STREAM',
      'SIMULCAST',
      'DVR',
      'STREAM_CLIPPING',
      'MARKERS',
      'CHAT',
      'ADDON_MOTM',
      'ADDON_PREDICTOR',
      'VIDEOS',
    ]) {
      expect(context.modules, module).toContain(module);
    }
    expect(context.roles).toEqual(expect.arrayContaining(['use_stream', 'simulcast_write', 'sport_player_write']));
    const clipper = meContextResponse.parse((await get(paths.meContext, await ctx.login('liveclipper'))).json());
    expect(clipper.roles).toContain('liveclipping_write');
  });

  it('has tonight’s match upcoming, published, kicking off later, in football with its marker types', async () => {
    const token = await ctx.login('liveop');
    const match = (await get(`/main-api/events/${matchId}`, token)).json();
    expect(match).toMatchObject({ state: 'upcoming', published: true, name: DEMO_TONIGHT.match });
    const ahead = Date.parse(match.startsAt) - Date.now();
    expect(ahead).toBeGreaterThan(60 * 60_000);
    expect(ahead).toBeLessThanOrEqual((DEMO_TONIGHT.kickoffMinutes + 15) * 60_000);
    const types = (await get(`/main-api/marker-types?sportId=${match.sportId}&limit=50`, token)).json<{
      data: { name: string }[];
    }>();
    expect(types.data.map((type) => type.name)).toEqual(
      expect.arrayContaining(['Goal', 'Yellow card', 'Red card', 'Substitution']),
    );
    expect(types.data.map((type) => type.name)).not.toContain('Key quote');
    // Loaded from the build's template at its oldest, the kick-off is still an hour ahead.
    const seededAt = new Date(0);
    expect(tonightKickoff(seededAt).getTime() - DEMO_TEMPLATE_MAX_AGE_MS).toBeGreaterThanOrEqual(60 * 60_000);
    const status = (await get(lifecyclePaths.status('events', matchId), token)).json<LifecycleStatus>();
    expect(status.transitions.find((row) => row.transition === 'start-live')).toMatchObject({ allowed: true });
    const [chat] = await ctx.db.select({ id: chats.id }).from(chats).where(eq(chats.eventId, matchId));
    expect(chat).toBeDefined();
  });

  it('has one camera whose key only live operators read: the README’s encoder command pushes to it', async () => {
    const liveop = await ctx.login('liveop');
    const cameras = (await get(cameraPaths.of('events', matchId), liveop)).json<{
      data: { inputId: number; label: string }[];
    }>();
    expect(cameras.data.map((camera) => camera.label)).toEqual([DEMO_TONIGHT.camera]);
    const inputId = cameras.data[0]?.inputId ?? 0;
    const input = await get(livePaths.one(inputId), liveop);
    expect(input.json()).toMatchObject({ accountId: clubId, streamKeyHint: DEMO_TONIGHT.streamKey.slice(-4) });
    expect(input.body).not.toContain(DEMO_TONIGHT.streamKey);
    expect(input.json().ingestUrl).toMatch(/^rtmps?:\/\/.+\/live$/);
    const key = await get(livePaths.key(inputId), liveop);
    expect(key.json()).toEqual({ streamKey: DEMO_TONIGHT.streamKey });
    for (const username of ['producer', 'liveclipper', 'quizmaster', 'editor']) {
      const refused = await get(livePaths.key(inputId), await ctx.login(username));
      expect(refused.statusCode, username).toBe(403);
      expect(refused.body).not.toContain(DEMO_TONIGHT.streamKey);
    }
  });

  it('lets the live operator and the live clipper drop markers, and the quizmaster run the vote on the players', async () => {
    for (const username of ['liveop', 'liveclipper']) {
      const made = await ctx.request({
        method: 'POST',
        url: markerPaths.markers(matchId),
        token: await ctx.login(username),
        payload: { label: `Marker by ${username}`, timeSeconds: 12 },
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const quizmaster = await ctx.login('quizmaster');
    const listed = (await get(`${gamePaths('motm').list}?eventId=${matchId}`, quizmaster)).json<{
      data: MotmGame[];
    }>();
    expect(listed.data[0]?.candidates.map((candidate) => candidate.name)).toEqual([
      'Jordan Miles',
      'Luca Bernardi',
      'Samuel Okoro',
      'Marcus Hale',
      'Oskar Lind',
    ]);
  });
});

describe("the club's embeds", () => {
  /** The public player's answer for an event's embed, as a fan's page reads it. */
  async function playerOf(name: string): Promise<{ state: string; available: boolean; reason?: string }> {
    const [event] = await ctx.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.accountId, clubId), eq(events.name, name)));
    const snippet = await get(embedPaths.eventEmbed(event?.id ?? 0), await ctx.login('producer'));
    expect(snippet.statusCode, snippet.body).toBe(200);
    const token = new URL(snippet.json<{ url: string }>().url).pathname.split('/').pop() ?? '';
    return (await ctx.request({ url: embedPaths.player(token) })).json();
  }

  it('shows fans tonight’s countdown, and the recorded match past its embed switch (the club offers the switch, both have it on)', async () => {
    expect(await playerOf(DEMO_TONIGHT.match)).toMatchObject({ state: 'upcoming' });
    // Past the switch (embed_off is said before any other reason): the tests' demo data has no
    // videos made by ffmpeg, so the recorded match has no replay to play here.
    expect(await playerOf(DEMO_MATCH_NAME)).toMatchObject({ state: 'unavailable', reason: 'no_replay' });
  });
});
