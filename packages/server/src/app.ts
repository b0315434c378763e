import { randomBytes, randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import { JSON_BODY_LIMIT_BYTES } from '@regie/contract/api';
import { CACHE_KEYS } from '@regie/contract/cache';
import type { ChatPostRateLimit } from '@regie/contract/chat';
import Fastify, { LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { actorsRoutes } from './actors/actors.routes.ts';
import { advertisingRoutes } from './ads/advertising.routes.ts';
import { localAdsRoutes } from './ads/local-ads.routes.ts';
import {
  checkAuditEntries,
  collectWriteRoutes,
  type MissingAuditEntry,
  type WriteRoute,
} from './audit/audit.declared.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { cacheRoutes } from './cache/cache.routes.ts';
import { type Cache, createMemoryCache } from './cache/cache.service.ts';
import { AUTH_PURGE_TOPIC, shareCachePurges } from './cache/cache.shared.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { clipRulesRoutes } from './clip-rules/clip-rules.routes.ts';
import { clipRoutes } from './clips/clips.routes.ts';
import { commonRoutes } from './common/common.routes.ts';
import { markersRoutes } from './common/markers.routes.ts';
import { conferenceRoutes } from './conferences/conferences.routes.ts';
import type { AppConfig } from './config.ts';
import { contentRoutes } from './content/content.routes.ts';
import { dataImportRoutes } from './data-import/data-import.routes.ts';
import { dataProviderMappingRoutes } from './data-providers/data-provider-mapping.routes.ts';
import { dataProviderSubscriptionsRoutes } from './data-providers/subscriptions.routes.ts';
import { type Database, openDatabase } from './db/database.ts';
import { embedRoutes } from './embed/embed.routes.ts';
import { createEmbedTokens } from './embed/embed.tokens.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { registerFans } from './fans/fans.plugin.ts';
import { createFanSessions } from './fans/fans.sessions.ts';
import { generateEventsRoutes } from './feeds/generate-events.routes.ts';
import { registerGames } from './games/games.plugin.ts';
import { geoCountriesAt } from './geo/geo.countries.ts';
import { createGeoGate, type GeoGate } from './geo/geo.gate.ts';
import { eventExtrasRoutes } from './graphics/event-extras.plugin.ts';
import { registerCompression } from './http/compress.plugin.ts';
import { handleError } from './http/errors.handler.ts';
import { createFrontCache, type FrontCache, frontServerFactory } from './http/front.cache.ts';
import { type CacheBook, createCacheBook, forgetOnWrites } from './http/http.cache.ts';
import { registerJsonParser } from './http/json.parser.ts';
import { LOG_REDACT, serializeRequest } from './http/log.redact.ts';
import { registerOpenApi } from './http/openapi.plugin.ts';
import { openRateLimits, type RateLimits } from './http/rate-limiter.ts';
import { refuseReadOnlyWrites } from './http/read-only.hook.ts';
import { registerRequestIds } from './http/request-id.hook.ts';
import { checkResponses, type ResponseMismatch } from './http/response-check.hook.ts';
import { syncHook } from './http/sync.hook.ts';
import { checkApiVersion } from './http/version.hook.ts';
import { createJobEvents } from './jobs/jobs.events.ts';
import { publishQueuedJobs } from './jobs/jobs.published.ts';
import { jobsRoutes } from './jobs/jobs.routes.ts';
import { type LiveOptions, registerLive } from './live/live.plugin.ts';
import { createLiveTokens } from './live/live.tokens.ts';
import { mailRoutes } from './mail/mail.routes.ts';
import { createMailer } from './mail/mail.ts';
import type { Mailer } from './mail/mail.types.ts';
import { publishMarkerChanges } from './markers/markers.published.ts';
import { eventMarkersRoutes } from './markers/markers.routes.ts';
import { matchEventsRoutes } from './match-events/match-events.routes.ts';
import { opsRoutes } from './ops/health.routes.ts';
import { readinessChecks } from './ops/health.ts';
import { createMetrics, type Metrics } from './ops/metrics.ts';
import { registerRequestMetrics } from './ops/request-metrics.hook.ts';
import { PACKAGE_PATHS } from './package-paths.ts';
import { checkoutRoutes } from './payments/checkout.routes.ts';
import { type CheckoutPayments, localCheckout, stripeCheckout } from './payments/checkout.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { type StripePrices, stripePrices } from './payments/stripe.prices.ts';
import { playbackRoutes } from './playback/playback.routes.ts';
import { createViewerScopes } from './playback/viewer-scope.ts';
import { queryBuilderRoutes } from './query-builder/query-builder.routes.ts';
import type { RealtimeHub } from './realtime/realtime.hub.ts';
import { registerRealtime } from './realtime/realtime.plugin.ts';
import { createEngine } from './resources/resources.registry.ts';
import { resourcesRoutes } from './resources/resources.routes.ts';
import type { ResourceEntry } from './resources/resources.types.ts';
import { searchRoutes } from './resources/search.routes.ts';
import { registerSimulcasts, type SimulcastPluginOptions } from './simulcast/simulcast.plugin.ts';
import type { LocalSocialFaults, PublishFaults } from './social/local/local-social.ts';
import { publishPublicationChanges } from './social/publications.events.ts';
import { registerSocial } from './social/social.plugin.ts';
import { sportMapsRoutes } from './sports/sport-maps.routes.ts';
import { statsRoutes } from './stats/stats.routes.ts';
import { openStorage } from './storage/storage.factory.ts';
import type { ObjectStorage } from './storage/storage.types.ts';
import { uploadsRoutes } from './storage/uploads.routes.ts';
import { createSignedInResolver } from './tenancy/tenancy.cache.ts';
import { createGuards, decorateRequests } from './tenancy/tenancy.guards.ts';
import { checkSimulationQuery } from './tenancy/tenancy.simulation.ts';
import { triviaFanRoutes } from './trivia/trivia.fan.routes.ts';
import { triviaRoutes } from './trivia/trivia.routes.ts';
import { actingRoutes } from './users/acting.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { createMediaUrls, registerVideos } from './videos/videos.plugin.ts';
import { watermarkRoutes } from './watermark/watermark.routes.ts';
import { registerWebApp } from './web/web.static.ts';

/** One entry per token and account acted for: bounds the memory a process gives to them. */
const SIGNED_IN_MAX_ENTRIES = 10_000;

export interface AppDependencies {
  /** Who watches from where (geo blocking); without one, the config's database and trusted proxies. */
  geo?: GeoGate;
  /** Who takes the fans' money (tests: a Stripe stand-in); without one, appCheckout's choice. */
  checkout?: CheckoutPayments;
  /** An open, migrated database; without one the app opens (and closes) its own from config. */
  database?: Database;
  /** The realtime hub; without one the app opens its own from config (Redis or in-process). */
  hub?: RealtimeHub;
  /** The rate limits' store; without one the app opens its own (Redis, PostgreSQL or memory: http/rate-limiter.ts). */
  rateLimits?: RateLimits;
  /** Where files go; without one, the backend the config names (local folder or S3). */
  storage?: ObjectStorage;
  cache?: Cache;
  /** The signed-in contexts' cache (tenancy.cache.ts); without one, a fresh one per config. */
  signedIn?: Cache;
  /** The resources the generic engine serves; without them, the registry's. */
  resources?: readonly ResourceEntry[];
  /** Where mails go; without it, SMTP when SMTP_URL is set, else the local outbox (mail/mail.ts). */
  mailer?: Mailer;
  /** The Stripe catalogue; without it, the official client when a key is configured, else none. */
  stripe?: StripePrices | null;
  /**
   * Given (tests), every JSON response is checked against the schema its route documents for
   * its status code; a mismatch goes here (http/response-check.hook.ts).
   */
  responseCheck?: (mismatch: ResponseMismatch) => void;
  /**
   * Given (tests), every successful call of a write route declared `audit: 'entry'` must have
   * appended an audit entry with its request id; a miss goes here (audit/audit.declared.ts).
   */
  auditCheck?: (missing: MissingAuditEntry) => void;
  /** Given (tests), filled with every write route registered and its audit declaration. */
  writeRoutes?: WriteRoute[];
  /** Given (tests), the faults the local social stand-ins answer with (social/local). */
  socialFaults?: LocalSocialFaults;
  /** Given (tests), the stand-ins' publishing faults (an upload failing midway). */
  socialPublishFaults?: PublishFaults;
  /** Given (tests), how often the fans' chat streams check their chats are still open (CHAT_STREAM.openCheckMs). */
  chatOpenCheckMs?: number;
  /** Given (tests), the fans' chat posting limits (CHAT_POST_RATE_LIMIT). */
  chatPostRateLimit?: ChatPostRateLimit;
  /** Simulcast sources (the live inputs), cloud adapter and engine tuning; see simulcast.plugin.ts. */
  simulcast?: Pick<SimulcastPluginOptions, 'sources' | 'cloud' | 'engine' | 'lease' | 'maxPushes'>;
  /** The live node's leases (this process's name, their life); see live.plugin.ts. */
  live?: Pick<LiveOptions, 'lease'>;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: Writable;
  /** This process's metrics (GET /metrics); without them, a registry of the app's own. */
  metrics?: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's Prometheus metrics: the lease engine counts its takeovers there. */
    metrics: Metrics;
    /** Where mails go (SMTP or the local outbox); tests read the outbox's recent(). */
    mailer: Mailer;
  }
}

function createFastify(config: AppConfig, front: FrontCache, logStream?: Writable) {
  return Fastify({
    // The fan side's public reads a crowd repeats are answered before routing (issue 28).
    serverFactory: frontServerFactory(front),
    // Credentials never reach a log: secret query parameters and password fields are redacted.
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      redact: LOG_REDACT,
      ...(logStream ? { stream: logStream } : {}),
    },
    // One line per request is noise at this scale (REGIE_LOG_REQUESTS=on turns them on); errors are logged by the error handler.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy === false ? false : [...config.trustProxy],
    // Unique across processes and restarts (Fastify's own count restarts at req-1): the audit
    // trail's entries and the log lines of one request are found by it.
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
}

type AppInstance = ReturnType<typeof createFastify>;

/** The given database, or one opened and migrated from config that closes with the app. */
async function appDatabase(app: AppInstance, config: AppConfig, dependencies: AppDependencies): Promise<Database> {
  let database = dependencies.database;
  if (!database) {
    database = await openDatabase(config);
    await database.migrate();
    const owned = database;
    app.addHook('onClose', () => owned.close());
  }
  const stopWatching = database.onConnectionError?.((error) =>
    app.log.warn({ err: error }, 'database connection lost: the next query connects again'),
  );
  app.addHook('onClose', async () => stopWatching?.());
  return database;
}

/** Validation, serialisation, errors, the JSON parser and the hooks every request goes through. */
function registerRequestHandling(app: AppInstance, front: FrontCache): CacheBook {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  registerJsonParser(app, JSON_BODY_LIMIT_BYTES);
  decorateRequests(app);
  // First, so that every answer names its request, a refused one too.
  registerRequestIds(app);
  app.addHook('onRequest', syncHook(checkApiVersion));
  // Before validation: a read-only caller is refused whatever the body (issue 26, read-only acting).
  app.addHook('preValidation', syncHook(refuseReadOnlyWrites));
  app.addHook('preValidation', syncHook(checkSimulationQuery));
  // What the fan side keeps in memory (issue 28): a staff write drops its account's answers.
  const caches = createCacheBook(front);
  app.addHook('onSend', forgetOnWrites(caches));
  return caches;
}

/** The given Stripe catalogue, else the official client when a key is configured, else none. */
/** Who takes the fans' money: a test's provider, Stripe Checkout with the platform's key, else the local provider. */
function appCheckout(config: AppConfig, dependencies: AppDependencies): CheckoutPayments {
  if (dependencies.checkout) return dependencies.checkout;
  const key = config.stripeSecretKey;
  return key ? stripeCheckout(key, undefined, config.stripeWebhookSecret) : localCheckout();
}

function appStripe(config: AppConfig, dependencies: AppDependencies): StripePrices | null {
  if (dependencies.stripe !== undefined) return dependencies.stripe;
  return config.stripeSecretKey ? stripePrices(config.stripeSecretKey) : null;
}

/**
 * Purges of the in-memory cache reach every process through the hub (Redis or PostgreSQL across
 * processes), revocations of signed-in contexts too; both stop when the app closes. When the hub
 * may have missed events (its connection lost or back), both caches are emptied: a purge missed
 * then would leave a signed-out token accepted here until its entry expires.
 */
function shareCaches(app: AppInstance, hub: RealtimeHub, cache: Cache, signedIn: Cache): void {
  const stopSharingPurges = shareCachePurges(cache, hub, (error) => app.log.warn({ err: error }, 'cache purge lost'));
  const stopSharingRevocations = shareCachePurges(
    signedIn,
    hub,
    (error) => app.log.warn({ err: error }, 'session revocation not shared'),
    AUTH_PURGE_TOPIC,
  );
  const stopResync = hub.onResync(() => {
    signedIn.purgeLocal(CACHE_KEYS.all);
    cache.purgeLocal(CACHE_KEYS.all);
  });
  app.addHook('onClose', async () => {
    stopSharingPurges();
    stopSharingRevocations();
    stopResync();
  });
}

/** The given rate limits, or the store config and the database call for, closed with the app. */
async function appRateLimits(
  app: AppInstance,
  config: AppConfig,
  database: Database,
  dependencies: AppDependencies,
): Promise<RateLimits> {
  if (dependencies.rateLimits) return dependencies.rateLimits;
  const owned = await openRateLimits({
    redisUrl: config.redisUrl,
    db: database.db,
    onError: (error) => app.log.warn({ err: error }, 'rate limit store error'),
  });
  app.addHook('onClose', () => owned.close());
  return owned;
}

/** The whole HTTP application, ready but not listening: tests drive it with inject(). */
export async function buildApp(config: AppConfig, dependencies: AppDependencies = {}) {
  const front = createFrontCache();
  const app = createFastify(config, front, dependencies.logStream);
  const database = await appDatabase(app, config, dependencies);
  const { db } = database;
  const rateLimits = await appRateLimits(app, config, database, dependencies);
  const signedIn =
    dependencies.signedIn ?? createMemoryCache(config.authCacheTtlMs, { maxEntries: SIGNED_IN_MAX_ENTRIES });
  const guards = createGuards(
    createSignedInResolver(db, signedIn, (error) => app.log.warn({ err: error }, 'session refresh lost')),
  );
  const cache = dependencies.cache ?? createMemoryCache(config.cacheTtlMs);
  const storage = dependencies.storage ?? (await openStorage(config));
  const media = createMediaUrls(config);
  const geo = dependencies.geo ?? createGeoGate(geoCountriesAt(config.geoDatabase), config.trustProxy);
  const engine = createEngine(db, cache, dependencies.resources, media.present, signedIn);
  const metrics =
    dependencies.metrics ??
    createMetrics({
      db,
      front: () => front.stats(),
      onError: (error) => app.log.warn({ err: error }, 'metrics: database not read'),
    });
  app.decorate('metrics', metrics);
  const mailer = dependencies.mailer ?? createMailer(config.mail, config.dataDir);
  app.decorate('mailer', mailer);
  // Before any route: each route gets its timing hook as it is added.
  registerRequestMetrics(app, metrics.requestDuration);

  const caches = registerRequestHandling(app, front);
  if (dependencies.responseCheck) checkResponses(app, dependencies.responseCheck);
  if (dependencies.auditCheck) {
    const served = engine.entries.map((entry) => entry.definition.name);
    checkAuditEntries(app, db, served, dependencies.auditCheck);
  }
  if (dependencies.writeRoutes) collectWriteRoutes(app, dependencies.writeRoutes);
  await registerCompression(app);
  await registerOpenApi(app);
  await app.register(authRoutes, { db, guards, signedIn, rateLimits });
  await app.register(usersRoutes, { db, guards, signedIn });
  await app.register(actingRoutes, { db, guards, signedIn });
  await app.register(accountsRoutes, { db, guards });
  await app.register(resourcesRoutes, { engine, guards });
  await app.register(searchRoutes, { engine, guards });
  await app.register(contentRoutes, { engine, guards });
  await app.register(sportMapsRoutes, { engine, guards });
  await app.register(actorsRoutes, { engine, guards });
  await app.register(eventsRoutes, { engine, guards });
  await app.register(paymentsRoutes, { engine, guards, stripe: appStripe(config, dependencies) });
  await app.register(commonRoutes, { db, guards, config, cache });
  await app.register(cacheRoutes, { db, guards, cache });
  await app.register(queryBuilderRoutes, {
    db,
    guards,
    timeoutMs: config.queryTimeoutMs,
    embedded: database.driver === 'pglite',
  });
  await app.register(auditRoutes, { db, guards });
  await app.register(dataProviderMappingRoutes, { guards });
  await app.register(generateEventsRoutes, { db, guards });
  await app.register(dataImportRoutes, { db, guards, storage, config });
  await app.register(dataProviderSubscriptionsRoutes, { db, guards, config });
  await app.register(uploadsRoutes, { guards, storage });
  await registerSocial(app, {
    db,
    guards,
    config,
    faults: dependencies.socialFaults,
    publishFaults: dependencies.socialPublishFaults,
  });
  await app.register(markersRoutes, { db, spritesFolder: PACKAGE_PATHS.sportSprites });
  const hub = await registerRealtime(app, { db, guards, config, hub: dependencies.hub });
  shareCaches(app, hub, cache, signedIn);
  await app.register(opsRoutes, {
    registry: metrics.registry,
    checks: readinessChecks(db, hub),
    metricsToken: config.metricsToken,
  });
  const jobEventError = (error: unknown) => app.log.warn({ err: error }, 'job event not published');
  const jobEvents = createJobEvents(hub, jobEventError);
  // Jobs queued on this database (by a request, a hook or a job) are announced once committed.
  const stopPublishingQueued = publishQueuedJobs(db, jobEvents);
  app.addHook('onClose', async () => stopPublishingQueued());
  const stopPublishingMarkers = publishMarkerChanges(db, hub, (error) =>
    app.log.warn({ err: error }, 'marker event lost'),
  );
  app.addHook('onClose', async () => stopPublishingMarkers());
  const stopPublishingPublications = publishPublicationChanges(db, hub, (error) =>
    app.log.warn({ err: error }, 'publication event lost'),
  );
  app.addHook('onClose', async () => stopPublishingPublications());
  await app.register(eventMarkersRoutes, { engine, guards });
  await app.register(jobsRoutes, { db, guards, events: jobEvents });
  await app.register(matchEventsRoutes, { db, guards });
  // The fans' open sessions, one per process (their drops shared through the hub): the fan API's
  // guard, the embed's playback and the signed URLs bound to a session all read them.
  const fanSessions = createFanSessions(db, hub, {
    onError: (error) => app.log.warn({ err: error }, 'fans: session drop not shared or last use not written'),
  });
  app.addHook('onClose', async () => fanSessions.close());
  const scopes = createViewerScopes(geo, fanSessions);
  await registerVideos(app, { engine, guards, storage, config, tokens: media.tokens, scopes });
  await app.register(clipRoutes, { engine, guards });
  await app.register(clipRulesRoutes, { engine, guards });
  await app.register(eventExtrasRoutes, { db, guards, storage, hub, config, tokens: media.tokens });
  await app.register(conferenceRoutes, { engine, guards });
  // One signer of the live's playlists: the live's routes check what the embed signs.
  const liveTokens = createLiveTokens(config.videos.mediaSecret ?? randomBytes(32));
  // One sealer of embed tokens: the fan API's sign-in reads the club of an embed page by its token.
  const embedTokens = createEmbedTokens(config.videos.mediaSecret ?? randomBytes(32));
  await app.register(embedRoutes, {
    engine,
    guards,
    config,
    mediaUrl: media.present.mediaUrl,
    liveTokens,
    tokens: embedTokens,
    hub,
    caches,
    rateLimits,
    chatOpenCheckMs: dependencies.chatOpenCheckMs,
    chatPostRateLimit: dependencies.chatPostRateLimit,
    geo,
    fanSessions,
  });
  await app.register(playbackRoutes, { db, guards, geo, caches });
  await app.register(watermarkRoutes, { db, guards, storage });
  await app.register(advertisingRoutes, { db, guards, caches });
  await app.register(localAdsRoutes, { publicUrl: config.publicUrl, dataDir: config.dataDir });
  await app.register(chatRoutes, { db, guards, hub });
  await app.register(statsRoutes, { engine, guards });
  await app.register(triviaRoutes, { engine, guards });
  const fanAccess = await registerFans(app, {
    db,
    guards,
    mailer,
    hub,
    caches,
    rateLimits,
    sessions: fanSessions,
    embedAccountOf: (token) => embedTokens.verify(token)?.accountId ?? null,
  });
  await app.register(checkoutRoutes, {
    db,
    tokens: embedTokens,
    payments: appCheckout(config, dependencies),
    requireFan: fanAccess.requireFan,
    config,
  });
  await app.register(mailRoutes, { guards, mailer });
  await registerGames(app, { db, guards, hub, fanAccess });
  await app.register(triviaFanRoutes, { db, limiter: fanAccess.limiter, requireFan: fanAccess.requireFan, hub });
  // A lease taken from a process that stopped renewing it is a takeover (GET /metrics).
  const onTakeover = () => metrics.leaseTakeovers.inc();
  const live = await registerLive(app, {
    db,
    guards,
    storage,
    hub,
    config,
    onTakeover,
    caches,
    mediaTokens: media.tokens,
    liveTokens,
    scopes,
    ...dependencies.live,
  });
  await registerSimulcasts(app, {
    db,
    guards,
    hub,
    sources: live,
    onTakeover,
    runs: config.roles.includes('live'),
    maxPushes: config.live.maxPushes,
    push: { allowHosts: config.live.simulcastAllowHosts },
    ...dependencies.simulcast,
  });
  await registerWebApp(app, config.webDist);

  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
