import type { LiveInputState } from '@regie/contract/live';
import type { Message } from '@regie/contract/messages';
import { and, eq, max, type SQL } from 'drizzle-orm';
import { type Lease, releaseLease } from '../cluster/leases.ts';
import type { Db } from '../db/database.ts';
import { liveInputs, liveSegments } from '../db/live.table.ts';
import { transaction } from '../db/transactions.ts';

/**
 * The one place an input's state changes (idle / live / error, and why). `fence`: the condition
 * of the input's lease (live/input.lease.ts) held by the node writing, so a node that lost it
 * writes nothing.
 */
export async function setInputState(
  db: Db,
  inputId: number,
  state: LiveInputState,
  reason: Message | null = null,
  fence?: SQL,
): Promise<void> {
  await db
    .update(liveInputs)
    .set({ state, stateReason: reason, ...(state === 'live' ? { lastLiveAt: new Date() } : {}) })
    .where(and(eq(liveInputs.id, inputId), fence));
}

/** The sequence the next packager run starts at: after the last indexed one. */
export async function nextSequence(db: Db, inputId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(liveSegments.sequence) })
    .from(liveSegments)
    .where(eq(liveSegments.inputId, inputId));
  return (row?.last ?? -1) + 1;
}

/**
 * Storage key of a segment: under the account, so an account's files never mix with another's,
 * and under the token of the input's lease it was written with (live/input.lease.ts), so a node
 * that lost the input never writes over a file the node holding it now indexed.
 */
export function segmentKey(accountId: number, inputId: number, sequence: number, leaseToken: number): string {
  return `live/${accountId}/${inputId}/${leaseToken}/${sequence}.ts`;
}

/**
 * The end of a publish on the node holding the input's lease: the input idle (fenced by the lease)
 * and the lease released, in one transaction. Answers whether the input was still this node's.
 */
export async function idleAndRelease(db: Db, inputId: number, kept: { lease: Lease; fence(): SQL }): Promise<boolean> {
  return transaction(db, async (tx) => {
    const idled = await tx
      .update(liveInputs)
      .set({ state: 'idle', stateReason: null })
      .where(and(eq(liveInputs.id, inputId), kept.fence()))
      .returning({ id: liveInputs.id });
    await releaseLease(tx, kept.lease);
    return idled.length === 1;
  });
}
