import { MARKER_EVENTS, type MarkerChange, type MarkerEventPayload, markerTopic } from '@regie/contract/markers';
import type { Db } from '../db/database.ts';
import { afterCommit, rootOf } from '../db/transactions.ts';
import { accountTopic, type RealtimeHub } from '../realtime/realtime.hub.ts';

/**
 * Marker changes on the realtime channel (contract markers.ts MARKER_EVENTS): each committed
 * change goes to the account's `/admin/{eventId}`. As with the queue's 'queued' event
 * (jobs.published.ts), the process serving a database with a hub registers it once at boot; a
 * change made inside a transaction goes out once it commits, never when it rolls back.
 */
interface Publisher {
  hub: RealtimeHub;
  onError: (error: unknown) => void;
}

const publishers = new Map<Db, Publisher>();

export function publishMarkerChanges(db: Db, hub: RealtimeHub, onError: (error: unknown) => void): () => void {
  const publisher = { hub, onError };
  publishers.set(db, publisher);
  return () => {
    if (publishers.get(db) === publisher) publishers.delete(db);
  };
}

/** Publishes `change` of the marker once `db`'s transaction (if any) commits. */
export function publishMarkerChange(db: Db, change: MarkerChange, payload: MarkerEventPayload): void {
  const publisher = publishers.get(rootOf(db));
  if (!publisher) return;
  const { marker } = payload;
  const accountId = marker.AccountId;
  if (accountId === null) return;
  afterCommit(db, () => {
    publisher.hub
      .publish(accountTopic(accountId, markerTopic(marker.eventId)), { type: MARKER_EVENTS[change], payload })
      .catch(publisher.onError);
  });
}
