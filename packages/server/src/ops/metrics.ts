import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database.ts';
import { JOB_TYPES } from '../jobs/jobs.registry.ts';
import { type DatabaseSnapshot, readDatabaseSnapshot } from './metrics.queries.ts';
import { withTimeout } from './ops.timeout.ts';
import { runningChildren } from './processes.ts';
import { openWebSockets } from './websockets.ts';

/** Request latencies from a fraction of a millisecond (a cached read) to a slow export. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A scrape does not wait longer than this for the database: the process's own metrics still answer. */
const DATABASE_SCRAPE_TIMEOUT_MS = 1_000;

export type RequestLabel = 'method' | 'route' | 'status_code';

/** One process's Prometheus metrics (GET /metrics): a registry of its own, never the global one. */
export interface Metrics {
  registry: Registry;
  /** Observed by the request hook (ops/request-metrics.hook.ts). */
  requestDuration: Histogram<RequestLabel>;
  /** Incremented by the lease engine of the live and simulcast processes when it takes one over. */
  leaseTakeovers: Counter;
}

export interface MetricsOptions {
  db: Db;
  /** The front cache's counts (http/front.cache.ts): answers served before Fastify, entries kept. */
  front?: () => { entries: number; hits: number };
  /**
   * A scrape whose database read failed (or took over a second): the database gauges keep their
   * last values (the process's own metrics still answer; /readyz tells the database is down).
   */
  onError: (error: unknown) => void;
}

/**
 * The database's view (queue, live inputs, simulcast targets) is read once per scrape, shared by
 * the gauges that show it; those values are the cluster's, the same in every process.
 */
function databaseScrape(options: MetricsOptions): () => Promise<DatabaseSnapshot | null> {
  let pending: Promise<DatabaseSnapshot | null> | null = null;
  const load = async () => {
    try {
      return await withTimeout(readDatabaseSnapshot(options.db), DATABASE_SCRAPE_TIMEOUT_MS, 'metrics database read');
    } catch (error) {
      options.onError(error);
      return null;
    } finally {
      pending = null;
    }
  };
  return () => {
    pending ??= load();
    return pending;
  };
}

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const scrape = databaseScrape(options);
  const knownKinds = JOB_TYPES.map((jobType) => jobType.type);

  const requestDuration = new Histogram({
    name: 'regie_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern ("unmatched" when no route) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });

  new Gauge({
    name: 'regie_jobs_waiting',
    help: 'Jobs waiting in the queue (due or scheduled later), by kind; the same in every process',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const snapshot = await scrape();
      if (!snapshot) return;
      this.reset();
      for (const kind of knownKinds) this.set({ kind }, 0);
      for (const row of snapshot.jobs) this.set({ kind: row.kind }, row.waiting);
    },
  });

  new Gauge({
    name: 'regie_jobs_oldest_waiting_seconds',
    help: 'How long the longest-waiting due job of each kind has waited past its due time (0: none due)',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const snapshot = await scrape();
      if (!snapshot) return;
      this.reset();
      for (const kind of knownKinds) this.set({ kind }, 0);
      for (const row of snapshot.jobs) this.set({ kind: row.kind }, row.oldestWaitingSeconds);
    },
  });

  new Gauge({
    name: 'regie_live_inputs_on_air',
    help: 'Live inputs an encoder publishes to now, all accounts; the same in every process',
    registers: [registry],
    async collect() {
      const snapshot = await scrape();
      if (snapshot) this.set(snapshot.liveInputsOnAir);
    },
  });

  new Gauge({
    name: 'regie_simulcast_targets',
    help: 'Simulcast targets by state, all accounts; the same in every process',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const snapshot = await scrape();
      if (!snapshot) return;
      for (const [state, count] of Object.entries(snapshot.simulcastTargets)) this.set({ state }, count);
    },
  });

  new Gauge({
    name: 'regie_ffmpeg_processes',
    help: 'ffmpeg and ffprobe processes this process runs now (jobs, live packagers, simulcast targets)',
    registers: [registry],
    collect() {
      this.set(runningChildren());
    },
  });

  new Gauge({
    name: 'regie_websockets_open',
    help: 'WebSocket connections (the realtime channel) open on this process now',
    registers: [registry],
    collect() {
      this.set(openWebSockets());
    },
  });

  const front = options.front;
  if (front) {
    let counted = 0;
    new Counter({
      name: 'regie_front_cache_hits_total',
      help: 'Public reads (embed data, chat read, live playlists) answered from the front cache, before routing',
      registers: [registry],
      collect() {
        const { hits } = front();
        this.inc(hits - counted);
        counted = hits;
      },
    });
    new Gauge({
      name: 'regie_front_cache_entries',
      help: 'Answers the front cache keeps now',
      registers: [registry],
      collect() {
        this.set(front().entries);
      },
    });
  }

  const leaseTakeovers = new Counter({
    name: 'regie_lease_takeovers_total',
    help: 'Leases of long-running work (packagers, simulcast targets, conversions) this process took over after their holder let them expire',
    registers: [registry],
  });

  return { registry, requestDuration, leaseTakeovers };
}
