import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { keepServingOnStrayRejections } from './common/unavailable.ts';
import { openDatabase } from './db/database.ts';
import { demoTemplateFor } from './db/demo-template.ts';
import { periodicTasks } from './jobs/jobs.registry.ts';
import { startWorkers } from './jobs/jobs.worker.ts';
import { outboxFolder } from './mail/mail.ts';
import { findMediaTools, missingMediaTools } from './media/media.tools.ts';
import { readinessChecks } from './ops/health.ts';
import { type OpsServer, startOpsServer } from './ops/ops.server.ts';
import { formatDemoLogins, hasUsers, seedDemoData } from './seed/demo.seed.ts';
import { seedDemoVideos } from './seed/demo-videos.ts';
import { seedDemoSocialLinks } from './seed/social.seed.ts';
import { openStorage } from './storage/storage.factory.ts';
import { loadProcessConfig } from './videos/media-secret.ts';

/** Starts the server: config, database, migrations, demo data on an empty database, listen. */
async function main(): Promise<void> {
  const config = await loadProcessConfig();
  const wantsDemo = config.seed === 'demo' && config.nodeEnv !== 'production';
  // An empty data folder starts from the demo database the build made, when it is still valid.
  const template =
    wantsDemo && config.demoTemplate ? await demoTemplateFor(config, fileURLToPath(import.meta.url)) : null;
  const database = await openDatabase(config, template);
  await database.migrate();
  const seeded =
    template !== null || (wantsDemo && !(await hasUsers(database.db)) && (await seedDemoData(database.db)));
  if (seeded) process.stdout.write(`\n${formatDemoLogins()}\n\n`);
  // The stand-ins' tokens are signed with this install's secret: linked now, not in the build's template.
  if (seeded && config.social.local && config.videos.mediaSecret) {
    await seedDemoSocialLinks(database.db, config.videos.mediaSecret);
  }
  const storage = await openStorage(config);
  const app = await buildApp(config, { database, storage });
  keepServingOnStrayRejections((reason) => app.log.error({ err: reason }, 'unhandled promise rejection'));
  // What this process does (REGIE_ROLES, issue 27): every role by default.
  const runsApi = config.roles.includes('api');
  // In-process media workers (REGIE_WORKERS, default 1) with the worker role; separate `worker`
  // processes scale further.
  const workerCount = config.roles.includes('worker') ? config.workers : 0;
  const workers =
    workerCount > 0
      ? startWorkers(database.db, {
          concurrency: workerCount,
          pollMs: config.jobPollMs,
          leaseMs: config.jobLeaseMs,
          periodic: periodicTasks(config),
          dataDir: config.dataDir,
          storage,
          config,
          hub: app.realtime,
          logger: app.log,
        })
      : null;

  let ops: OpsServer | null = null;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Workers first: a running job finishes or is handed back while the database is still open.
    Promise.resolve(workers?.stop())
      .then(() => ops?.close())
      .then(() => app.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // Without the API role, no HTTP but the operations port (REGIE_METRICS_PORT), as a worker's.
  ops =
    !runsApi && config.metricsPort > 0
      ? await startOpsServer(
          { host: config.host, port: config.metricsPort, onError: (error) => app.log.warn({ err: error }, 'ops') },
          {
            registry: app.metrics.registry,
            checks: readinessChecks(database.db, app.realtime),
            metricsToken: config.metricsToken,
          },
        )
      : null;
  if (runsApi) await app.listen({ port: config.port, host: config.host });
  // A live node without the API role answers on the loopback only, on a port of its own choosing:
  // ffmpeg on this machine reads a stored video through its media route when the storage is S3 (a
  // video played into an input, live/convert.engine.ts). Nothing outside the machine reaches it.
  else if (config.roles.includes('live')) await app.listen({ port: 0, host: '127.0.0.1' });
  app.log.info(
    {
      roles: config.roles,
      database: database.driver,
      webDist: config.webDist,
      environment: config.environment,
      realtime: app.realtime.backend,
      workers: workerCount,
      demoData: template ? 'from the build' : seeded ? 'seeded' : 'none added',
      mail: app.mailer.kind,
    },
    runsApi
      ? `Regie listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`
      : `Regie started as ${config.roles.join(', ')} (no HTTP${ops ? `, but /metrics, /livez and /readyz on port ${config.metricsPort}` : ''})`,
  );
  if (app.mailer.kind === 'outbox') {
    app.log.info(`SMTP_URL is not set: mails (fans' sign-up) are written to ${outboxFolder(config.dataDir)}`);
  }
  const missingTools = missingMediaTools(findMediaTools());
  if (missingTools.length > 0) {
    app.log.warn(
      { missing: missingTools },
      `video processing is unavailable: ${missingTools.join(' and ')} not installed (administrators see it in the web app)`,
    );
  }
  // In the background, once the first page can be served: ffmpeg makes the demo videos (or those
  // a start without ffmpeg skipped), a worker encodes them.
  if (wantsDemo && config.demoVideos) {
    seedDemoVideos(database.db, storage, config.dataDir, app.log, Boolean(seeded)).then(
      (made) => made && workers?.wake(),
      (error: unknown) => app.log.warn({ err: error }, 'demo videos not seeded'),
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Regie failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
