import {
  DATA_IMPORT_MESSAGES,
  type ImportAction,
  type ImportDecision,
  type ImportMatchBy,
  type ImportName,
  type ImportNameKind,
  type ImportPreview,
} from '@regie/contract/data-import';
import type { FeedFixture, FeedProvider, ParsedFeed } from '@regie/contract/feeds';
import type { Message } from '@regie/contract/messages';
import { renderMessage } from '@regie/contract/messages.render';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { challengers } from '../db/actors.table.ts';
import { competitions, rounds, seasons } from '../db/competitions.table.ts';
import type { Db } from '../db/database.ts';
import { type ProviderRefEntity, providerRefs, seasonFixtures } from '../db/feeds.table.ts';
import { badRequest } from '../http/http.errors.ts';
import type { MessageLanguage } from '../http/localize.ts';
import { digestOf, findByName, refKey, roundProviderId } from './data-import.names.ts';

/**
 * What importing a parsed document into an account would do, read from the database without
 * writing: each name of the document resolved to a record (the user's decision first, then the
 * provider ref of an earlier import, then the name among the account's records) or to nothing
 * (created), and each fixture's fate. The preview shows it; the job writes it (data-import.apply.ts).
 */

export interface PlanInput {
  accountId: number;
  sportId: number;
  feed: ParsedFeed;
  decisions: readonly ImportDecision[];
  language: MessageLanguage;
}

export interface RefRow {
  id: number;
  recordId: number;
  digest: string | null;
}

/** A name of the document and the record it resolved to (null: to create). */
export interface PlannedName extends ImportName {
  entity: ProviderRefEntity;
  /** The provider ref of an earlier import, when its record still exists. */
  providerRef: RefRow | null;
  /** A round's place in the season (new rounds are numbered after the season's last). */
  number?: number;
}

export interface PlannedFixture {
  fixture: FeedFixture;
  round: PlannedName | null;
  home: PlannedName;
  away: PlannedName;
  startsAt: Date;
  /** The season_fixtures row of an earlier import. */
  existing: { id: number; eventId: number | null } | null;
  providerRef: RefRow | null;
  action: ImportAction;
}

export interface Refused {
  kind: string;
  ref: string;
  reason: string;
}

export interface ImportPlan {
  provider: FeedProvider;
  accountId: number;
  sportId: number;
  feed: ParsedFeed;
  competition: PlannedName | null;
  season: PlannedName | null;
  rounds: PlannedName[];
  teams: Map<string, PlannedName>;
  fixtures: PlannedFixture[];
  refused: Refused[];
}

interface Named {
  id: number;
  name: string;
}

/** What the import writes into a fixture, by record ids: equal digests, nothing to write. */
export function fixtureDigest(values: {
  seasonId: number;
  roundId: number | null;
  homeChallengerId: number;
  awayChallengerId: number;
  startsAt: Date;
  dateOnly: boolean;
  venue: string;
  score: unknown;
}): string {
  return digestOf({ ...values, startsAt: values.startsAt.toISOString() });
}

/**
 * `column = any($1)`: a document's hundreds of provider ids as one array parameter (an IN list
 * of one parameter each took longer to build than to run).
 */
export function anyOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}

class Planner {
  readonly refs = new Map<string, RefRow>();
  readonly decisions = new Map<string, ImportDecision>();
  readonly used = new Set<string>();

  constructor(
    readonly db: Db,
    readonly input: PlanInput,
  ) {
    for (const decision of input.decisions) this.decisions.set(`${decision.kind}\u0000${decision.ref}`, decision);
  }

  reason(message: Message): string {
    return renderMessage(message, this.input.language);
  }

  async loadRefs(ids: { entity: ProviderRefEntity; providerId: string }[]): Promise<void> {
    const providerIds = [...new Set(ids.map((id) => id.providerId))];
    if (providerIds.length === 0) return;
    const rows = await this.db
      .select()
      .from(providerRefs)
      .where(
        and(
          eq(providerRefs.accountId, this.input.accountId),
          eq(providerRefs.provider, this.input.feed.provider),
          anyOf(providerRefs.providerId, providerIds),
        ),
      );
    for (const row of rows) this.refs.set(refKey(row.entity, row.providerId), row);
  }

  /**
   * Resolves one name: decision, provider ref (its record still there), name among `candidates`.
   * `exists` says whether a record id of this kind is the account's (and under the right parent).
   */
  /**
   * Resolves one name: decision, provider ref (its record still there), name among `candidates`.
   * `decidable` finds a record the user picked outside the candidates (refused when it is not the
   * account's, or under another parent).
   */
  async resolve(
    kind: ImportNameKind,
    entity: ProviderRefEntity,
    ref: string,
    name: string,
    candidates: readonly Named[],
    decidable: (id: number) => Promise<Named | undefined>,
  ): Promise<PlannedName> {
    const decisionKey = `${kind}\u0000${ref}`;
    const decision = this.decisions.get(decisionKey);
    this.used.add(decisionKey);
    const row = ref ? (this.refs.get(refKey(entity, ref)) ?? null) : null;
    const byRef = row ? candidates.find((candidate) => candidate.id === row.recordId) : undefined;
    const planned = (match: ImportName['match']): PlannedName => ({
      kind,
      entity,
      ref,
      name,
      match,
      providerRef: row && match && row.recordId === match.id ? row : null,
    });
    if (decision) {
      if (decision.recordId === null) return this.checkFree(planned(null), candidates);
      const record =
        candidates.find((candidate) => candidate.id === decision.recordId) ?? (await decidable(decision.recordId));
      if (!record) throw badRequest(DATA_IMPORT_MESSAGES.decisionNotFound(kind, decision.recordId));
      return planned(this.match(record, 'decision'));
    }
    if (byRef) return planned(this.match(byRef, 'provider'));
    const byName = name ? findByName(candidates, name) : undefined;
    return planned(byName ? this.match(byName, 'name') : null);
  }

  private match(record: Named, by: ImportMatchBy) {
    return { id: record.id, name: record.name, by };
  }

  /** A name to create must not take the exact name of another record (unique in the database). */
  private checkFree(name: PlannedName, candidates: readonly Named[]): PlannedName {
    if (name.name && candidates.some((candidate) => candidate.name === name.name)) {
      throw badRequest(DATA_IMPORT_MESSAGES.nameTaken(name.kind, name.name));
    }
    return name;
  }

  async competitionOf(): Promise<PlannedName | null> {
    const { feed, accountId } = this.input;
    const candidates = await this.db
      .select({ id: competitions.id, name: competitions.name })
      .from(competitions)
      .where(eq(competitions.accountId, accountId));
    const ref = feed.competition?.providerId ?? '';
    return this.resolve(
      'competition',
      'competition',
      ref,
      feed.competition?.name ?? '',
      candidates,
      async () => undefined,
    );
  }

  async seasonOf(competition: PlannedName | null): Promise<PlannedName | null> {
    const { feed, accountId } = this.input;
    const competitionId = competition?.match?.id;
    const candidates = competitionId
      ? await this.db
          .select({ id: seasons.id, name: seasons.name })
          .from(seasons)
          .where(and(eq(seasons.accountId, accountId), eq(seasons.competitionId, competitionId)))
      : [];
    const decidable = async (id: number) => {
      const [season] = await this.db
        .select({ id: seasons.id, name: seasons.name })
        .from(seasons)
        .where(and(eq(seasons.id, id), eq(seasons.accountId, accountId)));
      if (season) throw badRequest(DATA_IMPORT_MESSAGES.decisionWrongParent('season', id));
      return season;
    };
    const ref = feed.season?.providerId ?? '';
    return this.resolve('season', 'season', ref, feed.season?.name ?? '', candidates, decidable);
  }

  async roundsOf(season: PlannedName | null, fixtures: readonly FeedFixture[]): Promise<PlannedName[]> {
    const { accountId } = this.input;
    const seasonId = season?.match?.id;
    const existing = seasonId
      ? await this.db
          .select({ id: rounds.id, name: rounds.name, number: rounds.number })
          .from(rounds)
          .where(and(eq(rounds.accountId, accountId), eq(rounds.seasonId, seasonId)))
      : [];
    // The season's rounds in the order they are first played.
    const firstPlayed = new Map<string, string>();
    for (const fixture of fixtures) {
      if (!fixture.round) continue;
      const known = firstPlayed.get(fixture.round);
      if (known === undefined || fixture.startsAt < known) firstPlayed.set(fixture.round, fixture.startsAt);
    }
    const names = [...firstPlayed.entries()].sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name]) => name);
    let next = existing.reduce((highest, round) => Math.max(highest, round.number), 0);
    const planned: PlannedName[] = [];
    for (const name of names) {
      const decidable = async (id: number) => {
        const [round] = await this.db
          .select({ id: rounds.id, name: rounds.name })
          .from(rounds)
          .where(and(eq(rounds.id, id), eq(rounds.accountId, accountId)));
        if (round) throw badRequest(DATA_IMPORT_MESSAGES.decisionWrongParent('round', id));
        return round;
      };
      const round = await this.resolve(
        'round',
        'round',
        roundProviderId(season?.ref ?? '', name),
        name,
        existing,
        decidable,
      );
      if (!round.match) {
        next += 1;
        round.number = next;
      }
      planned.push(round);
    }
    return planned;
  }

  async teamsOf(): Promise<Map<string, PlannedName>> {
    const { feed, accountId } = this.input;
    const rows = await this.db
      .select({ id: challengers.id, name: challengers.name, type: challengers.type })
      .from(challengers)
      .where(eq(challengers.accountId, accountId));
    // Teams before players of the same name.
    const candidates = [...rows].sort((a, b) => Number(b.type === 'team') - Number(a.type === 'team'));
    const teams = new Map<string, PlannedName>();
    for (const team of feed.teams) {
      const planned = await this.resolve(
        'challenger',
        'challenger',
        team.providerId,
        team.name,
        candidates.filter((candidate) => candidate.type === 'team' || team.name !== candidate.name),
        async () => undefined,
      );
      teams.set(team.providerId, planned);
    }
    return teams;
  }
}

/** Resolves every name and fixture of the document against the account's records. */
export async function planImport(db: Db, input: PlanInput): Promise<ImportPlan> {
  const planner = new Planner(db, input);
  const { feed } = input;
  const hasFixtures = feed.fixtures.length > 0;
  await planner.loadRefs([
    ...(feed.competition ? [{ entity: 'competition' as const, providerId: feed.competition.providerId }] : []),
    ...(feed.season ? [{ entity: 'season' as const, providerId: feed.season.providerId }] : []),
    ...feed.teams.map((team) => ({ entity: 'challenger' as const, providerId: team.providerId })),
    ...feed.fixtures.map((fixture) => ({ entity: 'fixture' as const, providerId: fixture.providerId })),
    ...feed.fixtures.flatMap((fixture) =>
      fixture.round
        ? [{ entity: 'round' as const, providerId: roundProviderId(feed.season?.providerId ?? '', fixture.round) }]
        : [],
    ),
  ]);
  const competition = hasFixtures ? await planner.competitionOf() : null;
  const season = hasFixtures ? await planner.seasonOf(competition) : null;
  const planned = await planner.roundsOf(season, feed.fixtures);
  const teams = await planner.teamsOf();
  for (const decision of input.decisions) {
    if (!planner.used.has(`${decision.kind}\u0000${decision.ref}`)) {
      throw badRequest(DATA_IMPORT_MESSAGES.decisionUnknownRef(decision.kind, decision.ref));
    }
  }
  const refused: Refused[] = feedRefused(feed, planner);
  const fixtures = await planFixtures(db, planner, { season, rounds: planned, teams }, refused);
  return {
    provider: feed.provider,
    accountId: input.accountId,
    sportId: input.sportId,
    feed,
    competition,
    season,
    rounds: planned,
    teams,
    fixtures,
    refused,
  };
}

/** The rows the adapter itself refused (a match without a date, an unreadable minute), in words. */
function feedRefused(feed: ParsedFeed, planner: Planner): Refused[] {
  return (feed.refused ?? []).map((row) => ({ kind: 'row', ref: row.ref, reason: planner.reason(row.reason) }));
}

async function planFixtures(
  db: Db,
  planner: Planner,
  parents: { season: PlannedName | null; rounds: PlannedName[]; teams: Map<string, PlannedName> },
  refused: Refused[],
): Promise<PlannedFixture[]> {
  const { feed, accountId } = planner.input;
  const ids = feed.fixtures.map((fixture) => fixture.providerId);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: seasonFixtures.id, providerId: seasonFixtures.providerId, eventId: seasonFixtures.eventId })
          .from(seasonFixtures)
          .where(
            and(
              eq(seasonFixtures.accountId, accountId),
              eq(seasonFixtures.provider, feed.provider),
              anyOf(seasonFixtures.providerId, ids),
            ),
          );
  const existingById = new Map(rows.map((row) => [row.providerId, row]));
  const roundByName = new Map(parents.rounds.map((round) => [round.name, round]));
  const seen = new Set<string>();
  const planned: PlannedFixture[] = [];
  for (const fixture of feed.fixtures) {
    const refuse = (message: Message) =>
      refused.push({ kind: 'fixture', ref: fixture.providerId, reason: planner.reason(message) });
    if (seen.has(fixture.providerId)) {
      refuse(DATA_IMPORT_MESSAGES.duplicateFixture);
      continue;
    }
    seen.add(fixture.providerId);
    const home = parents.teams.get(fixture.homeTeamProviderId);
    const away = parents.teams.get(fixture.awayTeamProviderId);
    if (!home || !away) {
      refuse(DATA_IMPORT_MESSAGES.unknownTeam(home ? fixture.awayTeamProviderId : fixture.homeTeamProviderId));
      continue;
    }
    if (home === away || (home.match && away.match && home.match.id === away.match.id)) {
      refuse(DATA_IMPORT_MESSAGES.sameTeams);
      continue;
    }
    const startsAt = new Date(fixture.startsAt);
    if (Number.isNaN(startsAt.getTime())) {
      refuse(DATA_IMPORT_MESSAGES.badDate(fixture.startsAt));
      continue;
    }
    const round = fixture.round ? (roundByName.get(fixture.round) ?? null) : null;
    const existing = existingById.get(fixture.providerId) ?? null;
    const providerRef = planner.refs.get(refKey('fixture', fixture.providerId)) ?? null;
    let action: ImportAction = existing ? 'update' : 'create';
    const seasonId = parents.season?.match?.id;
    if (existing && providerRef && seasonId && home.match && away.match && (!round || round.match)) {
      const digest = fixtureDigest({
        seasonId,
        roundId: round?.match?.id ?? null,
        homeChallengerId: home.match.id,
        awayChallengerId: away.match.id,
        startsAt,
        dateOnly: fixture.dateOnly ?? false,
        venue: fixture.venue ?? '',
        score: fixture.score ?? null,
      });
      if (digest === providerRef.digest && providerRef.recordId === existing.id) action = 'unchanged';
    }
    planned.push({ fixture, round, home, away, startsAt, existing, providerRef, action });
  }
  return planned;
}

/** The dry run's answer. */
export function previewOf(plan: ImportPlan): ImportPreview {
  const { feed } = plan;
  const names: ImportName[] = [
    ...(plan.competition ? [plan.competition] : []),
    ...(plan.season ? [plan.season] : []),
    ...plan.rounds,
    ...plan.teams.values(),
  ].map(({ kind, ref, name, match }) => ({ kind, ref, name, match }));
  return {
    provider: plan.provider,
    counts: {
      fixtures: feed.fixtures.length,
      teams: feed.teams.length,
      people: feed.people.length,
      matchEvents: feed.matchEvents.length + feed.fixtures.reduce((sum, f) => sum + (f.matchEvents?.length ?? 0), 0),
    },
    names,
    fixtures: plan.fixtures.map(({ fixture, round, home, away, startsAt, action }) => ({
      ref: fixture.providerId,
      round: round?.name ?? null,
      home: home.name,
      away: away.name,
      startsAt: startsAt.toISOString(),
      action,
    })),
    refused: plan.refused,
  };
}
