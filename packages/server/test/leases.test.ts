import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaseClaimer, type LeasedWork } from '../src/cluster/lease-claimer.ts';
import {
  acquireLease,
  fenced,
  type Lease,
  leaseHolders,
  releaseLease,
  renewLease,
  takeOverLease,
} from '../src/cluster/leases.ts';
import { type Database, type Db, openPostgres } from '../src/db/database.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * Leases (issue 27, cluster/leases.ts): one holder at a time, fencing tokens, renewal, release,
 * and the claimer that runs leased work, stops it when the lease cannot be kept, and hands it over.
 */
let ctx: TestContext;
/** A second connection pool on the same database when on PostgreSQL: another process's view. */
let other: Database | null = null;
let counter = 0;
const leaseName = () => {
  counter += 1;
  return `test-lease:${Date.now().toString(36)}:${counter}`;
};

beforeAll(async () => {
  ctx = await createTestContext();
  if (ctx.databaseUrl) other = openPostgres(ctx.databaseUrl);
});
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

const quietLog = { info: () => undefined, warn: () => undefined };

/** Makes a held lease look expired, as if its holder had stopped renewing long ago. */
async function expire(name: string): Promise<void> {
  await ctx.db.execute(sql`update leases set expires_at = now() - interval '1 second' where name = ${name}`);
}

describe('a lease', () => {
  it('is taken by one holder; another is refused while it is valid', async () => {
    const name = leaseName();
    const first = await acquireLease(ctx.db, name, 'node-a', 10_000);
    expect(first).toMatchObject({ name, holder: 'node-a', token: 1, tookOver: false });
    expect(await acquireLease(ctx.db, name, 'node-b', 10_000)).toBeNull();
    expect((await leaseHolders(ctx.db, [name])).get(name)).toEqual({ holder: 'node-a', token: 1 });
  });

  it('expired, is taken over with a higher fencing token, and the old holder can neither renew nor write', async () => {
    const name = leaseName();
    const first = (await acquireLease(ctx.db, name, 'node-a', 10_000)) as Lease;
    await expire(name);
    const second = await acquireLease(ctx.db, name, 'node-b', 10_000);
    expect(second).toMatchObject({ holder: 'node-b', token: 2, tookOver: true });
    expect(await renewLease(ctx.db, first, 10_000)).toBe(false);
    const [stale] = (
      (await ctx.db.execute(sql`select ${fenced(first)} as ok, ${fenced(second as Lease)} as current`)) as unknown as {
        rows: { ok: boolean; current: boolean }[];
      }
    ).rows;
    expect(stale).toEqual({ ok: false, current: true });
    // The old holder's release frees nothing of the new holder's.
    await releaseLease(ctx.db, first);
    expect((await leaseHolders(ctx.db, [name])).get(name)?.holder).toBe('node-b');
  });

  it('still valid, is taken over only from the holder and token seen, once, and the old holder is fenced out', async () => {
    const name = leaseName();
    const first = (await acquireLease(ctx.db, name, 'node-a', 60_000)) as Lease;
    // Seen with another token (taken over since, or released and taken again): nothing taken.
    expect(await takeOverLease(ctx.db, name, 'node-b', 5_000, { holder: 'node-a', token: first.token + 1 })).toBeNull();
    expect(await takeOverLease(ctx.db, name, 'node-b', 5_000, { holder: 'node-c', token: first.token })).toBeNull();
    const seen = { holder: 'node-a', token: first.token };
    const [taken, again] = await Promise.all([
      takeOverLease(ctx.db, name, 'node-b', 5_000, seen),
      takeOverLease(other?.db ?? ctx.db, name, 'node-c', 5_000, seen),
    ]);
    // Exactly one of two nodes taking it over at once wins.
    const won = [taken, again].filter((lease): lease is Lease => lease !== null);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ token: first.token + 1, tookOver: true });
    expect((await leaseHolders(ctx.db, [name])).get(name)?.holder).toBe(won[0]?.holder);
    // The old holder can neither renew nor write; its release frees nothing.
    expect(await renewLease(ctx.db, first, 60_000)).toBe(false);
    const [stale] = (
      (await ctx.db.execute(sql`select ${fenced(first)} as ok`)) as unknown as { rows: { ok: boolean }[] }
    ).rows;
    expect(stale?.ok).toBe(false);
    await releaseLease(ctx.db, first);
    expect((await leaseHolders(ctx.db, [name])).get(name)?.holder).toBe(won[0]?.holder);
    // Taken for the new holder's life, not what the old one had left.
    const [left] = (
      (await ctx.db.execute(
        sql`select extract(epoch from expires_at - now())::float as seconds from leases where name = ${name}`,
      )) as unknown as { rows: { seconds: number }[] }
    ).rows;
    expect(left?.seconds).toBeLessThanOrEqual(5.5);
  });

  it('renewed, stays its holder’s; released, is free at once and its next holder is no takeover', async () => {
    const name = leaseName();
    const lease = (await acquireLease(ctx.db, name, 'node-a', 10_000)) as Lease;
    expect(await renewLease(ctx.db, lease, 10_000)).toBe(true);
    await releaseLease(ctx.db, lease);
    expect(await leaseHolders(ctx.db, [name])).toEqual(new Map());
    const next = await acquireLease(ctx.db, name, 'node-b', 10_000);
    expect(next).toMatchObject({ token: 2, tookOver: false });
  });

  it('has exactly one winner among concurrent takers (two connection pools on PostgreSQL)', async () => {
    const name = leaseName();
    const pools: Db[] = [ctx.db, other?.db ?? ctx.db];
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, index) => acquireLease(pools[index % 2] as Db, name, `node-${index}`, 10_000)),
    );
    expect(attempts.filter((lease) => lease !== null)).toHaveLength(1);
    // And again once it expired: one winner, the token up by one.
    await expire(name);
    const again = await Promise.all(
      Array.from({ length: 20 }, (_, index) => acquireLease(pools[index % 2] as Db, name, `later-${index}`, 10_000)),
    );
    const winners = again.filter((lease): lease is Lease => lease !== null);
    expect(winners).toHaveLength(1);
    expect(winners[0]?.token).toBe(2);
  });
});

/** Work that runs until stopped, recording its starts and stops. */
function recordingWork() {
  const events: string[] = [];
  const start = async (lease: Lease): Promise<LeasedWork> => {
    events.push(`start ${lease.holder} ${lease.token}`);
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    return {
      done,
      stop: async () => {
        events.push(`stop ${lease.holder} ${lease.token}`);
        finish();
      },
    };
  };
  return { events, start };
}

/** The database as one process sees it, whose statements fail once `unreachable` (a partition). */
function unreachableDb(db: Db): { db: Db; unreachable: boolean } {
  const state = { unreachable: false, db };
  state.db = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'execute' || typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        state.unreachable ? Promise.reject(new Error('connect ECONNREFUSED')) : value.apply(target, args);
    },
  });
  return state;
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the lease claimer', () => {
  it('runs each wanted work on one process only; another takes it over when the first cannot renew, never both at once', async () => {
    const name = leaseName();
    // One record of both processes' starts and stops, in the order they happened.
    const both = recordingWork();
    const cutOff = unreachableDb(ctx.db);
    const takeovers: Lease[] = [];
    const claimer = (holder: string, db: Db) =>
      new LeaseClaimer({
        db,
        holder,
        // Long enough that a loaded machine's late timer never costs the first its lease while it renews.
        ttlMs: 3_000,
        claimEveryMs: 50,
        wanted: async () => [name],
        start: both.start,
        onTakeover: (lease) => takeovers.push(lease),
        log: quietLog,
      });
    const first = claimer('node-a', cutOff.db);
    await first.claimNow();
    const second = claimer('node-b', other?.db ?? ctx.db);
    second.start();
    // Several renewal periods: the second never gets it while the first renews.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(both.events).toEqual(['start node-a 1']);
    expect(second.holding()).toEqual([]);

    // The first process loses PostgreSQL: it stops its work itself, then the second takes over.
    cutOff.unreachable = true;
    await until(() => both.events.length === 3, 'the takeover', 15_000);
    expect(both.events).toEqual(['start node-a 1', 'stop node-a 1', 'start node-b 2']);
    expect(takeovers.map((lease) => lease.holder)).toEqual(['node-b']);
    await second.handOver();
    await first.handOver();
    expect(both.events).toEqual(['start node-a 1', 'stop node-a 1', 'start node-b 2', 'stop node-b 2']);
  });

  it('stops its work before the lease can expire when it cannot renew (the database unreachable)', async () => {
    const name = leaseName();
    const work = recordingWork();
    const cutOff = unreachableDb(ctx.db);
    const claimer = new LeaseClaimer({
      db: cutOff.db,
      holder: 'node-partitioned',
      // It stops 1 s before the expiry: room enough to check the lease is still its own then.
      ttlMs: 5_000,
      claimEveryMs: 60_000,
      wanted: async () => [name],
      start: work.start,
      log: quietLog,
    });
    await claimer.claimNow();
    expect(work.events).toEqual(['start node-partitioned 1']);
    cutOff.unreachable = true;
    await until(() => work.events.length === 2, 'the work stopped', 10_000);
    // Stopped while the lease was still valid in the database: nobody else could have started yet.
    const holders = await leaseHolders(ctx.db, [name]);
    expect(holders.get(name)?.holder).toBe('node-partitioned');
    expect(claimer.holding()).toEqual([]);
    await claimer.handOver();
  });

  it('hands its leases over at once on a graceful stop, and ends the work no longer wanted', async () => {
    const kept = leaseName();
    const dropped = leaseName();
    let wanted = [kept, dropped];
    const work = recordingWork();
    const claimer = new LeaseClaimer({
      db: ctx.db,
      holder: 'node-graceful',
      ttlMs: 10_000,
      claimEveryMs: 60_000,
      wanted: async () => wanted,
      start: work.start,
      log: quietLog,
    });
    await claimer.claimNow();
    expect(claimer.holding().sort()).toEqual([kept, dropped].sort());
    wanted = [kept];
    await claimer.claimNow();
    expect(claimer.holding()).toEqual([kept]);
    expect(await leaseHolders(ctx.db, [dropped])).toEqual(new Map());
    await claimer.handOver();
    // Free at once: another process takes it now, without waiting for its 10 s expiry.
    expect(await acquireLease(ctx.db, kept, 'node-next', 10_000)).toMatchObject({
      holder: 'node-next',
      tookOver: false,
    });
  });

  it('frees the lease when the work ends by itself', async () => {
    const name = leaseName();
    let finish: () => void = () => undefined;
    const claimer = new LeaseClaimer({
      db: ctx.db,
      holder: 'node-done',
      ttlMs: 10_000,
      claimEveryMs: 60_000,
      wanted: async () => [name],
      start: async () => ({
        done: new Promise<void>((resolve) => {
          finish = resolve;
        }),
        stop: async () => undefined,
      }),
      log: quietLog,
    });
    await claimer.claimNow();
    expect(claimer.holding()).toEqual([name]);
    finish();
    await until(async () => (await leaseHolders(ctx.db, [name])).size === 0, 'the release');
    expect(claimer.holding()).toEqual([]);
    await claimer.handOver();
  });
});
