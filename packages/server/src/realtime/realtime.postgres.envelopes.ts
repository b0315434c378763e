import type pg from 'pg';

/**
 * How an event travels through PostgreSQL (realtime.postgres.ts): its JSON as the NOTIFY payload,
 * or, past PostgreSQL's payload limit, stored in hub_events and notified by its id.
 */

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; larger events go through hub_events. */
export const NOTIFY_PAYLOAD_LIMIT_BYTES = 8000;
/** A large event's row outlives any listener that is still connected; older rows are pruned. */
const STORED_EVENT_LIFETIME = '1 minute';
/** A stored event is notified by its id alone; an inline one is its JSON (an object, never digits). */
const STORED_REFERENCE = /^\d+$/;

/** Notifies `channel` of the event's JSON `text`, inline or stored. */
export async function sendEnvelope(publisher: pg.Pool, channel: string, text: string): Promise<void> {
  if (Buffer.byteLength(text) < NOTIFY_PAYLOAD_LIMIT_BYTES) {
    await publisher.query('select pg_notify($1, $2)', [channel, text]);
    return;
  }
  // Stored and notified in one statement (one transaction): the row is committed when the
  // notification arrives. Large events are rare, so pruning here keeps the table small.
  await publisher.query(
    `with stored as (insert into hub_events (envelope) values ($2) returning id),
          pruned as (delete from hub_events where created_at < now() - interval '${STORED_EVENT_LIFETIME}')
     select pg_notify($1, id::text) from stored`,
    [channel, text],
  );
}

/** The event's JSON a notification's payload stands for; null when its stored row is gone. */
export async function readEnvelope(
  publisher: pg.Pool,
  payload: string,
  onError: (error: unknown) => void,
): Promise<string | null> {
  if (!STORED_REFERENCE.test(payload)) return payload;
  const { rows } = await publisher.query<{ envelope: string }>('select envelope from hub_events where id = $1', [
    payload,
  ]);
  if (rows[0]) return rows[0].envelope;
  onError(new Error(`realtime event ${payload} was pruned before this process read it`));
  return null;
}
