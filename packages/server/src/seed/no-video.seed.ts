import { DEMO_NO_VIDEO_MATCH } from '@regie/contract/demo';
import type { MatchSide } from '@regie/contract/match-events';
import { and, eq, inArray } from 'drizzle-orm';
import { ensureChat } from '../chat/chat.service.ts';
import { challengers } from '../db/actors.table.ts';
import type { Db } from '../db/database.ts';
import { events, markers } from '../db/events.table.ts';
import { markerTypes } from '../db/marker-types.table.ts';
import { sports } from '../db/sports.table.ts';
import { french, one } from './seed.rows.ts';

/** The second half kicked off an hour after the first (the timeline counts from the kick-off). */
const SECOND_HALF_SECONDS = 3600;
const MATCH_MS = 2 * 60 * 60 * 1000;

/** What the feed gave of the match: the marker type's code, period, clock, side, who. */
const MOMENTS: readonly { code: string; period: 1 | 2; minute: number; side: MatchSide; person: string }[] = [
  { code: 'goal', period: 1, minute: 17, side: 'away', person: 'Jordan Miles' },
  { code: 'yellow-card', period: 1, minute: 33, side: 'home', person: 'Kai Brennan' },
  { code: 'goal', period: 2, minute: 58, side: 'home', person: 'Nico Varga' },
  { code: 'substitution', period: 2, minute: 66, side: 'away', person: 'Samuel Okoro' },
  { code: 'goal', period: 2, minute: 81, side: 'away', person: 'Luca Bernardi' },
];

const TYPE_WORDS: Readonly<Record<string, string>> = {
  goal: 'Goal',
  'yellow-card': 'Yellow card',
  substitution: 'Substitution',
};

/**
 * The club's away match followed from the feed, without a picture (NO_VIDEO, issue 47.9): no
 * camera at Harbour City's ground, so its embed page shows the score, the clock and the timeline
 * beside the chat. Played before the recorded match (its date is fixed: the lists' order and the
 * other demos stay as they were), so it is over: full time, 1–2.
 */
export async function seedNoVideoDemo(db: Db, club: number): Promise<void> {
  const [football] = await db.select({ id: sports.id }).from(sports).where(eq(sports.name, 'Football')).limit(1);
  const sides = await db
    .select({ id: challengers.id, name: challengers.name })
    .from(challengers)
    .where(and(eq(challengers.accountId, club), inArray(challengers.name, ['Harbour City', 'Olympique Riverside FC'])));
  const sideId = (name: string) =>
    one(
      sides.filter((row) => row.name === name),
      name,
    ).id;
  const kickOff = new Date(DEMO_NO_VIDEO_MATCH.kickOff);
  const match = one(
    await db
      .insert(events)
      .values({
        name: DEMO_NO_VIDEO_MATCH.name,
        state: 'replay',
        startsAt: kickOff,
        endsAt: new Date(kickOff.getTime() + MATCH_MS),
        venue: 'Harbour Stadium',
        sportId: football?.id ?? null,
        homeChallengerId: sideId('Harbour City'),
        awayChallengerId: sideId('Olympique Riverside FC'),
        published: true,
        activatedModules: ['NO_VIDEO', 'EMBED', 'CHAT', 'MARKERS'],
        periods: [
          { period: 1, startsAt: 0 },
          { period: 2, startsAt: SECOND_HALF_SECONDS },
        ],
        accountId: club,
      })
      .returning(),
    'the data-only match',
  );
  await french(db, 'events', match.id, { name: DEMO_NO_VIDEO_MATCH.nameFr });
  const types = await db
    .select({ id: markerTypes.id, code: markerTypes.code })
    .from(markerTypes)
    .where(and(eq(markerTypes.accountId, club), inArray(markerTypes.code, Object.keys(TYPE_WORDS))));
  await db.insert(markers).values(
    MOMENTS.map((moment, index) => {
      const periodSeconds = (moment.minute - (moment.period === 1 ? 0 : 45)) * 60;
      return {
        eventId: match.id,
        accountId: club,
        markerTypeId: one(
          types.filter((type) => type.code === moment.code),
          moment.code,
        ).id,
        label: `${TYPE_WORDS[moment.code]}: ${moment.person}`,
        timeSeconds: (moment.period === 1 ? 0 : SECOND_HALF_SECONDS) + periodSeconds,
        period: moment.period,
        periodSeconds,
        provider: 'csv' as const,
        providerEventId: `demo-no-video-${index + 1}`,
        feedKey: moment.code,
        teamSide: moment.side,
        personName: moment.person,
      };
    }),
  );
  await ensureChat(db, match);
}
