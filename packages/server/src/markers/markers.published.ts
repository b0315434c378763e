import {
  MARKER_EVENTS,
  type MarkerChange,
  type MarkerEventPayload,
  type MarkerRecord,
  markerTopic,
} from '@regie/contract/markers';
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

/** Told of every committed marker change on a database (clip rules: clip-rules/clip-rules.marker.ts). */
export type MarkerListener = (change: MarkerChange, marker: MarkerRecord) => void;

const listeners = new Map<Db, Set<MarkerListener>>();

/** Calls `listener` after each marker change committed on `db`, whatever wrote it; returns the stop. */
export function onMarkerCommitted(db: Db, listener: MarkerListener): () => void {
  const heard = listeners.get(db) ?? new Set<MarkerListener>();
  listeners.set(db, heard);
  heard.add(listener);
  return () => {
    heard.delete(listener);
    if (heard.size === 0 && listeners.get(db) === heard) listeners.delete(db);
  };
}

/** Publishes `change` of the marker once `db`'s transaction (if any) commits. */
export function publishMarkerChange(db: Db, change: MarkerChange, payload: MarkerEventPayload): void {
  const heard = listeners.get(rootOf(db));
  if (heard && heard.size > 0) {
    afterCommit(db, () => {
      for (const listener of heard) listener(change, payload.marker);
    });
  }
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
