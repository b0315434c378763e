import { join } from 'node:path';
import { CLIP_RULE_MESSAGES, type ClipRuleRun, clipRulePaths } from '@regie/contract/clip-rules';
import { clipPaths } from '@regie/contract/clips';
import { renderMessage } from '@regie/contract/messages.render';
import type { PresentedVideo } from '@regie/contract/videos.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyClipRules, sweepClipRules } from '../src/clip-rules/clip-rules.service.ts';
import { clipRuleRuns } from '../src/db/clip-rules.table.ts';
import { markers } from '../src/db/events.table.ts';
import { makeColourPng, uploadSkinImage } from './clips-fixtures.ts';
import { waitFor } from './jobs-fixtures.ts';
import { makeTestVideo } from './media-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoTestContext, waitForVideo } from './videos-fixtures.ts';

let ctx: VideoTestContext;
let sourceId: number;
const token = (name: string) => ctx.tokens[name] ?? '';
const ids: Record<string, number> = {};

async function post(as: string, url: string, payload: object) {
  return ctx.request({ method: 'POST', url, token: token(as), payload });
}

async function created(as: string, url: string, payload: object): Promise<number> {
  const response = await post(as, url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function eventClips(eventId: number): Promise<PresentedVideo[]> {
  const response = await ctx.request({ url: clipPaths.eventClips(eventId), token: token('producer') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: PresentedVideo[] }>().data;
}

/** Where a clip was cut from (videos.schemas videoClipInfo). */
function clipInfo(video: PresentedVideo | undefined) {
  return video?.clip as { inSeconds: number; outSeconds: number; markerId: number | null } | null | undefined;
}

async function runs(ruleId: number, as = 'producer', language = 'en'): Promise<ClipRuleRun[]> {
  const response = await ctx.request({
    url: clipRulePaths.runs(ruleId),
    token: token(as),
    headers: { 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ClipRuleRun[] }>().data;
}

/** Waits until the marker's run under the rule has left 'waiting'. */
function settledRun(ruleId: number, markerId: number): Promise<ClipRuleRun> {
  return waitFor(async () => (await runs(ruleId)).find((run) => run.markerId === markerId && run.state !== 'waiting'), {
    what: `marker ${markerId}'s run under rule ${ruleId}`,
  });
}

async function event(name: string, videoId: number | null, state = 'replay'): Promise<number> {
  return created('producer', '/main-api/events', { name, ...(videoId ? { videoId } : {}), state });
}

async function marker(eventId: number, payload: object): Promise<number> {
  return created('producer', `/main-api/events/${eventId}/markers`, payload);
}

beforeAll(async () => {
  ctx = await videoTestContext();
  await ctx.user('producer', ctx.accountA, ['sport_player_write', 'liveclipping_write']);
  await ctx.user('producerB', ctx.accountB, ['sport_player_write', 'liveclipping_write']);
  await ctx.user('clipper', ctx.accountA, ['clip_only']);
  await ctx.user('sportsOnly', ctx.accountA, ['sport_player_write']);
  const file = await makeTestVideo(join(ctx.dir, 'match.mp4'), { width: 320, height: 180, seconds: 4, gopFrames: 25 });
  const { completed } = await uploadVideo(ctx, token('writerA'), file, 'match.mp4');
  sourceId = completed.video.id;
  ctx.workers();
  await waitForVideo(ctx, sourceId, ['ready']);
  await ctx.stopWorkers();

  ids.goal = await created('producer', '/main-api/marker-types', { name: 'Goal', code: 'goal' });
  ids.card = await created('producer', '/main-api/marker-types', { name: 'Yellow card', code: 'yellow-card' });
  ids.save = await created('producer', '/main-api/marker-types', { name: 'Save', code: 'save' });
  ids.goalB = await created('producerB', '/main-api/marker-types', { name: 'Goal', code: 'goal' });
  const overlayKey = await uploadSkinImage(ctx, token('producer'), await makeColourPng(ctx.dir, 'red'));
  ids.skin = await created('producer', '/main-api/clip-skins', { name: 'Match night', overlayKey, rollSeconds: 0 });
  ids.template = await created('producer', '/main-api/clip-templates', {
    name: 'Highlights',
    clipSkinId: ids.skin,
    secondsBefore: 3,
    secondsAfter: 3,
  });
  ids.templateB = await created('producerB', '/main-api/clip-templates', { name: 'Highlights B' });
  ids.goalRule = await created('producer', '/main-api/clip-rules', {
    name: 'Goals',
    markerTypeId: ids.goal,
    beforeSeconds: 1,
    afterSeconds: 0.5,
    clipTemplateId: ids.template,
    publish: true,
  });
  // An inactive rule makes nothing.
  ids.saveRule = await created('producer', '/main-api/clip-rules', {
    name: 'Saves',
    markerTypeId: ids.save,
    beforeSeconds: 2,
    afterSeconds: 2,
    active: false,
  });
}, 300_000);
afterEach(() => ctx.stopWorkers());
afterAll(() => ctx.cleanup());

describe('clip rules make the clips of the markers they name', () => {
  it("clips a goal marked by hand on a replay: the rule's range, its template's skin, published", async () => {
    const eventId = await event('Cup final', sourceId);
    ids.finalEvent = eventId;
    const markerId = await marker(eventId, {
      label: 'Goal',
      timeSeconds: 2,
      durationSeconds: 0.5,
      markerTypeId: ids.goal,
    });
    ids.finalGoal = markerId;
    const run = await settledRun(ids.goalRule ?? 0, markerId);
    expect(run).toMatchObject({ state: 'made', eventId, eventName: 'Cup final', markerLabel: 'Goal', error: null });
    const clips = await eventClips(eventId);
    expect(clips).toHaveLength(1);
    const [clip] = clips;
    expect(clip?.id).toBe(run.clipVideoId);
    expect(clip).toMatchObject({ title: 'Goal', published: true });
    // 1 s before the marker, 0.5 s after its end (2 + 0.5); the template dresses it in its skin.
    expect(clip?.clip).toEqual({
      sourceVideoId: sourceId,
      inSeconds: 1,
      outSeconds: 3,
      clipSkinId: ids.skin,
      clipTemplateId: ids.template,
      markerId,
      eventId,
    });
    ctx.workers();
    const ready = await waitForVideo(ctx, clip?.id ?? 0, ['ready', 'failed'], 30_000);
    expect(ready.state, ready.failureReason ?? '').toBe('ready');
    expect(ready.hlsKey && (await ctx.storage.exists(ready.hlsKey))).toBe(true);
  }, 60_000);

  it('makes that clip once: the marker edited, its publication heard twice, a sweep after a restart', async () => {
    const eventId = ids.finalEvent ?? 0;
    const markerId = ids.finalGoal ?? 0;
    const edited = await ctx.request({
      method: 'PUT',
      url: `/main-api/events/${eventId}/markers/${markerId}`,
      token: token('producer'),
      payload: { label: 'Goal!', timeSeconds: 2.2 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The after-commit handler delivered twice at once, then the sweep of a process that restarted.
    await Promise.all([applyClipRules(ctx.db, markerId), applyClipRules(ctx.db, markerId)]);
    await sweepClipRules(ctx.db);
    expect(await eventClips(eventId)).toHaveLength(1);
    expect((await runs(ids.goalRule ?? 0)).filter((run) => run.markerId === markerId)).toHaveLength(1);
  });

  it('makes nothing for a marker type without a rule, a marker without a type, or an inactive rule', async () => {
    const eventId = await event('League match', sourceId);
    await marker(eventId, { label: 'Booked', timeSeconds: 1, markerTypeId: ids.card });
    await marker(eventId, { label: 'Chance', timeSeconds: 1.5 });
    await marker(eventId, { label: 'Great save', timeSeconds: 2, markerTypeId: ids.save });
    // A goal afterwards: once its clip exists, the earlier markers have been heard too.
    const goal = await marker(eventId, { label: 'Header', timeSeconds: 3, markerTypeId: ids.goal });
    await settledRun(ids.goalRule ?? 0, goal);
    await sweepClipRules(ctx.db);
    const clips = await eventClips(eventId);
    expect(clips.map((clip) => clip.title)).toEqual(['Goal – Header']);
    expect(await runs(ids.saveRule ?? 0)).toEqual([]);
    const stored = await ctx.db.select().from(clipRuleRuns).where(eq(clipRuleRuns.eventId, eventId));
    expect(stored.map((run) => run.markerId)).toEqual([goal]);
  });

  it('names the clip after its type and clock time when the marker has no label, and clamps to the video', async () => {
    const eventId = await event('Derby', sourceId);
    const markerId = await marker(eventId, { label: '', timeSeconds: 3.5, markerTypeId: ids.goal });
    const run = await settledRun(ids.goalRule ?? 0, markerId);
    expect(run.state).toBe('made');
    const [clip] = await eventClips(eventId);
    expect(clip?.title).toBe('Goal – 0:03');
    expect(clipInfo(clip)?.inSeconds).toBe(2.5);
    expect(clipInfo(clip)?.outSeconds).toBeCloseTo(4, 1);
  });

  it("skips a marker on an event with neither video nor live, and says why in the user's language", async () => {
    const eventId = await event('Next week', null, 'upcoming');
    const markerId = await marker(eventId, { label: 'Goal', timeSeconds: 10, markerTypeId: ids.goal });
    const run = await settledRun(ids.goalRule ?? 0, markerId);
    expect(run).toMatchObject({ state: 'skipped', clipVideoId: null });
    expect(run.error).toBe(renderMessage(CLIP_RULE_MESSAGES.nothingToCut(eventId)));
    const french = (await runs(ids.goalRule ?? 0, 'producer', 'fr')).find((one) => one.markerId === markerId);
    expect(french?.error).toBe(renderMessage(CLIP_RULE_MESSAGES.nothingToCut(eventId), 'fr'));
    expect(await eventClips(eventId)).toEqual([]);
  });

  it('finds the markers no process heard (written while it was down) at the next sweep, once', async () => {
    const eventId = await event('Friendly', sourceId);
    // Written straight to the table: no publication, as if the process died before hearing it.
    const [row] = await ctx.db
      .insert(markers)
      .values({ eventId, accountId: ctx.accountA.id, markerTypeId: ids.goal, label: 'Late goal', timeSeconds: 2 })
      .returning({ id: markers.id });
    expect(await eventClips(eventId)).toEqual([]);
    await Promise.all([sweepClipRules(ctx.db), sweepClipRules(ctx.db)]);
    await sweepClipRules(ctx.db);
    const clips = await eventClips(eventId);
    expect(clips.map((clip) => [clip.title, clipInfo(clip)?.markerId])).toEqual([['Goal – Late goal', row?.id]]);
  });

  it('waits for a replay still being encoded, then clips it', async () => {
    const file = await makeTestVideo(join(ctx.dir, 'late.mp4'), { width: 320, height: 180, seconds: 4, gopFrames: 25 });
    const { completed } = await uploadVideo(ctx, token('writerA'), file, 'late.mp4');
    const replayId = completed.video.id;
    const eventId = await event('Recorded last night', replayId);
    const markerId = await marker(eventId, { label: 'Early goal', timeSeconds: 1, markerTypeId: ids.goal });
    // Not encoded yet (no worker ran): the run waits, and a sweep meanwhile changes nothing. The
    // run is recorded by the marker's listener after the POST's commit: waited for, not raced.
    // Its first try (at once) finds the replay not ready and puts it off: waited for too.
    const waiting = await waitFor(
      async () => {
        const [run] = await ctx.db.select().from(clipRuleRuns).where(eq(clipRuleRuns.markerId, markerId));
        return run && run.dueAt.getTime() > Date.now() ? run : undefined;
      },
      { what: "the marker's run, put off" },
    );
    expect(waiting).toMatchObject({ state: 'waiting', clipVideoId: null });
    await sweepClipRules(ctx.db);
    expect(await eventClips(eventId)).toEqual([]);
    ctx.workers();
    await waitForVideo(ctx, replayId, ['ready']);
    // Its time comes (REPLAY_WAIT_SECONDS later): the sweep makes the clip.
    await ctx.db.update(clipRuleRuns).set({ dueAt: new Date() }).where(eq(clipRuleRuns.markerId, markerId));
    await sweepClipRules(ctx.db);
    expect((await settledRun(ids.goalRule ?? 0, markerId)).state).toBe('made');
    expect((await eventClips(eventId)).map((clip) => clip.title)).toEqual(['Goal – Early goal']);
  });

  it("clips only a data feed's markers, or only those made by hand, when the rule says so", async () => {
    const corner = await created('producer', '/main-api/marker-types', { name: 'Corner', code: 'corner' });
    const feedRule = await created('producer', '/main-api/clip-rules', {
      name: 'Feed cards',
      markerTypeId: ids.card,
      markerSource: 'feed',
      beforeSeconds: 1,
      afterSeconds: 1,
    });
    const handRule = await created('producer', '/main-api/clip-rules', {
      name: 'Corners by hand',
      markerTypeId: corner,
      markerSource: 'hand',
      beforeSeconds: 1,
      afterSeconds: 1,
    });
    const eventId = await event('Feed and hand', sourceId);
    await marker(eventId, { label: 'Card by hand', timeSeconds: 1, markerTypeId: ids.card });
    const byHandCorner = await marker(eventId, { label: 'Corner by hand', timeSeconds: 2, markerTypeId: corner });
    // As an import or a subscription writes them: with the provider and its event id.
    const fromFeed = await ctx.db
      .insert(markers)
      .values(
        [
          { label: 'Card from the feed', markerTypeId: ids.card, providerEventId: 'sb-1' },
          { label: 'Corner from the feed', markerTypeId: corner, providerEventId: 'sb-2' },
        ].map((values) => ({
          ...values,
          eventId,
          accountId: ctx.accountA.id,
          timeSeconds: 2.5,
          provider: 'statsbomb' as const,
        })),
      )
      .returning({ id: markers.id, label: markers.label });
    for (const row of fromFeed) await applyClipRules(ctx.db, row.id);
    const feedCard = fromFeed.find((row) => row.label === 'Card from the feed')?.id ?? 0;
    expect((await settledRun(feedRule, feedCard)).state).toBe('made');
    expect((await settledRun(handRule, byHandCorner)).state).toBe('made');
    await sweepClipRules(ctx.db);
    expect((await runs(feedRule)).map((run) => run.markerId)).toEqual([feedCard]);
    expect((await runs(handRule)).map((run) => run.markerId)).toEqual([byHandCorner]);
    const titles = (await eventClips(eventId)).map((clip) => clip.title).sort();
    // Named after their markers: a label that names its type ("Corner by hand") does not repeat it.
    expect(titles).toEqual(['Corner by hand', 'Yellow card – Card from the feed']);
    const refused = await post('producer', '/main-api/clip-rules', {
      name: 'Unknown source',
      markerTypeId: corner,
      markerSource: 'radio',
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('clip rules as a resource', () => {
  it('refuses seconds out of range, or none at all, with a clear 400', async () => {
    const refused = async (payload: object) => {
      const response = await post('producer', '/main-api/clip-rules', {
        name: 'Bad',
        markerTypeId: ids.card,
        ...payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ message: string; errors?: { path: string; message: string }[] }>();
    };
    const none = await refused({ beforeSeconds: 0, afterSeconds: 0 });
    expect(none.errors).toContainEqual({
      path: 'afterSeconds',
      message: renderMessage(CLIP_RULE_MESSAGES.secondsTotal),
    });
    expect((await refused({ beforeSeconds: -1 })).errors?.[0]?.path).toBe('beforeSeconds');
    expect((await refused({ afterSeconds: 301 })).errors?.[0]?.path).toBe('afterSeconds');
    expect((await refused({ markerTypeId: undefined })).errors?.[0]?.path).toBe('markerTypeId');
  });

  it("keeps each account to its own: another account's marker type, template, skin or rule", async () => {
    const foreignType = await post('producer', '/main-api/clip-rules', { name: 'Theirs', markerTypeId: ids.goalB });
    expect(foreignType.statusCode, foreignType.body).toBe(400);
    expect(foreignType.json().errors[0].path).toBe('markerTypeId');
    const foreignTemplate = await post('producer', '/main-api/clip-rules', {
      name: 'Theirs',
      markerTypeId: ids.card,
      clipTemplateId: ids.templateB,
    });
    expect(foreignTemplate.statusCode, foreignTemplate.body).toBe(400);
    expect(foreignTemplate.json().errors[0].path).toBe('clipTemplateId');
    const foreignSkin = await post('producerB', '/main-api/clip-rules', {
      name: 'Theirs',
      markerTypeId: ids.goalB,
      clipSkinId: ids.skin,
    });
    expect(foreignSkin.statusCode, foreignSkin.body).toBe(400);
    expect(foreignSkin.json().errors[0].path).toBe('clipSkinId');

    const rule = ids.goalRule ?? 0;
    expect((await ctx.request({ url: `/main-api/clip-rules/${rule}`, token: token('producerB') })).statusCode).toBe(
      404,
    );
    const theirRuns = await ctx.request({ url: clipRulePaths.runs(rule), token: token('producerB') });
    expect(theirRuns.statusCode).toBe(404);
    expect(theirRuns.json().message).toBe(renderMessage(CLIP_RULE_MESSAGES.ruleNotFound(rule)));
    const listed = await ctx.request({ url: '/main-api/clip-rules', token: token('producerB') });
    expect(listed.json().data).toEqual([]);

    // B's own goal marker on B's own event never meets A's rule.
    const eventB = await created('producerB', '/main-api/events', { name: 'B match', state: 'upcoming' });
    await created('producerB', `/main-api/events/${eventB}/markers`, { timeSeconds: 1, markerTypeId: ids.goalB });
    await sweepClipRules(ctx.db);
    expect((await ctx.db.select().from(clipRuleRuns).where(eq(clipRuleRuns.eventId, eventB))).length).toBe(0);
  });

  it('is written by those who make clips (live clippers, clip-only users), not by sport data writers', async () => {
    const byClipper = await post('clipper', '/main-api/clip-rules', {
      name: 'Cards',
      markerTypeId: ids.card,
      beforeSeconds: 5,
      afterSeconds: 5,
    });
    expect(byClipper.statusCode, byClipper.body).toBe(201);
    expect(byClipper.json()).toMatchObject({ publish: false, active: true, clipTemplateId: null, clipSkinId: null });
    expect((await runs(byClipper.json().id, 'clipper')).length).toBe(0);
    const bySports = await post('sportsOnly', '/main-api/clip-rules', { name: 'No', markerTypeId: ids.card });
    expect(bySports.statusCode).toBe(403);
    expect((await ctx.request({ url: '/main-api/clip-rules', token: token('sportsOnly') })).statusCode).toBe(403);
    expect(
      (await ctx.request({ url: clipRulePaths.runs(ids.goalRule ?? 0), token: token('sportsOnly') })).statusCode,
    ).toBe(403);
    expect((await ctx.request({ url: clipRulePaths.runs(ids.goalRule ?? 0) })).statusCode).toBe(401);
  });
});
