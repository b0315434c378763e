import type { LiveInputState } from '@regie/contract/live';
import type { Message } from '@regie/contract/messages';
import { eq, max } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { liveInputs, liveSegments } from '../db/live.table.ts';

/** The one place an input's state changes (idle / live / error, and why). */
export async function setInputState(
  db: Db,
  inputId: number,
  state: LiveInputState,
  reason: Message | null = null,
): Promise<void> {
  await db
    .update(liveInputs)
    .set({ state, stateReason: reason, ...(state === 'live' ? { lastLiveAt: new Date() } : {}) })
    .where(eq(liveInputs.id, inputId));
}

/** After a crash nobody publishes: inputs left live or failing become idle (refusals stay shown). */
export async function resetLiveStates(db: Db): Promise<void> {
  await db.update(liveInputs).set({ state: 'idle' }).where(eq(liveInputs.state, 'live'));
}

/** The sequence the next packager run starts at: after the last indexed one. */
export async function nextSequence(db: Db, inputId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(liveSegments.sequence) })
    .from(liveSegments)
    .where(eq(liveSegments.inputId, inputId));
  return (row?.last ?? -1) + 1;
}

/** Storage key of a segment: under the account, so an account's files never mix with another's. */
export function segmentKey(accountId: number, inputId: number, sequence: number): string {
  return `live/${accountId}/${inputId}/${sequence}.ts`;
}
