import { randomBytes } from 'node:crypto';
import { type LatencyMode, LIVE_LIMITS } from '@regie/contract/live';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { liveAccountLimits, liveInputs } from '../db/live.table.ts';

/** A new stream key: 192 random bits, base64url (letters, digits, - and _: what RTMP names allow). */
export function newStreamKey(): string {
  return `rk_${randomBytes(24).toString('base64url')}`;
}

export interface KeyedInput {
  inputId: number;
  accountId: number;
  latencyMode: LatencyMode;
}

/**
 * The stream keys the ingest accepts, in memory: the ingest's publish check is synchronous, so
 * it reads this map, never the database. Reloaded whole after every change of a key (create,
 * rotate, delete) in this process, and on the hub's notice of a change made by another one.
 */
export class KeyBook {
  private byKey = new Map<string, KeyedInput>();
  private limits = new Map<number, number>();

  async reload(db: Db): Promise<void> {
    const rows = await db
      .select({
        streamKey: liveInputs.streamKey,
        inputId: liveInputs.id,
        accountId: liveInputs.accountId,
        latencyMode: liveInputs.latencyMode,
        limit: liveAccountLimits.simultaneousLiveInputs,
      })
      .from(liveInputs)
      .leftJoin(liveAccountLimits, eq(liveAccountLimits.accountId, liveInputs.accountId));
    this.byKey = new Map(rows.map((row) => [row.streamKey, row]));
    this.limits = new Map(rows.flatMap((row) => (row.limit === null ? [] : [[row.accountId, row.limit]])));
  }

  find(streamKey: string): KeyedInput | undefined {
    return this.byKey.get(streamKey);
  }

  /** The account's limit of simultaneous live inputs. */
  limitOf(accountId: number): number {
    return this.limits.get(accountId) ?? LIVE_LIMITS.simultaneousLiveInputs;
  }
}
