import type { SQL } from 'drizzle-orm';
import { type LeasedEngineOptions, leasedRunner } from '../cluster/leased-runner.ts';
import { pruneSamples, type SimulcastEngine, targetsMeantToRun } from './simulcast.engine.ts';

const KIND = 'simulcast-target';
export const simulcastTargetLease = (targetId: number) => `${KIND}:${targetId}`;

export type LeasedSimulcastOptions = LeasedEngineOptions;

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
  const { db } = options;
  const runner = leasedRunner({
    ...options,
    kind: KIND,
    meantToRun: (onlyId) => targetsMeantToRun(db, onlyId),
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
