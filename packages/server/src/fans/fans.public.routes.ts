import { FAN_AUTH_LIMITS, FAN_PLAYS_PER_BATCH, FAN_RATE_LIMIT, fanPublicPaths } from '@regie/contract/fans';
import {
  fanAccepted,
  fanConfirmBody,
  fanPlayBody,
  fanPlaysAccepted,
  fanPlaysBody,
  fanPurchaseBody,
  fanPurchaseResponse,
  fanSelf,
  fanSelfUpdateBody,
  fanSessionResponse,
  fanSigninBody,
  fanSignupBody,
  fanSignupResponse,
} from '@regie/contract/fans.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_EXEMPTIONS } from '../audit/audit.declared.ts';
import type { BatchWriter } from '../common/batch-writer.ts';
import type { Db } from '../db/database.ts';
import { conditionalGet, PRIVATE_REVALIDATE } from '../http/http.cache.ts';
import type { Limit, RateLimits } from '../http/rate-limiter.ts';
import { ACCOUNT_KEY, BEARER_ONLY, errorResponses } from '../http/responses.schema.ts';
import type { Mailer } from '../mail/mail.types.ts';
import { noContent } from '../resources/resources.http.ts';
import type { FanActivityRow } from './fans.activities.ts';
import {
  accountOfKey,
  clientOf,
  confirmSignup,
  decorateFanRequests,
  type EmbedAccountOf,
  fanOf,
  type RequireFan,
  signIn,
  signOut,
  signUp,
  tooManyFanCalls,
} from './fans.auth.ts';
import { type PlayTargets, purchase, readSelf, recordPlays, updateSelf } from './fans.public.ts';
import type { FanSessions } from './fans.sessions.ts';
import { createFanThrottle, type FanThrottle } from './fans.throttle.ts';

export interface FanPublicOptions {
  db: Db;
  /** Where plays wait for their batch (fans.plugin.ts). */
  plays: BatchWriter<FanActivityRow>;
  /** What the plays check, kept a second per account (fans.public.ts PlayTargets). */
  playTargets: PlayTargets;
  /** The guard of the signed-in calls (fans.plugin.ts: one per app, its sessions cached). */
  requireFan: RequireFan;
  /** The cached sessions: a sign-out drops its own (fans.sessions.ts). */
  sessions: FanSessions;
  /** One counter per address for the public fan API but sign-up, sign-in and confirm (the games' calls share it). */
  limiter: Limit;
  /** The cluster's rate limits: the sign-in throttle and the sign-up calls' ceiling count there. */
  rateLimits: RateLimits;
  /** The sign-up mails. */
  mailer: Mailer;
  /** The account an embed page's token names: its fans sign in naming the club by it (contract HEADER_EMBED_TOKEN). */
  embedAccountOf?: EmbedAccountOf;
}

/** FAN_RATE_LIMIT, counted together by every API process. */
export function createFanLimiter(limits: RateLimits): Limit {
  return limits.shared({ name: 'fan-calls', points: FAN_RATE_LIMIT.max, windowMs: FAN_RATE_LIMIT.windowMs });
}

/**
 * The onRequest hook of the public fan calls: `max` calls per address and window (429 beyond).
 * With `perFan`, a call carrying a token is not counted here but by the fan guard, per session
 * once the token opens one, per address when it does not (fanGuard's limiter): a whole club's
 * fans behind one address are not refused for being many.
 */
export function fanRateLimit(
  limiter: Limit,
  windowMs: number = FAN_RATE_LIMIT.windowMs,
  { perFan = false }: { perFan?: boolean } = {},
) {
  return async (request: FastifyRequest): Promise<void> => {
    if (perFan && request.headers.authorization) return;
    if (!(await limiter.take(request.ip))) throw tooManyFanCalls(windowMs);
  };
}

// The fan's token goes in the same Authorization header as a staff token (a different session book).
const FAN_BEARER = BEARER_ONLY;
const common = { tags: ['fan'] };

/**
 * The public fan API (contract fans.ts FAN_API) for the embed page and the clubs' apps: sign up,
 * confirm, sign in, sign out, profile, plays, purchases. Sign-up, confirm and sign-in have their
 * own high per-address ceiling (a stadium's crowd behind one address) and the failure throttle
 * (fans.throttle.ts); every other call is rate-limited per address by FAN_RATE_LIMIT. The
 * signed-in ones go through requireFan (a fan token, never a staff one; a blocked fan gets 403).
 */
export const fanPublicRoutes: FastifyPluginAsyncZod<FanPublicOptions> = async (app, options) => {
  decorateFanRequests(app);
  const { db, limiter, mailer, plays, playTargets, requireFan, sessions, rateLimits } = options;
  // A guard of each process's CPU (contract FAN_AUTH_LIMITS.callsPerAddress): counted per process.
  const authLimiter = rateLimits.local({
    name: 'fan-auth-calls',
    points: FAN_AUTH_LIMITS.callsPerAddress,
    windowMs: FAN_AUTH_LIMITS.callsWindowMs,
  });
  const throttle = createFanThrottle(rateLimits);
  await app.register(async (scope) => {
    scope.addHook('onRequest', fanRateLimit(authLimiter, FAN_AUTH_LIMITS.callsWindowMs));
    authRoutes(scope, db, throttle, mailer, options.embedAccountOf);
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', fanRateLimit(limiter, FAN_RATE_LIMIT.windowMs, { perFan: true }));
    signOutRoute(scope, db, requireFan, sessions);
    activityRoutes(scope, db, requireFan, plays, playTargets);
  });
};

type App = Parameters<FastifyPluginAsyncZod<FanPublicOptions>>[0];

/** Sign up, confirm, sign in. */
function authRoutes(app: App, db: Db, throttle: FanThrottle, mailer: Mailer, embedAccountOf?: EmbedAccountOf): void {
  app.post(
    fanPublicPaths.signup,
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      schema: {
        ...common,
        security: ACCOUNT_KEY,
        summary: 'Signs a fan up on the account named by x-account-key: the rest goes by email',
        description:
          'The same 202 whether the email is new, pending or already a fan: a new one gets a confirmation code ' +
          '(POST confirm), a fan gets "someone tried to sign up with your address". 429 past the sign-ups per email or address.',
        body: fanSignupBody,
        response: { 202: fanSignupResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const accountId = await accountOfKey(db, request, embedAccountOf);
      const accepted = await signUp(db, throttle, mailer, request.log, accountId, request.body, clientOf(request));
      return reply.code(202).send(accepted);
    },
  );
  app.post(
    fanPublicPaths.confirm,
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      schema: {
        ...common,
        security: ACCOUNT_KEY,
        summary: "Confirms a sign-up with its mail's code, on the same club's key, and signs the fan in",
        body: fanConfirmBody,
        response: { 200: fanSessionResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) =>
      confirmSignup(db, throttle, await accountOfKey(db, request, embedAccountOf), request.body, clientOf(request)),
  );
  app.post(
    fanPublicPaths.signin,
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      schema: {
        ...common,
        security: ACCOUNT_KEY,
        summary: 'Signs a fan in (failures throttled per address and email; 403 for a blocked or unconfirmed fan)',
        body: fanSigninBody,
        response: { 200: fanSessionResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) =>
      signIn(db, throttle, await accountOfKey(db, request, embedAccountOf), request.body, clientOf(request)),
  );
}

function signOutRoute(app: App, db: Db, requireFan: RequireFan, sessions: FanSessions): void {
  app.post(
    fanPublicPaths.signout,
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      onRequest: requireFan,
      schema: {
        ...common,
        security: FAN_BEARER,
        summary: 'Ends the fan session',
        response: { 204: noContent, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      await signOut(db, sessions, fanOf(request));
      return reply.code(204).send(null);
    },
  );
}

/** The fan's profile, plays and purchases. */
function activityRoutes(
  app: App,
  db: Db,
  requireFan: RequireFan,
  plays: BatchWriter<FanActivityRow>,
  playTargets: PlayTargets,
): void {
  app.get(
    fanPublicPaths.me,
    {
      onRequest: requireFan,
      // The fan's own: their browser only, asked again with its ETag (304 when unchanged).
      onSend: conditionalGet(PRIVATE_REVALIDATE, 'authorization'),
      schema: {
        ...common,
        security: FAN_BEARER,
        summary: "The fan's profile",
        response: { 200: fanSelf, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => readSelf(db, fanOf(request)),
  );
  app.put(
    fanPublicPaths.me,
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      onRequest: requireFan,
      schema: {
        ...common,
        security: FAN_BEARER,
        summary: "Changes the fan's profile",
        body: fanSelfUpdateBody,
        response: { 200: fanSelf, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => updateSelf(db, fanOf(request), request.body),
  );
  app.post(
    fanPublicPaths.plays,
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      onRequest: requireFan,
      schema: {
        ...common,
        security: FAN_BEARER,
        summary: "Records a play of one of the account's videos or events",
        description:
          "Checked at once (404 for another account's video or event), written with the other plays within a second.",
        body: fanPlayBody,
        response: { 201: fanAccepted, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await recordPlays(db, plays, fanOf(request), [request.body], playTargets);
      return reply.code(201).send({ recorded: true as const });
    },
  );
  app.post(
    fanPublicPaths.playsBatch,
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      onRequest: requireFan,
      schema: {
        ...common,
        security: FAN_BEARER,
        summary: `Records up to ${FAN_PLAYS_PER_BATCH} plays a player reports together`,
        description:
          "What a player played since its last report, in one call (counted once against the fan's call limit). Every play is checked first: none is recorded when one names another account's video or event (404). Written with the other plays within a second.",
        body: fanPlaysBody,
        response: { 201: fanPlaysAccepted, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const recorded = await recordPlays(db, plays, fanOf(request), request.body.plays, playTargets);
      return reply.code(201).send({ recorded });
    },
  );
  app.post(
    fanPublicPaths.purchases,
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      onRequest: requireFan,
      schema: {
        ...common,
        security: FAN_BEARER,
        summary: 'Buys a payment offer through the local payment provider: grants the products it sells',
        body: fanPurchaseBody,
        response: { 201: fanPurchaseResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const products = await purchase(db, fanOf(request), request.body.paymentOfferId);
      return reply.code(201).send({ paymentOfferId: request.body.paymentOfferId, products });
    },
  );
}
