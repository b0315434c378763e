import type { EmbedMatch, EmbedMatchMoment, EmbedMatchTeam } from '@regie/contract/embed.schemas';
import type { PeriodStart } from '@regie/contract/match-clock';
import { EMBED_MATCH_TIMELINE_MAX, GOAL_TYPE_CODE } from '@regie/contract/no-video';
import { IMAGES_PATH } from '@regie/contract/uploads';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { playerOf } from '../clip-rules/clip-rules.caption.ts';
import { minuteOf } from '../clips/clip-title.ts';
import { challengers } from '../db/actors.table.ts';
import type { Db } from '../db/database.ts';
import { markers } from '../db/events.table.ts';
import { markerTypes } from '../db/marker-types.table.ts';

/**
 * A data-only match's page data (NO_VIDEO, contract no-video.ts): its teams, score, periods on the
 * wall clock and timeline. Two reads (the teams, the markers with their types), made once a second
 * at most per page: the view's micro-cache and the front cache keep the answer (embed.routes.ts).
 */

/** What an event's embed knows of a data-only match, read with the event itself (embed.events.ts). */
export interface DataOnlyMatch {
  eventId: number;
  /** Second 0 of its timeline: its kick-off as scheduled (no video to count from). */
  kickOff: Date;
  periods: readonly PeriodStart[];
  homeChallengerId: number | null;
  awayChallengerId: number | null;
}

/** The home and away teams of the account, by id. */
async function teamsOf(db: Db, accountId: number, match: DataOnlyMatch) {
  const ids = [match.homeChallengerId, match.awayChallengerId].filter((id): id is number => id !== null);
  if (ids.length === 0) return { home: null, away: null };
  const rows = await db
    .select({ id: challengers.id, name: challengers.name, picture: challengers.picture })
    .from(challengers)
    .where(and(inArray(challengers.id, ids), eq(challengers.accountId, accountId)));
  const team = (id: number | null): EmbedMatchTeam | null => {
    const row = rows.find((candidate) => candidate.id === id);
    return row ? { name: row.name, crestUrl: row.picture ? `${IMAGES_PATH}/${row.picture}` : null } : null;
  };
  return { home: team(match.homeChallengerId), away: team(match.awayChallengerId) };
}

/** The event's markers as the timeline's moments, newest first. */
async function momentsOf(db: Db, accountId: number, match: DataOnlyMatch): Promise<EmbedMatchMoment[]> {
  const rows = await db
    .select({
      id: markers.id,
      label: markers.label,
      timeSeconds: markers.timeSeconds,
      period: markers.period,
      periodSeconds: markers.periodSeconds,
      teamSide: markers.teamSide,
      personName: markers.personName,
      code: markerTypes.code,
      typeName: markerTypes.name,
    })
    .from(markers)
    .leftJoin(markerTypes, eq(markerTypes.id, markers.markerTypeId))
    .where(and(eq(markers.eventId, match.eventId), eq(markers.accountId, accountId)))
    .orderBy(desc(markers.timeSeconds), desc(markers.id));
  return rows.map((row) => ({
    id: row.id,
    minute: minuteOf({ eventName: '', periods: [...match.periods], marker: row, typeName: row.typeName }),
    code: row.code,
    type: row.typeName,
    label: row.label,
    side: row.teamSide,
    // The feed names its player in its label ("Goal: Ada Striker"); a hand-made label is the moment's words.
    person: row.personName ?? playerOf(row.label, row.typeName) ?? null,
  }));
}

/** Goals by side: the markers of the 'goal' type that know their side. */
export function scoreOf(moments: readonly EmbedMatchMoment[]): EmbedMatch['score'] {
  const goals = (side: 'home' | 'away') =>
    moments.filter((moment) => moment.code === GOAL_TYPE_CODE && moment.side === side).length;
  return { home: goals('home'), away: goals('away') };
}

/** The match part of a data-only event's page: `over` once the event is past its live. */
export async function matchOf(db: Db, accountId: number, match: DataOnlyMatch, over: boolean): Promise<EmbedMatch> {
  const [teams, moments] = await Promise.all([teamsOf(db, accountId, match), momentsOf(db, accountId, match)]);
  const zero = match.kickOff.getTime();
  return {
    ...teams,
    score: scoreOf(moments),
    periods: match.periods.map((entry) => ({
      period: entry.period,
      kickOffAt: new Date(zero + entry.startsAt * 1000).toISOString(),
    })),
    over,
    timeline: moments.slice(0, EMBED_MATCH_TIMELINE_MAX),
  };
}
