import { cameraPaths, type MulticamStatus } from '@regie/contract/cameras';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCameras, programSwitches } from '../src/db/cameras.table.ts';
import { businessPlayers } from '../src/db/conferences.table.ts';
import { events } from '../src/db/events.table.ts';
import { liveInputs, liveSegments } from '../src/db/live.table.ts';
import { programSegments } from '../src/live/program.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
let eventId: number;
let conferenceId: number;
let cameraA: number;
let cameraB: number;
let cameraRowA: number;
let token: string;
// Ten minutes ago, on a whole second: inside the DVR window (the last 2 h) whenever the test runs.
const base = Math.floor((Date.now() - 10 * 60_000) / 1000) * 1000;
const at = (seconds: number) => new Date(base + seconds * 1000);

/** `count` two-second segments of an input from `from` seconds, sequence 0…. */
async function index(inputId: number, from: number, count: number) {
  const rows = Array.from({ length: count }, (_, sequence) => ({
    inputId,
    sequence,
    startedAt: at(from + sequence * 2),
    duration: 2,
    path: `live/${inputId}/${sequence}.ts`,
    bytes: 1000,
    discontinuity: sequence === 0,
  }));
  await ctx.db.insert(liveSegments).values(rows);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await ctx.buildAccount({ modules: ['AWS_STREAM', 'MULTICAM'] });
  const inputs = await ctx.db
    .insert(liveInputs)
    .values([
      { accountId: account.id, name: 'Wide', streamKey: `rk_program_a_${base}` },
      { accountId: account.id, name: 'Goal', streamKey: `rk_program_b_${base}` },
    ])
    .returning({ id: liveInputs.id });
  cameraA = inputs[0]?.id ?? 0;
  cameraB = inputs[1]?.id ?? 0;
  const [event] = await ctx.db
    .insert(events)
    .values({ name: 'Final', accountId: account.id, state: 'live' })
    .returning({ id: events.id });
  eventId = event?.id ?? 0;
  const [conference] = await ctx.db
    .insert(businessPlayers)
    .values({ name: 'Keynote', accountId: account.id, startsAt: at(0) })
    .returning({ id: businessPlayers.id });
  conferenceId = conference?.id ?? 0;
  const cameras = await ctx.db
    .insert(contentCameras)
    .values([
      { accountId: account.id, eventId, inputId: cameraA, label: 'Wide', position: 0 },
      { accountId: account.id, eventId, inputId: cameraB, label: 'Goal', position: 1 },
    ])
    .returning({ id: contentCameras.id });
  cameraRowA = cameras[0]?.id ?? 0;
  const operator = await ctx.buildUser({ accountId: account.id, roles: ['use_stream'] });
  token = await ctx.login(operator.username, operator.password);
  // Camera A from 0 s, camera B from 1 s (segments every 2 s, offset by one second).
  await index(cameraA, 0, 20);
  await index(cameraB, 1, 20);
  // Wide on air at 3 s, goal camera asked at 10 s, back to wide at 20.5 s.
  await ctx.db.insert(programSwitches).values([
    { accountId: account.id, eventId, inputId: cameraA, at: at(3) },
    { accountId: account.id, eventId, inputId: cameraB, at: at(10) },
    { accountId: account.id, eventId, inputId: cameraA, at: at(20.5) },
  ]);
});
afterAll(async () => ctx?.close());

describe('the program of an event', () => {
  it('follows the switch log at segment boundaries, marking each switch', async () => {
    const segments = await programSegments(ctx.db, { kind: 'events', id: eventId });
    const seconds = segments.map((segment) => [
      segment.inputId === cameraA ? 'A' : 'B',
      (segment.startedAt.getTime() - base) / 1000,
      segment.switched,
    ]);
    expect(seconds.slice(0, 6)).toEqual([
      ['A', 4, false],
      ['A', 6, false],
      ['A', 8, false],
      ['A', 10, false],
      ['B', 11, true],
      ['B', 13, false],
    ]);
    // Back to A at its first segment from 20.5 s: 22 s; B's last is the one starting at 21 s.
    const back = seconds.findIndex((entry) => entry[2] === true && entry[0] === 'A');
    expect(seconds.slice(back - 1, back + 1)).toEqual([
      ['B', 21, false],
      ['A', 22, true],
    ]);
    expect(seconds.at(-1)).toEqual(['A', 38, false]);
    // Times only go forward: a player can play it as one timeline.
    const times = segments.map((segment) => segment.startedAt.getTime());
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });

  it('gives the segments starting inside a window (a clip, the DVR)', async () => {
    const segments = await programSegments(ctx.db, { kind: 'events', id: eventId }, { from: at(9), to: at(15) });
    expect(segments.map((segment) => [segment.inputId === cameraA ? 'A' : 'B', segment.sequence])).toEqual([
      ['A', 5],
      ['B', 5],
      ['B', 6],
    ]);
  });

  it('is empty for content without a switch (another content, a conference)', async () => {
    expect(await programSegments(ctx.db, { kind: 'business-players', id: conferenceId })).toEqual([]);
  });

  it('serves its DVR and live playlists across cameras, signed, a discontinuity at each switch', async () => {
    const status = await ctx.request({ url: cameraPaths.status(cameraRowA), token });
    expect(status.statusCode, status.body).toBe(200);
    const { playback } = status.json<MulticamStatus>();
    const path = (url: string) => {
      const parsed = new URL(url, 'http://localhost');
      return `${parsed.pathname}${parsed.search}`;
    };
    const dvr = await ctx.request({ url: path(playback.dvrUrl) });
    expect(dvr.statusCode, dvr.body).toBe(200);
    const text = dvr.body;
    const all = await programSegments(ctx.db, { kind: 'events', id: eventId });
    expect(text.match(/#EXTINF/g)).toHaveLength(all.length);
    expect(text.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(2);
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    expect(text).toContain(`../../../${cameraA}/`);
    expect(text).toContain(`../../../${cameraB}/`);
    // The event is live: the playlist goes on.
    expect(text).not.toContain('#EXT-X-ENDLIST');
    const live = await ctx.request({ url: path(playback.liveUrl) });
    expect(live.body.match(/#EXTINF/g)).toHaveLength(6);
    expect(live.body).toContain(`#EXT-X-MEDIA-SEQUENCE:${all.length - 6}`);
    // Each segment's address points at its own input's segment route, signed for that input.
    const uri = text.split('\n').find((line) => line.startsWith(`../../../${cameraB}/`)) ?? '';
    const segment = new URL(uri, `http://localhost${path(playback.dvrUrl)}`);
    expect(segment.pathname).toMatch(new RegExp(`/live-media/\\d+/${cameraB}/\\d+\\.ts$`));
    const forged = path(playback.dvrUrl).replace(/t=[^&]+/, 't=123.abc');
    expect((await ctx.request({ url: forged })).statusCode).toBe(403);
  });
});
