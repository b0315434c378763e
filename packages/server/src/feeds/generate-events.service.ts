import { emptyImportReport, type ImportReport } from '@regie/contract/feeds';
import {
  GENERATE_EVENTS_MESSAGES,
  type GeneratedEventRow,
  type GenerateEventsResult,
  type GenerateRoundRobinBody,
} from '@regie/contract/generate-events';
import { renderMessage } from '@regie/contract/messages.render';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import { challengerAppearances, challengers } from '../db/actors.table.ts';
import { competitions, rounds, seasons } from '../db/competitions.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { seasonFixtures } from '../db/feeds.table.ts';
import { type Transaction, transaction } from '../db/transactions.ts';
import { badRequest, notFound } from '../http/http.errors.ts';
import type { MessageLanguage } from '../http/localize.ts';
import { kickOff } from './feeds.document.ts';
import { roundRobin } from './round-robin.ts';

/** Thrown to roll a preview's transaction back once its rows are known. */
class Preview extends Error {
  constructor(readonly result: GenerateEventsResult) {
    super('preview');
  }
}

const count = (counts: Record<string, number>, kind: string) => {
  counts[kind] = (counts[kind] ?? 0) + 1;
};

const DAY_MS = 86_400_000;

export interface GenerateInput {
  accountId: number;
  seasonId: number;
  language: MessageLanguage;
  body: { source: 'fixtures'; dryRun: boolean } | (GenerateRoundRobinBody & { dryRun: boolean });
}

/**
 * Generates the season's events (contract generate-events.ts): in one transaction, rolled back
 * for a preview (`dryRun`), so the preview says exactly what the run will do and writes nothing.
 */
export async function generateEvents(
  db: Db,
  input: GenerateInput,
  /** The request's, to record the run; none for a caller outside a request (a seed). */
  source?: AuditSource,
): Promise<GenerateEventsResult> {
  try {
    return await transaction(db, async (tx) => {
      const result = await generate(tx, input);
      if (input.body.dryRun) throw new Preview(result);
      if (source && changedAny(result.report)) {
        // The season's entry: how it was generated and what it made; a run that changed nothing has none.
        await writeAudit(tx, source, {
          accountId: input.accountId,
          resource: 'seasons',
          resourceId: input.seasonId,
          action: 'generate',
          changes: {
            source: { before: null, after: input.body.source },
            created: { before: null, after: result.report.created },
            updated: { before: null, after: result.report.updated },
          },
        });
      }
      return result;
    });
  } catch (error) {
    if (error instanceof Preview) return error.result;
    throw error;
  }
}

/** Whether a run created or updated anything (its report's counts). */
function changedAny(report: GenerateEventsResult['report']): boolean {
  return [report.created, report.updated].some((counts) => Object.values(counts).some((value) => value > 0));
}

async function generate(tx: Transaction, { accountId, seasonId, language, body }: GenerateInput) {
  const [season] = await tx
    .select({ id: seasons.id, competitionId: seasons.competitionId, sportId: competitions.sportId })
    .from(seasons)
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(and(eq(seasons.id, seasonId), eq(seasons.accountId, accountId)));
  if (!season) throw notFound(GENERATE_EVENTS_MESSAGES.seasonNotFound(seasonId));
  const report: ImportReport = emptyImportReport();

  let fixtureIds: number[] | null = null;
  if (body.source === 'roundRobin') fixtureIds = await roundRobinFixtures(tx, accountId, seasonId, body, report);

  const fixtures = await tx
    .select()
    .from(seasonFixtures)
    .where(
      and(
        eq(seasonFixtures.seasonId, seasonId),
        eq(seasonFixtures.accountId, accountId),
        fixtureIds ? inArray(seasonFixtures.id, fixtureIds) : undefined,
      ),
    )
    .orderBy(asc(seasonFixtures.startsAt), asc(seasonFixtures.id));
  if (fixtures.length === 0) throw badRequest(GENERATE_EVENTS_MESSAGES.noFixtures);

  const roundNames = new Map(
    (await tx.select({ id: rounds.id, name: rounds.name }).from(rounds).where(eq(rounds.seasonId, seasonId))).map(
      (round) => [round.id, round.name],
    ),
  );
  const challengerIds = [
    ...new Set(fixtures.flatMap((fixture) => [fixture.homeChallengerId, fixture.awayChallengerId])),
  ].filter((id): id is number => id !== null);
  const names = new Map(
    challengerIds.length === 0
      ? []
      : (
          await tx
            .select({ id: challengers.id, name: challengers.name })
            .from(challengers)
            .where(inArray(challengers.id, challengerIds))
        ).map((challenger) => [challenger.id, challenger.name]),
  );
  const eventIds = fixtures.map((fixture) => fixture.eventId).filter((id): id is number => id !== null);
  const existing = new Map(
    eventIds.length === 0
      ? []
      : (
          await tx
            .select()
            .from(events)
            .where(and(inArray(events.id, eventIds), eq(events.accountId, accountId)))
        ).map((event) => [event.id, event]),
  );

  const rows: GeneratedEventRow[] = [];
  const now = Date.now();
  for (const fixture of fixtures) {
    const home = fixture.homeChallengerId;
    const away = fixture.awayChallengerId;
    const homeName = home === null ? undefined : names.get(home);
    const awayName = away === null ? undefined : names.get(away);
    const row: GeneratedEventRow = {
      fixtureId: fixture.id,
      round: fixture.roundId === null ? null : (roundNames.get(fixture.roundId) ?? null),
      home: home !== null && homeName !== undefined ? { id: home, name: homeName } : null,
      away: away !== null && awayName !== undefined ? { id: away, name: awayName } : null,
      startsAt: fixture.startsAt.toISOString(),
      venue: fixture.venue,
      action: 'unchanged',
      eventId: fixture.eventId,
    };
    if (!row.home || !row.away) {
      report.refused.push({
        kind: 'fixture',
        ref: fixture.providerId,
        reason: renderMessage(GENERATE_EVENTS_MESSAGES.fixtureWithoutChallengers, language),
      });
      continue;
    }
    // Challengers have no venue of their own: the fixture's.
    const wanted = {
      name: `${row.home.name} – ${row.away.name}`,
      sportId: season.sportId,
      competitionId: season.competitionId,
      seasonId,
      roundId: fixture.roundId,
      venue: fixture.venue,
      homeChallengerId: row.home.id,
      awayChallengerId: row.away.id,
      startsAt: fixture.startsAt,
    };
    const event = fixture.eventId === null ? undefined : existing.get(fixture.eventId);
    if (event) {
      const changed =
        event.name !== wanted.name ||
        event.sportId !== wanted.sportId ||
        event.competitionId !== wanted.competitionId ||
        event.seasonId !== wanted.seasonId ||
        event.roundId !== wanted.roundId ||
        event.venue !== wanted.venue ||
        event.homeChallengerId !== wanted.homeChallengerId ||
        event.awayChallengerId !== wanted.awayChallengerId ||
        event.startsAt.getTime() !== wanted.startsAt.getTime();
      if (changed) {
        const sidesChanged =
          event.homeChallengerId !== wanted.homeChallengerId || event.awayChallengerId !== wanted.awayChallengerId;
        await tx
          .update(events)
          .set({ ...wanted, updatedAt: new Date() })
          .where(eq(events.id, event.id));
        if (sidesChanged) {
          await tx.delete(challengerAppearances).where(eq(challengerAppearances.eventId, event.id));
          await tx.insert(challengerAppearances).values([
            { eventId: event.id, challengerId: wanted.homeChallengerId, position: 0 },
            { eventId: event.id, challengerId: wanted.awayChallengerId, position: 1 },
          ]);
        }
        row.action = 'update';
        count(report.updated, 'event');
      } else count(report.unchanged, 'event');
    } else {
      const [made] = await tx
        .insert(events)
        .values({ ...wanted, state: wanted.startsAt.getTime() > now ? 'upcoming' : 'replay', accountId })
        .returning({ id: events.id });
      const eventId = (made as { id: number }).id;
      await tx.insert(challengerAppearances).values([
        { eventId, challengerId: wanted.homeChallengerId, position: 0 },
        { eventId, challengerId: wanted.awayChallengerId, position: 1 },
      ]);
      await tx.update(seasonFixtures).set({ eventId, updatedAt: new Date() }).where(eq(seasonFixtures.id, fixture.id));
      row.action = 'create';
      row.eventId = body.dryRun ? null : eventId;
      count(report.created, 'event');
    }
    rows.push(row);
  }
  return { dryRun: body.dryRun, rows, report };
}

/**
 * The round robin's fixtures (provider 'generator'), made or moved in place: a fixture's id is
 * its season and its ordered pair, so generating again with other dates moves the same fixtures.
 * Rounds missing in the season are made ('Round 3', numbered).
 */
async function roundRobinFixtures(
  tx: Transaction,
  accountId: number,
  seasonId: number,
  body: GenerateRoundRobinBody,
  report: ImportReport,
): Promise<number[]> {
  const found = await tx
    .select({ id: challengers.id })
    .from(challengers)
    .where(and(inArray(challengers.id, body.challengerIds), eq(challengers.accountId, accountId)));
  const known = new Set(found.map((challenger) => challenger.id));
  const missing = body.challengerIds.find((id) => !known.has(id));
  if (missing !== undefined) {
    const message = GENERATE_EVENTS_MESSAGES.challengerNotFound(missing);
    throw badRequest(message, [{ path: 'challengerIds', message }]);
  }

  const pairings = roundRobin(body.challengerIds, body.legs);
  const [firstYear, firstMonth, firstDay] = body.firstDate.split('-').map(Number) as [number, number, number];
  const firstDay0 = Date.UTC(firstYear, firstMonth - 1, firstDay);
  const [hour, minute] = body.kickOffTime.split(':').map(Number) as [number, number];
  const dayOf = (round: number) =>
    new Date(firstDay0 + (round - 1) * body.daysBetweenRounds * DAY_MS).toISOString().slice(0, 10);

  const seasonRounds = await tx
    .select({ id: rounds.id, number: rounds.number })
    .from(rounds)
    .where(eq(rounds.seasonId, seasonId));
  const roundIds = new Map(seasonRounds.map((round) => [round.number, round.id]));
  const roundCount = Math.max(...pairings.map((pairing) => pairing.round));
  for (let number = 1; number <= roundCount; number++) {
    if (roundIds.has(number)) continue;
    const [made] = await tx
      .insert(rounds)
      .values({
        name: `Round ${number}`,
        number,
        seasonId,
        startDate: new Date(kickOff(dayOf(number), hour, minute, 0, { timeZone: body.timeZone })),
        accountId,
      })
      .returning({ id: rounds.id });
    roundIds.set(number, (made as { id: number }).id);
    count(report.created, 'round');
  }

  const providerIds = pairings.map((pairing) => `season-${seasonId}:${pairing.home}-${pairing.away}`);
  const current = new Map(
    (
      await tx
        .select()
        .from(seasonFixtures)
        .where(
          and(
            eq(seasonFixtures.accountId, accountId),
            eq(seasonFixtures.provider, 'generator'),
            inArray(seasonFixtures.providerId, providerIds),
          ),
        )
    ).map((fixture) => [fixture.providerId, fixture]),
  );
  const ids: number[] = [];
  for (const [index, pairing] of pairings.entries()) {
    const providerId = providerIds[index] as string;
    const startsAt = new Date(kickOff(dayOf(pairing.round), hour, minute, 0, { timeZone: body.timeZone }));
    const roundId = roundIds.get(pairing.round) ?? null;
    const fixture = current.get(providerId);
    if (fixture) {
      if (
        fixture.startsAt.getTime() !== startsAt.getTime() ||
        fixture.roundId !== roundId ||
        fixture.seasonId !== seasonId
      ) {
        await tx
          .update(seasonFixtures)
          .set({ startsAt, roundId, seasonId, updatedAt: new Date() })
          .where(eq(seasonFixtures.id, fixture.id));
        count(report.updated, 'fixture');
      } else count(report.unchanged, 'fixture');
      ids.push(fixture.id);
    } else {
      const [made] = await tx
        .insert(seasonFixtures)
        .values({
          accountId,
          seasonId,
          roundId,
          provider: 'generator',
          providerId,
          homeChallengerId: pairing.home,
          awayChallengerId: pairing.away,
          startsAt,
        })
        .returning({ id: seasonFixtures.id });
      ids.push((made as { id: number }).id);
      count(report.created, 'fixture');
    }
  }
  return ids;
}
