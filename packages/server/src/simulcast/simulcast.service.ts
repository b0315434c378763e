import {
  SIMULCAST_LIMITS,
  SIMULCAST_MESSAGES,
  type SimulcastBody,
  type SimulcastProvider,
  type SimulcastState,
  type SimulcastStats,
  type SimulcastUpdateBody,
  type TargetBody,
  type TargetUpdateBody,
} from '@regie/contract/simulcast';
import { and, asc, count, desc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { liveInputs } from '../db/live.table.ts';
import {
  type SimulcastRow,
  type SimulcastTargetRow,
  simulcastSamples,
  simulcasts,
  simulcastTargets,
} from '../db/simulcast.table.ts';
import { afterCommit, transaction } from '../db/transactions.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { type AuthContext, assertInScope } from '../tenancy/tenancy.guards.ts';
import type { SimulcastEngine } from './simulcast.engine.ts';

/** How far back the stats tab looks. */
const STATS_WINDOW_MS = 60 * 60 * 1000;

export interface SimulcastWithTargets {
  simulcast: SimulcastRow;
  targets: SimulcastTargetRow[];
}

export async function targetsOf(db: Db, simulcastIds: readonly number[]): Promise<SimulcastTargetRow[]> {
  if (simulcastIds.length === 0) return [];
  return db
    .select()
    .from(simulcastTargets)
    .where(inArray(simulcastTargets.simulcastId, [...simulcastIds]))
    .orderBy(asc(simulcastTargets.id));
}

export async function listSimulcasts(
  db: Db,
  accountId: number,
  filter: {
    state?: SimulcastState | undefined;
    provider?: SimulcastProvider | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: SimulcastWithTargets[]; total: number }> {
  const where: SQL[] = [eq(simulcasts.accountId, accountId)];
  if (filter.state) where.push(eq(simulcasts.state, filter.state));
  if (filter.provider) where.push(eq(simulcasts.provider, filter.provider));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(simulcasts)
      .where(and(...where))
      .orderBy(desc(simulcasts.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: count() })
      .from(simulcasts)
      .where(and(...where)),
  ]);
  const targets = await targetsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((simulcast) => ({
      simulcast,
      targets: targets.filter((target) => target.simulcastId === simulcast.id),
    })),
    total: counted?.total ?? 0,
  };
}

/** A simulcast of the request's account; another account's is a 404. */
export async function findSimulcast(db: Db, auth: AuthContext, id: number): Promise<SimulcastRow> {
  const [row] = await db.select().from(simulcasts).where(eq(simulcasts.id, id)).limit(1);
  if (!row) throw notFound(SIMULCAST_MESSAGES.notFound(id));
  assertInScope(auth, row.accountId, SIMULCAST_MESSAGES.notFound(id));
  return row;
}

export async function withTargets(db: Db, simulcast: SimulcastRow): Promise<SimulcastWithTargets> {
  return { simulcast, targets: await targetsOf(db, [simulcast.id]) };
}

/** The account's live inputs as source choices (simulcasts-sources), oldest first. */
export async function simulcastSourceChoices(db: Db, accountId: number) {
  return db
    .select({ id: liveInputs.id, name: liveInputs.name, state: liveInputs.state })
    .from(liveInputs)
    .where(eq(liveInputs.accountId, accountId))
    .orderBy(asc(liveInputs.id));
}

/** The source named must be one of the account's live inputs (400 otherwise, not a foreign key error). */
async function assertOwnInput(db: Db, accountId: number, inputId: number | null | undefined): Promise<void> {
  if (inputId === null || inputId === undefined) return;
  const [input] = await db
    .select({ id: liveInputs.id })
    .from(liveInputs)
    .where(and(eq(liveInputs.id, inputId), eq(liveInputs.accountId, accountId)))
    .limit(1);
  if (!input) throw badRequest(SIMULCAST_MESSAGES.inputNotFound(inputId));
}

export async function createSimulcast(db: Db, accountId: number, body: SimulcastBody): Promise<SimulcastRow> {
  await assertOwnInput(db, accountId, body.inputId);
  const [row] = await db
    .insert(simulcasts)
    .values({ name: body.name, inputId: body.inputId ?? null, provider: body.provider ?? 'local', accountId })
    .returning();
  if (!row) throw new Error('The simulcast was not created');
  return row;
}

export async function updateSimulcast(db: Db, row: SimulcastRow, body: SimulcastUpdateBody): Promise<SimulcastRow> {
  if (Object.keys(body).length === 0) return row;
  await assertOwnInput(db, row.accountId, body.inputId);
  const [updated] = await db.update(simulcasts).set(body).where(eq(simulcasts.id, row.id)).returning();
  if (!updated) throw notFound(SIMULCAST_MESSAGES.notFound(row.id));
  return updated;
}

/** `deleted` runs in the delete's transaction (the request's audit entry). */
export async function deleteSimulcast(
  db: Db,
  engine: SimulcastEngine,
  row: SimulcastRow,
  deleted?: (tx: Db) => Promise<void>,
): Promise<void> {
  // No longer meant to run first, so that no process takes a target again while it is stopped.
  await db.update(simulcastTargets).set({ running: false }).where(eq(simulcastTargets.simulcastId, row.id));
  for (const target of await targetsOf(db, [row.id])) await engine.stop(target.id);
  await transaction(db, async (tx) => {
    await tx.delete(simulcasts).where(eq(simulcasts.id, row.id));
    await deleted?.(tx);
  });
}

export async function findTarget(db: Db, simulcast: SimulcastRow, targetId: number): Promise<SimulcastTargetRow> {
  const [row] = await db
    .select()
    .from(simulcastTargets)
    .where(and(eq(simulcastTargets.id, targetId), eq(simulcastTargets.simulcastId, simulcast.id)))
    .limit(1);
  if (!row) throw notFound(SIMULCAST_MESSAGES.targetNotFound(targetId));
  return row;
}

export async function createTarget(db: Db, simulcast: SimulcastRow, body: TargetBody): Promise<SimulcastTargetRow> {
  const [total] = await db
    .select({ total: count() })
    .from(simulcastTargets)
    .where(eq(simulcastTargets.simulcastId, simulcast.id));
  if ((total?.total ?? 0) >= SIMULCAST_LIMITS.targetsPerSimulcast) {
    throw new HttpError(409, SIMULCAST_MESSAGES.tooManyTargets);
  }
  const [row] = await db
    .insert(simulcastTargets)
    .values({ ...body, simulcastId: simulcast.id, accountId: simulcast.accountId })
    .returning();
  if (!row) throw new Error('The target was not created');
  return row;
}

export async function updateTarget(
  db: Db,
  target: SimulcastTargetRow,
  body: TargetUpdateBody,
): Promise<SimulcastTargetRow> {
  if (target.running) throw new HttpError(409, SIMULCAST_MESSAGES.targetRunning);
  if (Object.keys(body).length === 0) return target;
  const [row] = await db.update(simulcastTargets).set(body).where(eq(simulcastTargets.id, target.id)).returning();
  if (!row) throw notFound(SIMULCAST_MESSAGES.targetNotFound(target.id));
  return row;
}

export async function deleteTarget(db: Db, target: SimulcastTargetRow): Promise<void> {
  if (target.running) throw new HttpError(409, SIMULCAST_MESSAGES.targetRunning);
  await db.delete(simulcastTargets).where(eq(simulcastTargets.id, target.id));
}

/** live while one of its targets is meant to run. */
async function refreshState(db: Db, simulcastId: number): Promise<void> {
  const [running] = await db
    .select({ total: count() })
    .from(simulcastTargets)
    .where(and(eq(simulcastTargets.simulcastId, simulcastId), eq(simulcastTargets.running, true)));
  const state: SimulcastState = (running?.total ?? 0) > 0 ? 'live' : 'idle';
  await db.update(simulcasts).set({ state }).where(eq(simulcasts.id, simulcastId));
}

/**
 * Marks the target as meant to run (a restart resumes it) and starts its restream, once `db`'s
 * transaction (when it is one) commits.
 */
export async function startTarget(
  db: Db,
  engine: SimulcastEngine,
  target: SimulcastTargetRow,
): Promise<SimulcastTargetRow> {
  const [row] = await db
    .update(simulcastTargets)
    .set({ running: true, status: 'starting', lastError: null, bitrateKbps: null, liveSince: null })
    .where(eq(simulcastTargets.id, target.id))
    .returning();
  if (!row) throw notFound(SIMULCAST_MESSAGES.targetNotFound(target.id));
  await refreshState(db, row.simulcastId);
  afterCommit(db, () => engine.start(row));
  return row;
}

/**
 * Marks the target as no longer meant to run, then stops its restream. `stopped` runs in the
 * transaction of the mark (the request's audit entry); the engine's stop waits for its writes,
 * so it runs after the commit.
 */
export async function stopTarget(
  db: Db,
  engine: SimulcastEngine,
  target: SimulcastTargetRow,
  stopped?: (tx: Db) => Promise<void>,
): Promise<SimulcastTargetRow> {
  await transaction(db, async (tx) => {
    await tx.update(simulcastTargets).set({ running: false }).where(eq(simulcastTargets.id, target.id));
    await stopped?.(tx);
  });
  await engine.stop(target.id);
  const [row] = await db
    .update(simulcastTargets)
    .set({ status: 'stopped', bitrateKbps: null, liveSince: null })
    .where(eq(simulcastTargets.id, target.id))
    .returning();
  if (!row) throw notFound(SIMULCAST_MESSAGES.targetNotFound(target.id));
  await refreshState(db, row.simulcastId);
  return row;
}

export async function simulcastStats(db: Db, simulcast: SimulcastRow): Promise<SimulcastStats> {
  const targets = await targetsOf(db, [simulcast.id]);
  const since = new Date(Date.now() - STATS_WINDOW_MS);
  const data = await Promise.all(
    targets.map(async (target) => {
      const samples = await db
        .select()
        .from(simulcastSamples)
        .where(and(eq(simulcastSamples.targetId, target.id), gte(simulcastSamples.at, since)))
        .orderBy(asc(simulcastSamples.at));
      return {
        targetId: target.id,
        samples: samples.map((sample) => ({ at: sample.at.toISOString(), bitrateKbps: sample.bitrateKbps })),
      };
    }),
  );
  return { data };
}
