import { CONFERENCE_MESSAGES } from '@regie/contract/conferences';
import type { businessPlayers } from '../db/conferences.table.ts';
import { HttpError, notFound } from '../http/http.errors.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine, ResourceEntry } from '../resources/resources.types.ts';
import type { AuthContext } from '../tenancy/tenancy.guards.ts';

export type ConferenceRow = typeof businessPlayers.$inferSelect;
export type ConferencesEntry = ResourceEntry<typeof businessPlayers>;

/** A conference the request may see (404 naming it otherwise: another account's included). */
export async function findConference(
  engine: Engine,
  entry: ConferencesEntry,
  auth: AuthContext,
  id: number,
): Promise<ConferenceRow> {
  try {
    return await findVisible(engine, entry, auth, id);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(CONFERENCE_MESSAGES.notFound(id));
    throw error;
  }
}
