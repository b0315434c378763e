import { FAN_RATE_LIMIT } from '@regie/contract/fans';
import { fanGamePaths } from '@regie/contract/games';
import {
  fanEventParams,
  fanGameParams,
  fanMotmGame,
  fanPrediction,
  fanPredictorGame,
  fanVote,
  fanVoteBody,
  score,
} from '@regie/contract/games.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_EXEMPTIONS } from '../audit/audit.declared.ts';
import type { Db } from '../db/database.ts';
import { decorateFanRequests, fanOf } from '../fans/fans.auth.ts';
import type { FanAccess } from '../fans/fans.plugin.ts';
import { fanRateLimit } from '../fans/fans.public.routes.ts';
import { conditionalGet, PRIVATE_REVALIDATE } from '../http/http.cache.ts';
import { BEARER_ONLY, errorResponses } from '../http/responses.schema.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import * as play from './games.play.ts';
import type { MotmVoteCheckBook } from './motm.vote-checks.ts';
import { createResultsPusher } from './results.pusher.ts';

export interface GamesPublicOptions {
  db: Db;
  hub: RealtimeHub | null;
  /** The public fan API's limiter, guard and activities' writer (fans.plugin.ts). */
  fanAccess: FanAccess;
  /** What a vote checks, cached per game (motm.vote-checks.ts). */
  voteChecks: MotmVoteCheckBook;
}

// The fan's session names the account: no x-account-key.
const common = { tags: ['fan'], security: BEARER_ONLY };

/**
 * The fans' side of the predictor and MOTM on the public fan API (contract games.ts fanGamePaths):
 * rate-limited with the other fan calls, each behind requireFan (a blocked fan gets 403).
 */
export const gamesPublicRoutes: FastifyPluginAsyncZod<GamesPublicOptions> = async (
  app,
  { db, hub, fanAccess, voteChecks },
) => {
  decorateFanRequests(app);
  app.addHook('onRequest', fanRateLimit(fanAccess.limiter, FAN_RATE_LIMIT.windowMs, { perFan: true }));
  // Before the body is read: a call without a fan token is told 401, whatever its body (not a 400).
  const onRequest = fanAccess.requireFan;
  // Results counted once per burst of votes, not once per vote (issue 28.5).
  const results = createResultsPusher(db, hub, (error) => app.log.warn({ err: error }, 'motm: results not pushed'));
  app.addHook('onClose', async () => results.close());
  // A game as one fan sees it (their prediction, their vote): their browser only, with its ETag.
  const onSend = conditionalGet(PRIVATE_REVALIDATE, 'authorization');
  app.get(
    fanGamePaths.predictor(),
    {
      onRequest,
      onSend,
      schema: {
        ...common,
        summary: "The event's predictor game with the fan's prediction, its sponsors and gifts",
        params: fanEventParams,
        response: { 200: fanPredictorGame, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => play.fanPredictorGame(db, fanOf(request), request.params.eventId),
  );
  app.put(
    fanGamePaths.prediction(),
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      onRequest,
      schema: {
        ...common,
        summary: "The fan's predicted score, changeable until predictions lock at kick-off (409 after)",
        params: fanGameParams,
        body: score,
        response: { 200: fanPrediction, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => play.predict(db, fanOf(request), request.params.gameId, request.body),
  );
  app.get(
    fanGamePaths.motm(),
    {
      onRequest,
      onSend,
      schema: {
        ...common,
        summary: "The event's man-of-the-match game: candidates, window, the fan's vote, results when shown",
        params: fanEventParams,
        response: { 200: fanMotmGame, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => play.fanMotmGame(db, fanOf(request), request.params.eventId),
  );
  app.post(
    fanGamePaths.vote(),
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      onRequest,
      schema: {
        ...common,
        summary: "The fan's one vote for a candidate while voting is open",
        params: fanGameParams,
        body: fanVoteBody,
        response: { 201: fanVote, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const made = await play.vote(
        db,
        { checks: voteChecks, activities: fanAccess.activities, results },
        fanOf(request),
        request.params.gameId,
        request.body.challengerId,
      );
      return reply.code(201).send(made);
    },
  );
};
