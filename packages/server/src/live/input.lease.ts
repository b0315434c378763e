import { performance } from 'node:perf_hooks';
import { LIVE_MESSAGES } from '@regie/contract/live';
import { type SQL, sql } from 'drizzle-orm';
import { acquireLease, fenced, type Lease, renewLease, takeOverLease } from '../cluster/leases.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';

/**
 * An input's packager under a lease (issue 27, live nodes): the live node receiving an input's
 * encoder holds `live-input:<inputId>` while it packages it, renews it every third of its life,
 * and fences its segment index and state writes with it. Short (5 s by default): an encoder
 * reconnecting to another node after a kill -9 is packaged again once it expires.
 */
export const INPUT_LEASE_PREFIX = 'live-input:';
export const inputLeaseName = (inputId: number) => `${INPUT_LEASE_PREFIX}${inputId}`;
export const DEFAULT_INPUT_LEASE_TTL_MS = 5_000;

/** A valid (held, not expired) lease of the input `live_inputs` row `alias` names. */
const validInputLease = (alias: SQL) =>
  sql`exists (select 1 from leases where leases.name = ${INPUT_LEASE_PREFIX} || ${alias}.id::text and leases.holder <> '' and leases.expires_at > now())`;

export type InputLeaseAnswer =
  | { taken: Lease }
  /** The account already has `limit` inputs on air (valid leases), on any node. */
  | { refused: 'limit'; limit: number }
  /**
   * Another node holds the input's lease (it publishes it, or died less than a lease's life ago):
   * `by` is its holder and token as read, for a takeover if it turns out to be gone.
   */
  | { refused: 'held'; by: { holder: string; token: number } | null };

/**
 * Takes the input's lease if the account stays within its limit of inputs on air, counted in the
 * database over every node: one transaction that first locks the account's row, so two nodes
 * taking leases of one account's inputs at once count one after the other and never both pass.
 * With `from`, the lease is taken over from that holder (found gone: it answered nobody, see
 * live.supervisor.ts) even before it expires, as long as it is still the holder and token seen.
 */
export async function takeInputLease(
  db: Db,
  request: {
    accountId: number;
    inputId: number;
    holder: string;
    ttlMs: number;
    limit: number;
    from?: { holder: string; token: number };
  },
): Promise<InputLeaseAnswer> {
  return transaction(db, async (tx) => {
    await tx.execute(sql`select id from accounts where id = ${request.accountId} for update`);
    const counted = await tx.execute(sql`
      select count(*)::integer as on_air from live_inputs i
      where i.account_id = ${request.accountId} and i.id <> ${request.inputId} and ${validInputLease(sql`i`)}`);
    const onAir = Number(rowsOf<{ on_air: number }>(counted)[0]?.on_air ?? 0);
    if (onAir >= request.limit) return { refused: 'limit', limit: request.limit };
    const name = inputLeaseName(request.inputId);
    const taken = request.from
      ? await takeOverLease(tx, name, request.holder, request.ttlMs, request.from)
      : await acquireLease(tx, name, request.holder, request.ttlMs);
    if (taken) return { taken };
    const held = await tx.execute(sql`select holder, token::text as token from leases where name = ${name}`);
    const row = rowsOf<{ holder: string; token: string }>(held)[0];
    return { refused: 'held', by: row ? { holder: row.holder, token: Number(row.token) } : null };
  });
}

/**
 * The refusal past the limit, shown on the input: written only while no node holds the input's
 * lease (another node may have it on air, and its state is that node's).
 */
export async function recordLimitRefusal(db: Db, inputId: number, limit: number): Promise<boolean> {
  const result = await db.execute(sql`
    update live_inputs i set state = 'error', state_reason = ${JSON.stringify(LIVE_MESSAGES.limitReached(limit))}::jsonb
    where i.id = ${inputId} and not ${validInputLease(sql`i`)}
    returning i.id`);
  return rowsOf(result).length === 1;
}

const PACKAGER_FAILED = LIVE_MESSAGES.packagerFailed('').code;

/**
 * Inputs left `live` (or in `error` from a packager failure) that no lease has covered for
 * `graceMs`: the node that had them died or lost them, and their encoder has not come back to
 * another node. They become idle; refusals past the limit stay shown. Run at a live node's start
 * and every few seconds on every live node. Answers what it reset.
 *
 * The grace: an encoder whose node was killed reconnects to another node, which takes the input
 * once the dead node's lease expires. Idled in that moment, the input's playlists would say the
 * stream ended (`#EXT-X-ENDLIST`) and players would stop just before it goes on. A lease released
 * on purpose (its holder emptied, a node stopping) is not waited for.
 */
export async function idleUnleasedInputs(db: Db, graceMs: number): Promise<{ id: number; accountId: number }[]> {
  const result = await db.execute(sql`
    update live_inputs i set state = 'idle', state_reason = null
    where (i.state = 'live' or (i.state = 'error' and i.state_reason->>'code' = ${PACKAGER_FAILED}))
      and not exists (
        select 1 from leases
        where leases.name = ${INPUT_LEASE_PREFIX} || i.id::text and leases.holder <> ''
          and leases.expires_at > now() - make_interval(secs => ${graceMs / 1000}))
    returning i.id, i.account_id`);
  return rowsOf<{ id: number; account_id: number }>(result).map((row) => ({
    id: Number(row.id),
    accountId: Number(row.account_id),
  }));
}

/** Of these inputs, those some node holds the lease of now (on air there). */
export async function inputsOnAir(db: Db, inputIds: readonly number[]): Promise<Set<number>> {
  if (inputIds.length === 0) return new Set();
  const result = await db.execute(sql`
    select i.id from live_inputs i
    where i.id in (${sql.join(
      inputIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and ${validInputLease(sql`i`)}`);
  return new Set(rowsOf<{ id: number }>(result).map((row) => Number(row.id)));
}

export interface KeptLease {
  readonly lease: Lease;
  /** The condition this node's writes on the input carry: true while the lease is still its own. */
  fence(): SQL;
  /**
   * True until the lease is found lost (a renewal found another holder) or overdue (no renewal
   * answered in time). Only a hint for this node's own work: what keeps two nodes from writing one
   * input is the fence, checked by the database at every write.
   */
  valid(): boolean;
  /** The lease is gone (a fenced write matched nothing): stops renewing and calls `onLost`. */
  lost(): void;
  /** Stops renewing (the lease itself is released by the caller, or expires). */
  stop(): void;
}

/**
 * Renews a taken input lease every third of its life. A renewal that finds it taken by another
 * holder (its token changed) calls `onLost`. A renewal that merely answers late changes nothing:
 * the lease is fenced by its token in the database, and a late renewal that still finds the row
 * ours (no other node took it, even past its expiry) keeps it. Only when no renewal succeeded for a
 * whole life of the lease and none is still under way (PostgreSQL refusing connections, a
 * partition) is `onLost('overdue')` called, so a node cut off from the database lets its publisher
 * go and the encoder may reconnect to a node that can package it.
 */
export function keepInputLease(
  db: Db,
  lease: Lease,
  options: {
    ttlMs: number;
    /** Local monotonic time the acquisition started at. */
    takenAt: number;
    onLost: (why: 'lost' | 'overdue') => void;
    log: { warn(data: object, message: string): void };
    now?: () => number;
  },
): KeptLease {
  const now = options.now ?? (() => performance.now());
  /** The start of the last renewal (or acquisition) that succeeded. */
  let renewedAt = options.takenAt;
  let inFlight = 0;
  let stopped = false;
  const lose = (why: 'lost' | 'overdue') => {
    if (stopped) return;
    stop();
    options.onLost(why);
  };
  const overdue = () => !stopped && inFlight === 0 && now() >= renewedAt + options.ttlMs;
  const renew = async () => {
    if (stopped) return;
    const startedAt = now();
    inFlight += 1;
    let renewed: boolean | null = null;
    try {
      renewed = await renewLease(db, lease, options.ttlMs);
    } catch (error) {
      options.log.warn({ err: error, lease: lease.name }, 'live: input lease not renewed; retrying');
    } finally {
      inFlight -= 1;
    }
    if (stopped) return;
    if (renewed === false) {
      lose('lost');
      return;
    }
    if (renewed) renewedAt = Math.max(renewedAt, startedAt);
    else if (overdue()) lose('overdue');
  };
  const every = Math.max(50, Math.floor(options.ttlMs / 3));
  const timer = setInterval(() => {
    if (overdue()) lose('overdue');
    else void renew();
  }, every);
  function stop() {
    stopped = true;
    clearInterval(timer);
  }
  return {
    lease,
    fence: () => fenced(lease),
    valid: () => !stopped,
    lost: () => lose('lost'),
    stop,
  };
}

/** node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}
