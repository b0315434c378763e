import { PUBLICATION_EVENT, PUBLICATIONS_TOPIC, type PublicationEvent } from '@regie/contract/publications';
import type { Db } from '../db/database.ts';
import type { PublicationRow } from '../db/publications.table.ts';
import { afterCommit, rootOf } from '../db/transactions.ts';
import { accountTopic, type RealtimeHub } from '../realtime/realtime.hub.ts';

/**
 * Publication changes on the realtime channel (contract PUBLICATIONS_TOPIC): the routes and the
 * publish job tell each committed change, and every open screen follows it live. As with the
 * markers' events (markers/markers.published.ts), each process serving a database with a hub (the
 * API app, a worker process) registers it once at boot; a change made inside a transaction goes
 * out once it commits, never when it rolls back.
 */
interface Publisher {
  hub: RealtimeHub;
  onError: (error: unknown) => void;
}

const publishers = new Map<Db, Publisher>();

export function publishPublicationChanges(db: Db, hub: RealtimeHub, onError: (error: unknown) => void): () => void {
  const publisher = { hub, onError };
  publishers.set(db, publisher);
  return () => {
    if (publishers.get(db) === publisher) publishers.delete(db);
  };
}

type Changed = Pick<PublicationRow, 'id' | 'accountId' | 'videoId' | 'state' | 'progress'>;

/** Tells the publication's account that it changed, once `db`'s transaction (if any) commits. */
export function publicationChanged(db: Db, row: Changed): void {
  const publisher = publishers.get(rootOf(db));
  if (!publisher) return;
  const payload: PublicationEvent = {
    id: row.id,
    videoId: row.videoId,
    state: row.state,
    progress: row.state === 'uploading' || row.state === 'rendering' ? (row.progress ?? 0) : null,
  };
  afterCommit(db, () => {
    publisher.hub
      .publish(accountTopic(row.accountId, PUBLICATIONS_TOPIC), { type: PUBLICATION_EVENT, payload })
      .catch(publisher.onError);
  });
}
