import { eq, inArray, type SQL } from 'drizzle-orm';
import { type LeasedEngineOptions, leasedRunner } from '../cluster/leased-runner.ts';
import type { Db } from '../db/database.ts';
import { type SimulcastTargetRow, simulcasts, simulcastTargets } from '../db/simulcast.table.ts';
import { pruneSamples, type SimulcastEngine, type SimulcastSources, targetsMeantToRun } from './simulcast.engine.ts';

const KIND = 'simulcast-target';
export const simulcastTargetLease = (targetId: number) => `${KIND}:${targetId}`;

export type LeasedSimulcastOptions = LeasedEngineOptions & {
  /** Where the targets' sources are received: a target is pushed from the live node receiving its input. */
  sources?: SimulcastSources;
};

/**
 * Of these targets, those this process may push: a target reads its source input's local RTMP
 * publisher, so it runs on the live node receiving that input, and anywhere while no node has it
 * on air (its push waits for the source there).
 */
async function targetsReadableHere(db: Db, sources: SimulcastSources, targets: SimulcastTargetRow[]) {
  if (!sources.readableHere || targets.length === 0) return targets;
  const rows = await db
    .select({ targetId: simulcastTargets.id, inputId: simulcasts.inputId })
    .from(simulcastTargets)
    .innerJoin(simulcasts, eq(simulcasts.id, simulcastTargets.simulcastId))
    .where(
      inArray(
        simulcastTargets.id,
        targets.map((target) => target.id),
      ),
    );
  const inputOf = new Map(rows.map((row) => [row.targetId, row.inputId]));
  const inputIds = [...new Set(rows.flatMap((row) => (row.inputId === null ? [] : [row.inputId])))];
  const here = await sources.readableHere(inputIds);
  return targets.filter((target) => {
    const inputId = inputOf.get(target.id);
    return inputId === null || inputId === undefined || here.has(inputId);
  });
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
  const { sources, ...runnerOptions } = options;
  const { db } = options;
  const runner = leasedRunner({
    ...runnerOptions,
    kind: KIND,
    meantToRun: (onlyId) => targetsMeantToRun(db, onlyId),
    ...(sources ? { runsHere: (targets: SimulcastTargetRow[]) => targetsReadableHere(db, sources, targets) } : {}),
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
