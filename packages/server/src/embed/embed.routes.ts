import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { idParams } from '@regie/contract/accounts';
import type { ChatPostRateLimit } from '@regie/contract/chat';
import { EMBED_MESSAGES, embedPaths, isEmbedKind, PLAY_RATE_LIMIT } from '@regie/contract/embed';
import {
  embedFanResponse,
  embedPageParams,
  embedPlaybackResponse,
  embedPlayerQuery,
  embedPlayerResponse,
  embedSnippetResponse,
  embedTokenParams,
  playBody,
  playResponse,
} from '@regie/contract/embed.schemas';
import { GEO_REFUSED_STATUS } from '@regie/contract/geo';
import type { Language } from '@regie/contract/languages';
import { CONFERENCE_READ_RULE } from '@regie/contract/resources/business-players';
import { EVENT_READ_RULE } from '@regie/contract/resources/events';
import {
  PAYMENT_REQUIRED_STATUS,
  SIGN_IN_REQUIRED_STATUS,
  VIEWER_ACCESS_MESSAGES,
} from '@regie/contract/viewer-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_EXEMPTIONS } from '../audit/audit.declared.ts';
import { publicChatRoutes } from '../chat/chat.public.routes.ts';
import { createChatViewerTokens } from '../chat/chat.viewer-tokens.ts';
import type { AppConfig } from '../config.ts';
import type { FanSessions, OpenFanSession } from '../fans/fans.sessions.ts';
import { type GeoGate, geoRefused } from '../geo/geo.gate.ts';
import { cachedJsonSerializer } from '../http/cached-json.ts';
import { type CacheBook, conditionalGet, MICRO_CACHE_MS, PUBLIC_SHORT } from '../http/http.cache.ts';
import { HttpError, notFound, unauthorized } from '../http/http.errors.ts';
import type { RateLimits } from '../http/rate-limiter.ts';
import { BEARER, errorResponses, PUBLIC } from '../http/responses.schema.ts';
import type { LiveTokens } from '../live/live.tokens.ts';
import { programPlaylistPath } from '../live/program.media.ts';
import { type ContentAccess, fanHolds } from '../playback/viewer-access.ts';
import { ANY_COUNTRY_SCOPE, viewerScope } from '../playback/viewer-scope.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { brandOf, dressPage, type EmbedBrand, PLATFORM_BRAND } from './embed.brand.ts';
import { fanContext } from './embed.fan.ts';
import { createSharedCrowdLimiter } from './embed.rate-limit.ts';
import { type EmbedMedia, type EmbedView, embedSnippet, playerView, recordPlay, targetOf } from './embed.service.ts';
import { createEmbedTokens, type EmbedTarget, type EmbedTokens } from './embed.tokens.ts';

type ViewOf = (target: EmbedTarget, lang?: Language) => Promise<EmbedView>;

export interface EmbedRoutesOptions {
  engine: Engine;
  guards: Guards;
  config: Pick<AppConfig, 'videos' | 'publicUrl' | 'webDist'>;
  /** Signs a video's media key into a playable URL (the videos' own signer). */
  mediaUrl: (key: string) => string;
  /** Signs a program's playlists (the live's own signer, shared with live.plugin.ts). */
  liveTokens: LiveTokens;
  /** The embed tokens (shared with the fan API's sign-in, app.ts); else made here. */
  tokens?: EmbedTokens;
  /** Where the fans' chat posts reach the staff's screens (chat/chat.public.routes.ts). */
  hub?: RealtimeHub | null;
  /** The app's micro-caches (http/http.cache.ts): the public answers a crowd asks for. */
  caches: CacheBook;
  /** The cluster's rate limits (http/rate-limiter.ts): the play reports are counted there. */
  rateLimits: RateLimits;
  /** How often the chat streams check their chats are still open (tests; CHAT_STREAM.openCheckMs by default). */
  chatOpenCheckMs?: number;
  /** The chat's posting limits (tests; CHAT_POST_RATE_LIMIT by default). */
  chatPostRateLimit?: ChatPostRateLimit;
  /** Who is watching from where (GEO_BLOCKING): every public call of a page asks it. */
  geo: GeoGate;
  /** The fans' open sessions: a fans-only or paid page's playback is a signed-in fan's. */
  fanSessions: FanSessions;
}

type App = Parameters<FastifyPluginAsyncZod<EmbedRoutesOptions>>[0];

const EMBED_PAGE_FILE = 'embed.html';

/** The staff calls giving a snippet, one per kind: the resource it reads and who may ask. */
const STAFF_EMBEDS = [
  { kind: 'events', path: embedPaths.eventEmbed(':id'), rule: EVENT_READ_RULE, what: 'event', chapters: 'markers' },
  {
    kind: 'business-players',
    path: embedPaths.conferenceEmbed(':id'),
    rule: CONFERENCE_READ_RULE,
    what: 'conference',
    chapters: 'chapters',
  },
] as const;

/** GET events/{id}/embed and business-players/{id}/embed (staff): the snippet for one record of the account. */
function staffRoutes(app: App, { engine, guards, config }: EmbedRoutesOptions, tokens: EmbedTokens): void {
  for (const staff of STAFF_EMBEDS) {
    app.get(
      staff.path,
      {
        onRequest: guards.requireRule(staff.rule),
        schema: {
          tags: ['embed'],
          security: BEARER,
          summary: `An iframe snippet of the ${staff.what}'s public player`,
          description:
            `The iframe opens a public page (no sign-in) naming the ${staff.what} by a signed token: once the ` +
            `${staff.what} is published it counts down to its start, plays its live, shows its replay being ` +
            `prepared, then plays the replay with its ${staff.chapters} as chapters, and reports plays.`,
          params: idParams,
          response: { 200: embedSnippetResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const entry = engine.byName(staff.kind);
        if (!entry) throw notFound(EMBED_MESSAGES.notFound);
        const record = await findVisible(engine, entry, authOf(request), request.params.id);
        const origin = config.publicUrl || `${request.protocol}://${request.host}`;
        const target = { kind: staff.kind, accountId: Number(record.accountId), id: Number(record.id) };
        return embedSnippet(tokens, origin, target, String(record.name));
      },
    );
  }
}

/** The page's data as every viewer gets it, kept a second per page and language (issue 28), with its geo policy. */
function viewsOf(options: EmbedRoutesOptions) {
  const { engine, caches, config, liveTokens } = options;
  const media: EmbedMedia = {
    mediaUrl: options.mediaUrl,
    programUrl: (accountId, content, scope) =>
      `${config.publicUrl}${programPlaylistPath(accountId, content, 'dvr', liveTokens.signProgram(accountId, content, undefined, scope))}`,
  };
  const views = caches.cache<EmbedView>();
  return (target: EmbedTarget, lang?: Language) =>
    views.get(target.accountId, `${target.kind}:${target.id}:${lang ?? ''}`, () =>
      playerView(engine.db, target, media, lang),
    );
}

/**
 * The fan a fans-only or paid page plays for: an open session of the page's club (401 otherwise,
 * 403 for a blocked fan) holding one of its passes when it is paid (402).
 */
async function admittedFan(
  options: EmbedRoutesOptions,
  target: EmbedTarget,
  access: ContentAccess,
  authorization: string | undefined,
): Promise<OpenFanSession> {
  const [scheme, token] = (authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized(VIEWER_ACCESS_MESSAGES.signInToWatch);
  const fan = await options.fanSessions.resolve(token).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 401)
      throw unauthorized(VIEWER_ACCESS_MESSAGES.signInToWatch);
    throw error;
  });
  if (fan.accountId !== target.accountId) throw unauthorized(VIEWER_ACCESS_MESSAGES.otherClub);
  if (!(await fanHolds(options.engine.db, fan.fanId, access.productIds))) {
    throw new HttpError(PAYMENT_REQUIRED_STATUS, VIEWER_ACCESS_MESSAGES.passRequired);
  }
  return fan;
}

/** The public page's calls: its data, and its play reports (rate-limited per page view and, higher, per address). */
function publicRoutes(app: App, options: EmbedRoutesOptions, tokens: EmbedTokens, viewOf: ViewOf): void {
  const { engine, caches, geo } = options;
  app.get(
    embedPaths.player(':token'),
    {
      serializerCompiler: cachedJsonSerializer,
      // The answer as it leaves (ETag, Cache-Control) is kept in front for the crowd's next asks.
      onSend: [conditionalGet(PUBLIC_SHORT), caches.front.keeper],
      schema: {
        tags: ['embed'],
        security: PUBLIC,
        summary: "The embedded player's data (public)",
        description:
          'The player in its state: upcoming (kick-off), live (the signed DVR playlist of the program, the markers ' +
          'so far), preparing (the replay being made: progress, time left), replay (signed HLS, chapters), or ' +
          'unavailable with its reason (not_found, not_published, embed_off, no_camera, no_replay), or match ' +
          '(NO_VIDEO: a data-only event once kicked off: teams, score, periods, timeline; no media). ' +
          `${GEO_REFUSED_STATUS} where geo blocking refuses the viewer's country; where it refuses anybody, ` +
          '`perViewer` and no URL: GET embed/{token}/playback signs them for each viewer.',
        params: embedTokenParams,
        querystring: embedPlayerQuery,
        response: { 200: embedPlayerResponse, ...errorResponses(400, 404, GEO_REFUSED_STATUS) },
      },
    },
    async (request) => {
      const target = targetOf(tokens, request.params.token);
      const view = await viewOf(target, request.query.lang);
      const policy = view.geo;
      geo.assertAllowed(request.raw, policy);
      caches.front.keep(request, {
        accountId: target.accountId,
        query: Object.keys(embedPlayerQuery.shape),
        tag: `embed:${target.kind}:${target.id}`,
        ttlMs: MICRO_CACHE_MS,
        admit: geo.admitFor(policy),
      });
      return view.response;
    },
  );

  app.get(
    embedPaths.playback(':token'),
    {
      schema: {
        tags: ['embed'],
        security: PUBLIC,
        summary: "A live's or replay's media signed for this viewer (public; a fan's for a fans-only or paid page)",
        description:
          "For a page whose data says `perViewer`: its playlist (and a replay's renditions) signed for this " +
          'viewer alone, bound to their country and, for a page whose data has `access`, to their fan session ' +
          '(`Authorization: Bearer` of the public fan API): never kept by a shared cache. ' +
          `${GEO_REFUSED_STATUS} where geo blocking refuses them; ${SIGN_IN_REQUIRED_STATUS} without a session of ` +
          `the page's club; ${PAYMENT_REQUIRED_STATUS} for a paid page when the fan holds none of its passes ` +
          '(the page shows its offers), checked before kick-off too; 404 when nothing plays (yet).',
        params: embedTokenParams,
        response: {
          200: embedPlaybackResponse,
          ...errorResponses(400, 403, 404, SIGN_IN_REQUIRED_STATUS, PAYMENT_REQUIRED_STATUS, GEO_REFUSED_STATUS),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store').header('vary', 'Authorization');
      const target = targetOf(tokens, request.params.token);
      const view = await viewOf(target);
      geo.assertAllowed(request.raw, view.geo);
      // A fans-only or paid page checks its fan first: before kick-off the page learns whether the
      // fan holds a pass (404: nothing plays yet, but it is theirs) or still has one to buy (402).
      const fan = view.access && (await admittedFan(options, target, view.access, request.headers.authorization));
      if (!view.playback) throw notFound(EMBED_MESSAGES.nothingToPlay);
      const country = view.geo ? geo.scopeOf(request.raw) : ANY_COUNTRY_SCOPE;
      if (!fan) return view.playback(view.geo ? country : undefined);
      return view.playback(viewerScope(country, fan.sessionId));
    },
  );

  app.get(
    embedPaths.fan(':token'),
    {
      schema: {
        tags: ['embed'],
        security: PUBLIC,
        summary: "How the page's games panel reaches the fan API for this event (public)",
        description:
          "The event's id and the games it runs, while the event is published with its embed on; 404 " +
          "otherwise, and for a conference. The page's fans sign in on the fan API with its token (x-embed-token).",
        params: embedTokenParams,
        response: { 200: embedFanResponse, ...errorResponses(400, 404, GEO_REFUSED_STATUS) },
      },
    },
    async (request) => {
      const target = targetOf(tokens, request.params.token);
      geo.assertAllowed(request.raw, (await viewOf(target)).geo);
      return fanContext(engine.db, target);
    },
  );

  const limiter = createSharedCrowdLimiter(options.rateLimits, {
    name: 'embed-plays',
    perCaller: PLAY_RATE_LIMIT.perView,
    perAddress: PLAY_RATE_LIMIT.perAddress,
    windowMs: PLAY_RATE_LIMIT.windowMs,
  });
  app.post(
    embedPaths.plays(':token'),
    {
      // A viewer's play on the public page.
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      schema: {
        tags: ['embed'],
        security: PUBLIC,
        summary: 'Reports that a page view started playback (public)',
        description:
          `Counted once per viewId; at most ${PLAY_RATE_LIMIT.perView} reports a minute per view and ` +
          `${PLAY_RATE_LIMIT.perAddress} per address (429).`,
        params: embedTokenParams,
        body: playBody,
        response: { 200: playResponse, ...errorResponses(400, 404, 429, GEO_REFUSED_STATUS) },
      },
    },
    async (request) => {
      const target = targetOf(tokens, request.params.token);
      geo.assertAllowed(request.raw, (await viewOf(target)).geo);
      const refused = await limiter.take(request.ip, request.body.viewId);
      if (refused) {
        const seconds = Math.ceil(PLAY_RATE_LIMIT.windowMs / 1000);
        const message = refused === 'address' ? EMBED_MESSAGES.tooManyPlays : EMBED_MESSAGES.tooManyPlaysOfView;
        throw new HttpError(429, message, { headers: { 'retry-after': String(seconds) } });
      }
      return { counted: await recordPlay(engine.db, target, request.body.viewId) };
    },
  );
}

/**
 * The public page itself: the web build's second entry, whatever the token (it asks for its
 * data, and says why when refused). Read once: a build replaces the folder and restarts the
 * server. A viewer geo blocking refuses gets it with 451.
 */
function pageRoute(app: App, options: EmbedRoutesOptions, tokens: EmbedTokens, viewOf: ViewOf): void {
  const { config, geo, engine, caches } = options;
  const file = join(config.webDist, EMBED_PAGE_FILE);
  let page: Promise<string> | null = null;
  // Its owner's look (issue 47.6), kept a second per page like its data.
  const brands = caches.cache<EmbedBrand | null>();
  const brandFor = (target: EmbedTarget) =>
    brands.get(target.accountId, `${target.kind}:${target.id}`, () => brandOf(engine.db, target, config.publicUrl));
  app.get(
    embedPaths.page(':kind', ':token'),
    { schema: { hide: true, params: embedPageParams } },
    async (request, reply) => {
      if (!isEmbedKind(request.params.kind)) throw notFound(EMBED_MESSAGES.notFound);
      const target = tokens.verify(request.params.token);
      const refused = target !== null && !geo.allows(request.raw, (await viewOf(target)).geo);
      if (!existsSync(file)) throw refused ? geoRefused() : notFound(EMBED_MESSAGES.pageNotBuilt);
      page ??= readFile(file, 'utf8');
      const brand = (target && (await brandFor(target))) ?? PLATFORM_BRAND;
      return reply
        .code(refused ? GEO_REFUSED_STATUS : 200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(dressPage(await page, brand));
    },
  );
}

/**
 * The embeddable player (contract embed.ts). Tokens are signed with the media secret; without
 * one (tests) with a key of this process, as media URLs are.
 */
export const embedRoutes: FastifyPluginAsyncZod<EmbedRoutesOptions> = async (app, options) => {
  const secret = options.config.videos.mediaSecret ?? randomBytes(32);
  const tokens = options.tokens ?? createEmbedTokens(secret);
  const viewOf = viewsOf(options);
  staffRoutes(app, options, tokens);
  publicRoutes(app, options, tokens, viewOf);
  pageRoute(app, options, tokens, viewOf);
  await app.register(publicChatRoutes, {
    db: options.engine.db,
    tokens,
    // The fans' viewer tokens, signed under a key of their own derived from the same media secret.
    viewerTokens: createChatViewerTokens(secret),
    postRateLimit: options.chatPostRateLimit,
    rateLimits: options.rateLimits,
    hub: options.hub ?? null,
    caches: options.caches,
    openCheckMs: options.chatOpenCheckMs,
    admitted: async (request, target) => {
      const policy = (await viewOf(target)).geo;
      options.geo.assertAllowed(request.raw, policy);
      return options.geo.admitFor(policy);
    },
  });
};
