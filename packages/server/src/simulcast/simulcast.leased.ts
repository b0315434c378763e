import { performance } from 'node:perf_hooks';
import { eq, inArray, type SQL } from 'drizzle-orm';
import { type LeasedEngineOptions, leasedRunner } from '../cluster/leased-runner.ts';
import { leaseHolders } from '../cluster/leases.ts';
import type { Db } from '../db/database.ts';
import { type SimulcastTargetRow, simulcasts, simulcastTargets } from '../db/simulcast.table.ts';
import { pruneSamples, type SimulcastEngine, type SimulcastSources, targetsMeantToRun } from './simulcast.engine.ts';

const KIND = 'simulcast-target';
export const simulcastTargetLease = (targetId: number) => `${KIND}:${targetId}`;

/**
 * How long a target whose input is on air on another node stays held by no process before a
 * process other than the input's node takes it: that node had its chance (it claims within a
 * claim period) and did not take it.
 */
export const REMOTE_AFTER_MS = 3_000;

export type LeasedSimulcastOptions = LeasedEngineOptions & {
  /**
   * Where the targets' sources are received: a target is pushed from the live node receiving its
   * input, or from another that can read it when that node leaves it unclaimed.
   */
  sources?: SimulcastSources;
  /** How long such a target waits for its input's node before another takes it (REMOTE_AFTER_MS). */
  remoteAfterMs?: number;
  /**
   * The most targets this process pushes at once (its uplink); null: no limit. Past it, a target
   * whose input is received here is left unclaimed, and another live node takes it after
   * `remoteAfterMs`, reading the input from its live playlist.
   */
  maxRunning?: number | null;
};

/**
 * Which targets this process may push (the runner's `runsHere`, asked at each claim round for
 * every target meant to run, and for the one it has just taken before starting it).
 *
 * A target runs by preference on the live node receiving its input, reading its local RTMP
 * publisher, and anywhere while no node has its input on air (its push waits for the source
 * there). A target this process holds whose input went on air on another node is let go, and that
 * node takes it. But a node receiving an input may not push (busy, closing, no way out): a target
 * whose input is on air elsewhere and that no process has held for `remoteAfterMs` may be taken
 * here, reading the input's live playlist over HTTP (`sources.urlOf` gives its URL; a process
 * that cannot read it does not take it). A target taken that way is kept while this process holds
 * it, even with its input still on air elsewhere: it does not go back and forth.
 */
function targetPlacement(db: Db, sources: SimulcastSources, holder: string, remoteAfterMs: number) {
  /** Targets whose input is on air elsewhere, held by no process: since when (performance.now()). */
  const unheldSince = new Map<number, number>();
  /** Targets this process took while their input was on air on another node. */
  const takenFromAfar = new Set<number>();
  const forget = (targetId: number) => {
    unheldSince.delete(targetId);
    takenFromAfar.delete(targetId);
  };

  /** Forgets the targets no longer meant to run (not listed, and the database says so). */
  const forgetStopped = async (listed: ReadonlySet<number>) => {
    const unlisted = [...new Set([...unheldSince.keys(), ...takenFromAfar])].filter((id) => !listed.has(id));
    if (unlisted.length === 0) return;
    // The runner also asks about the one target it has just taken, alone: the others are not
    // listed then, and may still be meant to run.
    const meant = new Set((await targetsMeantToRun(db)).map((target) => target.id));
    for (const id of unlisted) if (!meant.has(id)) forget(id);
  };

  return async (targets: SimulcastTargetRow[]): Promise<SimulcastTargetRow[]> => {
    if (!sources.readableHere) return targets;
    const listed = new Set(targets.map((target) => target.id));
    await forgetStopped(listed);
    if (targets.length === 0) return targets;
    const rows = await db
      .select({ targetId: simulcastTargets.id, inputId: simulcasts.inputId })
      .from(simulcastTargets)
      .innerJoin(simulcasts, eq(simulcasts.id, simulcastTargets.simulcastId))
      .where(inArray(simulcastTargets.id, [...listed]));
    const inputOf = new Map(rows.map((row) => [row.targetId, row.inputId]));
    const inputIds = [...new Set(rows.flatMap((row) => (row.inputId === null ? [] : [row.inputId])))];
    const here = inputIds.length === 0 ? new Set<number>() : await sources.readableHere(inputIds);
    const placed = new Set<number>();
    const away: { target: SimulcastTargetRow; inputId: number }[] = [];
    for (const target of targets) {
      const inputId = inputOf.get(target.id);
      if (inputId === null || inputId === undefined || here.has(inputId)) {
        placed.add(target.id);
        unheldSince.delete(target.id);
      } else {
        away.push({ target, inputId });
      }
    }
    if (away.length > 0) {
      const holders = await leaseHolders(
        db,
        away.map(({ target }) => simulcastTargetLease(target.id)),
      );
      const now = performance.now();
      for (const { target, inputId } of away) {
        const held = holders.get(simulcastTargetLease(target.id));
        if (held) {
          unheldSince.delete(target.id);
          if (held.holder !== holder) takenFromAfar.delete(target.id);
          else if (takenFromAfar.has(target.id)) placed.add(target.id);
          continue;
        }
        const since = unheldSince.get(target.id) ?? now;
        unheldSince.set(target.id, since);
        const due = now - since >= remoteAfterMs;
        if (takenFromAfar.has(target.id) || (due && (await sources.urlOf(target.accountId, inputId)) !== null)) {
          takenFromAfar.add(target.id);
          placed.add(target.id);
        }
      }
    }
    return targets.filter((target) => placed.has(target.id));
  };
}

/**
 * The simulcast engine in a cluster (issue 27.2): each target meant to run is pushed by exactly
 * one process, the one holding its lease (`simulcast-target:<id>`, cluster/leased-runner.ts), so
 * two processes never push to one YouTube key. `inner` is this process's local engine, made with
 * `fence` = the answer's `fence`: a process that lost a target's lease writes no more reports on it.
 *
 * What runs is what the database says (a target's `running` flag): starting one marks it and every
 * process claims; stopping one unmarks it, its holder ends it, and the stop waits until no process
 * holds it. When the holder dies, another takes the target over within the lease's life and one
 * claim period, and its push restarts from the live input.
 */
export function leasedSimulcastEngine(
  inner: SimulcastEngine,
  options: LeasedSimulcastOptions,
): SimulcastEngine & { fence: (targetId: number) => SQL | undefined } {
  const { sources, remoteAfterMs, maxRunning, ...runnerOptions } = options;
  const { db } = options;
  const runner = leasedRunner({
    ...runnerOptions,
    kind: KIND,
    maxHeld: maxRunning ?? null,
    meantToRun: (onlyId) => targetsMeantToRun(db, onlyId),
    ...(sources ? { runsHere: targetPlacement(db, sources, options.holder, remoteAfterMs ?? REMOTE_AFTER_MS) } : {}),
    run: (target) => inner.start(target),
    release: (targetId) => inner.stop(targetId),
  });
  return {
    fence: (targetId) => runner.fence(targetId),
    // Called once the target is marked running (after the commit).
    start: (target) => {
      runner
        .started(target.id)
        .catch((error: unknown) => options.log.warn({ err: error }, 'simulcast: start not passed on'));
    },
    // Called once the target is marked as not running (or about to be deleted).
    stop: (targetId) => runner.stopped(targetId),
    isRunning: (targetId) => runner.holds(targetId) && inner.isRunning(targetId),
    report: (targetId) => inner.report(targetId),
    resume: async () => {
      await pruneSamples(db);
      return runner.resume();
    },
    close: async () => {
      // Handed over at once: another process takes each target at its next claim.
      await runner.close();
      await inner.close();
    },
  };
}
