import type { PeriodicTask } from './jobs.define.ts';

/**
 * Runs each periodic task when its time has come (first at the first call); called by a worker's
 * loops between jobs. A task that throws is logged and tried again at its next time.
 */
export function createPeriodicRunner(
  tasks: readonly PeriodicTask[],
  context: Parameters<PeriodicTask['run']>[0],
): () => Promise<void> {
  const entries = tasks.map((task) => ({ task, lastRun: 0 }));
  return async () => {
    for (const entry of entries) {
      if (entry.task.everyMs <= 0 || Date.now() - entry.lastRun < entry.task.everyMs) continue;
      // Marked before running, so the process's other loops skip it meanwhile.
      entry.lastRun = Date.now();
      try {
        await entry.task.run(context);
      } catch (error) {
        context.log.warn({ task: entry.task.name, err: error }, 'periodic task failed');
      }
    }
  };
}
