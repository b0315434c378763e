import { FAN_RATE_LIMIT, FANS_MESSAGES, fanPublicPaths } from '@regie/contract/fans';
import {
  fanAccepted,
  fanPlayBody,
  fanPurchaseBody,
  fanPurchaseResponse,
  fanSelf,
  fanSelfUpdateBody,
  fanSessionResponse,
  fanSigninBody,
  fanSignupBody,
} from '@regie/contract/fans.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_EXEMPTIONS } from '../audit/audit.declared.ts';
import type { BatchWriter } from '../common/batch-writer.ts';
import type { Db } from '../db/database.ts';
import { createRateLimiter, type RateLimiter } from '../embed/embed.rate-limit.ts';
import { conditionalGet, PRIVATE_REVALIDATE } from '../http/http.cache.ts';
import { HttpError } from '../http/http.errors.ts';
import { ACCOUNT_KEY, BEARER_ONLY, errorResponses } from '../http/responses.schema.ts';
import { noContent } from '../resources/resources.http.ts';
import type { FanActivityRow } from './fans.activities.ts';
import { accountOfKey, clientOf, decorateFanRequests, fanGuard, fanOf, signIn, signOut, signUp } from './fans.auth.ts';
import { purchase, readSelf, recordPlay, updateSelf } from './fans.public.ts';

export interface FanPublicOptions {
  db: Db;
  /** Where plays wait for their batch (fans.plugin.ts). */
  plays: BatchWriter<FanActivityRow>;
  /** One counter per address for the whole public fan API (the games' calls share it). */
  limiter: RateLimiter;
}

export function createFanLimiter(): RateLimiter {
  return createRateLimiter(FAN_RATE_LIMIT.max, FAN_RATE_LIMIT.windowMs);
}

/** The onRequest hook of every public fan call: FAN_RATE_LIMIT calls per address and window (429 beyond). */
export function fanRateLimit(limiter: RateLimiter) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!limiter.take(request.ip)) {
      const seconds = Math.ceil(FAN_RATE_LIMIT.windowMs / 1000);
      throw new HttpError(429, FANS_MESSAGES.tooManyCalls, { headers: { 'retry-after': String(seconds) } });
    }
  };
}

// The fan's token goes in the same Authorization header as a staff token (a different session book).
const FAN_BEARER = BEARER_ONLY;
const common = { tags: ['fan'] };

/**
 * The public fan API (contract fans.ts FAN_API) for the embed page and the clubs' apps: sign up,
 * sign in, sign out, profile, plays, purchases. Every call is rate-limited per address; the
 * signed-in ones go through requireFan (a fan token, never a staff one; a blocked fan gets 403).
 */
export const fanPublicRoutes: FastifyPluginAsyncZod<FanPublicOptions> = async (app, { db, limiter, plays }) => {
  decorateFanRequests(app);
  app.addHook('onRequest', fanRateLimit(limiter));
  const requireFan = fanGuard(db);
  sessionRoutes(app, db, requireFan);
  activityRoutes(app, db, requireFan, plays);
};

type App = Parameters<FastifyPluginAsyncZod<FanPublicOptions>>[0];
type RequireFan = ReturnType<typeof fanGuard>;

/** Sign up, sign in, sign out. */
function sessionRoutes(app: App, db: Db, requireFan: RequireFan): void {
  app.post(
    fanPublicPaths.signup,
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      schema: {
        ...common,
        security: ACCOUNT_KEY,
        summary: 'Signs a fan up on the account named by x-account-key, and signs them in',
        body: fanSignupBody,
        response: { 201: fanSessionResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const accountId = await accountOfKey(db, request);
      return reply.code(201).send(await signUp(db, accountId, request.body, clientOf(request)));
    },
  );
  app.post(
    fanPublicPaths.signin,
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      schema: {
        ...common,
        security: ACCOUNT_KEY,
        summary: 'Signs a fan in (throttled like the staff sign-in; 403 for a blocked fan)',
        body: fanSigninBody,
        response: { 200: fanSessionResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => signIn(db, await accountOfKey(db, request), request.body, clientOf(request)),
  );
  app.post(
    fanPublicPaths.signout,
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      preHandler: requireFan,
      schema: {
        ...common,
        security: FAN_BEARER,
        summary: 'Ends the fan session',
        response: { 204: noContent, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      await signOut(db, fanOf(request));
      return reply.code(204).send(null);
    },
  );
}

/** The fan's profile, plays and purchases. */
function activityRoutes(app: App, db: Db, requireFan: RequireFan, plays: BatchWriter<FanActivityRow>): void {
  app.get(
    fanPublicPaths.me,
    {
      preHandler: requireFan,
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
      preHandler: requireFan,
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
      preHandler: requireFan,
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
      await recordPlay(db, plays, fanOf(request), request.body);
      return reply.code(201).send({ recorded: true as const });
    },
  );
  app.post(
    fanPublicPaths.purchases,
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      preHandler: requireFan,
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
