import { type Logger, pino } from 'pino';
import { keepServingOnStrayRejections } from './common/unavailable.ts';
import type { AppConfig } from './config.ts';
import { type Db, openDatabase } from './db/database.ts';
import { createJobEvents } from './jobs/jobs.events.ts';
import { publishQueuedJobs } from './jobs/jobs.published.ts';
import { periodicTasks } from './jobs/jobs.registry.ts';
import { startWorkers } from './jobs/jobs.worker.ts';
import { readinessChecks } from './ops/health.ts';
import { createMetrics } from './ops/metrics.ts';
import { type OpsServer, startOpsServer } from './ops/ops.server.ts';
import { openRealtimeHub } from './realtime/realtime.backend.ts';
import type { RealtimeHub } from './realtime/realtime.hub.ts';
import { publishPublicationChanges } from './social/publications.events.ts';
import { openStorage } from './storage/storage.factory.ts';
import { loadProcessConfig } from './videos/media-secret.ts';

/**
 * No HTTP otherwise: REGIE_METRICS_PORT gives Prometheus and the orchestrator's probes a port
 * with /metrics, /livez and /readyz; 0 or unset, none.
 */
function startWorkerOps(
  config: AppConfig,
  db: Db,
  hub: RealtimeHub,
  log: Pick<Logger, 'warn'>,
): Promise<OpsServer | null> {
  if (config.metricsPort === 0) return Promise.resolve(null);
  const metrics = createMetrics({ db, onError: (error) => log.warn({ err: error }, 'metrics: database not read') });
  return startOpsServer(
    {
      host: config.host,
      port: config.metricsPort,
      onError: (error) => log.warn({ err: error }, 'ops endpoint failed'),
    },
    { registry: metrics.registry, checks: readinessChecks(db, hub), metricsToken: config.metricsToken },
  );
}

/**
 * A worker process (`node dist/worker.js`): runs jobs, serves no HTTP (but for its optional
 * operations port, REGIE_METRICS_PORT). Start as many as the machines allow beside the API
 * processes; they share PostgreSQL (the queue, and job events to browsers through LISTEN/NOTIFY or
 * Redis when REDIS_URL is set). REGIE_WORKERS is its concurrency here (at least 1).
 */
async function main(): Promise<void> {
  // The server's media secret (REGIE_MEDIA_SECRET or the data folder's key file): what it signs
  // and seals (feed credentials, which this worker's poller opens) this process reads too.
  const created: string[] = [];
  const config = await loadProcessConfig(process.env, { onCreated: (file) => created.push(file) });
  // A line written while a job runs names the request that queued it (common/request-id.ts).
  const log = pino({ level: config.logLevel, name: 'regie-worker' });
  keepServingOnStrayRejections((reason) => log.error({ err: reason }, 'unhandled promise rejection'));
  for (const file of created) {
    log.warn(
      { file },
      'No REGIE_MEDIA_SECRET and no key in the data folder: a new media secret was made there. ' +
        'The API processes must use this data folder or the same REGIE_MEDIA_SECRET.',
    );
  }
  if (!config.databaseUrl) {
    throw new Error(
      'A separate worker needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process. ' +
        'Without PostgreSQL, let the server run its jobs itself (REGIE_WORKERS, default 1).',
    );
  }
  if (!config.redisUrl) log.info('REDIS_URL is not set: job events reach browsers through PostgreSQL LISTEN/NOTIFY');

  const database = await openDatabase(config);
  database.onConnectionError?.((error) =>
    log.warn({ err: error }, 'database connection lost: the next query connects again'),
  );
  // Migrates, or waits on the advisory lock while an API process does.
  await database.migrate();
  const hub = await openRealtimeHub(config, (error) => log.warn({ err: error }, 'realtime hub error'));
  const eventError = (error: unknown) => log.warn({ err: error }, 'job event not published');
  // Jobs its jobs queue (an import queues the encode) are announced once committed.
  const stopPublishingQueued = publishQueuedJobs(database.db, createJobEvents(hub, eventError));
  // Publications its publish jobs move on are told to the open screens.
  const stopPublishingPublications = publishPublicationChanges(database.db, hub, (error) =>
    log.warn({ err: error }, 'publication event lost'),
  );
  const workers = startWorkers(database.db, {
    concurrency: Math.max(1, config.workers),
    pollMs: config.jobPollMs,
    leaseMs: config.jobLeaseMs,
    periodic: periodicTasks(config),
    dataDir: config.dataDir,
    storage: await openStorage(config),
    config,
    hub,
    logger: log,
  });
  const ops = await startWorkerOps(config, database.db, hub, log);
  log.info(
    {
      worker: workers.id,
      concurrency: Math.max(1, config.workers),
      realtime: hub.backend,
      metricsPort: ops?.port ?? null,
    },
    'Regie worker started',
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker shutting down');
    workers
      .stop()
      .then(() => ops?.close())
      .then(() => stopPublishingQueued())
      .then(() => stopPublishingPublications())
      .then(() => hub.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'worker shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Regie worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
