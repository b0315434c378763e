import { contentCameras } from '../db/cameras.table.ts';
import { businessPlayers } from '../db/conferences.table.ts';
import { liveInputs } from '../db/live.table.ts';
import type { Transaction } from '../db/transactions.ts';
import { newStreamKey } from './live.keys.ts';

/** The organiser's demo camera inputs: ready for an encoder (their keys made like any other). */
const DEMO_INPUTS = [
  { name: 'Main stage camera', latencyMode: '1s' },
  { name: 'Stage left camera', latencyMode: '1s' },
] as const;

/**
 * The organiser's live set-up: two inputs, and an upcoming conference filmed by both (its
 * program starts on the main stage camera when it goes live). Answers the main input's id.
 */
export async function seedLiveDemo(tx: Transaction, organiserAccountId: number): Promise<number> {
  const inputs = await tx
    .insert(liveInputs)
    .values(DEMO_INPUTS.map((input) => ({ ...input, accountId: organiserAccountId, streamKey: newStreamKey() })))
    .returning({ id: liveInputs.id, name: liveInputs.name });
  const [main] = inputs;
  if (!main) throw new Error('Could not create the demo live inputs');
  const starts = new Date(Date.now() + 7 * 86_400_000);
  const [keynote] = await tx
    .insert(businessPlayers)
    .values({
      name: 'Closing keynote (live)',
      description: 'The summit’s closing keynote, live from two cameras.',
      startsAt: starts,
      endsAt: new Date(starts.getTime() + 3_600_000),
      venue: 'Grand Auditorium, Lyon',
      state: 'upcoming',
      accountId: organiserAccountId,
    })
    .returning({ id: businessPlayers.id });
  if (!keynote) throw new Error('Could not create the demo live conference');
  await tx.insert(contentCameras).values(
    inputs.map((input, position) => ({
      accountId: organiserAccountId,
      conferenceId: keynote.id,
      inputId: input.id,
      label: input.name,
      position,
    })),
  );
  return main.id;
}
