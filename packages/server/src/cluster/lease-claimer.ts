import { performance } from 'node:perf_hooks';
import type { Db } from '../db/database.ts';
import { acquireLease, type Lease, releaseLease, renewLease } from './leases.ts';

/** The work a lease guards, once started. */
export interface LeasedWork {
  /** Settles when the work ends by itself (a target stopped by its user, a conversion finished). */
  readonly done: Promise<void>;
  /** Stops the work now (lease lost, hand-over, no longer wanted); settles once it has stopped. */
  stop(): Promise<void>;
}

export interface LeaseClaimerOptions {
  db: Db;
  /** This process (cluster/node-id.ts). */
  holder: string;
  /** How long a lease lives without renewal: a dead holder's work restarts elsewhere after at most this plus one claim period. */
  ttlMs?: number;
  /** How often this process looks for wanted work without a holder. */
  claimEveryMs?: number;
  /** The names of the leases that need a runner now (e.g. every running simulcast target's). */
  wanted: () => Promise<readonly string[]>;
  /** Starts the work of a lease this process has just taken. */
  start: (lease: Lease) => Promise<LeasedWork>;
  /** A lease taken from a holder that neither released it nor renewed it (metrics). */
  onTakeover?: (lease: Lease) => void;
  log: { info: (object: object, message: string) => void; warn: (object: object, message: string) => void };
  /** Monotonic milliseconds (tests). */
  now?: () => number;
}

export const DEFAULT_LEASE_TTL_MS = 10_000;
export const DEFAULT_CLAIM_EVERY_MS = 2_000;

interface Held {
  lease: Lease;
  work: LeasedWork | null;
  /** Local monotonic time until which the work may run without a successful renewal. */
  validUntil: number;
  renewTimer: NodeJS.Timeout;
  deadline: NodeJS.Timeout;
  ending: boolean;
}

/**
 * Runs, on this process, the leased work it manages to take: every `claimEveryMs` it takes the
 * free leases among the wanted ones and starts their work, renews what it holds every third of
 * the time to live, stops a work whose lease it lost or could not renew in time (before the lease
 * can expire in the database: see leases.ts), and releases what is no longer wanted. `handOver`
 * (SIGTERM) stops everything and releases the leases at once, so another process takes them at
 * its next claim rather than after the expiry.
 */
export class LeaseClaimer {
  private readonly held = new Map<string, Held>();
  private readonly ttlMs: number;
  private readonly claimEveryMs: number;
  private readonly margin: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private claiming: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: LeaseClaimerOptions) {
    this.ttlMs = options.ttlMs ?? DEFAULT_LEASE_TTL_MS;
    this.claimEveryMs = options.claimEveryMs ?? DEFAULT_CLAIM_EVERY_MS;
    // Room for a late timer and the work's own stop before the database lets another take it.
    this.margin = Math.min(1_000, this.ttlMs / 5);
    this.now = options.now ?? (() => performance.now());
  }

  /** Starts claiming: one round now, then every `claimEveryMs`. */
  start(): void {
    if (this.timer || this.closed) return;
    const tick = () => {
      this.claimNow().finally(() => {
        if (!this.closed) this.timer = setTimeout(tick, this.claimEveryMs);
      });
    };
    this.timer = setTimeout(tick, 0);
  }

  /** The names of the leases held now. */
  holding(): string[] {
    return [...this.held.keys()];
  }

  /**
   * One claim round: take and start what is wanted and free, end what is not wanted. Rounds never
   * overlap; asked during a round, it answers the round after it (which reads the wanted work
   * again: a change committed just before this call is seen).
   */
  claimNow(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.claiming) {
      this.next ??= this.claiming.then(() => {
        this.next = null;
        return this.claimNow();
      });
      return this.next;
    }
    this.claiming = this.round().finally(() => {
      this.claiming = null;
    });
    return this.claiming;
  }

  private async round(): Promise<void> {
    let wanted: readonly string[];
    try {
      wanted = await this.options.wanted();
    } catch (error) {
      this.options.log.warn({ err: error }, 'leases: the wanted work could not be read; trying again');
      return;
    }
    const wantedSet = new Set(wanted);
    for (const [name, entry] of this.held) {
      if (!wantedSet.has(name) && !entry.ending) await this.end(entry, 'no longer wanted', true);
    }
    for (const name of wanted) {
      if (this.closed) return;
      if (this.held.has(name)) continue;
      await this.take(name);
    }
  }

  private async take(name: string): Promise<void> {
    const startedAt = this.now();
    let lease: Lease | null;
    try {
      lease = await acquireLease(this.options.db, name, this.options.holder, this.ttlMs);
    } catch (error) {
      this.options.log.warn({ err: error, lease: name }, 'leases: could not try to take a lease');
      return;
    }
    if (!lease) return;
    if (this.closed) {
      await releaseLease(this.options.db, lease).catch(() => undefined);
      return;
    }
    const entry: Held = {
      lease,
      work: null,
      validUntil: startedAt + this.ttlMs - this.margin,
      renewTimer: setInterval(() => this.renew(entry), Math.max(50, Math.floor(this.ttlMs / 3))),
      deadline: setTimeout(() => undefined, 0),
      ending: false,
    };
    this.held.set(name, entry);
    this.armDeadline(entry);
    if (lease.tookOver) this.options.onTakeover?.(lease);
    this.options.log.info(
      { lease: name, token: lease.token, takeover: lease.tookOver },
      lease.tookOver ? 'leases: took over a lease its holder stopped renewing' : 'leases: took a lease',
    );
    try {
      entry.work = await this.options.start(lease);
    } catch (error) {
      this.options.log.warn({ err: error, lease: name }, 'leases: the work did not start; freeing its lease');
      await this.end(entry, 'start failed', true);
      return;
    }
    if (entry.ending) {
      // Lost or handed over while starting: stop what just started.
      await entry.work.stop().catch(() => undefined);
      return;
    }
    entry.work.done.then(
      () => this.end(entry, 'work ended', true),
      (error: unknown) => {
        this.options.log.warn({ err: error, lease: name }, 'leases: the work failed');
        return this.end(entry, 'work failed', true);
      },
    );
  }

  private armDeadline(entry: Held): void {
    clearTimeout(entry.deadline);
    entry.deadline = setTimeout(
      () => {
        this.options.log.warn(
          { lease: entry.lease.name },
          'leases: not renewed in time (database unreachable?): stopping the work before another process may take it',
        );
        void this.end(entry, 'renewal overdue', false);
      },
      Math.max(0, entry.validUntil - this.now()),
    );
  }

  private async renew(entry: Held): Promise<void> {
    if (entry.ending) return;
    const startedAt = this.now();
    let renewed: boolean;
    try {
      renewed = await renewLease(this.options.db, entry.lease, this.ttlMs);
    } catch (error) {
      // The deadline stops the work if no renewal succeeds in time.
      this.options.log.warn({ err: error, lease: entry.lease.name }, 'leases: renewal failed; retrying');
      return;
    }
    if (entry.ending) return;
    if (!renewed) {
      this.options.log.warn({ lease: entry.lease.name }, 'leases: lost to another process: stopping the work');
      await this.end(entry, 'lost', false);
      return;
    }
    entry.validUntil = startedAt + this.ttlMs - this.margin;
    this.armDeadline(entry);
  }

  /** Stops the entry's work and forgets it; releases the lease when it is still ours and `release`. */
  private async end(entry: Held, why: string, release: boolean): Promise<void> {
    if (entry.ending) return;
    entry.ending = true;
    clearInterval(entry.renewTimer);
    clearTimeout(entry.deadline);
    try {
      await entry.work?.stop();
    } catch (error) {
      this.options.log.warn({ err: error, lease: entry.lease.name }, 'leases: the work did not stop cleanly');
    }
    if (this.held.get(entry.lease.name) === entry) this.held.delete(entry.lease.name);
    if (release) {
      await releaseLease(this.options.db, entry.lease).catch((error: unknown) =>
        this.options.log.warn({ err: error, lease: entry.lease.name }, 'leases: not released; it expires instead'),
      );
    }
    this.options.log.info({ lease: entry.lease.name, why }, 'leases: work ended');
  }

  /**
   * Graceful stop (SIGTERM): no more claims, every work stopped and its lease released at once,
   * so that another process takes it over at its next claim.
   */
  async handOver(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.claiming?.catch(() => undefined);
    await Promise.all([...this.held.values()].map((entry) => this.end(entry, 'handed over', true)));
  }
}
