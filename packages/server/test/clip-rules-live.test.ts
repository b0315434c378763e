import { randomBytes } from 'node:crypto';
import { type ClipRuleRun, clipRulePaths } from '@regie/contract/clip-rules';
import { clipPaths } from '@regie/contract/clips';
import type { LiveWindowResponse } from '@regie/contract/clips.schemas';
import type { FeedMatchEvent, ParsedFeed } from '@regie/contract/feeds';
import { lifecyclePaths } from '@regie/contract/lifecycle';
import { LIVE_JOB_TYPES, type LiveInput, livePaths } from '@regie/contract/live';
import { type Publication, publicationsPaths } from '@regie/contract/publications';
import { type SocialTarget, socialPaths } from '@regie/contract/social';
import type { PresentedVideo } from '@regie/contract/videos.schemas';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyClipRules, LIVE_SETTLE_SECONDS, sweepClipRules } from '../src/clip-rules/clip-rules.service.ts';
import { loadConfig } from '../src/config.ts';
import { contentCameras } from '../src/db/cameras.table.ts';
import { clipRuleRuns, clipRules } from '../src/db/clip-rules.table.ts';
import { events, markers } from '../src/db/events.table.ts';
import { jobs } from '../src/db/jobs.table.ts';
import { sports } from '../src/db/sports.table.ts';
import { applyMatchEvents } from '../src/match-events/match-events.apply.ts';
import { jobRow, waitFor } from './jobs-fixtures.ts';
import { publishTestStream, type TestPublisher } from './live-fixtures.ts';
import { linkPlatform } from './social-fixtures.ts';
import { type VideoTestContext, videoRow, videoTestContext, waitForVideo } from './videos-fixtures.ts';

/**
 * Clips that make themselves on a live (issue 25): a live event with a real pushed stream and no
 * replay video; a rule's marker waits for its seconds after to be recorded, then its clip is cut
 * from the live (the instant segment copy, then the exact cut) once, whoever hears the marker.
 */
let ctx: VideoTestContext;
const publishers: TestPublisher[] = [];
const token = (name: string) => ctx.tokens[name] ?? '';
const ids: Record<string, number> = {};
let eventId: number;
const BEFORE = 2;
const AFTER = 1;

async function created(as: string, url: string, payload: object): Promise<number> {
  const response = await ctx.request({ method: 'POST', url, token: token(as), payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function runs(ruleId: number, as = 'producer'): Promise<ClipRuleRun[]> {
  const response = await ctx.request({ url: clipRulePaths.runs(ruleId), token: token(as) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ClipRuleRun[] }>().data;
}

/** Waits until the marker's run under the rule has left 'waiting'. */
function settledRun(ruleId: number, markerId: number): Promise<ClipRuleRun> {
  return waitFor(async () => (await runs(ruleId)).find((run) => run.markerId === markerId && run.state !== 'waiting'), {
    timeoutMs: 30_000,
    intervalMs: 100,
    what: `marker ${markerId}'s run under rule ${ruleId}`,
  });
}

async function eventClips(): Promise<PresentedVideo[]> {
  const response = await ctx.request({ url: clipPaths.eventClips(eventId), token: token('producer') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: PresentedVideo[] }>().data;
}

/** Seconds of the live recorded so far, as the clip workspace reads them. */
async function recorded(): Promise<number> {
  const response = await ctx.request({ url: clipPaths.liveWindow('events', eventId), token: token('producer') });
  if (response.statusCode !== 200) return 0;
  return response.json<LiveWindowResponse>().toSeconds;
}

/** Every run stored for a marker, whatever the rule (another account's included). */
function storedRuns(markerId: number) {
  return ctx.db.select().from(clipRuleRuns).where(eq(clipRuleRuns.markerId, markerId));
}

/** A goal of the match document at `periodSeconds` into the first half (which kicks off at second 0 of the live). */
function goal(providerId: string, periodSeconds: number, label: string): FeedMatchEvent {
  return { providerId, key: 'Shot:Goal', period: 1, periodSeconds, minute: 0, second: periodSeconds, label };
}

function feedOf(matchEvents: FeedMatchEvent[]): ParsedFeed {
  return { provider: 'statsbomb', teams: [], people: [], fixtures: [], matchEvents };
}

beforeAll(async () => {
  // One media secret for the app and its workers: it seals the links' tokens the workers publish with.
  ctx = await videoTestContext({ mediaSecret: randomBytes(24).toString('hex') });
  await ctx.user('producer', ctx.accountA, ['use_stream', 'video_write', 'sport_player_write', 'liveclipping_write']);
  await ctx.user('producerB', ctx.accountB, ['sport_player_write', 'liveclipping_write']);
  // Listening: the workers publish to the platforms' local stand-ins at this address.
  const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  ctx.workers({ config: { ...ctx.config, social: { ...loadConfig({}).social, localUrl: base } } });
  const linked = await linkPlatform(ctx, token('producer'), 'youtube');
  expect(linked.searchParams.get('linked')).toBe('youtube');
  const channels = await ctx.request({ url: socialPaths.targets('youtube'), token: token('producer') });
  const channel = channels.json<{ data: SocialTarget[] }>().data[0];
  const chosen = await ctx.request({
    method: 'PUT',
    url: socialPaths.target('youtube'),
    token: token('producer'),
    payload: { id: channel?.id },
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const input = await ctx.request({
    method: 'POST',
    url: livePaths.list,
    token: token('producer'),
    payload: { name: 'Main', latencyMode: '1s' },
  });
  expect(input.statusCode, input.body).toBe(201);
  const live = input.json<LiveInput>();
  const key = await ctx.request({ url: livePaths.key(live.id), token: token('producer') });
  const [football] = await ctx.db
    .select({ id: sports.id })
    .from(sports)
    .where(and(eq(sports.name, 'Football'), isNull(sports.accountId)));
  // No replay video: its markers' clips can only come from the live. The first half kicks off
  // at second 0 of the live, so an imported match event lands where the feed says.
  const [event] = await ctx.db
    .insert(events)
    .values({
      name: 'Derby',
      accountId: ctx.accountA.id,
      state: 'upcoming',
      sportId: football?.id ?? null,
      periods: [{ period: 1, startsAt: 0 }],
    })
    .returning({ id: events.id });
  eventId = event?.id ?? 0;
  await ctx.db.insert(contentCameras).values({ accountId: ctx.accountA.id, eventId, inputId: live.id, label: 'Main' });
  const started = await ctx.request({
    method: 'POST',
    url: lifecyclePaths.transition('events', eventId, 'start-live'),
    // No encoder publishes here: going live without a camera receiving is confirmed.
    payload: { withoutCamera: true },
    token: token('producer'),
  });
  expect(started.statusCode, started.body).toBe(200);
  // Pushing all along: the window grows while the runs wait.
  publishers.push(publishTestStream(`${live.ingestUrl}/${key.json<{ streamKey: string }>().streamKey}`, 120));
  await waitFor(async () => (await recorded()) >= 4, {
    timeoutMs: 30_000,
    intervalMs: 200,
    what: 'four seconds of the live recorded',
  });

  // The same code as the feed's default mapping of a goal: an imported goal gets this type.
  ids.goal = await created('producer', '/main-api/marker-types', { name: 'Goal', code: 'goal' });
  ids.card = await created('producer', '/main-api/marker-types', { name: 'Yellow card', code: 'yellow-card' });
  ids.corner = await created('producer', '/main-api/marker-types', { name: 'Corner', code: 'corner' });
  ids.goalB = await created('producerB', '/main-api/marker-types', { name: 'Goal', code: 'goal' });
  ids.goalRule = await created('producer', '/main-api/clip-rules', {
    name: 'Goals',
    markerTypeId: ids.goal,
    beforeSeconds: BEFORE,
    afterSeconds: AFTER,
    publish: true,
  });
  ids.goalRuleB = await created('producerB', '/main-api/clip-rules', {
    name: 'Goals',
    markerTypeId: ids.goalB,
    beforeSeconds: BEFORE,
    afterSeconds: AFTER,
  });
  // A rule of B naming A's marker type: the API refuses it (clip-rules.test.ts); written straight
  // to the table, it still never meets A's markers.
  const [stray] = await ctx.db
    .insert(clipRules)
    .values({ name: 'Stray', accountId: ctx.accountB.id, markerTypeId: ids.goal, beforeSeconds: 1, afterSeconds: 1 })
    .returning({ id: clipRules.id });
  ids.strayRuleB = stray?.id ?? 0;
}, 120_000);
afterAll(async () => {
  await Promise.all(publishers.map((publisher) => publisher.stop()));
  await ctx.cleanup();
});

describe('clip rules on a live without a replay', () => {
  it("waits for a goal's seconds after, then cuts its one clip from the live: instant copy, then the exact cut", async () => {
    const at = Math.floor(await recorded()) - 1;
    const markerId = await created('producer', `/main-api/events/${eventId}/markers`, {
      label: 'Opener',
      timeSeconds: at,
      durationSeconds: 0.5,
      markerTypeId: ids.goal,
    });
    ids.opener = markerId;
    const run = await settledRun(ids.goalRule ?? 0, markerId);
    expect(run, run.error ?? '').toMatchObject({ state: 'made', eventId, markerLabel: 'Opener', error: null });
    const [stored] = await storedRuns(markerId);
    // It waited: due the rule's seconds after the marker's end plus the settling time past its
    // arrival, and its clip was made no sooner.
    const waited = (stored?.dueAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0);
    expect(waited).toBeGreaterThanOrEqual((AFTER + 0.5 + LIVE_SETTLE_SECONDS) * 1000 - 50);
    const videoId = run.clipVideoId ?? 0;
    const made = await videoRow(ctx, videoId);
    expect(made?.createdAt.getTime()).toBeGreaterThanOrEqual(stored?.dueAt.getTime() ?? Number.POSITIVE_INFINITY);
    // The rule's range around the marker, all of it recorded by then (nothing clamped).
    expect(made).toMatchObject({
      clipInSeconds: at - BEFORE,
      clipOutSeconds: at + 0.5 + AFTER,
      clipMarkerId: markerId,
      clipEventId: eventId,
      // Its type, label and match minute (the first half kicked off at the live's second 0).
      title: `Goal – Opener ${Math.floor(at / 60) + 1}'`,
      published: true,
      ownerId: null,
      accountId: ctx.accountA.id,
    });

    // Phase 1: playable at once on the copy of the segments around the range.
    const copy = await waitForVideo(ctx, videoId, ['ready', 'failed'], 30_000);
    expect(copy.state, copy.failureReason ?? '').toBe('ready');
    expect(copy.hlsKey).toMatch(/hls\/copy\//);
    expect(await ctx.storage.exists(copy.hlsKey ?? '')).toBe(true);
    const [clipJob] = await ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, LIVE_JOB_TYPES.clip), eq(jobs.resourceId, String(videoId))));
    expect(clipJob).toBeDefined();
    const copied = await waitFor(
      async () => {
        const row = await jobRow(ctx.db, clipJob?.id ?? 0);
        return row?.state === 'done' || row?.state === 'failed' ? row : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the instant copy job' },
    );
    expect(copied.state, copied.lastError ?? '').toBe('done');

    // Phase 2: the frame-accurate cut, encoded into the same video, of the rule's duration.
    const renderId = Number((copied.result as { renderJobId?: number } | null)?.renderJobId);
    const render = await waitFor(
      async () => {
        const row = await jobRow(ctx.db, renderId);
        return row?.state === 'done' || row?.state === 'failed' ? row : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100, what: 'the exact cut' },
    );
    expect(render.state, render.lastError ?? '').toBe('done');
    expect(render.type).toBe(LIVE_JOB_TYPES.clipRender);
    const encodeId = Number((render.result as { encodeJobId?: number } | null)?.encodeJobId);
    const encoded = await waitFor(
      async () => {
        const row = await jobRow(ctx.db, encodeId);
        return row?.state === 'done' || row?.state === 'failed' ? row : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100, what: 'the encode of the cut' },
    );
    expect(encoded.state, encoded.lastError ?? '').toBe('done');
    const final = await videoRow(ctx, videoId);
    expect(final?.state).toBe('ready');
    expect(final?.filename).toBe('clip.mp4');
    expect(Math.abs((final?.duration ?? 0) - (BEFORE + 0.5 + AFTER))).toBeLessThan(0.1);
    expect(final?.hlsKey).not.toBe(copy.hlsKey);
    expect(await ctx.storage.exists(final?.hlsKey ?? '')).toBe(true);
    const presented = await ctx.request({ url: `/main-api/videos/${videoId}`, token: token('producer') });
    expect(presented.json<{ playback: { hlsUrl: string } | null }>().playback?.hlsUrl).toBeTruthy();
    expect((await eventClips()).map((clip) => clip.id)).toEqual([videoId]);
  }, 150_000);

  it('makes that clip once: the marker edited, its publication heard twice at once, a sweep after a restart', async () => {
    const markerId = ids.opener ?? 0;
    const edited = await ctx.request({
      method: 'PUT',
      url: `/main-api/events/${eventId}/markers/${markerId}`,
      token: token('producer'),
      payload: { label: 'Opener!', durationSeconds: 1 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await Promise.all([applyClipRules(ctx.db, markerId), applyClipRules(ctx.db, markerId)]);
    await sweepClipRules(ctx.db);
    expect((await storedRuns(markerId)).map((run) => run.ruleId)).toEqual([ids.goalRule]);
    const clips = await ctx.db.select().from(jobs).where(eq(jobs.type, LIVE_JOB_TYPES.clip));
    expect(clips).toHaveLength(1);
    expect(await eventClips()).toHaveLength(1);
  });

  it('clips a goal imported from a match feed once, however often the document comes again or changes', async () => {
    const at = Math.floor(await recorded()) - 1;
    const document = feedOf([goal('g-1', at, 'Goal: Striker')]);
    const imported = await applyMatchEvents(ctx.db, {
      accountId: ctx.accountA.id,
      eventId,
      provider: 'statsbomb',
      feed: document,
      language: 'en',
    });
    expect(imported.created).toEqual({ marker: 1 });
    const [marker] = await ctx.db
      .select()
      .from(markers)
      .where(and(eq(markers.eventId, eventId), eq(markers.providerEventId, 'g-1')));
    expect(marker?.markerTypeId).toBe(ids.goal);
    const markerId = marker?.id ?? 0;
    // The same document again (unchanged), then corrected (moved, relabelled: the marker updated).
    const again = await applyMatchEvents(ctx.db, {
      accountId: ctx.accountA.id,
      eventId,
      provider: 'statsbomb',
      feed: document,
      language: 'en',
    });
    expect(again.unchanged).toEqual({ marker: 1 });
    const corrected = await applyMatchEvents(ctx.db, {
      accountId: ctx.accountA.id,
      eventId,
      provider: 'statsbomb',
      feed: feedOf([goal('g-1', at + 0.5, 'Goal: Striker (header)')]),
      language: 'en',
    });
    expect(corrected.updated).toEqual({ marker: 1 });
    const run = await settledRun(ids.goalRule ?? 0, markerId);
    expect(run, run.error ?? '').toMatchObject({ state: 'made', markerLabel: 'Goal: Striker (header)' });
    await sweepClipRules(ctx.db);
    expect(await storedRuns(markerId)).toHaveLength(1);
    const made = await videoRow(ctx, run.clipVideoId ?? 0);
    // Cut where the marker is when the run is made (the correction), under the rule's timings.
    expect(made).toMatchObject({
      clipMarkerId: markerId,
      clipInSeconds: at + 0.5 - BEFORE,
      clipOutSeconds: at + 0.5 + AFTER,
      title: `Goal: Striker (header) ${Math.floor((at + 0.5) / 60) + 1}'`,
    });
    const ready = await waitForVideo(ctx, run.clipVideoId ?? 0, ['ready', 'failed'], 30_000);
    expect(ready.state, ready.failureReason ?? '').toBe('ready');
    const ofMarker = (await eventClips()).filter((clip) => (clip.clip as { markerId?: number }).markerId === markerId);
    expect(ofMarker).toHaveLength(1);
  }, 90_000);

  it('waits for a marker ahead of the recording until its whole range is recorded, then cuts it whole', async () => {
    // A marker a few seconds beyond what is recorded (a feed's clock ahead, periods set late): due
    // after the rule's seconds after its arrival, the recording does not reach its end by then.
    const at = Math.ceil(await recorded()) + 6;
    const markerId = await created('producer', `/main-api/events/${eventId}/markers`, {
      label: 'Early call',
      timeSeconds: at,
      markerTypeId: ids.goal,
    });
    const run = await settledRun(ids.goalRule ?? 0, markerId);
    expect(run, run.error ?? '').toMatchObject({ state: 'made', error: null });
    // Not cut short to what was recorded at its first due time: the rule's whole range.
    const made = await videoRow(ctx, run.clipVideoId ?? 0);
    expect(made).toMatchObject({ clipInSeconds: at - BEFORE, clipOutSeconds: at + AFTER, clipMarkerId: markerId });
    const ready = await waitForVideo(ctx, run.clipVideoId ?? 0, ['ready', 'failed'], 30_000);
    expect(ready.state, ready.failureReason ?? '').toBe('ready');
    expect(await storedRuns(markerId)).toHaveLength(1);
  }, 90_000);

  it("publishes a live clip's exact cut: its publication waits while the cut is made after the instant copy", async () => {
    const ruleId = await created('producer', '/main-api/clip-rules', {
      name: 'Corners to YouTube',
      markerTypeId: ids.corner,
      beforeSeconds: BEFORE,
      afterSeconds: AFTER,
      publishTargets: ['youtube'],
      publishMode: 'direct',
      captionTemplate: "{event} – corner {minute}'",
    });
    const at = Math.floor(await recorded()) - 1;
    const markerId = await created('producer', `/main-api/events/${eventId}/markers`, {
      label: 'Corner',
      timeSeconds: at,
      markerTypeId: ids.corner,
    });
    const run = await settledRun(ruleId, markerId);
    expect(run, run.error ?? '').toMatchObject({ state: 'made', error: null });
    const clipId = run.clipVideoId ?? 0;
    // Made with the clip, queued before its exact cut: one worker meets the clip ready on its
    // instant copy, without an original, and waits instead of failing it.
    const publication = await waitFor(
      async () => {
        const listed = await ctx.request({ url: publicationsPaths.ofVideo(clipId), token: token('producer') });
        expect(listed.statusCode, listed.body).toBe(200);
        const [only, ...others] = listed.json<{ data: Publication[] }>().data;
        expect(others).toEqual([]);
        return only && ['published', 'failed', 'cancelled'].includes(only.state) ? only : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 200, what: 'the live clip’s publication to settle' },
    );
    expect(publication.state, publication.error ?? '').toBe('published');
    expect(publication).toMatchObject({ platform: 'youtube', caption: `Derby – corner ${Math.floor(at / 60) + 1}'` });
    expect(publication.url).toBeTruthy();
    // The exact cut was made (the clip is not left on its instant copy), then published.
    const cut = await ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, LIVE_JOB_TYPES.clipRender), eq(jobs.resourceId, String(clipId))));
    expect(cut.map((job) => job.state)).toEqual(['done']);
    expect((await videoRow(ctx, clipId))?.filename).toBe('clip.mp4');
    expect(publication.stages.clipReadyAt).not.toBeNull();
  }, 120_000);

  it('makes nothing for a marker of another type, or without a type', async () => {
    const before = (await eventClips()).length;
    const card = await created('producer', `/main-api/events/${eventId}/markers`, {
      label: 'Booked',
      timeSeconds: 1,
      markerTypeId: ids.card,
    });
    const untyped = await created('producer', `/main-api/events/${eventId}/markers`, {
      label: 'Chance',
      timeSeconds: 1.5,
    });
    // What the marker's publication does, awaited; then the sweep of every worker.
    await applyClipRules(ctx.db, card);
    await applyClipRules(ctx.db, untyped);
    await sweepClipRules(ctx.db);
    expect(await storedRuns(card)).toEqual([]);
    expect(await storedRuns(untyped)).toEqual([]);
    expect(await eventClips()).toHaveLength(before);
  });

  it("never lets another account's rule clip this account's markers", async () => {
    const markerIds = [ids.opener ?? 0];
    await sweepClipRules(ctx.db);
    const foreign = await ctx.db
      .select()
      .from(clipRuleRuns)
      .where(inArray(clipRuleRuns.ruleId, [ids.goalRuleB ?? 0, ids.strayRuleB ?? 0]));
    expect(foreign).toEqual([]);
    for (const markerId of markerIds) {
      expect((await storedRuns(markerId)).map((run) => run.ruleId)).toEqual([ids.goalRule]);
    }
    expect(await runs(ids.goalRuleB ?? 0, 'producerB')).toEqual([]);
    // B's own goal on B's own event is B's rule's, not A's.
    const eventB = await created('producerB', '/main-api/events', { name: 'B match', state: 'upcoming' });
    const markerB = await created('producerB', `/main-api/events/${eventB}/markers`, {
      timeSeconds: 1,
      markerTypeId: ids.goalB,
    });
    await applyClipRules(ctx.db, markerB);
    expect((await storedRuns(markerB)).map((run) => [run.ruleId, run.state])).toEqual([[ids.goalRuleB, 'skipped']]);
  });
});
