import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import { LeaseClaimer, type LeasedWork } from './lease-claimer.ts';
import { fenced, type Lease, leaseHolders } from './leases.ts';

export interface LeasedRunnerOptions<Row extends { id: number }> {
  db: Db;
  hub: RealtimeHub | null;
  /** This process (cluster/node-id.ts). */
  holder: string;
  /** What a lease is called: `<kind>:<id>` (e.g. `simulcast-target`). */
  kind: string;
  /** What the database says must run now (all, or only the one of `onlyId`). */
  meantToRun: (onlyId?: number) => Promise<Row[]>;
  /**
   * Of the rows meant to run, those this process may run (e.g. a simulcast target where its
   * source input is received, or elsewhere once that node left it unclaimed): a row it holds that
   * no longer belongs here is released, and the process it belongs to claims it. Without it, every
   * row may run anywhere.
   */
  runsHere?: (rows: Row[]) => Promise<Row[]>;
  /** Starts (or restarts) the row's work on this process's local engine. */
  run: (row: Row) => void;
  /**
   * Stops the row's work on this process without changing what the database says must run (the
   * lease lost, handed over, or the work no longer meant to run): the local engine's ffmpeg ends,
   * where it got to is kept (fenced by the lease).
   */
  release: (id: number) => Promise<void>;
  /**
   * The most rows this process runs at once (null or unset: no limit): past it, it claims nothing
   * more, and another process takes the rest.
   */
  maxHeld?: number | null;
  ttlMs?: number;
  claimEveryMs?: number;
  onTakeover?: (lease: Lease) => void;
  log: { info: (object: object, message: string) => void; warn: (object: object, message: string) => void };
}

/** What a leased engine (simulcast targets, conversions) takes: the runner's options but its own parts. */
export type LeasedEngineOptions = Omit<
  LeasedRunnerOptions<{ id: number }>,
  'kind' | 'meantToRun' | 'run' | 'release' | 'runsHere' | 'maxHeld'
>;

/** A plugin's lease settings (tests shorten them) as the runner takes them, unset ones left out. */
export function leaseSettings(lease: { ttlMs?: number; claimEveryMs?: number } | undefined, onTakeover?: () => void) {
  return {
    ...(lease?.ttlMs === undefined ? {} : { ttlMs: lease.ttlMs }),
    ...(lease?.claimEveryMs === undefined ? {} : { claimEveryMs: lease.claimEveryMs }),
    ...(onTakeover ? { onTakeover } : {}),
  };
}

export interface LeasedRunner {
  /** The condition a write of the row's state carries on this process: its lease, while held. */
  fence(id: number): SQL | undefined;
  /** True while this process runs the row's work. */
  holds(id: number): boolean;
  /**
   * After a start committed: whoever takes the lease runs it; one already running restarts on the
   * process holding it.
   */
  started(id: number): Promise<void>;
  /** After a stop committed: its holder ends it; waits, at most a lease's life, until none holds it. */
  stopped(id: number): Promise<void>;
  /**
   * Starts claiming (the server is ready, and can run the work): what must run is taken by this or
   * another process. Until then this process only announces starts and stops to the others.
   */
  resume(): Promise<number>;
  /** Graceful stop: every work ended here and its lease released at once for another process. */
  close(): Promise<void>;
}

/**
 * A local engine run under leases (issue 27.2): each row the database says must run (a running
 * simulcast target, a conversion under way) is run by exactly one process, the one holding the
 * lease `<kind>:<id>`. Starts and stops are announced on the hub topic `cluster/<kind>` so that
 * every process claims at once; without the hub, at its next claim round.
 */
export function leasedRunner<Row extends { id: number }>(options: LeasedRunnerOptions<Row>): LeasedRunner {
  const { db, hub, log, kind } = options;
  const prefix = `${kind}:`;
  const topic = `cluster/${kind}`;
  const nameOf = (id: number) => `${prefix}${id}`;
  const leases = new Map<number, Lease>();
  const placed = async (rows: Row[]) => (options.runsHere ? options.runsHere(rows) : rows);
  /**
   * What this process claims: the rows placed here, within `maxHeld`: those it holds first, then
   * as many of those no process holds as it has room for.
   */
  const wanted = async (): Promise<string[]> => {
    const names = (await placed(await options.meantToRun())).map((row) => nameOf(row.id));
    const max = options.maxHeld;
    if (max === undefined || max === null) return names;
    const holding = new Set(claimer.holding());
    const kept = names.filter((name) => holding.has(name));
    const room = max - kept.length;
    if (room <= 0) return kept;
    const others = names.filter((name) => !holding.has(name));
    const held = await leaseHolders(db, others);
    return [...kept, ...others.filter((name) => !held.has(name)).slice(0, room)];
  };
  const claimer: LeaseClaimer = new LeaseClaimer({
    db,
    holder: options.holder,
    ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }),
    ...(options.claimEveryMs === undefined ? {} : { claimEveryMs: options.claimEveryMs }),
    wanted,
    start: async (lease): Promise<LeasedWork> => {
      const id = Number(lease.name.slice(prefix.length));
      const [row] = await placed(await options.meantToRun(id));
      if (!row) return { done: Promise.resolve(), stop: async () => undefined };
      leases.set(id, lease);
      options.run(row);
      return {
        // The work ends when it is no longer meant to run: the claimer sees it and stops it.
        done: new Promise<void>(() => undefined),
        stop: async () => {
          try {
            await options.release(id);
          } finally {
            if (leases.get(id) === lease) leases.delete(id);
          }
        },
      };
    },
    ...(options.onTakeover ? { onTakeover: options.onTakeover } : {}),
    log,
  });
  // This process claims once it can run the work (resume(): the server is ready, its ingest up).
  let claiming = false;
  const claimSoon = () => {
    if (!claiming) return;
    claimer.claimNow().catch((error: unknown) => log.warn({ err: error, kind }, 'leases: claim failed'));
  };
  /** Started again while running: the process holding the lease it ran under (`token`) restarts it. */
  const restartHeld = async (id: number, token: number) => {
    if (leases.get(id)?.token !== token) return;
    const [row] = await options.meantToRun(id);
    if (row && leases.get(id)?.token === token) options.run(row);
  };
  const stopListening = hub?.subscribe(topic, (_topic, event) => {
    const restart = event.payload as { id?: unknown; token?: unknown } | null;
    if (typeof restart?.id === 'number' && typeof restart.token === 'number') {
      restartHeld(restart.id, restart.token).catch((error: unknown) =>
        log.warn({ err: error, kind }, 'leases: restart failed'),
      );
    }
    claimSoon();
  });
  const announce = async (restart?: { id: number; token: number }) => {
    await hub
      ?.publish(topic, { type: 'cluster.claim', payload: restart ?? null })
      .catch((error: unknown) => log.warn({ err: error, kind }, 'leases: other processes not told'));
  };

  return {
    fence: (id) => {
      const lease = leases.get(id);
      return lease ? fenced(lease) : undefined;
    },
    holds: (id) => leases.has(id),
    async started(id) {
      const held = (await leaseHolders(db, [nameOf(id)])).get(nameOf(id));
      if (held && hub) await announce({ id, token: held.token });
      else if (held) await restartHeld(id, held.token);
      else await announce();
      claimSoon();
    },
    async stopped(id) {
      if (claiming) await claimer.claimNow();
      await announce();
      const name = nameOf(id);
      const deadline = Date.now() + (options.ttlMs ?? 10_000) + 1_000;
      while (Date.now() < deadline) {
        if (!(await leaseHolders(db, [name])).has(name)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      log.warn({ lease: name }, 'leases: its holder did not release it in time; it stops at its lease’s expiry');
    },
    async resume() {
      claiming = true;
      await claimer.claimNow();
      claimer.start();
      return claimer.holding().length;
    },
    async close() {
      stopListening?.();
      await claimer.handOver();
    },
  };
}
