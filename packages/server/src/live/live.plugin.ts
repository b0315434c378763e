import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { liveMediaPaths } from '@regie/contract/live';
import { MEDIA_PATH, MEDIA_TOKEN_PARAM } from '@regie/contract/videos';
import type { FastifyInstance } from 'fastify';
import { leaseSettings } from '../cluster/leased-runner.ts';
import { NODE_ID } from '../cluster/node-id.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { CacheBook } from '../http/http.cache.ts';
import type { ViewerScopes } from '../playback/viewer-scope.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import type { MediaTokens } from '../videos/media.tokens.ts';
import { camerasRoutes } from './cameras.routes.ts';
import { type ConvertEngineOptions, createConvertEngine } from './convert.engine.ts';
import { leasedConvertEngine } from './convert.leased.ts';
import { liveConvertRoutes } from './convert.routes.ts';
import { createNmsIngest } from './ingest.nms.ts';
import type { Ingest } from './ingest.types.ts';
import { sharedLiveHealth } from './live.health.ts';
import { KeyBook } from './live.keys.ts';
import { liveMediaRoutes } from './live.media.routes.ts';
import { createLivePlaylistBook } from './live.playlist-book.ts';
import { liveRoutes } from './live.routes.ts';
import { ingestBaseUrl } from './live.service.ts';
import { type LiveSources, liveSources } from './live.source.ts';
import { LiveSupervisor } from './live.supervisor.ts';
import { createLiveTokens, type LiveTokens } from './live.tokens.ts';
import { liveProgramRoutes } from './live-program.routes.ts';

/** Hub topic (outside any account's /admin, so no client can subscribe) of "a stream key changed". */
const KEYS_TOPIC = 'live/keys';

export interface LiveOptions {
  db: Db;
  guards: Guards;
  storage: ObjectStorage;
  hub: RealtimeHub;
  /** The app's micro-caches: a program's playlists (live.media.routes.ts). */
  caches: CacheBook;
  /** A viewer's signed URLs are bound to their country and fan session (geo blocking, fans only, paid). */
  scopes: ViewerScopes;
  config: Pick<AppConfig, 'live' | 'videos' | 'publicUrl' | 'dataDir' | 'roles'>;
  /** Another ingest than node-media-server (tests, nginx-rtmp). */
  ingest?: Ingest;
  /** Counts a lease taken over from a process that stopped renewing it (metrics). */
  onTakeover?: () => void;
  /**
   * Leases (cluster/leases.ts): this process's name, the conversions' life and claim period, and
   * the life of the inputs' packager leases (`inputTtlMs`, live/input.lease.ts: 5 s).
   */
  lease?: { holder?: string; ttlMs?: number; claimEveryMs?: number; inputTtlMs?: number };
  /** The videos' media tokens: a conversion reads a video kept in S3 through this process's media route. */
  mediaTokens?: MediaTokens;
  /** The signer of the live's playlists, shared with the embed (else one of this plugin's own). */
  liveTokens?: LiveTokens;
}

/**
 * This process's own address as it listens, for ffmpeg on this machine: a wildcard address is
 * reached on the loopback. Null before it listens.
 */
function ownBaseUrl(app: FastifyInstance): string | null {
  const address = app.server.address();
  if (!address || typeof address === 'string') return null;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** This process's own media URL of a stored file, signed, for ffmpeg on this machine; null before it listens. */
export function ownMediaUrl(app: FastifyInstance, tokens: MediaTokens) {
  return (key: string, video: { accountId: number; id: number }): string | null => {
    const base = ownBaseUrl(app);
    if (base === null) return null;
    return `${base}${MEDIA_PATH}/${key}?${MEDIA_TOKEN_PARAM}=${tokens.sign(video.accountId, video.id)}`;
  };
}

/**
 * This process's own URL of an input's live playlist, signed, for ffmpeg on this machine (a
 * simulcast target reading an input received by another live node); null before it listens.
 * Its playlists follow every node's segments (the hub), which are in the shared storage.
 */
export function ownLiveUrl(app: FastifyInstance, tokens: LiveTokens) {
  return (accountId: number, inputId: number): string | null => {
    const base = ownBaseUrl(app);
    if (base === null) return null;
    return `${base}${liveMediaPaths.live(accountId, inputId)}?${MEDIA_TOKEN_PARAM}=${tokens.sign(accountId, inputId)}`;
  };
}

/**
 * The live (issue 12): starts the RTMP ingest with its key book and supervisor, registers the
 * inputs' API and their media, and stops everything when the app closes. Gives where this
 * process plays its inputs (the simulcast engine's sources).
 */
export async function registerLive(app: FastifyInstance, options: LiveOptions): Promise<LiveSources> {
  const { db, guards, storage, hub, config, caches } = options;
  const log = app.log;
  const keys = new KeyBook();
  await keys.reload(db);
  // A process without the live role (REGIE_ROLES) answers the live API only: no ingest, no
  // packager, no conversion played here; live nodes run them.
  const runsLive = config.roles.includes('live');
  const holder = options.lease?.holder ?? NODE_ID;
  const ingest = options.ingest ?? createNmsIngest({ host: config.live.ingestHost, port: config.live.ingestPort, log });
  // The live and DVR playlists, from memory in every process, kept by the hub (issue 28).
  const playlists = createLivePlaylistBook(db, hub, {
    onError: (error) => log.warn({ err: error }, 'live: playlist not read again'),
  });
  app.addHook('onClose', async () => playlists.close());
  const supervisor = new LiveSupervisor({
    db,
    storage,
    hub,
    ingest,
    keys,
    workDir: join(config.dataDir, 'live-work'),
    lease: {
      holder,
      ...(options.lease?.inputTtlMs === undefined ? {} : { ttlMs: options.lease.inputTtlMs }),
    },
    log,
    onIndexed: (accountId, inputId, segment) => playlists.indexed(accountId, inputId, segment),
  });
  // Inputs a dead live node left on air become idle: only those no valid lease covers (another
  // node may be publishing the others). Every live node sweeps again at each health tick.
  if (runsLive) await supervisor.sweep();
  let port = config.live.ingestPort;
  let onAir: LiveSupervisor | null = null;
  try {
    if (!runsLive) throw new Error('this process has no live role (REGIE_ROLES)');
    ({ port } = await ingest.start({
      authorize: (request) => supervisor.authorize(request),
      started: (request) => supervisor.started(request),
      ended: (sessionId) => supervisor.ended(sessionId),
    }));
    supervisor.start();
    onAir = supervisor;
  } catch (error) {
    if (runsLive) log.error({ err: error, port }, 'live ingest not started: encoders cannot publish to this server');
  }
  const reloadKeys = () => {
    keys
      .reload(db)
      // A key rotated or an input deleted on another process: its publisher here is let go.
      .then(() => supervisor.kickStale())
      .catch((error: unknown) => log.warn({ err: error }, 'live: stream keys not reloaded'));
  };
  const stopListening = hub.subscribe(KEYS_TOPIC, reloadKeys);
  // A key change announced while the hub was cut off never arrived: read them all again.
  const stopResync = hub.onResync(reloadKeys);
  // Videos played into inputs publish to this process's own ingest, like any encoder.
  // Each conversion is played by the one process holding its lease (issue 27): this process plays
  // those it holds, and writes their progress only while it still holds them.
  let fence: ConvertEngineOptions['fence'] = () => undefined;
  const local = createConvertEngine({
    db,
    hub,
    storage,
    publishUrl: (streamKey) => (onAir ? ingest.playUrl(streamKey) : null),
    ...(options.mediaTokens ? { mediaUrl: ownMediaUrl(app, options.mediaTokens) } : {}),
    log: (line) => log.info(line),
    onError: (error) => log.warn({ err: error }, 'live: conversion'),
    fence: (conversionId) => fence?.(conversionId),
  });
  const convert = leasedConvertEngine(local, {
    db,
    hub,
    holder,
    ...leaseSettings(options.lease, options.onTakeover),
    log,
  });
  fence = convert.fence;
  app.addHook('onReady', async () => {
    if (!onAir) return;
    const resumed = await convert.resume();
    if (resumed > 0) log.info(`live: ${resumed} video(s) resumed playing into their inputs`);
  });
  app.addHook('onClose', async () => {
    stopListening();
    stopResync();
    await convert.close();
    onAir = null;
    await supervisor.stop();
    await ingest.stop();
  });

  const tokens = options.liveTokens ?? createLiveTokens(config.videos.mediaSecret ?? randomBytes(32));
  const present = {
    tokens,
    publicUrl: config.publicUrl,
    ingestUrl: () => ingestBaseUrl(config.live.ingestPublicUrl, config.live.ingestHost, port),
  };
  const keysChanged = async () => {
    await keys.reload(db);
    // The change is committed: a hub that is away (Redis) must not turn it into an error. Other
    // processes keep their key book until the next change tells them.
    await hub
      .publish(KEYS_TOPIC, { type: 'live.keys', payload: null })
      .catch((error: unknown) => log.warn({ err: error }, 'live: stream key change not shared'));
  };
  // The health of inputs received by other live nodes, as they push it on the hub.
  const health = sharedLiveHealth(hub, supervisor);
  app.addHook('onClose', async () => health.close());
  await app.register(liveRoutes, {
    db,
    guards,
    storage,
    supervisor,
    present,
    keysChanged,
    healthOf: (inputId, state) => health.healthOf(inputId, state),
  });
  await app.register(liveMediaRoutes, { db, storage, tokens, supervisor, playlists, caches, scopes: options.scopes });
  await app.register(camerasRoutes, { db, guards, tokens, publicUrl: config.publicUrl, hub });
  await app.register(liveProgramRoutes, { db, guards, tokens, publicUrl: config.publicUrl });
  await app.register(liveConvertRoutes, {
    db,
    guards,
    engine: convert,
    isOnAir: (inputId) => supervisor.isOnAir(inputId),
    // A live node plays what it claims into its own ingest; an API process without the live role
    // writes the conversion, and the live nodes take it (its lease, convert.leased.ts).
    canPublish: () => onAir !== null || !runsLive,
  });
  const sources = liveSources(db, () => onAir, ownLiveUrl(app, tokens));
  app.decorate('liveSources', sources);
  return sources;
}
