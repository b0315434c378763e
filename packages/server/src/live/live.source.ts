import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { liveInputs } from '../db/live.table.ts';
import { inputsOnAir } from './input.lease.ts';
import type { LiveSupervisor } from './live.supervisor.ts';

/**
 * Where a reader in this process (a simulcast's ffmpeg, a recorder) plays an account's live
 * input: the local RTMP play URL of its publisher, rtmp://127.0.0.1:{port}/live/{key}, when this
 * live node receives it; when another live node does, this process's own URL of the input's live
 * playlist over HTTP (its playlist book follows every node's segments, read from the shared
 * storage). Loopback readers only. Null when the input is not the account's, on air nowhere, or
 * this process runs no ingest (or does not listen yet). The simulcast engine reads its sources
 * through this (its SimulcastSources shape).
 */
export interface LiveSources {
  urlOf(accountId: number, inputId: number): Promise<string | null>;
  /**
   * Of these inputs, those a reader may run on in this process by preference: the ones this live
   * node packages under their lease, and the ones no live node has on air (a reader waits for them
   * anywhere). An input on air on another node is read best there (RTMP, no playlist delay), and
   * from here only when that node does not take its reader (simulcast.leased.ts).
   */
  readableHere(inputIds: readonly number[]): Promise<Set<number>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where this process plays the accounts' live inputs (live.plugin.ts). */
    liveSources: LiveSources;
  }
}

/**
 * `liveUrl`: this process's own signed URL of an input's live playlist (live.plugin.ts
 * ownLiveUrl), null before it listens.
 */
export function liveSources(
  db: Db,
  supervisor: () => LiveSupervisor | null,
  liveUrl: (accountId: number, inputId: number) => string | null,
): LiveSources {
  return {
    async urlOf(accountId, inputId) {
      const running = supervisor();
      if (!running) return null;
      const [owned] = await db
        .select({ id: liveInputs.id })
        .from(liveInputs)
        .where(and(eq(liveInputs.id, inputId), eq(liveInputs.accountId, accountId)));
      if (!owned) return null;
      const local = running.sourceUrl(inputId);
      if (local !== null) return local;
      // Received by another live node: its live playlist, as this process serves it. Its token
      // lasts hours (MEDIA_TOKEN_TTL_SECONDS); a reader that outlives it fails, is restarted and
      // asks again.
      return (await inputsOnAir(db, [inputId])).has(inputId) ? liveUrl(accountId, inputId) : null;
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
