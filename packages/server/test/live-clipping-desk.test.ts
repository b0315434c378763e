import type { MulticamStatus } from '@regie/contract/cameras';
import { clipPaths } from '@regie/contract/clips';
import type { AccountClipsResponse, ClipListResponse, ClipResponse } from '@regie/contract/clips.schemas';
import { type LifecycleStatus, lifecyclePaths } from '@regie/contract/lifecycle';
import { type LiveInput, livePaths } from '@regie/contract/live';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCameras } from '../src/db/cameras.table.ts';
import { events, markers } from '../src/db/events.table.ts';
import { liveSegments } from '../src/db/live.table.ts';
import { markerTypes } from '../src/db/marker-types.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { waitFor } from './jobs-fixtures.ts';
import { publishTestStream, type TestPublisher } from './live-fixtures.ts';
import { type VideoTestContext, videoTestContext } from './videos-fixtures.ts';

/**
 * The live clipper's desk (issue 46 points 4 and 6): a clipper who does not operate the live
 * follows its state and plays its program; marker clips are named after their marker; the
 * account's clips are listed with filters; a live's clips stay its event's after the live.
 */

let ctx: VideoTestContext;
const publishers: TestPublisher[] = [];
const token = (name: string) => ctx.tokens[name] ?? '';
let eventId: number;
let inputId: number;
const liveClipIds: number[] = [];

const get = (url: string, as: string) => ctx.request({ url, token: token(as) });
const post = (url: string, as: string, payload?: object) =>
  ctx.request({ method: 'POST', url, token: token(as), ...(payload ? { payload } : {}) });

async function recordedSeconds(): Promise<number> {
  const rows = await ctx.db.select().from(liveSegments).where(eq(liveSegments.inputId, inputId));
  return rows.reduce((sum, row) => sum + row.duration, 0);
}

beforeAll(async () => {
  ctx = await videoTestContext();
  await ctx.user('operatorA', ctx.accountA, ['use_stream', 'sport_player_write']);
  // The demo's clipping desk: no live operator role, no event writing.
  await ctx.user('clipperA', ctx.accountA, ['liveclipping_write', 'clip_only']);
  await ctx.user('clipperB', ctx.accountB, ['liveclipping_write', 'clip_only']);
  await ctx.user('quizA', ctx.accountA, ['trivia_write']);
  ctx.workers();
  const input = (
    await ctx.request({
      method: 'POST',
      url: livePaths.list,
      token: token('operatorA'),
      payload: { name: 'Main', latencyMode: '1s' },
    })
  ).json<LiveInput>();
  inputId = input.id;
  const key = await get(livePaths.key(input.id), 'operatorA');
  const [event] = await ctx.db
    .insert(events)
    .values({
      name: 'Derby',
      accountId: ctx.accountA.id,
      state: 'upcoming',
      // The first half kicked off at the live's second 0.
      periods: [{ period: 1, startsAt: 0 }],
    })
    .returning({ id: events.id });
  eventId = event?.id ?? 0;
  await ctx.db.insert(contentCameras).values({ accountId: ctx.accountA.id, eventId, inputId, label: 'Main' });
  // Live before its encoder publishes (confirmed): the recording starts with the first segment.
  const started = await post(lifecyclePaths.transition('events', eventId, 'start-live'), 'operatorA', {
    withoutCamera: true,
  });
  expect(started.statusCode, started.body).toBe(200);
  publishers.push(publishTestStream(`${input.ingestUrl}/${key.json<{ streamKey: string }>().streamKey}`, 60));
  await waitFor(async () => (await recordedSeconds()) >= 6, {
    timeoutMs: 90_000,
    intervalMs: 200,
    what: 'six seconds of the live recorded',
  });
}, 240_000);
afterAll(async () => {
  await Promise.all(publishers.map((publisher) => publisher.stop()));
  await ctx.cleanup();
});

describe("the live clipper's desk", () => {
  it('lets a clipper follow the live: its state (moving it is not theirs) and its program with the DVR', async () => {
    const status = await get(lifecyclePaths.status('events', eventId), 'clipperA');
    expect(status.statusCode, status.body).toBe(200);
    const lifecycle = status.json<LifecycleStatus>();
    expect(lifecycle.state).toBe('live');
    expect(lifecycle.transitions.length).toBeGreaterThan(0);
    for (const transition of lifecycle.transitions)
      expect(transition).toMatchObject({ allowed: false, reason: 'role' });
    const refused = await post(lifecyclePaths.transition('events', eventId, 'process-end-live'), 'clipperA');
    expect(refused.statusCode).toBe(403);

    const program = await get(clipPaths.liveProgram('events', eventId), 'clipperA');
    expect(program.statusCode, program.body).toBe(200);
    const { playback, cameras, programCameraId } = program.json<MulticamStatus>();
    expect(cameras.map((camera) => camera.label)).toEqual(['Main']);
    expect(programCameraId).toBe(cameras[0]?.id);
    // The signed DVR playlist plays for a player that sends no header.
    const dvr = new URL(playback.dvrUrl, 'http://regie.test');
    expect(dvr.pathname).toContain(`/program/events/${eventId}/dvr.m3u8`);
    const playlist = await ctx.request({ url: `${dvr.pathname}${dvr.search}` });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXTM3U');
  });

  it("keeps the live's state and program from other accounts and from users who do not clip", async () => {
    expect((await get(lifecyclePaths.status('events', eventId), 'clipperB')).statusCode).toBe(404);
    expect((await get(clipPaths.liveProgram('events', eventId), 'clipperB')).statusCode).toBe(404);
    expect((await get(clipPaths.liveProgram('events', eventId), 'quizA')).statusCode).toBe(403);
    expect((await get(lifecyclePaths.status('events', eventId), 'quizA')).statusCode).toBe(403);
    // Those who drop the event's markers read its window (the origin of the program's frame).
    expect((await get(clipPaths.liveWindow('events', eventId), 'operatorA')).statusCode).toBe(200);
    expect((await get(clipPaths.liveWindow('events', eventId), 'quizA')).statusCode).toBe(403);
    expect((await get(clipPaths.liveWindow('events', eventId), 'clipperB')).statusCode).toBe(404);
  });

  it("names a marker's clip after its type, its player and the match minute", async () => {
    const [goal] = await ctx.db
      .insert(markerTypes)
      .values({ name: 'Goal', code: 'goal', color: '#2F9E44', accountId: ctx.accountA.id })
      .returning({ id: markerTypes.id });
    const [scored, bare] = await ctx.db
      .insert(markers)
      .values([
        { eventId, accountId: ctx.accountA.id, markerTypeId: goal?.id ?? null, label: 'J. Miles', timeSeconds: 4 },
        { eventId, accountId: ctx.accountA.id, label: '', timeSeconds: 3 },
      ])
      .returning({ id: markers.id });
    const first = await post(clipPaths.markerClips(eventId, scored?.id ?? 0), 'clipperA', {});
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json<ClipResponse>().video.title).toBe("Goal – J. Miles 1'");
    const second = await post(clipPaths.markerClips(eventId, bare?.id ?? 0), 'clipperA', {});
    expect(second.statusCode, second.body).toBe(202);
    expect(second.json<ClipResponse>().video.title).toBe("Derby – 1'");
    liveClipIds.push(first.json<ClipResponse>().video.id, second.json<ClipResponse>().video.id);
  });

  it("lists the account's clips by event, state and origin, searched and paged, never another account's", async () => {
    const cut = await post(clipPaths.liveClips('events', eventId), 'clipperA', {
      inSeconds: 1,
      outSeconds: 3,
      title: 'Kick-off',
    });
    expect(cut.statusCode, cut.body).toBe(202);
    liveClipIds.push(cut.json<ClipResponse>().video.id);
    // A clip of a video (the replay's kind of clip), and another account's clip.
    const [full] = await ctx.db
      .insert(videos)
      .values({ title: 'Full match', accountId: ctx.accountA.id, state: 'ready' })
      .returning({ id: videos.id });
    await ctx.db.insert(videos).values([
      {
        title: 'Replay cut',
        accountId: ctx.accountA.id,
        state: 'ready',
        sourceVideoId: full?.id ?? null,
        clipInSeconds: 0,
        clipOutSeconds: 1,
        clipEventId: eventId,
      },
      { title: 'Kick-off elsewhere', accountId: ctx.accountB.id, state: 'ready', clipInSeconds: 0, clipOutSeconds: 1 },
    ]);
    const list = async (query: string, as = 'clipperA') => {
      const response = await get(`${clipPaths.list}${query}`, as);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AccountClipsResponse>();
    };
    const titles = (page: AccountClipsResponse) => page.data.map((clip) => clip.title).sort();

    const all = await list('');
    expect(titles(all)).toEqual(["Derby – 1'", "Goal – J. Miles 1'", 'Kick-off', 'Replay cut']);
    expect(all.total).toBe(4);
    expect(all.events).toEqual([{ id: eventId, name: 'Derby' }]);
    expect(titles(await list('?origin=live'))).toEqual(["Derby – 1'", "Goal – J. Miles 1'", 'Kick-off']);
    expect(titles(await list('?origin=replay'))).toEqual(['Replay cut']);
    expect(titles(await list('?search=miles'))).toEqual(["Goal – J. Miles 1'"]);
    expect(titles(await list('?state=ready&origin=replay'))).toEqual(['Replay cut']);
    expect((await list(`?eventId=${eventId + 1000}`)).total).toBe(0);
    const paged = await list('?limit=1&offset=1');
    expect(paged.data).toHaveLength(1);
    expect(paged.total).toBe(4);
    expect(titles(await list('', 'clipperB'))).toEqual(['Kick-off elsewhere']);

    const wrong = await get(`${clipPaths.list}?origin=vod`, 'clipperA');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ errors?: { path: string }[] }>().errors?.map((error) => error.path)).toEqual(['origin']);
    expect((await get(clipPaths.list, 'quizA')).statusCode).toBe(403);
  });

  it("keeps the live's clips on its event after the live ends", async () => {
    const ended = await post(lifecyclePaths.transition('events', eventId, 'process-end-live'), 'operatorA');
    expect(ended.statusCode, ended.body).toBe(200);
    const ofEvent = await get(clipPaths.eventClips(eventId), 'clipperA');
    expect(ofEvent.statusCode, ofEvent.body).toBe(200);
    const listed = ofEvent.json<ClipListResponse>().data.map((clip) => clip.id);
    expect(listed).toEqual(expect.arrayContaining(liveClipIds));
    const inAccount = await get(`${clipPaths.list}?eventId=${eventId}&origin=live`, 'clipperA');
    expect(
      inAccount
        .json<AccountClipsResponse>()
        .data.map((clip) => clip.id)
        .sort(),
    ).toEqual([...liveClipIds].sort());
  });
});
