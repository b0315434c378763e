import type {
  FeedFixture,
  FeedMatchEvent,
  FeedParseOptions,
  FeedRefusedRow,
  FeedScore,
  FeedTeam,
  ParsedFeed,
} from '@regie/contract/feeds';
import { FEED_MESSAGES } from '@regie/contract/feeds.messages';
import type { FeedAdapter } from './feeds.adapter.ts';
import { FeedError } from './feeds.adapter.ts';
import { reportedMinute } from './feeds.clock.ts';
import { calendarDate, checkTimeZone, kickOff, nameId, parseJsonDocument, readTime } from './feeds.document.ts';

/**
 * openfootball's football.json (https://github.com/openfootball/football.json, format notes in
 * its README; World Cups in https://github.com/openfootball/worldcup.json), as published:
 *
 * - the current shape: `{ name, matches: [{ round, date, time, team1, team2, score: { ft, ht,
 *   et, p }, goals1, goals2, group, ground }] }`, teams as names, `time` 'HH:mm' local or
 *   'HH:mm UTC+3';
 * - the older one: `{ name, rounds: [{ name, matches: [...] }] }`, teams as objects `{ name,
 *   code }`, the score as `score1`/`score2` (`score1i`/`score2i` at half time, `score1et`…,
 *   `score1p`…), `stadium` `{ name }` and `city`, `timezone` 'UTC-3'.
 *
 * Goals (`goals1` for team1, `goals2` for team2, own goals included: the list is the side the
 * goal counts for) become match events keyed 'goal', 'goal:penalty' and 'goal:owngoal', placed
 * on the match clock by their minute and `offset` (45+2, 90+5, extra time 91–120).
 *
 * Ids, for in-place re-imports: a team's is its name (nameId); a fixture's its date and its two
 * teams ('2024-08-16:manchester-united-fc-fulham-fc'), so that an updated score or kick-off time
 * keeps it (a match moved to another day becomes another fixture); a goal's its side, minute and
 * scorer ('1:45+2:neymar', '#2' when the same scorer scores twice in the same minute).
 */

const DOCUMENTATION = 'https://github.com/openfootball/football.json';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function teamName(value: unknown): string | undefined {
  if (isObject(value)) return text(value.name) ?? text(value.title) ?? text(value.code) ?? text(value.key);
  return text(value);
}

function pair(value: unknown): [number, number] | undefined {
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [a, b] = value;
  return Number.isInteger(a) && Number.isInteger(b) && (a as number) >= 0 && (b as number) >= 0
    ? [a as number, b as number]
    : undefined;
}

function scoreOf(match: Json): FeedScore | undefined {
  const score: FeedScore = {};
  if (isObject(match.score)) {
    for (const key of ['ft', 'ht', 'et', 'p'] as const) {
      const value = pair(match.score[key]);
      if (value) score[key] = value;
    }
  } else {
    // The older shape: score1/score2 at full time, …i at half time, …et after extra time, …p on penalties.
    const old = { ft: '', ht: 'i', et: 'et', p: 'p' } as const;
    for (const [key, suffix] of Object.entries(old) as [keyof FeedScore, string][]) {
      const value = pair([match[`score1${suffix}`], match[`score2${suffix}`]]);
      if (value) score[key] = value;
    }
  }
  return Object.keys(score).length > 0 ? score : undefined;
}

function groundOf(match: Json): string | undefined {
  if (text(match.ground)) return text(match.ground);
  if (isObject(match.ground)) return text(match.ground.name);
  const stadium = isObject(match.stadium) ? text(match.stadium.name) : text(match.stadium);
  const city = text(match.city);
  return stadium && city ? `${stadium}, ${city}` : (stadium ?? city);
}

/** "English Premier League 2024/25" → competition "English Premier League", season "2024/25". */
export function splitCompetitionName(name: string): { competition: string; season?: string } {
  const match = /^(.*?)[\s,–-]+((?:19|20)\d{2}(?:\s*[/-]\s*\d{2,4})?)$/.exec(name.trim());
  if (!match?.[1]) return { competition: name.trim() };
  return { competition: match[1].trim(), season: match[2]?.replace(/\s+/g, '') };
}

interface Context {
  timeZone: string;
  refused: FeedRefusedRow[];
  teams: Map<string, FeedTeam>;
  fixtureIds: Map<string, number>;
}

function team(context: Context, name: string): string {
  const providerId = nameId(name) || name;
  if (!context.teams.has(providerId)) context.teams.set(providerId, { providerId, name });
  return providerId;
}

function readMatch(context: Context, match: unknown, path: string, roundName: string | undefined): FeedFixture | null {
  const refuse = (reason: FeedRefusedRow['reason']) => {
    context.refused.push({ ref: path, reason });
    return null;
  };
  if (!isObject(match)) return refuse(FEED_MESSAGES.rowNoDate);
  const date = text(match.date);
  if (!date) return refuse(FEED_MESSAGES.rowNoDate);
  const dateMatch = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(date);
  const day = dateMatch ? calendarDate(Number(dateMatch[1]), Number(dateMatch[2]), Number(dateMatch[3])) : undefined;
  if (!day) return refuse(FEED_MESSAGES.rowBadDate(date));
  const homeName = teamName(match.team1);
  if (!homeName) return refuse(FEED_MESSAGES.rowNoTeam('home'));
  const awayName = teamName(match.team2);
  if (!awayName) return refuse(FEED_MESSAGES.rowNoTeam('away'));
  if (nameId(homeName) === nameId(awayName)) return refuse(FEED_MESSAGES.rowSameTeams(homeName));

  let startsAt: string = day;
  let dateOnly = true;
  const timeText = text(match.time);
  if (timeText) {
    const zoneText = text(match.timezone);
    const time = readTime(zoneText && !/UTC|GMT|[+-]\d/i.test(timeText) ? `${timeText} ${zoneText}` : timeText);
    if (!time) return refuse(FEED_MESSAGES.rowBadTime(timeText));
    startsAt = kickOff(
      day,
      time.hour,
      time.minute,
      time.second,
      time.offsetMinutes === undefined ? { timeZone: context.timeZone } : { offsetMinutes: time.offsetMinutes },
    );
    dateOnly = false;
  }

  const home = team(context, homeName);
  const away = team(context, awayName);
  let providerId = `${day}:${home}-${away}`;
  const seen = context.fixtureIds.get(providerId) ?? 0;
  context.fixtureIds.set(providerId, seen + 1);
  if (seen > 0) providerId = `${providerId}#${seen + 1}`;

  const fixture: FeedFixture = { providerId, startsAt, homeTeamProviderId: home, awayTeamProviderId: away };
  if (dateOnly) fixture.dateOnly = true;
  const round = text(match.round) ?? roundName;
  if (round) fixture.round = round;
  const group = text(match.group);
  if (group) fixture.group = group;
  const venue = groundOf(match);
  if (venue) fixture.venue = venue;
  const score = scoreOf(match);
  if (score) fixture.score = score;
  const goals = [
    ...readGoals(context, match.goals1, `${path}.goals1`, 1, home),
    ...readGoals(context, match.goals2, `${path}.goals2`, 2, away),
  ];
  if (goals.length > 0) {
    goals.sort((a, b) => a.period - b.period || a.periodSeconds - b.periodSeconds);
    fixture.matchEvents = goals;
  }
  return fixture;
}

function readGoals(context: Context, goals: unknown, path: string, side: 1 | 2, teamId: string): FeedMatchEvent[] {
  if (goals === undefined || goals === null) return [];
  if (!Array.isArray(goals)) {
    context.refused.push({ ref: path, reason: FEED_MESSAGES.rowNoScorer });
    return [];
  }
  const made: FeedMatchEvent[] = [];
  const ids = new Map<string, number>();
  goals.forEach((goal: unknown, index) => {
    const ref = `${path}[${index}]`;
    if (!isObject(goal) || !text(goal.name)) {
      context.refused.push({ ref, reason: FEED_MESSAGES.rowNoScorer });
      return;
    }
    const name = text(goal.name) as string;
    const minute = goal.minute;
    if (!Number.isInteger(minute) || (minute as number) < 0 || (minute as number) > 150) {
      context.refused.push({ ref, reason: FEED_MESSAGES.rowBadMinute(String(minute ?? '')) });
      return;
    }
    const offset = goal.offset ?? 0;
    if (!Number.isInteger(offset) || (offset as number) < 0 || (offset as number) > 30) {
      context.refused.push({ ref, reason: FEED_MESSAGES.rowBadOffset(String(offset)) });
      return;
    }
    const place = reportedMinute(minute as number, offset as number);
    const clock = offset ? `${minute}+${offset}` : String(minute);
    let providerId = `${side}:${clock}:${nameId(name)}`;
    const seen = ids.get(providerId) ?? 0;
    ids.set(providerId, seen + 1);
    if (seen > 0) providerId = `${providerId}#${seen + 1}`;
    const ownGoal = goal.owngoal === true;
    const penalty = goal.penalty === true;
    const event: FeedMatchEvent = {
      providerId,
      key: ownGoal ? 'goal:owngoal' : penalty ? 'goal:penalty' : 'goal',
      ...place,
      teamProviderId: teamId,
      personName: name,
      label: `Goal: ${name}${ownGoal ? ' (o.g.)' : penalty ? ' (pen.)' : ''}`,
    };
    made.push(event);
  });
  return made;
}

function parse(document: string | Buffer, options: FeedParseOptions = {}): ParsedFeed {
  const timeZone = options.timeZone ?? 'UTC';
  checkTimeZone(timeZone);
  const root = parseJsonDocument(document);
  if (!isObject(root) || (root.matches === undefined && root.rounds === undefined)) {
    throw new FeedError(FEED_MESSAGES.notOpenfootball);
  }
  const context: Context = { timeZone, refused: [], teams: new Map(), fixtureIds: new Map() };
  const fixtures: FeedFixture[] = [];
  const add = (fixture: FeedFixture | null) => {
    if (fixture) fixtures.push(fixture);
  };
  if (root.matches !== undefined) {
    if (!Array.isArray(root.matches))
      throw new FeedError(FEED_MESSAGES.notOpenfootballList('$.matches'), { place: '$.matches' });
    root.matches.forEach((match: unknown, index) => {
      add(readMatch(context, match, `$.matches[${index}]`, undefined));
    });
  }
  if (root.rounds !== undefined) {
    if (!Array.isArray(root.rounds))
      throw new FeedError(FEED_MESSAGES.notOpenfootballList('$.rounds'), { place: '$.rounds' });
    root.rounds.forEach((round: unknown, roundIndex) => {
      const path = `$.rounds[${roundIndex}]`;
      if (!isObject(round) || !Array.isArray(round.matches)) {
        throw new FeedError(FEED_MESSAGES.notOpenfootballList(`${path}.matches`), { place: `${path}.matches` });
      }
      const roundName = text(round.name);
      round.matches.forEach((match: unknown, index) => {
        add(readMatch(context, match, `${path}.matches[${index}]`, roundName));
      });
    });
  }

  const parsed: ParsedFeed = {
    provider: 'openfootball',
    teams: [...context.teams.values()],
    people: [],
    fixtures,
    matchEvents: [],
  };
  const name = text(root.name);
  if (name) {
    const { competition, season } = splitCompetitionName(name);
    parsed.competition = { providerId: nameId(competition) || competition, name: competition };
    if (season) parsed.season = { providerId: `${parsed.competition.providerId}:${nameId(season)}`, name: season };
  }
  if (context.refused.length > 0) parsed.refused = context.refused;
  return parsed;
}

export const openfootballAdapter: FeedAdapter = {
  provider: 'openfootball',
  documentation: DOCUMENTATION,
  gives: { fixtures: true, matchEvents: true, stats: false },
  eventKeys: [
    { key: 'goal', meaning: 'goal' },
    { key: 'goal:penalty', meaning: 'penaltyGoal' },
    { key: 'goal:owngoal', meaning: 'ownGoal' },
  ],
  parse,
};
