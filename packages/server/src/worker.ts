import { pino } from 'pino';
import { requestIdMixin } from './common/request-id.ts';
import { keepServingOnStrayRejections } from './common/unavailable.ts';
import { openDatabase } from './db/database.ts';
import { createJobEvents } from './jobs/jobs.events.ts';
import { publishQueuedJobs } from './jobs/jobs.published.ts';
import { periodicTasks } from './jobs/jobs.registry.ts';
import { startWorkers } from './jobs/jobs.worker.ts';
import { openRealtimeHub } from './realtime/realtime.backend.ts';
import { openStorage } from './storage/storage.factory.ts';
import { loadProcessConfig } from './videos/media-secret.ts';

/**
 * A worker process (`node dist/worker.js`): runs jobs, serves no HTTP. Start as many as the
 * machines allow beside the API processes; they share PostgreSQL (the queue) and Redis (job
 * events to browsers). REGIE_WORKERS is its concurrency here (at least 1).
 */
async function main(): Promise<void> {
  // The server's media secret (REGIE_MEDIA_SECRET or the data folder's key file): what it signs
  // and seals (feed credentials, which this worker's poller opens) this process reads too.
  const created: string[] = [];
  const config = await loadProcessConfig(process.env, { onCreated: (file) => created.push(file) });
  // A line written while a job runs names the request that queued it (common/request-id.ts).
  const log = pino({ level: config.logLevel, name: 'regie-worker', mixin: requestIdMixin });
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
  if (!config.redisUrl) log.warn('REDIS_URL is not set: job progress reaches browsers only when they reload');

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
  log.info(
    { worker: workers.id, concurrency: Math.max(1, config.workers), realtime: hub.backend },
    'Regie worker started',
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker shutting down');
    workers
      .stop()
      .then(() => stopPublishingQueued())
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
