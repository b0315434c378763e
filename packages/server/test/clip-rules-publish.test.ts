import { CLIP_RULE_MESSAGES, type ClipRuleRun, clipRulePaths } from '@regie/contract/clip-rules';
import type { FeedMatchEvent, ParsedFeed } from '@regie/contract/feeds';
import { renderMessage } from '@regie/contract/messages.render';
import { type Publication, publicationsPaths } from '@regie/contract/publications';
import { type SocialTarget, socialPaths } from '@regie/contract/social';
import { RENDITION_JOB_TYPE } from '@regie/contract/vertical';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyClipRules, publishRuleClip } from '../src/clip-rules/clip-rules.service.ts';
import { challengers } from '../src/db/actors.table.ts';
import { auditEntries } from '../src/db/audit.table.ts';
import { clipRuleRuns } from '../src/db/clip-rules.table.ts';
import { markers } from '../src/db/events.table.ts';
import { jobs } from '../src/db/jobs.table.ts';
import { sports } from '../src/db/sports.table.ts';
import { applyMatchEvents } from '../src/match-events/match-events.apply.ts';
import { waitFor } from './jobs-fixtures.ts';
import { linkPlatform, type PublishingContext, publishingContext } from './social-fixtures.ts';
import { waitForVideo } from './videos-fixtures.ts';

/**
 * Publishing that runs itself (issue 41 point 3), on the platforms' local stand-ins: a clip rule
 * names the platforms its clips go to through its author's links and a caption template; a goal
 * marked on a replay makes the clip, and its publications wait for a producer, who approves one
 * with an edited caption and rejects the other; a rule in 'direct' mode publishes at once, in
 * 9:16 for TikTok. Every stage's time is on the publication; nothing is published twice.
 */

let publishing: PublishingContext;
const ids: Record<string, number> = {};

const call = (...args: Parameters<PublishingContext['call']>) => publishing.call(...args);

async function created(url: string, payload: object): Promise<number> {
  const response = await call('POST', url, 'producer', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function clipOf(ruleId: number, markerId: number): Promise<ClipRuleRun> {
  await applyClipRules(publishing.ctx.db, markerId);
  const listed = await call('GET', clipRulePaths.runs(ruleId), 'producer');
  const run = listed.json<{ data: ClipRuleRun[] }>().data.find((item) => item.markerId === markerId);
  expect(run?.state, JSON.stringify(run)).toBe('made');
  return run as ClipRuleRun;
}

async function publicationsOf(videoId: number, as = 'producer'): Promise<Publication[]> {
  const listed = await call('GET', publicationsPaths.ofVideo(videoId), as);
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json<{ data: Publication[] }>().data;
}

/**
 * The clip's publications once the rule has made them: whoever made the run (the marker's
 * listener, often) publishes just after, in a transaction of its own.
 */
function madeFor(videoId: number, made: (items: Publication[]) => boolean): Promise<Publication[]> {
  return waitFor(
    async () => {
      const items = await publicationsOf(videoId);
      return made(items) ? items : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 50, what: 'the rule’s publications' },
  );
}

/** Runs the workers until `done` holds of the clip's publications. */
async function until(videoId: number, done: (items: Publication[]) => boolean): Promise<Publication[]> {
  publishing.ctx.workers({
    config: { ...publishing.ctx.config, social: { apps: {}, local: true, localUrl: publishing.base } },
  });
  try {
    return await waitFor(
      async () => {
        const items = await publicationsOf(videoId);
        return done(items) ? items : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 200, what: 'the clip’s publications' },
    );
  } finally {
    await publishing.ctx.stopWorkers();
  }
}

beforeAll(async () => {
  publishing = await publishingContext([]);
  const { ctx } = publishing;
  await ctx.user('producer', ctx.accountA, ['video_write', 'sport_player_write', 'liveclipping_write']);
  await ctx.user('producerB', ctx.accountB, ['video_write', 'sport_player_write', 'liveclipping_write']);
  for (const platform of ['youtube', 'tiktok'] as const) {
    const back = await linkPlatform(ctx, publishing.token('producer'), platform);
    expect(back.searchParams.get('linked')).toBe(platform);
  }
  const channels = await call('GET', socialPaths.targets('youtube'), 'producer');
  const channel = channels.json<{ data: SocialTarget[] }>().data[0];
  expect((await call('PUT', socialPaths.target('youtube'), 'producer', { id: channel?.id })).statusCode).toBe(200);
  ids.goal = await created('/main-api/marker-types', { name: 'Goal', code: 'goal' });
  ids.save = await created('/main-api/marker-types', { name: 'Save', code: 'save' });
  ids.event = await created('/main-api/events', { name: 'Cup final', videoId: publishing.videoId, state: 'replay' });
}, 300_000);
afterEach(() => publishing.ctx.stopWorkers());
afterAll(() => publishing.ctx.cleanup());

describe('clip rules that publish their clips', () => {
  it('refuses a platform the rule’s author has not linked, naming it', async () => {
    const refused = await call('POST', '/main-api/clip-rules', 'producer', {
      name: 'Everywhere',
      markerTypeId: ids.goal,
      publishTargets: ['youtube', 'instagram'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      renderMessage(CLIP_RULE_MESSAGES.authorNotLinked('Instagram'), 'en'),
    );
  });

  it('waits for a producer: one approved with an edited caption goes, the rejected one never does', async () => {
    const ruleId = await created('/main-api/clip-rules', {
      name: 'Goals to socials',
      markerTypeId: ids.goal,
      // TikTok takes 3 s at least: the whole 4 s test video.
      beforeSeconds: 2,
      afterSeconds: 2,
      publishTargets: ['youtube', 'tiktok'],
      captionTemplate: "{event} – {player} {minute}' #goal",
    });
    const markerId = await created(`/main-api/events/${ids.event}/markers`, {
      label: 'Goal: Luca Bernardi (pen.)',
      timeSeconds: 1.5,
      markerTypeId: ids.goal,
    });
    const run = await clipOf(ruleId, markerId);
    const clipId = run.clipVideoId ?? 0;
    // Told again (a sweep after a restart): still one publication per platform.
    const [stored] = await publishing.ctx.db.select().from(clipRuleRuns).where(eq(clipRuleRuns.markerId, markerId));
    await publishRuleClip(publishing.ctx.db, stored?.id ?? 0);
    const waiting = await madeFor(clipId, (items) => items.length === 2);
    expect(waiting.map((item) => [item.platform, item.state, item.caption, item.ruleName]).sort()).toEqual([
      ['tiktok', 'approval', 'Cup final – Luca Bernardi #goal', 'Goals to socials'],
      ['youtube', 'approval', 'Cup final – Luca Bernardi #goal', 'Goals to socials'],
    ]);
    const youtube = waiting.find((item) => item.platform === 'youtube');
    const tiktok = waiting.find((item) => item.platform === 'tiktok');
    expect(tiktok?.aspect).toBe('9:16');

    // Another account's producer sees none of it; approving twice is refused.
    expect((await call('POST', publicationsPaths.approve(youtube?.id), 'producerB', {})).statusCode).toBe(404);
    const approved = await call('POST', publicationsPaths.approve(youtube?.id), 'producer', {
      caption: 'Bernardi from the spot! #goal',
    });
    expect(approved.statusCode, approved.body).toBe(202);
    expect(approved.json<Publication>()).toMatchObject({ state: 'queued', caption: 'Bernardi from the spot! #goal' });
    expect((await call('POST', publicationsPaths.approve(youtube?.id), 'producer', {})).statusCode).toBe(409);
    const rejected = await call('POST', publicationsPaths.reject(tiktok?.id), 'producer');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<Publication>().state).toBe('cancelled');

    const done = await until(clipId, (items) =>
      items.every((item) => item.state === 'published' || item.state === 'cancelled'),
    );
    const published = done.find((item) => item.platform === 'youtube');
    expect(published?.url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    expect(done.find((item) => item.platform === 'tiktok')?.stages.uploadStartedAt).toBeNull();
    // Each stage's time, in order: marker, clip made, clip ready, approved, then the upload.
    const stages = published?.stages;
    const times = [
      stages?.markerAt,
      stages?.clipMadeAt,
      stages?.approvedAt,
      stages?.uploadStartedAt,
      stages?.uploadedAt,
      stages?.publishedAt,
    ].map((value) => Date.parse(value ?? ''));
    expect(times.every((time) => Number.isFinite(time))).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(Date.parse(stages?.clipReadyAt ?? '')).toBeGreaterThanOrEqual(times[1] ?? 0);
    const audited = await publishing.ctx.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(and(eq(auditEntries.resource, 'publications'), eq(auditEntries.resourceId, youtube?.id ?? 0)));
    expect(audited.map((entry) => entry.action)).toEqual(expect.arrayContaining(['share', 'approve']));
  }, 180_000);

  it('captions a feed’s goal with the score once it is in, its scorer and its minute', async () => {
    const { db } = publishing.ctx;
    const accountId = publishing.ctx.accountA.id;
    const [football] = await db
      .select({ id: sports.id })
      .from(sports)
      .where(and(eq(sports.name, 'Football'), isNull(sports.accountId)));
    const [home, away] = await db
      .insert(challengers)
      .values([
        { name: 'Riverside', type: 'team', sportId: football?.id ?? 0, accountId },
        { name: 'Harbour City', type: 'team', sportId: football?.id ?? 0, accountId },
      ])
      .returning();
    const eventId = await created('/main-api/events', {
      name: 'Derby',
      videoId: publishing.videoId,
      state: 'replay',
      sportId: football?.id,
      homeChallengerId: home?.id,
      awayChallengerId: away?.id,
      periods: [{ period: 1, startsAt: 0 }],
    });
    const ruleId = await created('/main-api/clip-rules', {
      name: 'Derby goals',
      markerTypeId: ids.goal,
      beforeSeconds: 2,
      afterSeconds: 2,
      markerSource: 'feed',
      publishTargets: ['youtube'],
      captionTemplate: "{home} {score} {away} – {player} {minute}'",
    });
    const goal = (providerId: string, team: string, person: string, seconds: number): FeedMatchEvent => ({
      providerId,
      key: 'Shot:Goal',
      period: 1,
      periodSeconds: seconds,
      minute: 0,
      second: seconds,
      teamProviderId: team,
      personName: person,
      label: `Goal: ${person}`,
    });
    const feed: ParsedFeed = {
      provider: 'statsbomb',
      teams: [
        { providerId: 't-home', name: 'Riverside' },
        { providerId: 't-away', name: 'Harbour City' },
      ],
      people: [],
      fixtures: [],
      matchEvents: [goal('g-1', 't-away', 'J. Miles', 1), goal('g-2', 't-home', 'L. Bernardi', 2)],
    };
    await applyMatchEvents(db, { accountId, eventId, provider: 'statsbomb', feed, language: 'en' });
    const placed = await db.select().from(markers).where(eq(markers.eventId, eventId)).orderBy(markers.timeSeconds);
    expect(placed.map((marker) => [marker.teamSide, marker.personName])).toEqual([
      ['away', 'J. Miles'],
      ['home', 'L. Bernardi'],
    ]);
    const captions: string[] = [];
    for (const marker of placed) {
      await applyClipRules(db, marker.id);
      const [run] = await db
        .select()
        .from(clipRuleRuns)
        .where(and(eq(clipRuleRuns.markerId, marker.id), eq(clipRuleRuns.ruleId, ruleId)));
      const items = await madeFor(run?.clipVideoId ?? 0, (found) =>
        found.some((item) => item.ruleName === 'Derby goals'),
      );
      captions.push(items.find((item) => item.ruleName === 'Derby goals')?.caption ?? '');
    }
    expect(captions).toEqual([
      "Riverside 0–1 Harbour City – J. Miles 1'",
      "Riverside 1–1 Harbour City – L. Bernardi 1'",
    ]);
  });

  it('publishes at once in direct mode, in 9:16 on TikTok, while the clip is still being made', async () => {
    const ruleId = await created('/main-api/clip-rules', {
      name: 'Saves to TikTok',
      markerTypeId: ids.save,
      // TikTok takes 3 s at least: the whole 4 s test video.
      beforeSeconds: 2,
      afterSeconds: 2,
      publishTargets: ['tiktok'],
      captionTemplate: 'What a save by {player}!',
      publishMode: 'direct',
    });
    const markerId = await created(`/main-api/events/${ids.event}/markers`, {
      label: 'M. Keeper',
      timeSeconds: 2,
      markerTypeId: ids.save,
    });
    const run = await clipOf(ruleId, markerId);
    const [queued] = await madeFor(run.clipVideoId ?? 0, (items) => items.length === 1);
    expect(queued).toMatchObject({ platform: 'tiktok', state: 'queued', caption: 'What a save by M. Keeper!' });
    const [done] = await until(run.clipVideoId ?? 0, (items) => items.every((item) => item.state === 'published'));
    expect(done).toMatchObject({ aspect: '9:16', state: 'published', error: null });
    expect(done?.stages.clipReadyAt).not.toBeNull();
    expect(done?.stages.approvedAt).toBeNull();
    // Rendered in 9:16 once: asked for by the publication as soon as the cut was stored, not
    // again when the clip's streaming ladder was encoded from that same cut.
    publishing.ctx.workers();
    await waitForVideo(publishing.ctx, run.clipVideoId ?? 0, ['ready']);
    await publishing.ctx.stopWorkers();
    const renders = await publishing.ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.type, RENDITION_JOB_TYPE), eq(jobs.resourceId, String(run.clipVideoId))));
    expect(renders).toHaveLength(1);
  }, 180_000);
});
