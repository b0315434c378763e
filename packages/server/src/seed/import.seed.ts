import { and, eq, inArray, isNull } from 'drizzle-orm';
import { applyClipRules } from '../clip-rules/clip-rules.service.ts';
import { applyImport } from '../data-import/data-import.apply.ts';
import { parseDocument } from '../data-import/data-import.parse.ts';
import { assertWritable, prepareImport } from '../data-import/data-import.service.ts';
import { challengers } from '../db/actors.table.ts';
import { clipRules } from '../db/clip-rules.table.ts';
import { clipSkins } from '../db/clip-skins.table.ts';
import { competitions, rounds, seasons } from '../db/competitions.table.ts';
import type { Db } from '../db/database.ts';
import { events, markers } from '../db/events.table.ts';
import { seasonFixtures } from '../db/feeds.table.ts';
import { markerTypes } from '../db/marker-types.table.ts';
import { users } from '../db/users.table.ts';
import type { VideoRow } from '../db/videos.table.ts';
import type { JobLogger } from '../jobs/jobs.define.ts';
import { applyMatchDocument } from '../match-events/match-events.apply.ts';
import season from './feeds/riverside-league-2026-2027.football.json' with { type: 'json' };
import match from './feeds/riverside-northbridge.statsbomb.json' with { type: 'json' };
import { one } from './seed.rows.ts';
import { DEMO_SKIN_NAME } from './skin.seed.ts';

/**
 * The club's data import (issue 25's demo): its current season's fixtures come from a hand-made
 * openfootball file (feeds/riverside-league-2026-2027.football.json: a dozen fixtures, one new
 * team, two new matchdays), imported as a producer would with the data import; one of them is a
 * recorded match whose markers come from a hand-made StatsBomb events file (its replay is the demo
 * video, 20 s: the file holds the match's first 20 seconds), and a clip rule on the feed's goals
 * clips them by itself.
 */

/** The recorded match: Matchday 3 of the imported season. */
const HOME = 'Olympique Riverside FC';
const AWAY = 'Northbridge United';
/** Named as generated events are (feeds/generate-events.service.ts: 'home – away'). */
export const DEMO_FEED_MATCH = { name: `${HOME} – ${AWAY}`, home: HOME, away: AWAY, round: 'Matchday 3' } as const;
/** Its first half kicks off 0.5 s into the demo video (the period starts the import maps through). */
const KICK_OFF_SECONDS = 0.5;
export const DEMO_FEED_RULE = 'Goals from the data feed';
/** What the demo rule's clips say on the producer's social accounts. */
export const DEMO_FEED_CAPTION = "{home} {score} {away} – {player} {minute}' #RiversideFC";

const noProgress = { reportProgress() {}, signal: new AbortController().signal };

/** Imports the season's fixtures, makes the recorded match's event and the rule that clips its feed's goals. */
export async function seedDemoImport(db: Db, club: number, football: number): Promise<void> {
  const settings = {
    accountId: club,
    sportId: football,
    provider: 'openfootball' as const,
    parse: { timeZone: 'Europe/London' },
    decisions: [],
    language: 'en' as const,
  };
  const { plan } = await prepareImport(db, settings, Buffer.from(JSON.stringify(season)));
  assertWritable(plan);
  const report = await applyImport(db, plan, noProgress);
  if (report.refused.length > 0) throw new Error(`The demo season refused rows: ${JSON.stringify(report.refused)}`);

  const teams = await db
    .select({ id: challengers.id, name: challengers.name })
    .from(challengers)
    .where(
      and(eq(challengers.accountId, club), inArray(challengers.name, [DEMO_FEED_MATCH.home, DEMO_FEED_MATCH.away])),
    );
  const teamId = (name: string) =>
    one(
      teams.filter((team) => team.name === name),
      `team ${name}`,
    ).id;
  const [where] = await db
    .select({ competition: competitions.id, season: seasons.id, round: rounds.id })
    .from(rounds)
    .innerJoin(seasons, eq(seasons.id, rounds.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(
      and(
        eq(competitions.accountId, club),
        eq(competitions.name, 'Riverside League'),
        eq(seasons.name, '2026-2027'),
        eq(rounds.name, DEMO_FEED_MATCH.round),
      ),
    )
    .limit(1);
  if (!where) throw new Error('The demo season has no Matchday 3');
  const home = teamId(DEMO_FEED_MATCH.home);
  const away = teamId(DEMO_FEED_MATCH.away);
  const fixture = one(
    await db
      .select()
      .from(seasonFixtures)
      .where(
        and(
          eq(seasonFixtures.seasonId, where.season),
          eq(seasonFixtures.homeChallengerId, home),
          eq(seasonFixtures.awayChallengerId, away),
        ),
      )
      .limit(1),
    'the recorded match’s fixture',
  );
  const event = one(
    await db
      .insert(events)
      .values({
        name: DEMO_FEED_MATCH.name,
        state: 'replay',
        startsAt: fixture.startsAt,
        sportId: football,
        competitionId: where.competition,
        seasonId: where.season,
        roundId: where.round,
        venue: fixture.venue,
        homeChallengerId: home,
        awayChallengerId: away,
        periods: [{ period: 1, startsAt: KICK_OFF_SECONDS }],
        accountId: club,
      })
      .returning(),
    'the recorded match',
  );
  await db.update(seasonFixtures).set({ eventId: event.id }).where(eq(seasonFixtures.id, fixture.id));

  const goal = one(
    await db
      .select({ id: markerTypes.id })
      .from(markerTypes)
      .where(and(eq(markerTypes.accountId, club), eq(markerTypes.code, 'goal')))
      .limit(1),
    'the club’s Goal marker type',
  );
  const [skin] = await db
    .select({ id: clipSkins.id })
    .from(clipSkins)
    .where(and(eq(clipSkins.accountId, club), eq(clipSkins.name, DEMO_SKIN_NAME)))
    .limit(1);
  // Its clips go to the producer's TikTok and YouTube once she approves them (issue 41 point 3):
  // the demo's first minutes leave the recorded match's goals in Medias › Approvals.
  const [producer] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'producer')).limit(1);
  await db.insert(clipRules).values({
    name: DEMO_FEED_RULE,
    markerTypeId: goal.id,
    markerSource: 'feed',
    beforeSeconds: 2,
    afterSeconds: 3,
    clipSkinId: skin?.id ?? null,
    publish: true,
    ...(producer
      ? {
          publishTargets: ['tiktok', 'youtube'],
          captionTemplate: DEMO_FEED_CAPTION,
          publishMode: 'approval' as const,
          publishAuthorId: producer.id,
        }
      : {}),
    accountId: club,
  });
}

/**
 * Once the demo video is stored: it becomes the recorded match's replay, the match's events file
 * is imported into it (markers through the default parser mapping, and the match's stats), and
 * the rule clips its two goals (the same runs the marker listener would make; once either way).
 */
export async function seedDemoFeedMatch(db: Db, video: VideoRow, log: JobLogger): Promise<void> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.accountId, video.accountId), eq(events.name, DEMO_FEED_MATCH.name)))
    .limit(1);
  if (!event) return;
  await db
    .update(events)
    .set({ videoId: video.id })
    .where(and(eq(events.id, event.id), isNull(events.videoId)));
  if (event.videoId !== null && event.videoId !== video.id) return;
  const feed = parseDocument('statsbomb', Buffer.from(JSON.stringify(match)), {});
  const report = await applyMatchDocument(db, {
    accountId: event.accountId,
    eventId: event.id,
    provider: 'statsbomb',
    feed,
    language: 'en',
  });
  const made = await db.select({ id: markers.id }).from(markers).where(eq(markers.eventId, event.id));
  for (const marker of made) await applyClipRules(db, marker.id);
  log.info({ eventId: event.id, created: report.created }, 'demo match events imported, its goals clipped by the rule');
}
