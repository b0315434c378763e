import { DATA_IMPORT_FIXTURES_PER_TRANSACTION } from '@regie/contract/data-import';
import { emptyImportReport, type ImportReport } from '@regie/contract/feeds';
import { and, eq } from 'drizzle-orm';
import { challengers } from '../db/actors.table.ts';
import { competitions, rounds, seasons } from '../db/competitions.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { type ProviderRefEntity, providerRefs, seasonFixtures } from '../db/feeds.table.ts';
import { type Transaction, transaction } from '../db/transactions.ts';
import { digestOf } from './data-import.names.ts';
import { fixtureDigest, type ImportPlan, type PlannedFixture, type PlannedName } from './data-import.plan.ts';

/**
 * Writes a plan (data-import.plan.ts): the competition, season, rounds and teams in one
 * transaction, then the fixtures by DATA_IMPORT_FIXTURES_PER_TRANSACTION, each record's provider
 * ref and digest beside it. A record whose digest is unchanged is not written; one found by its
 * provider ref is updated in place; one matched by its name (or the user's choice) is linked,
 * never renamed; the others are made.
 */

type Kind = 'competition' | 'season' | 'round' | 'challenger' | 'fixture' | 'event';

class Counter {
  readonly report: ImportReport = emptyImportReport();

  count(outcome: 'created' | 'updated' | 'unchanged', kind: Kind): void {
    const counts = this.report[outcome];
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
}

async function saveRef(
  tx: Transaction,
  plan: ImportPlan,
  entity: ProviderRefEntity,
  providerId: string,
  recordId: number,
  digest: string,
): Promise<void> {
  if (!providerId) return;
  await tx
    .insert(providerRefs)
    .values({ accountId: plan.accountId, provider: plan.provider, entity, providerId, recordId, digest })
    .onConflictDoUpdate({
      target: [providerRefs.accountId, providerRefs.provider, providerRefs.entity, providerRefs.providerId],
      set: { recordId, digest, updatedAt: new Date() },
    });
}

/**
 * One name's record: made when unknown, updated when found by its provider ref with another
 * digest, left as it is when matched by name or by the user. Answers its id.
 */
async function upsertName(
  tx: Transaction,
  plan: ImportPlan,
  counter: Counter,
  name: PlannedName,
  content: Record<string, unknown>,
  write: { create(): Promise<number>; update(id: number): Promise<void> },
): Promise<number> {
  const digest = digestOf(content);
  let id: number;
  if (!name.match) {
    id = await write.create();
    counter.count('created', name.entity);
  } else if (name.match.by === 'provider' && name.providerRef && name.providerRef.digest !== digest) {
    id = name.match.id;
    await write.update(id);
    counter.count('updated', name.entity);
  } else {
    id = name.match.id;
    counter.count('unchanged', name.entity);
  }
  const unchangedRef = name.providerRef && name.providerRef.recordId === id && name.providerRef.digest === digest;
  if (!unchangedRef) await saveRef(tx, plan, name.entity, name.ref, id, digest);
  return id;
}

function inserted(rows: { id: number }[]): number {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row.id;
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
  const ids: ParentIds = { seasonId: null, rounds: new Map(), teams: new Map() };
  for (const team of plan.teams.values()) {
    const content = { name: team.name };
    const id = await upsertName(tx, plan, counter, team, content, {
      create: async () =>
        inserted(
          await tx
            .insert(challengers)
            .values({ name: team.name, type: 'team', sportId, accountId })
            .returning({ id: challengers.id }),
        ),
      update: async (recordId) => {
        await tx.update(challengers).set(content).where(eq(challengers.id, recordId));
      },
    });
    ids.teams.set(team, id);
  }
  const { competition, season } = plan;
  const fixtures = plan.fixtures;
  if (!competition || !season || fixtures.length === 0) return ids;
  const competitionContent = { name: competition.name };
  const competitionId = await upsertName(tx, plan, counter, competition, competitionContent, {
    create: async () =>
      inserted(
        await tx
          .insert(competitions)
          .values({ name: competition.name, sportId, accountId })
          .returning({ id: competitions.id }),
      ),
    update: async (id) => {
      await tx.update(competitions).set(competitionContent).where(eq(competitions.id, id));
    },
  });
  const dates = range(fixtures.map((fixture) => fixture.startsAt));
  const seasonContent = { name: season.name, startDate: dates.start, endDate: dates.end };
  ids.seasonId = await upsertName(
    tx,
    plan,
    counter,
    season,
    { ...seasonContent, startDate: dates.start.toISOString(), endDate: dates.end.toISOString() },
    {
      create: async () =>
        inserted(
          await tx
            .insert(seasons)
            .values({ ...seasonContent, competitionId, accountId })
            .returning({ id: seasons.id }),
        ),
      update: async (id) => {
        await tx.update(seasons).set(seasonContent).where(eq(seasons.id, id));
      },
    },
  );
  const seasonId = ids.seasonId;
  for (const round of plan.rounds) {
    const played = fixtures.filter((fixture) => fixture.round === round).map((fixture) => fixture.startsAt);
    const startDate = played.length > 0 ? range(played).start : null;
    const content = { name: round.name, startDate };
    const id = await upsertName(
      tx,
      plan,
      counter,
      round,
      { ...content, startDate: startDate?.toISOString() ?? null },
      {
        create: async () =>
          inserted(
            await tx
              .insert(rounds)
              .values({ ...content, number: round.number ?? 1, seasonId, accountId })
              .returning({ id: rounds.id }),
          ),
        update: async (recordId) => {
          await tx.update(rounds).set(content).where(eq(rounds.id, recordId));
        },
      },
    );
    ids.rounds.set(round, id);
  }
  return ids;
}

/** A fixture's event (made by the generator) follows its kick-off and venue. */
async function moveEvent(tx: Transaction, plan: ImportPlan, eventId: number, startsAt: Date, venue: string) {
  const [event] = await tx
    .select({ startsAt: events.startsAt, endsAt: events.endsAt, venue: events.venue })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.accountId, plan.accountId)));
  if (!event) return false;
  if (event.startsAt.getTime() === startsAt.getTime() && event.venue === venue) return false;
  const shift = startsAt.getTime() - event.startsAt.getTime();
  const endsAt = event.endsAt ? new Date(event.endsAt.getTime() + shift) : null;
  await tx.update(events).set({ startsAt, endsAt, venue }).where(eq(events.id, eventId));
  return true;
}

async function writeFixture(
  tx: Transaction,
  plan: ImportPlan,
  counter: Counter,
  ids: ParentIds,
  planned: PlannedFixture,
): Promise<void> {
  const { fixture } = planned;
  const seasonId = ids.seasonId;
  const homeChallengerId = ids.teams.get(planned.home);
  const awayChallengerId = ids.teams.get(planned.away);
  if (seasonId === null || homeChallengerId === undefined || awayChallengerId === undefined) return;
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
  const digest = fixtureDigest(values);
  // Read again in this transaction: a concurrent import of the same document may have made it.
  const [existing] = await tx
    .select({ id: seasonFixtures.id, eventId: seasonFixtures.eventId })
    .from(seasonFixtures)
    .where(
      and(
        eq(seasonFixtures.accountId, plan.accountId),
        eq(seasonFixtures.provider, plan.provider),
        eq(seasonFixtures.providerId, fixture.providerId),
      ),
    )
    .for('update');
  const ref = planned.providerRef;
  if (existing && ref && ref.recordId === existing.id && ref.digest === digest) {
    counter.count('unchanged', 'fixture');
    return;
  }
  let id: number;
  if (existing) {
    id = existing.id;
    await tx.update(seasonFixtures).set(values).where(eq(seasonFixtures.id, id));
    counter.count('updated', 'fixture');
    if (existing.eventId && (await moveEvent(tx, plan, existing.eventId, values.startsAt, values.venue))) {
      counter.count('updated', 'event');
    }
  } else {
    id = inserted(
      await tx
        .insert(seasonFixtures)
        .values({ ...values, accountId: plan.accountId, provider: plan.provider, providerId: fixture.providerId })
        .returning({ id: seasonFixtures.id }),
    );
    counter.count('created', 'fixture');
  }
  await saveRef(tx, plan, 'fixture', fixture.providerId, id, digest);
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
    await transaction(db, async (tx) => {
      for (const planned of chunk) await writeFixture(tx, plan, counter, ids, planned);
    });
    options.reportProgress(Math.round((100 * Math.min(total, start + chunk.length)) / total));
  }
  counter.report.refused.push(...plan.refused);
  return counter.report;
}
