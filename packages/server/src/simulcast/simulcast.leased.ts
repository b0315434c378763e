import { LeaseClaimer, type LeasedWork } from '../cluster/lease-claimer.ts';
import { fenced, type Lease, leaseHolders } from '../cluster/leases.ts';
import type { Db } from '../db/database.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import { pruneSamples, type SimulcastEngine, targetsMeantToRun } from './simulcast.engine.ts';

/** Hub topic (outside any account, so no client can subscribe) of "a target's wanted state changed". */
export const SIMULCAST_CLAIM_TOPIC = 'cluster/simulcast-targets';

const LEASE_PREFIX = 'simulcast-target:';
export const simulcastTargetLease = (targetId: number) => `${LEASE_PREFIX}${targetId}`;
const targetIdOf = (name: string) => Number(name.slice(LEASE_PREFIX.length));

export interface LeasedSimulcastOptions {
  db: Db;
  hub: RealtimeHub | null;
  /** This process (cluster/node-id.ts). */
  holder: string;
  ttlMs?: number;
  claimEveryMs?: number;
  onTakeover?: (lease: Lease) => void;
  log: { info: (object: object, message: string) => void; warn: (object: object, message: string) => void };
}

/**
 * The simulcast engine in a cluster (issue 27.2): each target meant to run is pushed by exactly
 * one process, the one holding its lease (`simulcast-target:<id>`), so two processes never push to
 * one YouTube key. `inner` is this process's local engine, made with `fence` = `leased.fence`:
 * a process that lost a target's lease writes no more reports on it.
 *
 * What runs is what the database says: a target's `running` flag. Starting one marks it and asks
 * every process to claim now (the hub); stopping one unmarks it, makes its holder end it (the hub,
 * else its next claim round) and waits, at most a lease's life, until no process holds it. When
 * the holder dies, another takes the target over within the lease's life and one claim period, and
 * its push restarts from the live input.
 */
export function leasedSimulcastEngine(
  inner: SimulcastEngine,
  options: LeasedSimulcastOptions,
): SimulcastEngine & { fence: (targetId: number) => ReturnType<typeof fenced> | undefined } {
  const { db, hub, log } = options;
  const ttlMs = options.ttlMs;
  const leases = new Map<number, Lease>();
  const claimer = new LeaseClaimer({
    db,
    holder: options.holder,
    ...(ttlMs === undefined ? {} : { ttlMs }),
    ...(options.claimEveryMs === undefined ? {} : { claimEveryMs: options.claimEveryMs }),
    wanted: async () => (await targetsMeantToRun(db)).map((target) => simulcastTargetLease(target.id)),
    start: async (lease): Promise<LeasedWork> => {
      const targetId = targetIdOf(lease.name);
      const [target] = await targetsMeantToRun(db, targetId);
      if (!target) return { done: Promise.resolve(), stop: async () => undefined };
      leases.set(targetId, lease);
      inner.start(target);
      return {
        // A target ends when it is no longer meant to run: the claimer sees it and stops it.
        done: new Promise<void>(() => undefined),
        stop: async () => {
          await inner.stop(targetId);
          if (leases.get(targetId) === lease) leases.delete(targetId);
        },
      };
    },
    ...(options.onTakeover ? { onTakeover: options.onTakeover } : {}),
    log,
  });
  const claimSoon = () => {
    claimer.claimNow().catch((error: unknown) => log.warn({ err: error }, 'simulcast: claim failed'));
  };
  /**
   * Started again while running (its user pressed start): the process holding the lease it was
   * running under (`token`) restarts its push. A lease taken since is a fresh push already.
   */
  const restartHeld = async (targetId: number, token: number) => {
    if (leases.get(targetId)?.token !== token) return;
    const [target] = await targetsMeantToRun(db, targetId);
    if (target && leases.get(targetId)?.token === token) inner.start(target);
  };
  const stopListening = hub?.subscribe(SIMULCAST_CLAIM_TOPIC, (_topic, event) => {
    const restart = event.payload as { targetId?: unknown; token?: unknown } | null;
    if (typeof restart?.targetId === 'number' && typeof restart.token === 'number') {
      restartHeld(restart.targetId, restart.token).catch((error: unknown) =>
        log.warn({ err: error }, 'simulcast: restart failed'),
      );
    }
    claimSoon();
  });
  const announce = async (restart?: { targetId: number; token: number }) => {
    await hub
      ?.publish(SIMULCAST_CLAIM_TOPIC, { type: 'simulcast.claim', payload: restart ?? null })
      .catch((error: unknown) => log.warn({ err: error }, 'simulcast: other processes not told'));
  };
  const started = async (targetId: number) => {
    const held = (await leaseHolders(db, [simulcastTargetLease(targetId)])).get(simulcastTargetLease(targetId));
    if (held && hub) await announce({ targetId, token: held.token });
    else if (held) await restartHeld(targetId, held.token);
    else await announce();
    claimSoon();
  };

  /** Waits until no process holds the target's lease (its push has ended), at most a lease's life. */
  async function released(targetId: number): Promise<void> {
    const name = simulcastTargetLease(targetId);
    const deadline = Date.now() + (ttlMs ?? 10_000) + 1_000;
    while (Date.now() < deadline) {
      if (!(await leaseHolders(db, [name])).has(name)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    log.warn(
      { lease: name },
      'simulcast: the target’s holder did not release it in time; it stops at its lease’s expiry',
    );
  }

  return {
    fence: (targetId) => {
      const lease = leases.get(targetId);
      return lease ? fenced(lease) : undefined;
    },
    // Called once the target is marked running (after the commit): whoever takes its lease pushes;
    // one already running restarts on the process that holds it (without a hub, only here).
    start: (target) => {
      started(target.id).catch((error: unknown) => log.warn({ err: error }, 'simulcast: start not passed on'));
    },
    // Called once the target is marked as not running (or about to be deleted).
    stop: async (targetId) => {
      await claimer.claimNow();
      await announce();
      await released(targetId);
    },
    isRunning: (targetId) => leases.has(targetId) && inner.isRunning(targetId),
    report: (targetId) => inner.report(targetId),
    resume: async () => {
      await pruneSamples(db);
      await claimer.claimNow();
      claimer.start();
      return claimer.holding().length;
    },
    close: async () => {
      stopListening?.();
      // Handed over at once: another process takes each target at its next claim.
      await claimer.handOver();
      await inner.close();
    },
  };
}
