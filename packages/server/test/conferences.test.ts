import { join } from 'node:path';
import type { ClipListResponse, ClipResponse } from '@regie/contract/clips.schemas';
import { conferencePaths } from '@regie/contract/conferences';
import type { ChaptersExport, ChaptersResponse } from '@regie/contract/conferences.schemas';
import { embedPaths } from '@regie/contract/embed';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chapterRows } from '../src/conferences/chapters.service.ts';
import { speakersOf } from '../src/conferences/conferences.speakers.ts';
import { businessPlayers } from '../src/db/conferences.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { DEMO_CONFERENCE, seedConferenceVideo } from '../src/seed/conferences.seed.ts';
import { makeTestVideo } from './media-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoTestContext, waitForVideo } from './videos-fixtures.ts';

const BASE = '/main-api/business-players';

let ctx: VideoTestContext;
let videoId: number;
let videoB: number;
const token = (name: string) => ctx.tokens[name] ?? '';

beforeAll(async () => {
  ctx = await videoTestContext();
  await ctx.user('conf', ctx.accountA, ['conf_player_write']);
  await ctx.user('clipper', ctx.accountA, ['clip_only']);
  await ctx.user('live', ctx.accountA, ['liveclipping_write']);
  await ctx.user('sport', ctx.accountA, ['sport_player_write', 'video_write']);
  await ctx.user('readOnly', ctx.accountA, ['conf_player_write', 'read_only']);
  await ctx.user('confB', ctx.accountB, ['conf_player_write']);
  await ctx.user('clipperB', ctx.accountB, ['clip_only']);
  // 4 s at 25 fps, a keyframe every second.
  const file = await makeTestVideo(join(ctx.dir, 'talk.mp4'), { width: 320, height: 180, seconds: 4, gopFrames: 25 });
  videoId = (await uploadVideo(ctx, token('writerA'), file, 'talk.mp4')).completed.video.id;
  videoB = (await uploadVideo(ctx, token('writerB'), file, 'other.mp4')).completed.video.id;
  ctx.workers();
  await waitForVideo(ctx, videoId, ['ready']);
  await waitForVideo(ctx, videoB, ['ready']);
  await ctx.stopWorkers();
});
afterEach(() => ctx.stopWorkers());
afterAll(() => ctx.cleanup());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (as: string, method: Method, url: string, payload?: unknown) =>
  ctx.request({ method, url, token: token(as), ...(payload === undefined ? {} : { payload }) });

async function conference(fields: Record<string, unknown> = {}): Promise<number> {
  const response = await call('conf', 'POST', BASE, {
    name: 'Keynote',
    startsAt: '2026-10-01T09:00:00.000Z',
    videoId,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function speaker(name: string, as = 'conf'): Promise<number> {
  const response = await call(as, 'POST', '/main-api/speakers', { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

describe('conferences (business-players)', () => {
  it('are written by conf_player_write, read by clippers, refused to others and other accounts', async () => {
    const id = await conference({ name: 'Opening keynote', venue: 'Hall A', endsAt: '2026-10-01T10:00:00.000Z' });
    await conference({ name: 'Closing panel', startsAt: '2026-10-02T09:00:00.000Z', state: 'upcoming' });
    const listed = await call('clipper', 'GET', `${BASE}?search=keynote&state=replay`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((row: { name: string }) => row.name)).toEqual(['Opening keynote']);
    const sorted = await call('conf', 'GET', `${BASE}?sort=-startsAt`);
    expect(sorted.json().data[0].name).toBe('Closing panel');
    expect((await call('conf', 'GET', `${BASE}/${id}`)).json()).toMatchObject({ state: 'replay', venue: 'Hall A' });
    expect((await call('clipper', 'POST', BASE, { name: 'x', startsAt: '2026-10-01T09:00:00.000Z' })).statusCode).toBe(
      403,
    );
    expect((await call('readOnly', 'PUT', `${BASE}/${id}`, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await call('sport', 'GET', BASE)).statusCode).toBe(403);
    expect((await call('confB', 'GET', `${BASE}/${id}`)).statusCode).toBe(404);
    expect((await call('confB', 'GET', BASE)).json().data).toEqual([]);
  });

  it('refuses an end before the start and a video of another account', async () => {
    const dates = await call('conf', 'POST', BASE, {
      name: 'Backwards',
      startsAt: '2026-10-01T09:00:00.000Z',
      endsAt: '2026-10-01T08:00:00.000Z',
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().message).toBe('The conference must end on or after its start');
    const foreign = await call('conf', 'POST', BASE, {
      name: 'Foreign',
      startsAt: '2026-10-01T09:00:00.000Z',
      videoId: videoB,
    });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('PATCH business-players/{id}/relationships/speakers', () => {
  it('keeps the speakers in the order given, and expand=[Speakers] follows it', async () => {
    const id = await conference();
    const ada = await speaker('Ada Byron');
    const grace = await speaker('Grace Hopper');
    const data = [
      { type: 'Speaker', id: grace },
      { type: 'Speaker', id: ada },
    ];
    const patched = await call('conf', 'PATCH', conferencePaths.speakers(id), { data });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toEqual({ data });
    expect((await call('clipper', 'GET', conferencePaths.speakers(id))).json()).toEqual({ data });
    const expanded = await call('conf', 'GET', `${BASE}/${id}?expand=[Speakers]`);
    expect(expanded.json().Speakers.map((row: { name: string }) => row.name)).toEqual(['Grace Hopper', 'Ada Byron']);
  });

  it('refuses a speaker twice, another account’s speaker, clippers and other accounts', async () => {
    const id = await conference();
    const mine = await speaker('Linus Pauling');
    const theirs = await speaker('Marie Curie', 'confB');
    const twice = await call('conf', 'PATCH', conferencePaths.speakers(id), {
      data: [
        { type: 'Speaker', id: mine },
        { type: 'Speaker', id: mine },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(`Speaker ${mine} is listed twice`);
    const foreign = await call('conf', 'PATCH', conferencePaths.speakers(id), {
      data: [{ type: 'Speaker', id: theirs }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ path: 'data.0.id' });
    const body = { data: [{ type: 'Speaker', id: mine }] };
    expect((await call('clipper', 'PATCH', conferencePaths.speakers(id), body)).statusCode).toBe(403);
    expect((await call('confB', 'PATCH', conferencePaths.speakers(id), body)).statusCode).toBe(404);
  });
});

describe('chapters (spec §7 POST/DELETE chapters, PUT/DELETE chapters/{id})', () => {
  it('replaces the list, answers it sorted by start, and edits and deletes one', async () => {
    const id = await conference();
    const posted = await call('conf', 'POST', conferencePaths.chapters(id), {
      chapters: [
        { title: 'Questions', startSeconds: 3 },
        { title: ' Welcome ', startSeconds: 0 },
        { title: 'Keynote', startSeconds: 1.5 },
      ],
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const chapters = posted.json<ChaptersResponse>().data;
    expect(chapters.map((chapter) => [chapter.title, chapter.startSeconds])).toEqual([
      ['Welcome', 0],
      ['Keynote', 1.5],
      ['Questions', 3],
    ]);
    const [, keynote, questions] = chapters;
    const renamed = await call('conf', 'PUT', conferencePaths.chapter(id, keynote?.id ?? 0), { title: 'Main talk' });
    expect(renamed.json<ChaptersResponse>().data[1]).toMatchObject({ title: 'Main talk', startSeconds: 1.5 });
    const moved = await call('conf', 'PUT', conferencePaths.chapter(id, questions?.id ?? 0), { startSeconds: 0.5 });
    expect(moved.json<ChaptersResponse>().data.map((chapter) => chapter.title)).toEqual([
      'Welcome',
      'Questions',
      'Main talk',
    ]);
    expect((await call('conf', 'DELETE', conferencePaths.chapter(id, keynote?.id ?? 0))).statusCode).toBe(204);
    expect((await call('clipper', 'GET', conferencePaths.chapters(id))).json().data).toHaveLength(2);
    expect((await call('conf', 'DELETE', conferencePaths.chapters(id))).statusCode).toBe(204);
    expect((await call('conf', 'GET', conferencePaths.chapters(id))).json()).toEqual({ data: [] });
  });

  it('refuses empty or long titles, starts outside the video and two chapters at one start, with clear messages', async () => {
    const id = await conference();
    const bad = await call('conf', 'POST', conferencePaths.chapters(id), {
      chapters: [
        { title: '', startSeconds: 0 },
        { title: 'x'.repeat(101), startSeconds: -1 },
        { title: 'After the end', startSeconds: 9 },
        { title: 'Twin', startSeconds: 0.001 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('A chapter needs a title');
    const errors = bad
      .json()
      .errors.map((error: { path: string; message: string }) => `${error.path}: ${error.message}`);
    expect(errors).toEqual([
      'chapters.0.title: A chapter needs a title',
      'chapters.1.title: A chapter title has at most 100 characters',
      'chapters.1.startSeconds: A chapter cannot start before the beginning of the video',
      expect.stringMatching(
        /^chapters\.2\.startSeconds: A chapter must start within the video \(it lasts 4\.\d\d s\)$/,
      ),
      'chapters.3.startSeconds: Two chapters start at 0:00: each chapter needs its own start',
    ]);
    const french = await ctx.request({
      method: 'POST',
      url: conferencePaths.chapters(id),
      token: token('conf'),
      headers: { 'accept-language': 'fr' },
      payload: { chapters: [{ title: '', startSeconds: 0 }] },
    });
    expect(french.json().message).toBe('Un chapitre doit avoir un titre');
    expect((await call('conf', 'GET', conferencePaths.chapters(id))).json()).toEqual({ data: [] });
  });

  it('checks an edited chapter against the others, and names a missing one', async () => {
    const id = await conference();
    const posted = await call('conf', 'POST', conferencePaths.chapters(id), {
      chapters: [
        { title: 'One', startSeconds: 0 },
        { title: 'Two', startSeconds: 2 },
      ],
    });
    const two = posted.json<ChaptersResponse>().data[1]?.id ?? 0;
    const clash = await call('conf', 'PUT', conferencePaths.chapter(id, two), { startSeconds: 0 });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual([
      { path: 'startSeconds', message: 'Two chapters start at 0:00: each chapter needs its own start' },
    ]);
    expect((await call('conf', 'PUT', conferencePaths.chapter(id, 999_999), { title: 'x' })).statusCode).toBe(404);
    const other = await conference();
    expect((await call('conf', 'DELETE', conferencePaths.chapter(other, two))).statusCode).toBe(404);
  });

  it('lets only writers of the account change chapters', async () => {
    const id = await conference();
    const body = { chapters: [{ title: 'One', startSeconds: 0 }] };
    expect((await call('clipper', 'POST', conferencePaths.chapters(id), body)).statusCode).toBe(403);
    expect((await call('live', 'DELETE', conferencePaths.chapters(id))).statusCode).toBe(403);
    expect((await call('readOnly', 'POST', conferencePaths.chapters(id), body)).statusCode).toBe(403);
    expect((await call('sport', 'GET', conferencePaths.chapters(id))).statusCode).toBe(403);
    expect((await call('confB', 'POST', conferencePaths.chapters(id), body)).statusCode).toBe(404);
    expect((await call('confB', 'GET', conferencePaths.chapters(id))).statusCode).toBe(404);
  });
});

describe('POST business-players/{id}/actions', () => {
  it('exports the chapters as WebVTT, CSV and a YouTube description', async () => {
    const id = await conference({ name: 'Opening Keynote 2026' });
    await call('conf', 'POST', conferencePaths.chapters(id), {
      chapters: [
        { title: 'Welcome', startSeconds: 0 },
        { title: 'Keynote, part 1', startSeconds: 1.5 },
      ],
    });
    const exported = await call('clipper', 'POST', conferencePaths.actions(id), { type: 'export_chapters' });
    expect(exported.statusCode, exported.body).toBe(200);
    const body = exported.json<ChaptersExport>();
    expect(body.filename).toBe('opening-keynote-2026-chapters');
    expect(body.vtt).toMatch(
      /^WEBVTT\n\n1\n00:00:00\.000 --> 00:00:01\.500\nWelcome\n\n2\n00:00:01\.500 --> 00:00:04\.\d{3}\nKeynote, part 1\n$/,
    );
    expect(body.csv).toContain('00:00:01.500,');
    expect(body.csv).toContain(',1.5,');
    expect(body.description).toBe('00:00 Welcome\n00:01 Keynote, part 1');
  });

  it('refuses any other action, other accounts and other roles', async () => {
    const id = await conference();
    const other = await call('conf', 'POST', conferencePaths.actions(id), { type: 'publish' });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual([
      expect.objectContaining({ path: 'type', message: 'Unknown action: the only action is export_chapters' }),
    ]);
    expect((await call('confB', 'POST', conferencePaths.actions(id), { type: 'export_chapters' })).statusCode).toBe(
      404,
    );
    expect((await call('sport', 'POST', conferencePaths.actions(id), { type: 'export_chapters' })).statusCode).toBe(
      403,
    );
  });
});

describe('the replay', () => {
  it('is given to whoever reads the conference; its choices to writers', async () => {
    const id = await conference();
    const replay = await call('clipper', 'GET', conferencePaths.replay(id));
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().video).toMatchObject({ id: videoId, title: 'talk' });
    expect(replay.json().video.playback.hlsUrl).toMatch(/master\.m3u8/);
    const none = await conference({ videoId: null });
    expect((await call('conf', 'GET', conferencePaths.replay(none))).json()).toEqual({ video: null });
    const sources = await call('conf', 'GET', `${conferencePaths.replaySources}?search=talk`);
    expect(sources.json().data.map((source: { id: number }) => source.id)).toEqual([videoId]);
    expect((await call('clipper', 'GET', conferencePaths.replaySources)).statusCode).toBe(403);
    expect((await call('confB', 'GET', conferencePaths.replay(id))).statusCode).toBe(404);
  });
});

describe('clips of a conference', () => {
  it('cuts a chapter (to the next chapter’s start) for clip_only, and lists it', async () => {
    const id = await conference({ name: 'Product day' });
    const posted = await call('conf', 'POST', conferencePaths.chapters(id), {
      chapters: [
        { title: 'Welcome', startSeconds: 0 },
        { title: 'Demo', startSeconds: 1 },
        { title: 'Wrap-up', startSeconds: 3 },
      ],
    });
    const demo = posted.json<ChaptersResponse>().data[1]?.id ?? 0;
    const cut = await call('clipper', 'POST', conferencePaths.clips(id), { chapterId: demo, clipTemplateId: null });
    expect(cut.statusCode, cut.body).toBe(202);
    const created = cut.json<ClipResponse>();
    expect(created.video.title).toBe('Product day – Demo');
    expect(created.video.clip).toMatchObject({ sourceVideoId: videoId, inSeconds: 1, outSeconds: 3 });
    ctx.workers();
    await waitForVideo(ctx, created.video.id, ['ready']);
    const listed = await call('clipper', 'GET', conferencePaths.clips(id));
    expect(listed.statusCode).toBe(200);
    const clips = listed.json<ClipListResponse>();
    expect(clips.data.map((clip) => [clip.id, clip.state])).toEqual([[created.video.id, 'ready']]);
    const last = posted.json<ChaptersResponse>().data[2]?.id ?? 0;
    const toEnd = await call('live', 'POST', conferencePaths.clips(id), { chapterId: last, title: 'The end' });
    expect(toEnd.json<ClipResponse>().video.clip).toMatchObject({ inSeconds: 3 });
    expect(toEnd.json().video.clip.outSeconds).toBeGreaterThan(3.9);
  });

  it('cuts an in/out range, and refuses both, neither, and ranges beyond the video', async () => {
    const id = await conference();
    const ranged = await call('live', 'POST', conferencePaths.clips(id), { inSeconds: 0.5, outSeconds: 2 });
    expect(ranged.statusCode, ranged.body).toBe(202);
    expect(ranged.json<ClipResponse>().video.title).toBe('Keynote – clip');
    const both = await call('live', 'POST', conferencePaths.clips(id), { chapterId: 1, inSeconds: 0, outSeconds: 1 });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Give either a chapter or an in and out range, not both');
    expect((await call('live', 'POST', conferencePaths.clips(id), { inSeconds: 1 })).statusCode).toBe(400);
    expect((await call('live', 'POST', conferencePaths.clips(id), { inSeconds: 1, outSeconds: 9 })).statusCode).toBe(
      400,
    );
    expect((await call('live', 'POST', conferencePaths.clips(id), { chapterId: 999_999 })).statusCode).toBe(404);
    const bare = await conference({ videoId: null });
    expect((await call('live', 'POST', conferencePaths.clips(bare), { inSeconds: 0, outSeconds: 1 })).statusCode).toBe(
      409,
    );
  });

  it('is refused to conference writers without a clip role, and to other accounts', async () => {
    const id = await conference();
    const body = { inSeconds: 0, outSeconds: 1 };
    expect((await call('conf', 'POST', conferencePaths.clips(id), body)).statusCode).toBe(403);
    expect((await call('sport', 'GET', conferencePaths.clips(id))).statusCode).toBe(403);
    expect((await call('clipperB', 'POST', conferencePaths.clips(id), body)).statusCode).toBe(404);
    expect((await call('clipperB', 'GET', conferencePaths.clips(id))).statusCode).toBe(404);
  });
});

describe('GET business-players/{id}/embed', () => {
  const playerOf = async (id: number, as = 'conf') => {
    const snippet = await call(as, 'GET', embedPaths.conferenceEmbed(id));
    expect(snippet.statusCode, snippet.body).toBe(200);
    const token = snippet.json<{ url: string }>().url.split('/').pop() ?? '';
    return (await ctx.request({ url: embedPaths.player(token) })).json();
  };

  it('gives a public player of the published conference with its chapters, and nothing before', async () => {
    const id = await conference({ name: 'Embedded talk' });
    await call('conf', 'POST', conferencePaths.chapters(id), {
      chapters: [
        { title: 'B', startSeconds: 2 },
        { title: 'A', startSeconds: 0 },
      ],
    });
    expect(await playerOf(id)).toEqual({
      state: 'unavailable',
      available: false,
      reason: 'not_published',
      title: null,
    });
    expect((await call('conf', 'PUT', `${BASE}/${id}`, { published: true })).statusCode).toBe(200);
    expect(await playerOf(id, 'clipper')).toMatchObject({
      state: 'replay',
      available: true,
      title: 'Embedded talk',
      chapters: [
        { title: 'A', startSeconds: 0 },
        { title: 'B', startSeconds: 2 },
      ],
    });
  });

  it("answers 404 for another account's conference and 403 to a sport writer", async () => {
    const id = await conference();
    expect((await call('confB', 'GET', embedPaths.conferenceEmbed(id))).statusCode).toBe(404);
    expect((await call('sport', 'GET', embedPaths.conferenceEmbed(id))).statusCode).toBe(403);
  });
});

describe('the demo conference', () => {
  it('has the organiser’s speakers and chapters, and its generated replay once seeded', async () => {
    const [demo] = await ctx.db.select().from(businessPlayers).where(eq(businessPlayers.name, DEMO_CONFERENCE.name));
    expect(demo).toBeDefined();
    const id = demo?.id ?? 0;
    const chapters = await chapterRows(ctx.db, id);
    expect(chapters.map((chapter) => chapter.startSeconds)).toEqual(
      DEMO_CONFERENCE.chapters.map((c) => c.startSeconds),
    );
    expect((await speakersOf(ctx.db, id)).data.length).toBeGreaterThan(0);
    const log = { info() {}, error() {}, warn() {} };
    await seedConferenceVideo(ctx.db, ctx.storage, ctx.dir, log);
    const [seeded] = await ctx.db.select().from(businessPlayers).where(eq(businessPlayers.id, id));
    const [video] = await ctx.db
      .select()
      .from(videos)
      .where(eq(videos.id, seeded?.videoId ?? 0));
    expect(video).toMatchObject({ title: DEMO_CONFERENCE.videoTitle, accountId: demo?.accountId });
    expect(await ctx.storage.exists(video?.originalKey ?? '')).toBe(true);
  }, 30_000);
});
