import { CONFERENCE_MESSAGES, SPEAKER_RELATIONSHIP_TYPE } from '@regie/contract/conferences';
import type { SpeakersRelationship } from '@regie/contract/conferences.schemas';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { speakers } from '../db/actors.table.ts';
import { businessPlayerSpeakers, businessPlayers } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { badRequest, type FieldError } from '../http/http.errors.ts';
import type { ConferenceRow } from './conferences.find.ts';

/** GET business-players/{id}/relationships/speakers: the speakers in their order. */
export async function speakersOf(db: Db, conferenceId: number): Promise<SpeakersRelationship> {
  const rows = await db
    .select({ id: businessPlayerSpeakers.speakerId })
    .from(businessPlayerSpeakers)
    .where(eq(businessPlayerSpeakers.businessPlayerId, conferenceId))
    .orderBy(asc(businessPlayerSpeakers.position));
  return { data: rows.map((row) => ({ type: SPEAKER_RELATIONSHIP_TYPE, id: row.id })) };
}

/** Each speaker once, each of the conference's account (400 naming the places otherwise). */
async function checkSpeakers(db: Db, accountId: number, ids: readonly number[]): Promise<void> {
  const errors: FieldError[] = [];
  const seen = new Set<number>();
  ids.forEach((id, index) => {
    if (seen.has(id)) errors.push({ path: `data.${index}.id`, message: CONFERENCE_MESSAGES.duplicateSpeaker(id) });
    seen.add(id);
  });
  const found =
    ids.length === 0
      ? []
      : await db
          .select({ id: speakers.id })
          .from(speakers)
          .where(and(inArray(speakers.id, [...seen]), eq(speakers.accountId, accountId)));
  const known = new Set(found.map((row) => row.id));
  ids.forEach((id, index) => {
    if (!known.has(id)) errors.push({ path: `data.${index}.id`, message: CONFERENCE_MESSAGES.unknownSpeaker(id) });
  });
  if (errors.length > 0) throw badRequest(errors[0]?.message ?? CONFERENCE_MESSAGES.unknownSpeaker(0), errors);
}

/** PATCH …/relationships/speakers: the list given replaces the stored one, in its order. */
export async function setSpeakers(
  db: Db,
  conference: ConferenceRow,
  body: SpeakersRelationship,
): Promise<SpeakersRelationship> {
  const ids = body.data.map((member) => member.id);
  await checkSpeakers(db, conference.accountId, ids);
  await transaction(db, async (tx) => {
    // Two saves at once: the second waits, then replaces the first's list.
    await tx
      .select({ id: businessPlayers.id })
      .from(businessPlayers)
      .where(eq(businessPlayers.id, conference.id))
      .for('update');
    await tx.delete(businessPlayerSpeakers).where(eq(businessPlayerSpeakers.businessPlayerId, conference.id));
    if (ids.length === 0) return;
    await tx
      .insert(businessPlayerSpeakers)
      .values(ids.map((speakerId, position) => ({ businessPlayerId: conference.id, speakerId, position })));
  });
  return speakersOf(db, conference.id);
}
