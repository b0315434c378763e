import type {
  FeedMatchEvent,
  FeedMeaning,
  FeedParseOptions,
  FeedPerson,
  FeedRefusedRow,
  FeedStatKey,
  FeedStats,
  FeedTeam,
  ParsedFeed,
} from '@regie/contract/feeds';
import { FEED_MESSAGES } from '@regie/contract/feeds.messages';
import type { FeedAdapter } from './feeds.adapter.ts';
import { FeedError } from './feeds.adapter.ts';
import { elapsedClock } from './feeds.clock.ts';
import { parseJsonDocument } from './feeds.document.ts';

/**
 * StatsBomb open data (https://github.com/statsbomb/open-data, `doc/`: "Open Data Events v4.0.0"
 * and "Open Data Lineups v2.0.0"): one match's events file (a list of events, each with `id`,
 * `index`, `period`, `timestamp` restarting at each period, `minute` and `second` of the match
 * clock, `type`, `team`, `player`, `possession_team`, `duration` and the type's own object), and
 * its lineup file (a list of the two teams with their players and jersey numbers). The document
 * is the events list alone, or `{ events: [...], lineups: [...] }`.
 *
 * Keys (the parser mapping's): a shot 'Shot:<outcome>' ('Shot:Goal', 'Shot:Saved'), a penalty
 * goal 'Shot:Goal:Penalty'; 'Own Goal' for the pair 'Own Goal Against' + 'Own Goal For' (one
 * goal, counted for the team that benefits, the 'Own Goal For' side; the scorer is the
 * 'Against' event's player); 'Foul Committed:<card>' and 'Bad Behaviour:<card>' (Yellow Card,
 * Second Yellow, Red Card), 'Foul Committed' without a card; 'Substitution' (player off ↔
 * replacement); every other event by its type ('Pass', 'Carry', 'Half Start', …). Shots of the
 * penalty shoot-out (period 5) are 'Shot:Penalty Shootout:<outcome>': they decide the match but
 * are not goals, so no default meaning maps them.
 *
 * Clock: `periodSeconds` from `timestamp` (milliseconds kept); the clock shown is `minute` and
 * `second` with stoppage counted past the period's regular end (period 1 minute 47 → 45+2).
 */

const DOCUMENTATION = 'https://github.com/statsbomb/open-data/tree/master/doc';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const nameOf = (value: unknown): string | undefined => (isObject(value) ? text(value.name) : undefined);
const idOf = (value: unknown): string | undefined =>
  isObject(value) && (typeof value.id === 'number' || typeof value.id === 'string') ? String(value.id) : undefined;

/** The shot outcomes StatsBomb counts on target. */
const ON_TARGET = new Set(['Goal', 'Saved', 'Saved To Post']);
const SHOT_OUTCOMES = ['Goal', 'Saved', 'Saved To Post', 'Saved Off Target', 'Off T', 'Post', 'Wayward', 'Blocked'];
const CARDS = ['Yellow Card', 'Second Yellow', 'Red Card'] as const;
/** The event types of the Events v4 spec (the keys of those without a qualifier). */
const EVENT_TYPES = [
  '50/50',
  'Bad Behaviour',
  'Ball Receipt*',
  'Ball Recovery',
  'Block',
  'Camera On',
  'Camera off',
  'Carry',
  'Clearance',
  'Dispossessed',
  'Dribble',
  'Dribbled Past',
  'Duel',
  'Error',
  'Foul Committed',
  'Foul Won',
  'Goal Keeper',
  'Half End',
  'Half Start',
  'Injury Stoppage',
  'Interception',
  'Miscontrol',
  'Offside',
  'Pass',
  'Player Off',
  'Player On',
  'Pressure',
  'Referee Ball-Drop',
  'Shield',
  'Starting XI',
  'Tactical Shift',
];

/** 'HH:MM:SS.mmm' → seconds (milliseconds kept), or undefined. */
export function timestampSeconds(value: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/.exec(value);
  if (!match) return undefined;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (minutes > 59 || seconds > 59) return undefined;
  const millis = match[4] ? Math.round(Number(`0.${match[4]}`) * 1000) : 0;
  return ((hours * 3600 + minutes * 60 + seconds) * 1000 + millis) / 1000;
}

interface Read {
  event: Json;
  index: number;
  period: number;
  periodSeconds: number;
  minute: number;
  second: number;
  type: string;
}

function readEvents(events: unknown[], path: string, refused: FeedRefusedRow[]): Read[] {
  const read: Read[] = [];
  events.forEach((event, index) => {
    const ref = `${path}[${index}]`;
    const type = isObject(event) ? nameOf(event.type) : undefined;
    const period = isObject(event) ? event.period : undefined;
    if (!isObject(event) || !type || !Number.isInteger(period) || (period as number) < 1 || (period as number) > 5) {
      refused.push({ ref, reason: FEED_MESSAGES.rowNotEvent });
      return;
    }
    const minute = event.minute;
    const second = event.second ?? 0;
    if (!Number.isInteger(minute) || (minute as number) < 0 || (minute as number) > 200) {
      refused.push({ ref, reason: FEED_MESSAGES.rowBadMinute(String(minute ?? '')) });
      return;
    }
    if (!Number.isInteger(second) || (second as number) < 0 || (second as number) > 59) {
      refused.push({ ref, reason: FEED_MESSAGES.rowBadSecond(String(second)) });
      return;
    }
    let periodSeconds: number | undefined;
    if (event.timestamp !== undefined) {
      periodSeconds = typeof event.timestamp === 'string' ? timestampSeconds(event.timestamp) : undefined;
      if (periodSeconds === undefined) {
        refused.push({ ref, reason: FEED_MESSAGES.rowBadTimestamp(String(event.timestamp)) });
        return;
      }
    }
    const clock = elapsedClock(period as number, minute as number, second as number);
    read.push({
      event,
      index: Number.isInteger(event.index) ? (event.index as number) : index + 1,
      period: period as number,
      periodSeconds: periodSeconds ?? clock.periodSeconds,
      minute: minute as number,
      second: second as number,
      type,
    });
  });
  // Match order: by period, then StatsBomb's own sequence number.
  read.sort((a, b) => a.period - b.period || a.index - b.index);
  return read;
}

interface Roster {
  teams: Map<string, FeedTeam>;
  people: Map<string, FeedPerson>;
}

function readLineups(lineups: unknown, roster: Roster): void {
  if (lineups === undefined) return;
  if (!Array.isArray(lineups))
    throw new FeedError(FEED_MESSAGES.notStatsbombLineups('$.lineups'), { place: '$.lineups' });
  lineups.forEach((team, index) => {
    const path = `$.lineups[${index}]`;
    if (!isObject(team) || team.team_id === undefined || !text(team.team_name) || !Array.isArray(team.lineup)) {
      throw new FeedError(FEED_MESSAGES.notStatsbombLineups(path), { place: path });
    }
    const teamId = String(team.team_id);
    roster.teams.set(teamId, { providerId: teamId, name: text(team.team_name) as string });
    for (const player of team.lineup) {
      if (!isObject(player) || player.player_id === undefined || !text(player.player_name)) continue;
      const person: FeedPerson = {
        providerId: String(player.player_id),
        name: text(player.player_nickname) ?? (text(player.player_name) as string),
        teamProviderId: teamId,
      };
      if (Number.isInteger(player.jersey_number)) person.shirtNumber = player.jersey_number as number;
      const positions = Array.isArray(player.positions) ? player.positions : [];
      const position = isObject(positions[0]) ? text(positions[0].position) : undefined;
      if (position) person.position = position;
      roster.people.set(person.providerId, person);
    }
  });
}

function noteTeam(roster: Roster, value: unknown): string | undefined {
  const id = idOf(value);
  const name = nameOf(value);
  if (id && name && !roster.teams.has(id)) roster.teams.set(id, { providerId: id, name });
  return id;
}

function notePerson(roster: Roster, value: unknown, teamId: string | undefined): FeedPerson | undefined {
  const id = idOf(value);
  const name = nameOf(value);
  if (!id) return undefined;
  let person = roster.people.get(id);
  if (!person && name) {
    person = { providerId: id, name };
    if (teamId) person.teamProviderId = teamId;
    roster.people.set(id, person);
  }
  return person;
}

function keyOf(read: Read): string {
  const { event, type } = read;
  if (type === 'Shot') {
    const shot = isObject(event.shot) ? event.shot : {};
    const outcome = nameOf(shot.outcome) ?? 'Unknown';
    if (read.period === 5) return `Shot:Penalty Shootout:${outcome}`;
    if (outcome === 'Goal' && nameOf(shot.type) === 'Penalty') return 'Shot:Goal:Penalty';
    return `Shot:${outcome}`;
  }
  if (type === 'Foul Committed') {
    const card = isObject(event.foul_committed) ? nameOf(event.foul_committed.card) : undefined;
    return card ? `Foul Committed:${card}` : 'Foul Committed';
  }
  if (type === 'Bad Behaviour') {
    const card = isObject(event.bad_behaviour) ? nameOf(event.bad_behaviour.card) : undefined;
    return card ? `Bad Behaviour:${card}` : 'Bad Behaviour';
  }
  return type;
}

function labelOf(key: string, type: string, player: string | undefined, replacement: string | undefined): string {
  const who = player ?? '';
  const withName = (what: string) => (who ? `${what}: ${who}` : what);
  if (key === 'Shot:Goal') return withName('Goal');
  if (key === 'Shot:Goal:Penalty') return `${withName('Goal')} (pen.)`;
  if (key === 'Own Goal') return `${withName('Goal')} (o.g.)`;
  if (key.endsWith(':Yellow Card')) return withName('Yellow card');
  if (key.endsWith(':Second Yellow')) return withName('Second yellow card');
  if (key.endsWith(':Red Card')) return withName('Red card');
  if (key === 'Substitution') return `Substitution: ${who} ↔ ${replacement ?? ''}`.trim();
  if (type === 'Shot') return withName(`Shot (${key.split(':').pop()})`);
  return withName(type);
}

/** Each team's figures (FEED_STAT_KEYS) from the events; see the adapter's notes below. */
function statsOf(reads: Read[], teamIds: string[]): FeedStats {
  const stats: FeedStats = {};
  const zero = (): Partial<Record<FeedStatKey, number>> => ({
    shots: 0,
    shotsOnTarget: 0,
    fouls: 0,
    yellowCards: 0,
    redCards: 0,
    corners: 0,
  });
  for (const id of teamIds) stats[id] = zero();
  const add = (teamId: string | undefined, key: FeedStatKey) => {
    if (!teamId) return;
    stats[teamId] ??= zero();
    const figures = stats[teamId];
    figures[key] = (figures[key] ?? 0) + 1;
  };
  const possessionSeconds = new Map<string, number>();
  for (let index = 0; index < reads.length; index++) {
    const read = reads[index] as Read;
    const { event } = read;
    const teamId = idOf(event.team);
    if (read.type === 'Shot' && read.period < 5) {
      add(teamId, 'shots');
      if (ON_TARGET.has(nameOf(isObject(event.shot) ? event.shot.outcome : undefined) ?? ''))
        add(teamId, 'shotsOnTarget');
    }
    if (read.type === 'Foul Committed') add(teamId, 'fouls');
    const card =
      read.type === 'Foul Committed' && isObject(event.foul_committed)
        ? nameOf(event.foul_committed.card)
        : read.type === 'Bad Behaviour' && isObject(event.bad_behaviour)
          ? nameOf(event.bad_behaviour.card)
          : undefined;
    if (card === 'Yellow Card') add(teamId, 'yellowCards');
    if (card === 'Red Card' || card === 'Second Yellow') add(teamId, 'redCards');
    if (read.type === 'Pass' && isObject(event.pass) && nameOf(event.pass.type) === 'Corner') add(teamId, 'corners');
    // Possession: the time from each event to the next one of the same period, credited to the
    // event's possession_team (shoot-out excluded).
    const next = reads[index + 1];
    const owner = idOf(event.possession_team);
    if (owner && next && next.period === read.period && read.period < 5) {
      const seconds = Math.max(0, next.periodSeconds - read.periodSeconds);
      possessionSeconds.set(owner, (possessionSeconds.get(owner) ?? 0) + seconds);
    }
  }
  const total = [...possessionSeconds.values()].reduce((sum, seconds) => sum + seconds, 0);
  if (total > 0) {
    const owners = Object.keys(stats);
    let given = 0;
    owners.forEach((id, index) => {
      const figures = stats[id] as Partial<Record<FeedStatKey, number>>;
      // Whole percents adding up to 100: the last team gets the rest.
      const share =
        index === owners.length - 1 ? 100 - given : Math.round(((possessionSeconds.get(id) ?? 0) / total) * 100);
      figures.possession = share;
      given += share;
    });
  }
  return stats;
}

function parse(document: string | Buffer, _options: FeedParseOptions = {}): ParsedFeed {
  const root = parseJsonDocument(document);
  let events: unknown[];
  let eventsPath = '$';
  const roster: Roster = { teams: new Map(), people: new Map() };
  if (Array.isArray(root)) events = root;
  else if (isObject(root) && Array.isArray(root.events)) {
    events = root.events;
    eventsPath = '$.events';
    readLineups(root.lineups, roster);
  } else throw new FeedError(FEED_MESSAGES.notStatsbomb);
  // A list none of whose elements is an event is another kind of document (a lineup file, a
  // matches list): refused whole, not row by row.
  const looksLikeEvent = (event: unknown) =>
    isObject(event) && nameOf(event.type) !== undefined && event.period !== undefined;
  if (events.length > 0 && !events.some(looksLikeEvent)) throw new FeedError(FEED_MESSAGES.notStatsbomb);

  const refused: FeedRefusedRow[] = [];
  const reads = readEvents(events, eventsPath, refused);
  for (const read of reads) noteTeam(roster, read.event.team);
  const teamIds = [...roster.teams.keys()];

  // Own goals: the 'Against' event (the scorer, their team) and the 'For' one (the team that
  // benefits) are one goal; paired by period and time, within two seconds.
  const againsts = reads.filter((read) => read.type === 'Own Goal Against');
  const fors = reads.filter((read) => read.type === 'Own Goal For');
  const pairOf = new Map<Read, Read>();
  for (const forRead of fors) {
    const against = againsts.find(
      (candidate) =>
        ![...pairOf.values()].includes(candidate) &&
        candidate.period === forRead.period &&
        Math.abs(candidate.periodSeconds - forRead.periodSeconds) <= 2,
    );
    if (against) pairOf.set(forRead, against);
  }
  const paired = new Set(pairOf.values());

  const matchEvents: FeedMatchEvent[] = [];
  for (const read of reads) {
    const { event } = read;
    if (read.type === 'Own Goal Against' && paired.has(read)) continue;
    let teamId = idOf(event.team);
    let playerValue: unknown = event.player;
    let key = keyOf(read);
    if (read.type === 'Own Goal For') {
      key = 'Own Goal';
      playerValue = pairOf.get(read)?.event.player;
    } else if (read.type === 'Own Goal Against') {
      // Alone (the 'For' event missing): the goal counts for the other team.
      key = 'Own Goal';
      const scorerTeam = teamId;
      teamId = teamIds.find((id) => id !== scorerTeam) ?? teamId;
      notePerson(roster, event.player, scorerTeam);
      playerValue = event.player;
    }
    const playerTeam = read.type === 'Own Goal For' ? idOf(pairOf.get(read)?.event.team) : teamId;
    const person = notePerson(roster, playerValue, playerTeam);
    const substitution = isObject(event.substitution) ? event.substitution : undefined;
    const replacement = substitution ? notePerson(roster, substitution.replacement, teamId) : undefined;
    const clock = elapsedClock(read.period, read.minute, read.second);
    const made: FeedMatchEvent = {
      providerId: text(event.id) ?? idOf(event) ?? `${read.period}:${read.index}`,
      key,
      period: read.period,
      periodSeconds: read.periodSeconds,
      minute: clock.minute,
      second: read.second,
      label: labelOf(key, read.type, person?.name ?? nameOf(playerValue), replacement?.name),
    };
    if (clock.stoppage) made.stoppage = clock.stoppage;
    if (teamId) made.teamProviderId = teamId;
    if (person) {
      made.personProviderId = person.providerId;
      made.personName = person.name;
    }
    matchEvents.push(made);
  }

  const parsed: ParsedFeed = {
    provider: 'statsbomb',
    teams: [...roster.teams.values()],
    people: [...roster.people.values()],
    fixtures: [],
    matchEvents,
    stats: statsOf(reads, teamIds),
  };
  if (refused.length > 0) parsed.refused = refused;
  return parsed;
}

const cardMeaning = (card: (typeof CARDS)[number]): FeedMeaning => (card === 'Yellow Card' ? 'yellowCard' : 'redCard');

export const statsbombAdapter: FeedAdapter = {
  provider: 'statsbomb',
  documentation: DOCUMENTATION,
  gives: { fixtures: false, matchEvents: true, stats: true },
  eventKeys: [
    { key: 'Shot:Goal', meaning: 'goal' },
    { key: 'Shot:Goal:Penalty', meaning: 'penaltyGoal' },
    { key: 'Own Goal', meaning: 'ownGoal' },
    ...CARDS.flatMap((card) => [
      { key: `Foul Committed:${card}`, meaning: cardMeaning(card) },
      { key: `Bad Behaviour:${card}`, meaning: cardMeaning(card) },
    ]),
    { key: 'Substitution', meaning: 'substitution' },
    ...SHOT_OUTCOMES.filter((outcome) => outcome !== 'Goal').map((outcome) => ({ key: `Shot:${outcome}` })),
    ...SHOT_OUTCOMES.map((outcome) => ({ key: `Shot:Penalty Shootout:${outcome}` })),
    ...EVENT_TYPES.map((type) => ({ key: type })),
  ],
  parse,
};
