import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { liveInputs } from '../db/live.table.ts';
import { inputsOnAir } from './input.lease.ts';
import type { LiveSupervisor } from './live.supervisor.ts';

/**
 * Where a reader in this process (a simulcast's ffmpeg, a recorder) plays an account's live
 * input: the local RTMP play URL of its publisher, rtmp://127.0.0.1:{port}/live/{key} (loopback
 * readers only), or null when the input is not the account's, not on air, or this process runs
 * no ingest. The simulcast engine reads its sources through this (its SimulcastSources shape).
 */
export interface LiveSources {
  urlOf(accountId: number, inputId: number): Promise<string | null>;
  /**
   * Of these inputs, those a reader may run on in this process: the ones this live node packages
   * under their lease, and the ones no live node has on air (a reader waits for them anywhere).
   */
  readableHere(inputIds: readonly number[]): Promise<Set<number>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where this process plays the accounts' live inputs (live.plugin.ts). */
    liveSources: LiveSources;
  }
}

export function liveSources(db: Db, supervisor: () => LiveSupervisor | null): LiveSources {
  return {
    async urlOf(accountId, inputId) {
      const running = supervisor();
      if (!running) return null;
      const [owned] = await db
        .select({ id: liveInputs.id })
        .from(liveInputs)
        .where(and(eq(liveInputs.id, inputId), eq(liveInputs.accountId, accountId)));
      return owned ? running.sourceUrl(inputId) : null;
    },
    async readableHere(inputIds) {
      const running = supervisor();
      const here = inputIds.filter((inputId) => running?.holdsInput(inputId));
      const elsewhere = await inputsOnAir(
        db,
        inputIds.filter((inputId) => !here.includes(inputId)),
      );
      return new Set([...here, ...inputIds.filter((inputId) => !here.includes(inputId) && !elsewhere.has(inputId))]);
    },
  };
}
