import { liveInputs } from '../db/live.table.ts';
import type { Transaction } from '../db/transactions.ts';
import { newStreamKey } from './live.keys.ts';

/** The organiser's demo live input: a camera ready for an encoder (its key made like any other). */
export async function seedLiveDemo(tx: Transaction, organiserAccountId: number): Promise<number> {
  const [input] = await tx
    .insert(liveInputs)
    .values({
      accountId: organiserAccountId,
      name: 'Main stage camera',
      streamKey: newStreamKey(),
      latencyMode: '1s',
    })
    .returning({ id: liveInputs.id });
  if (!input) throw new Error('Could not create the demo live input');
  return input.id;
}
