import type { FastifyInstance } from 'fastify';
import { leaseSettings } from '../cluster/leased-runner.ts';
import { NODE_ID } from '../cluster/node-id.ts';
import type { Db } from '../db/database.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import type { PushPolicy } from './simulcast.addresses.ts';
import { awsSimulcastConfig, type CloudSimulcast, createCloudSimulcast } from './simulcast.aws.ts';
import { createSimulcastEngine, type SimulcastEngineOptions, type SimulcastSources } from './simulcast.engine.ts';
import { leasedSimulcastEngine } from './simulcast.leased.ts';
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
  /** False: this process pushes no target (no live role, REGIE_ROLES); it passes starts and stops on. */
  runs?: boolean;
  /** Counts a lease taken over from a process that stopped renewing it (metrics). */
  onTakeover?: () => void;
  /** The targets' leases (cluster/leases.ts): this process's name, their life and claim period. */
  lease?: { holder?: string; ttlMs?: number; claimEveryMs?: number };
  /** The most targets this process pushes at once (REGIE_LIVE_MAX_PUSHES); null or unset: no limit. */
  maxPushes?: number | null;
  /** Where targets may push (simulcast.addresses.ts): the private hosts allowed, and the resolver (tests). */
  push?: PushPolicy;
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
  // Each target is pushed by the one process holding its lease (issue 27): this process's local
  // engine runs those it holds, and writes its reports only while it still holds them.
  let fence: SimulcastEngineOptions['fence'] = () => undefined;
  const local = createSimulcastEngine({
    db,
    hub,
    sources,
    ...options.engine,
    log: (line) => app.log.info(line),
    onError: log,
    fence: (targetId) => fence?.(targetId),
  });
  const engine = leasedSimulcastEngine(local, {
    db,
    hub,
    sources,
    holder: options.lease?.holder ?? NODE_ID,
    maxRunning: options.maxPushes ?? null,
    ...leaseSettings(options.lease, options.onTakeover),
    log: app.log,
  });
  fence = engine.fence;
  const cloud = options.cloud ?? createCloudSimulcast(awsSimulcastConfig());
  const push = options.push ?? { allowHosts: [] };
  await app.register(simulcastRoutes, { db, guards, engine, cloud, sources, log, push });
  app.addHook('onReady', async () => {
    if (options.runs === false) return;
    const resumed = await engine.resume();
    if (resumed > 0) app.log.info(`simulcast: ${resumed} target(s) resumed`);
  });
  app.addHook('preClose', async () => engine.close());
}
