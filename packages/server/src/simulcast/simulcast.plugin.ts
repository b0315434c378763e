import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import { awsSimulcastConfig, type CloudSimulcast, createCloudSimulcast } from './simulcast.aws.ts';
import { createSimulcastEngine, type SimulcastEngineOptions, type SimulcastSources } from './simulcast.engine.ts';
import { simulcastRoutes } from './simulcast.routes.ts';

export interface SimulcastPluginOptions {
  db: Db;
  guards: Guards;
  hub: RealtimeHub | null;
  /** Where sources are read (the live inputs); without one no input is available yet. */
  sources?: SimulcastSources;
  /** The cloud adapter; without one, MediaLive as the environment configures it (or none). */
  cloud?: CloudSimulcast;
  /** Engine tuning (tests shorten the backoff and the watchdog). */
  engine?: Pick<SimulcastEngineOptions, 'backoff' | 'watchdogMs' | 'statsEveryMs'>;
}

/** Until the live inputs are wired in (server/src/live), no input has a URL. */
const NO_INPUTS: SimulcastSources = { urlOf: async () => null };

/**
 * Simulcasts: the routes, the local engine (resuming the targets meant to run once the server is
 * ready, ending every restream when it closes) and the cloud adapter.
 */
export async function registerSimulcasts(app: FastifyInstance, options: SimulcastPluginOptions): Promise<void> {
  const { db, guards, hub } = options;
  const sources = options.sources ?? NO_INPUTS;
  const log = (error: unknown) => app.log.warn({ err: error }, 'simulcast');
  const engine = createSimulcastEngine({
    db,
    hub,
    sources,
    ...options.engine,
    log: (line) => app.log.info(line),
    onError: log,
  });
  const cloud = options.cloud ?? createCloudSimulcast(awsSimulcastConfig());
  await app.register(simulcastRoutes, { db, guards, engine, cloud, sources, log });
  app.addHook('onReady', async () => {
    const resumed = await engine.resume();
    if (resumed > 0) app.log.info(`simulcast: ${resumed} target(s) resumed`);
  });
  app.addHook('preClose', async () => engine.close());
}
