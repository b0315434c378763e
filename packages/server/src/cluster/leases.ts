import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/**
 * Leases (issue 27): exactly one process runs each long-running engine instance (a simulcast
 * target's push, a conversion, an input's packager, an end-of-live replay), and another takes it
 * over when that process dies.
 *
 * - A lease is a row of `leases` (db/leases.table.ts) with a holder and an expiry in the
 *   database's time. It is taken only when free (never held, released, or expired), in one
 *   statement, so two processes never both win it.
 * - Every change of holder increments the lease's fencing `token`. A write a holder makes on the
 *   engine's shared state may carry `fenced(lease)`: once another process has taken the lease over,
 *   the stale holder's write matches nothing.
 * - The holder renews every third of the time to live. It stops the work itself before the lease
 *   can expire in the database when it could not renew (a partition, PostgreSQL away): a renewal
 *   that starts at local time t0 extends the expiry to at least t0 + ttl in the database's time,
 *   so stopping at t0 + ttl − margin means the holder has stopped before anyone else may start.
 *   An RTMP sink therefore never sees two publishers for one target.
 * - Released (graceful stop), a lease is free at once: another process takes it at its next claim
 *   instead of waiting for the expiry.
 */
export interface Lease {
  readonly name: string;
  readonly holder: string;
  /** The fencing token: grows at every change of holder. */
  readonly token: number;
  /** True when the previous holder neither released it nor was this process: a takeover. */
  readonly tookOver: boolean;
}

/** The holder written by a release: the lease is free, and the next taker is no takeover. */
const RELEASED = '';

const ttlInterval = (ttlMs: number) => sql`(${Math.max(1, Math.round(ttlMs))}::integer * interval '1 millisecond')`;

/**
 * Takes the lease when it is free (never taken, released or expired), else answers null. One
 * statement: an upsert whose update applies only to an expired row, so of concurrent takers
 * exactly one gets a row back.
 */
export async function acquireLease(db: Db, name: string, holder: string, ttlMs: number): Promise<Lease | null> {
  if (holder === RELEASED) throw new Error('a lease holder needs a name');
  const result = await db.execute(sql`
    with prior as (select holder from leases where name = ${name}),
    taken as (
      insert into leases (name, holder, token, expires_at, acquired_at, renewed_at)
      values (${name}, ${holder}, 1, now() + ${ttlInterval(ttlMs)}, now(), now())
      on conflict (name) do update set
        holder = excluded.holder,
        token = leases.token + 1,
        expires_at = excluded.expires_at,
        acquired_at = excluded.acquired_at,
        renewed_at = excluded.renewed_at
      where leases.expires_at <= now()
      returning token
    )
    select taken.token::text as token, prior.holder as prior_holder from taken left join prior on true`);
  const row = rowsOf<{ token: string; prior_holder: string | null }>(result)[0];
  if (!row) return null;
  const prior = row.prior_holder;
  return { name, holder, token: Number(row.token), tookOver: prior !== null && prior !== RELEASED && prior !== holder };
}

/**
 * Takes the lease from the holder it was seen with (`from`: its holder and token), valid or not,
 * else answers null: for a holder known to be gone before its lease expires (live/input.lease.ts,
 * a dead node that answers nobody). The token grows, so every write the old holder still makes
 * under its lease (`fenced`) matches nothing; of concurrent takers exactly one gets a row back.
 */
export async function takeOverLease(
  db: Db,
  name: string,
  holder: string,
  ttlMs: number,
  from: { holder: string; token: number },
): Promise<Lease | null> {
  if (holder === RELEASED) throw new Error('a lease holder needs a name');
  const result = await db.execute(sql`
    update leases set holder = ${holder}, token = token + 1, expires_at = now() + ${ttlInterval(ttlMs)},
      acquired_at = now(), renewed_at = now()
    where name = ${name} and holder = ${from.holder} and token = ${from.token}
    returning token::text as token`);
  const row = rowsOf<{ token: string }>(result)[0];
  if (!row) return null;
  return { name, holder, token: Number(row.token), tookOver: from.holder !== RELEASED && from.holder !== holder };
}

/** Extends the lease by `ttlMs` from now; false when it is no longer this holder's. */
export async function renewLease(db: Db, lease: Lease, ttlMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    update leases set expires_at = now() + ${ttlInterval(ttlMs)}, renewed_at = now()
    where name = ${lease.name} and holder = ${lease.holder} and token = ${lease.token}
    returning token`);
  return rowsOf(result).length === 1;
}

/** Frees the lease at once (a graceful stop hands it over); nothing when it is no longer ours. */
export async function releaseLease(db: Db, lease: Lease): Promise<void> {
  await db.execute(sql`
    update leases set holder = ${RELEASED}, expires_at = now()
    where name = ${lease.name} and holder = ${lease.holder} and token = ${lease.token}`);
}

/**
 * A condition for a write on the engine's shared state: true only while this lease is still
 * the one in the table (`update … where id = $1 and ${fenced(lease)}`).
 */
export function fenced(lease: Lease) {
  return sql`exists (select 1 from leases where name = ${lease.name} and holder = ${lease.holder} and token = ${lease.token})`;
}

/** The current holder of each named lease still valid now (status screens, tests). */
export async function leaseHolders(
  db: Db,
  names: readonly string[],
): Promise<Map<string, { holder: string; token: number }>> {
  if (names.length === 0) return new Map();
  const result = await db.execute(sql`
    select name, holder, token::text as token from leases
    where name in (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )}) and expires_at > now() and holder <> ${RELEASED}`);
  return new Map(
    rowsOf<{ name: string; holder: string; token: string }>(result).map((row) => [
      row.name,
      { holder: row.holder, token: Number(row.token) },
    ]),
  );
}

/** node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}
