import type { IncomingMessage } from 'node:http';
import {
  CHAT_FALLBACK_READ_MS,
  CHAT_MESSAGES,
  CHAT_POST_RATE_LIMIT,
  CHAT_STREAM,
  CHAT_STREAM_EVENTS,
  CHAT_VIEWER_HEADER,
  CHAT_VIEWER_TOKEN,
  type ChatPostRateLimit,
  chatPaths,
  parseChatCursor,
} from '@regie/contract/chat';
import {
  type PublicChat,
  publicChatMessage,
  publicChatPostBody,
  publicChatPostHeaders,
  publicChatResponse,
  publicChatStreamHeaders,
  publicChatStreamQuery,
  publicChatViewerResponse,
} from '@regie/contract/chat.schemas';
import { embedTokenParams } from '@regie/contract/embed.schemas';
import type { Message } from '@regie/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_EXEMPTIONS } from '../audit/audit.declared.ts';
import type { ChatRow } from '../db/chat.table.ts';
import type { Db } from '../db/database.ts';
import { createSharedCrowdLimiter } from '../embed/embed.rate-limit.ts';
import { targetOf } from '../embed/embed.service.ts';
import type { EmbedTarget, EmbedTokens } from '../embed/embed.tokens.ts';
import { cachedJsonSerializer } from '../http/cached-json.ts';
import { type CacheBook, conditionalGet, MICRO_CACHE_MS, PUBLIC_SHORT } from '../http/http.cache.ts';
import { forbidden, HttpError, unauthorized } from '../http/http.errors.ts';
import type { RateLimits } from '../http/rate-limiter.ts';
import { errorResponses, PUBLIC } from '../http/responses.schema.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import { currentCursor, missedSince, openChatOf, postPublicMessage, readPublicChat } from './chat.public.ts';
import { type ChatPublisher, createChatPublisher } from './chat.published.ts';
import { createChatStreams } from './chat.stream.ts';
import type { ChatViewerTokens } from './chat.viewer-tokens.ts';

export interface PublicChatRoutesOptions {
  db: Db;
  tokens: EmbedTokens;
  /** Signs and verifies the fans' viewer tokens (chat.viewer-tokens.ts). */
  viewerTokens: ChatViewerTokens;
  /** The posts' and tokens' limits (CHAT_POST_RATE_LIMIT by default; tests lower them). */
  postRateLimit?: ChatPostRateLimit | undefined;
  /** Where the limits count: together for every API process of a cluster (http/rate-limiter.ts). */
  rateLimits: RateLimits;
  hub: RealtimeHub | null;
  /** The app's micro-caches: the chat read is the same for every fan of the page. */
  caches: CacheBook;
  /** How often the streams check their chats are still open (CHAT_STREAM.openCheckMs by default). */
  openCheckMs?: number | undefined;
  /**
   * Whether this viewer may see the page's chat (GEO_BLOCKING: 451 where refused, embed.routes.ts),
   * with the check a kept answer makes at each hit; none: everyone.
   */
  admitted?: ViewerCheck | undefined;
}

/** Throws (451) when the viewer may not see the page; else the check a front-cache hit makes, if any. */
export type ViewerCheck = (
  request: FastifyRequest,
  target: EmbedTarget,
) => Promise<((raw: IncomingMessage) => boolean) | undefined>;

type App = Parameters<FastifyPluginAsyncZod<PublicChatRoutesOptions>>[0];

/** A 429 of the chat's limits, with the window's seconds to wait. */
function tooMany(message: Message, limits: ChatPostRateLimit): HttpError {
  const seconds = Math.ceil(limits.windowMs / 1000);
  return new HttpError(429, message, { headers: { 'retry-after': String(seconds) } });
}

/**
 * Posting (issue 40.13): a fan first gets a viewer token signed by the server for this page (no
 * cache: each answer is a new viewer), then posts with it in CHAT_VIEWER_HEADER; the viewer id is
 * the token's, never the client's. Tokens are limited per address, posts per viewer and per
 * address, the address counted first so that minting ids meets the address's ceiling.
 */
function postRoutes(
  app: App,
  { db, tokens, viewerTokens, postRateLimit, rateLimits, admitted }: PublicChatRoutesOptions,
  onPosted: (chat: ChatRow) => void,
  publisher: ChatPublisher,
): void {
  const limits = postRateLimit ?? CHAT_POST_RATE_LIMIT;
  const issued = rateLimits.shared({
    name: 'chat-viewer-tokens',
    points: limits.tokensPerAddress,
    windowMs: limits.windowMs,
  });
  app.post(
    chatPaths.publicViewer(':token'),
    {
      // A fan's pass on the public page: nothing of an account changes.
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      schema: {
        tags: ['embed'],
        security: PUBLIC,
        summary: "A fan's viewer token for the page's chat (public)",
        description:
          `A new viewer: a random id signed by the server for this page, valid ${CHAT_VIEWER_TOKEN.maxAgeMs / 3_600_000} h, ` +
          `sent back in the ${CHAT_VIEWER_HEADER} header with each post. At most ${limits.tokensPerAddress} a minute ` +
          'per address (429); 403 while the chat is closed.',
        params: embedTokenParams,
        response: { 201: publicChatViewerResponse, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const target = targetOf(tokens, request.params.token);
      await admitted?.(request, target);
      // Counted before the chat is read: a flood of asks costs no database read past the limit.
      if (!(await issued.take(request.ip))) throw tooMany(CHAT_MESSAGES.tooManyViewerTokens, limits);
      if (!(await openChatOf(db, target))) throw forbidden(CHAT_MESSAGES.closed);
      const { token, expiresAt } = viewerTokens.issue(target);
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ viewerToken: token, expiresAt: expiresAt.toISOString() });
    },
  );

  const limiter = createSharedCrowdLimiter(rateLimits, {
    name: 'chat-posts',
    perCaller: limits.perViewer,
    perAddress: limits.perAddress,
    windowMs: limits.windowMs,
  });
  app.post(
    chatPaths.public(':token'),
    {
      // A fan's message on the public page (its moderation is audited).
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      schema: {
        tags: ['embed'],
        security: PUBLIC,
        summary: 'Posts a fan message (public)',
        description:
          `The fan is the viewer of the token in ${CHAT_VIEWER_HEADER} (401 without a valid one for this page). ` +
          `At most ${limits.perViewer} posts a minute per viewer and ${limits.perAddress} per address (429); 403 ` +
          'while the chat is closed, the fan is banned or their address is (a viewer first seen there after a ban); ' +
          '429 in slow mode before the fan may post again; 400 for a filtered word.',
        params: embedTokenParams,
        headers: publicChatPostHeaders,
        body: publicChatPostBody,
        response: { 201: publicChatMessage, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const target = targetOf(tokens, request.params.token);
      await admitted?.(request, target);
      const chat = await openChatOf(db, target);
      if (!chat) throw forbidden(CHAT_MESSAGES.closed);
      const given = request.headers[CHAT_VIEWER_HEADER];
      if (!given) throw unauthorized(CHAT_MESSAGES.viewerTokenMissing);
      const viewer = viewerTokens.verify(given, target);
      if (!viewer) throw unauthorized(CHAT_MESSAGES.viewerTokenInvalid);
      const refused = await limiter.take(request.ip, viewer.viewerId);
      if (refused) {
        throw tooMany(refused === 'address' ? CHAT_MESSAGES.tooManyPosts : CHAT_MESSAGES.tooManyPostsOfViewer, limits);
      }
      const poster = { viewerId: viewer.viewerId, address: request.ip };
      const posted = await postPublicMessage(db, chat, poster, request.body, publisher);
      onPosted(chat);
      return reply.code(201).send(posted);
    },
  );
}

/**
 * The fans' chat calls, named by the embed token (no sign-in): read the recent messages once,
 * follow the chat's event stream, and post with a signed viewer token, rate-limited per viewer
 * and per address like the play reports. Errors are in the language the page sends in
 * Accept-Language.
 */
export const publicChatRoutes: FastifyPluginAsyncZod<PublicChatRoutesOptions> = async (app, options) => {
  const { db, tokens, hub, caches, openCheckMs, admitted } = options;
  const publisher = createChatPublisher(hub, (error) => app.log.warn({ err: error }, 'chat event lost'));
  // From memory (one read per chat and second, dropped when a message is posted or moderated here).
  const reads = caches.cache<PublicChat>();
  /** A page's chat read in the micro-cache (conferences have none: their read says closed). */
  const readKey = (target: Pick<EmbedTarget, 'kind' | 'id'>) => `${target.kind}:${target.id}`;
  app.get(
    chatPaths.public(':token'),
    {
      serializerCompiler: cachedJsonSerializer,
      onSend: [conditionalGet(PUBLIC_SHORT), caches.front.keeper],
      schema: {
        tags: ['embed'],
        security: PUBLIC,
        summary: "The chat's recent visible messages (public)",
        description:
          'The embed page reads it once, then follows the stream from its `cursor` (again every ' +
          `${CHAT_FALLBACK_READ_MS / 1000} s only while the stream is down); { open: false } while the event is unpublished or has no chat.`,
        params: embedTokenParams,
        response: { 200: publicChatResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const target = targetOf(tokens, request.params.token);
      const admit = await admitted?.(request, target);
      caches.front.keep(request, {
        accountId: target.accountId,
        query: [],
        tag: readKey(target),
        ttlMs: MICRO_CACHE_MS,
        admit,
      });
      return reads.get(target.accountId, readKey(target), async () => {
        const chat = await openChatOf(db, target);
        return chat ? readPublicChat(db, chat) : { open: false as const };
      });
    },
  );

  const streams = createChatStreams({
    db,
    hub,
    isOpen: async (chat) =>
      (await openChatOf(db, { kind: 'events', id: chat.eventId, accountId: chat.accountId })) !== null,
    onError: (error) => app.log.warn({ err: error }, 'chat stream failed'),
    ...(openCheckMs === undefined ? {} : { openCheckMs }),
  });
  // An event unpublished (or its chat switched off) here: its fans' streams get `closed` at once.
  caches.onStaffWrite((accountId) => void streams.recheck(accountId));
  // Before the server stops accepting and waits for its connections: the open streams end here.
  app.addHook('preClose', async () => streams.close());
  app.get(
    chatPaths.publicStream(':token'),
    {
      schema: {
        tags: ['embed'],
        security: PUBLIC,
        summary: "The chat's live events, as Server-Sent Events (public)",
        description:
          `Events ${CHAT_STREAM_EVENTS.join(', ')} (data: JSON, contract chatStreamPayloads), each with an id: ` +
          "the cursor to resume from. With Last-Event-ID (or ?cursor=, the chat read's) it first sends what was " +
          `missed since: at most ${CHAT_STREAM.replayMax} messages and as many changes. A comment every ` +
          `${CHAT_STREAM.heartbeatMs / 1000} s keeps it open. A closed chat gets one closed event, then the end.`,
        params: embedTokenParams,
        querystring: publicChatStreamQuery,
        headers: publicChatStreamHeaders,
        produces: ['text/event-stream'],
        response: { 200: z.unknown().describe('text/event-stream'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const target = targetOf(tokens, request.params.token);
      await admitted?.(request, target);
      const given = request.headers['last-event-id'] ?? request.query.cursor;
      const since = given === undefined ? null : parseChatCursor(given);
      const chat = await openChatOf(db, target);
      reply.hijack();
      if (!chat) return streams.refuse(reply.raw, given);
      await streams.open(chat, reply.raw, async () =>
        since
          ? { cursor: since, missed: await missedSince(db, chat, since) }
          : { cursor: await currentCursor(db, chat), missed: [] },
      );
    },
  );

  postRoutes(
    app,
    options,
    (chat) => {
      // Only this chat's read is stale: the page's data (and the account's other reads) stay cached.
      const stale = readKey({ kind: 'events', id: chat.eventId });
      reads.forgetKey(chat.accountId, stale);
      caches.front.forget(chat.accountId, stale);
    },
    publisher,
  );
};
