import { DATA_IMPORT_FIXTURES_PER_TRANSACTION } from '@regie/contract/data-import';
import { emptyImportReport, type ImportReport } from '@regie/contract/feeds';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { challengers } from '../db/actors.table.ts';
import { competitions, rounds, seasons } from '../db/competitions.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { type ProviderRefEntity, providerRefs, seasonFixtures } from '../db/feeds.table.ts';
import { type Transaction, transaction } from '../db/transactions.ts';
import { digestOf } from './data-import.names.ts';
import { anyOf, fixtureDigest, type ImportPlan, type PlannedFixture, type PlannedName } from './data-import.plan.ts';

/**
 * Writes a plan (data-import.plan.ts): the competition, season, rounds and teams in one
 * transaction, then the fixtures by DATA_IMPORT_FIXTURES_PER_TRANSACTION, each record's provider
 * ref and digest beside it. A record whose digest is unchanged is not written; one found by its
 * provider ref is updated in place; one matched by its name (or the user's choice) is linked,
 * never renamed; the others are made. The writes go by kind, many rows a statement (the teams
 * made, the rounds made, a chunk's fixtures made or changed, the provider refs): a season of 380
 * matches written one row at a time was a thousand and more round trips.
 */

type Kind = 'competition' | 'season' | 'round' | 'challenger' | 'fixture' | 'event';
type Outcome = 'created' | 'updated' | 'unchanged';

class Counter {
  readonly report: ImportReport = emptyImportReport();

  count(outcome: Outcome, kind: Kind): void {
    const counts = this.report[outcome];
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
}

/** A provider ref to write: the record an import made or updated for the provider's id. */
interface RefWrite {
  entity: ProviderRefEntity;
  providerId: string;
  recordId: number;
  digest: string;
}

/**
 * Rows of a multi-row write as one parameter: a JSON array the statement reads with
 * jsonb_to_recordset. One parameter instead of ten per row: a VALUES list of a chunk took longer
 * to build (Drizzle) and to parse than to write.
 */
function recordset(rows: readonly Record<string, unknown>[]): SQL {
  return sql`${JSON.stringify(rows)}::jsonb`;
}

/** The rows of a raw statement (both drivers answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The provider refs in one statement (made, or pointed at their record with its new digest). */
async function saveRefs(tx: Transaction, plan: ImportPlan, refs: readonly RefWrite[]): Promise<void> {
  const rows = refs
    .filter((ref) => ref.providerId !== '')
    .map((ref) => ({ entity: ref.entity, provider_id: ref.providerId, record_id: ref.recordId, digest: ref.digest }));
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into ${providerRefs} (account_id, provider, entity, provider_id, record_id, digest)
    select ${plan.accountId}::integer, ${plan.provider}::text, r.entity, r.provider_id, r.record_id, r.digest
    from jsonb_to_recordset(${recordset(rows)}) as r(entity text, provider_id text, record_id integer, digest text)
    on conflict (account_id, provider, entity, provider_id)
    do update set record_id = excluded.record_id, digest = excluded.digest, updated_at = now()`);
}

/** A name of the plan with what the import writes of it. */
interface NameWrite<T> {
  name: PlannedName;
  /** What the record is made with. */
  values: T;
  /** What is hashed into the provider ref's digest. */
  content: Record<string, unknown>;
}

/**
 * Names of one kind: those unknown are made (`create`, in one statement, answering their ids in
 * order), those found by their provider ref with another digest are updated in place (`update`),
 * those matched by name or by the user are left as they are. Their provider refs go to `refs`
 * (unless the same already). Answers each name's record id.
 */
async function writeNames<T>(
  counter: Counter,
  refs: RefWrite[],
  names: readonly NameWrite<T>[],
  write: { create(values: T[]): Promise<number[]>; update(id: number, values: T): Promise<void> },
): Promise<Map<PlannedName, number>> {
  const ids = new Map<PlannedName, number>();
  const outcomes = names.map((entry) => {
    const digest = digestOf(entry.content);
    const { match, providerRef } = entry.name;
    const outcome: Outcome = !match
      ? 'created'
      : match.by === 'provider' && providerRef && providerRef.digest !== digest
        ? 'updated'
        : 'unchanged';
    return { ...entry, digest, outcome };
  });
  const made = outcomes.filter((entry) => entry.outcome === 'created');
  const madeIds = made.length > 0 ? await write.create(made.map((entry) => entry.values)) : [];
  made.forEach((entry, index) => {
    const id = madeIds[index];
    if (id === undefined) throw new Error('insert returned no row');
    ids.set(entry.name, id);
  });
  for (const entry of outcomes) {
    const { name, digest, outcome } = entry;
    if (outcome !== 'created') {
      const id = name.match?.id;
      if (id === undefined) throw new Error('a matched name without its record');
      if (outcome === 'updated') await write.update(id, entry.values);
      ids.set(name, id);
    }
    counter.count(outcome, name.entity);
    const id = ids.get(name) as number;
    const ref = name.providerRef;
    if (!(ref && ref.recordId === id && ref.digest === digest)) {
      refs.push({ entity: name.entity, providerId: name.ref, recordId: id, digest });
    }
  }
  return ids;
}

/** The ids of rows made by one multi-row INSERT, in the order of `keys` (matched on a unique column). */
function idsInOrder<K>(keys: readonly K[], rows: readonly { id: number; key: K }[]): number[] {
  const byKey = new Map(rows.map((row) => [row.key, row.id]));
  return keys.map((key) => {
    const id = byKey.get(key);
    if (id === undefined) throw new Error('insert returned no row');
    return id;
  });
}

function range(dates: Date[]): { start: Date; end: Date } {
  const times = dates.map((date) => date.getTime());
  return { start: new Date(Math.min(...times)), end: new Date(Math.max(...times)) };
}

interface ParentIds {
  seasonId: number | null;
  rounds: Map<PlannedName, number>;
  teams: Map<PlannedName, number>;
}

async function writeParents(tx: Transaction, plan: ImportPlan, counter: Counter): Promise<ParentIds> {
  const { accountId, sportId } = plan;
  const refs: RefWrite[] = [];
  const teams = [...plan.teams.values()].map((team) => ({
    name: team,
    values: { name: team.name },
    content: { name: team.name },
  }));
  const ids: ParentIds = {
    seasonId: null,
    rounds: new Map(),
    teams: await writeNames(counter, refs, teams, {
      create: async (values) => {
        // Names are unique among the account's teams: they say which row is which.
        const rows = await tx
          .insert(challengers)
          .values(values.map((team) => ({ name: team.name, type: 'team' as const, sportId, accountId })))
          .returning({ id: challengers.id, key: challengers.name });
        return idsInOrder(
          values.map((team) => team.name),
          rows,
        );
      },
      update: async (id, values) => {
        await tx.update(challengers).set(values).where(eq(challengers.id, id));
      },
    }),
  };
  const { competition, season } = plan;
  const fixtures = plan.fixtures;
  if (!competition || !season || fixtures.length === 0) {
    await saveRefs(tx, plan, refs);
    return ids;
  }
  const one = <T>(rows: { id: number }[], values: T[]) => {
    if (rows.length !== values.length) throw new Error('insert returned no row');
    return rows.map((row) => row.id);
  };
  const competitionIds = await writeNames(
    counter,
    refs,
    [{ name: competition, values: { name: competition.name }, content: { name: competition.name } }],
    {
      create: async (values) =>
        one(
          await tx
            .insert(competitions)
            .values(values.map((value) => ({ ...value, sportId, accountId })))
            .returning({ id: competitions.id }),
          values,
        ),
      update: async (id, values) => {
        await tx.update(competitions).set(values).where(eq(competitions.id, id));
      },
    },
  );
  const competitionId = competitionIds.get(competition) as number;
  const dates = range(fixtures.map((fixture) => fixture.startsAt));
  const seasonValues = { name: season.name, startDate: dates.start, endDate: dates.end };
  const seasonIds = await writeNames(
    counter,
    refs,
    [
      {
        name: season,
        values: seasonValues,
        content: { ...seasonValues, startDate: dates.start.toISOString(), endDate: dates.end.toISOString() },
      },
    ],
    {
      create: async (values) =>
        one(
          await tx
            .insert(seasons)
            .values(values.map((value) => ({ ...value, competitionId, accountId })))
            .returning({ id: seasons.id }),
          values,
        ),
      update: async (id, values) => {
        await tx.update(seasons).set(values).where(eq(seasons.id, id));
      },
    },
  );
  const seasonId = seasonIds.get(season) as number;
  ids.seasonId = seasonId;
  const firstPlayed = new Map<PlannedName, Date>();
  for (const fixture of fixtures) {
    if (!fixture.round) continue;
    const known = firstPlayed.get(fixture.round);
    if (!known || fixture.startsAt < known) firstPlayed.set(fixture.round, fixture.startsAt);
  }
  const roundWrites = plan.rounds.map((round) => {
    const startDate = firstPlayed.get(round) ?? null;
    return {
      name: round,
      values: { name: round.name, startDate, number: round.number ?? 1 },
      content: { name: round.name, startDate: startDate?.toISOString() ?? null },
    };
  });
  ids.rounds = await writeNames(counter, refs, roundWrites, {
    create: async (values) => {
      // A round's number is unique in its season: it says which row is which.
      const rows = await tx
        .insert(rounds)
        .values(values.map((value) => ({ ...value, seasonId, accountId })))
        .returning({ id: rounds.id, key: rounds.number });
      return idsInOrder(
        values.map((value) => value.number),
        rows,
      );
    },
    update: async (id, values) => {
      await tx.update(rounds).set({ name: values.name, startDate: values.startDate }).where(eq(rounds.id, id));
    },
  });
  await saveRefs(tx, plan, refs);
  return ids;
}

/**
 * The events (made by the generator) of fixtures whose kick-off or venue changed follow them:
 * read in one statement, each moved one written. Answers how many moved.
 */
async function moveEvents(
  tx: Transaction,
  plan: ImportPlan,
  moves: readonly { eventId: number; startsAt: Date; venue: string }[],
): Promise<number> {
  if (moves.length === 0) return 0;
  const rows = await tx
    .select({ id: events.id, startsAt: events.startsAt, endsAt: events.endsAt, venue: events.venue })
    .from(events)
    .where(
      and(
        eq(events.accountId, plan.accountId),
        inArray(
          events.id,
          moves.map((move) => move.eventId),
        ),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  let moved = 0;
  for (const { eventId, startsAt, venue } of moves) {
    const event = byId.get(eventId);
    if (!event) continue;
    if (event.startsAt.getTime() === startsAt.getTime() && event.venue === venue) continue;
    const shift = startsAt.getTime() - event.startsAt.getTime();
    const endsAt = event.endsAt ? new Date(event.endsAt.getTime() + shift) : null;
    await tx.update(events).set({ startsAt, endsAt, venue }).where(eq(events.id, eventId));
    moved += 1;
  }
  return moved;
}

/**
 * One chunk of fixtures: those whose digest changed (or new) written in one INSERT … ON CONFLICT
 * DO UPDATE, their provider refs in another; the unchanged ones only counted.
 */
async function writeFixtures(
  tx: Transaction,
  plan: ImportPlan,
  counter: Counter,
  ids: ParentIds,
  chunk: readonly PlannedFixture[],
): Promise<void> {
  const seasonId = ids.seasonId;
  if (seasonId === null) return;
  const wanted = chunk.flatMap((planned) => {
    const { fixture } = planned;
    const homeChallengerId = ids.teams.get(planned.home);
    const awayChallengerId = ids.teams.get(planned.away);
    if (homeChallengerId === undefined || awayChallengerId === undefined) return [];
    const values = {
      seasonId,
      roundId: planned.round ? (ids.rounds.get(planned.round) ?? null) : null,
      homeChallengerId,
      awayChallengerId,
      startsAt: planned.startsAt,
      dateOnly: fixture.dateOnly ?? false,
      venue: fixture.venue ?? '',
      score: fixture.score ?? null,
    };
    return [{ planned, providerId: fixture.providerId, values, digest: fixtureDigest(values) }];
  });
  if (wanted.length === 0) return;
  // Read again in this transaction: a concurrent import of the same document may have made them.
  const existing = await tx
    .select({ id: seasonFixtures.id, providerId: seasonFixtures.providerId, eventId: seasonFixtures.eventId })
    .from(seasonFixtures)
    .where(
      and(
        eq(seasonFixtures.accountId, plan.accountId),
        eq(seasonFixtures.provider, plan.provider),
        anyOf(
          seasonFixtures.providerId,
          wanted.map((entry) => entry.providerId),
        ),
      ),
    )
    .for('update');
  const existingById = new Map(existing.map((row) => [row.providerId, row]));
  const changed = wanted.filter((entry) => {
    const row = existingById.get(entry.providerId);
    const ref = entry.planned.providerRef;
    if (row && ref && ref.recordId === row.id && ref.digest === entry.digest) {
      counter.count('unchanged', 'fixture');
      return false;
    }
    return true;
  });
  if (changed.length === 0) return;
  const values = changed.map(({ providerId, values: row }) => ({
    provider_id: providerId,
    season_id: row.seasonId,
    round_id: row.roundId,
    home_challenger_id: row.homeChallengerId,
    away_challenger_id: row.awayChallengerId,
    starts_at: row.startsAt.toISOString(),
    date_only: row.dateOnly,
    venue: row.venue,
    score: row.score,
  }));
  // New and changed fixtures in one statement: an update is the insert meeting its fixture.
  const written = rowsOf<{ id: number; provider_id: string; event_id: number | null }>(
    await tx.execute(sql`
      insert into ${seasonFixtures} (account_id, provider, provider_id, season_id, round_id,
        home_challenger_id, away_challenger_id, starts_at, date_only, venue, score)
      select ${plan.accountId}::integer, ${plan.provider}::text, r.provider_id, r.season_id, r.round_id,
        r.home_challenger_id, r.away_challenger_id, r.starts_at, r.date_only, r.venue, r.score
      from jsonb_to_recordset(${recordset(values)}) as r(provider_id text, season_id integer,
        round_id integer, home_challenger_id integer, away_challenger_id integer, starts_at timestamptz,
        date_only boolean, venue text, score jsonb)
      on conflict (account_id, provider, provider_id) do update set
        season_id = excluded.season_id, round_id = excluded.round_id,
        home_challenger_id = excluded.home_challenger_id, away_challenger_id = excluded.away_challenger_id,
        starts_at = excluded.starts_at, date_only = excluded.date_only, venue = excluded.venue,
        score = excluded.score, updated_at = now()
      returning id, provider_id, event_id`),
  );
  const writtenById = new Map(written.map((row) => [row.provider_id, row]));
  const refs: RefWrite[] = [];
  const moves: { eventId: number; startsAt: Date; venue: string }[] = [];
  for (const entry of changed) {
    const row = writtenById.get(entry.providerId);
    if (!row) throw new Error('insert returned no row');
    if (existingById.has(entry.providerId)) {
      counter.count('updated', 'fixture');
      if (row.event_id)
        moves.push({ eventId: row.event_id, startsAt: entry.values.startsAt, venue: entry.values.venue });
    } else {
      counter.count('created', 'fixture');
    }
    refs.push({ entity: 'fixture', providerId: entry.providerId, recordId: row.id, digest: entry.digest });
  }
  const moved = await moveEvents(tx, plan, moves);
  for (let index = 0; index < moved; index += 1) counter.count('updated', 'event');
  await saveRefs(tx, plan, refs);
}

export interface ApplyOptions {
  /** 0–100 of the fixtures written. */
  reportProgress(percent: number): void;
  signal: AbortSignal;
}

/** Writes the plan; answers what was created, updated and left unchanged, and what was refused. */
export async function applyImport(db: Db, plan: ImportPlan, options: ApplyOptions): Promise<ImportReport> {
  const counter = new Counter();
  const ids = await transaction(db, (tx) => writeParents(tx, plan, counter));
  const total = plan.fixtures.length;
  for (let start = 0; start < total; start += DATA_IMPORT_FIXTURES_PER_TRANSACTION) {
    options.signal.throwIfAborted();
    const chunk = plan.fixtures.slice(start, start + DATA_IMPORT_FIXTURES_PER_TRANSACTION);
    await transaction(db, (tx) => writeFixtures(tx, plan, counter, ids, chunk));
    options.reportProgress(Math.round((100 * Math.min(total, start + chunk.length)) / total));
  }
  counter.report.refused.push(...plan.refused);
  return counter.report;
}
