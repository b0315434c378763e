import { eq } from 'drizzle-orm';
import { contentCameras } from '../db/cameras.table.ts';
import { businessPlayers } from '../db/conferences.table.ts';
import { events } from '../db/events.table.ts';
import { liveInputs } from '../db/live.table.ts';
import { sports } from '../db/sports.table.ts';
import type { Transaction } from '../db/transactions.ts';
import { newStreamKey } from './live.keys.ts';

/** The organiser's demo camera inputs: ready for an encoder (their keys made like any other). */
const DEMO_INPUTS = [
  { name: 'Main stage camera', latencyMode: '1s' },
  { name: 'Stage left camera', latencyMode: '1s' },
  { name: '360° courtside camera', latencyMode: '2s', equirectangular: true },
] as const;

/**
 * The organiser's live set-up: three inputs (one filming in 360°), an upcoming conference filmed by
 * the two stage cameras, and an upcoming exhibition match filmed by all three with multicam, 360
 * and chat on (each program starts on its first camera when it goes live). Answers the main
 * input's id.
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
    inputs
      .filter((input) => input.name !== DEMO_INPUTS[2].name)
      .map((input, position) => ({
        accountId: organiserAccountId,
        conferenceId: keynote.id,
        inputId: input.id,
        label: input.name,
        position,
      })),
  );
  const [football] = await tx.select({ id: sports.id }).from(sports).where(eq(sports.name, 'Football')).limit(1);
  const [match] = await tx
    .insert(events)
    .values({
      name: 'Summit Cup exhibition match (live)',
      state: 'upcoming',
      startsAt: new Date(starts.getTime() - 86_400_000),
      endsAt: new Date(starts.getTime() - 86_400_000 + 2 * 3_600_000),
      venue: 'Parc des Expositions, Lyon',
      sportId: football?.id ?? null,
      activatedModules: ['AWS_STREAM', 'MULTICAM', 'IMMERSIVE', 'CHAT', 'MARKERS'],
      accountId: organiserAccountId,
    })
    .returning({ id: events.id });
  if (!match) throw new Error('Could not create the demo live match');
  await tx.insert(contentCameras).values(
    inputs.map((input, position) => ({
      accountId: organiserAccountId,
      eventId: match.id,
      inputId: input.id,
      label: input.name,
      position,
    })),
  );
  return main.id;
}
