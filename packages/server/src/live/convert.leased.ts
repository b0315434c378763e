import { CONVERT_ACTIVE_STATES } from '@regie/contract/live.convert';
import type { SQL } from 'drizzle-orm';
import { and, eq, inArray } from 'drizzle-orm';
import { type LeasedEngineOptions, leasedRunner } from '../cluster/leased-runner.ts';
import { liveConversions } from '../db/live.table.ts';
import { transaction } from '../db/transactions.ts';
import { type ConvertEngine, conversionsUnderWay, type LocalConvertEngine } from './convert.engine.ts';

const KIND = 'conversion';
export const conversionLease = (conversionId: number) => `${KIND}:${conversionId}`;

export type LeasedConvertOptions = LeasedEngineOptions;

/**
 * Videos played into live inputs, in a cluster (issue 27.2): each conversion under way is played
 * by exactly one process, the one holding its lease (`conversion:<id>`, cluster/leased-runner.ts),
 * into that process's ingest. Its position is kept every few seconds (fenced by the lease), so
 * when its process dies another takes it over within the lease's life and resumes from there.
 */
export function leasedConvertEngine(
  inner: LocalConvertEngine,
  options: LeasedConvertOptions,
): ConvertEngine & { fence: (conversionId: number) => SQL | undefined } {
  const { db } = options;
  const runner = leasedRunner({
    ...options,
    kind: KIND,
    meantToRun: (onlyId) => conversionsUnderWay(db, onlyId),
    run: (row) => inner.start(row),
    release: (conversionId) => inner.release(conversionId),
  });
  return {
    fence: (conversionId) => runner.fence(conversionId),
    // Called once the conversion is written as under way (after the commit).
    start: (row) => {
      runner
        .started(row.id)
        .catch((error: unknown) => options.log.warn({ err: error }, 'live: conversion not started'));
    },
    // Stopped for good: written first (with the request's audit entry), then its process ends it.
    async stop(conversionId, stopped) {
      await transaction(db, async (tx) => {
        await tx
          .update(liveConversions)
          .set({ state: 'stopped', endedAt: new Date() })
          .where(and(eq(liveConversions.id, conversionId), inArray(liveConversions.state, CONVERT_ACTIVE_STATES)));
        await stopped?.(tx);
      });
      await runner.stopped(conversionId);
    },
    isRunning: (conversionId) => runner.holds(conversionId) && inner.isRunning(conversionId),
    resume: () => runner.resume(),
    close: async () => {
      await runner.close();
      await inner.close();
    },
  };
}
