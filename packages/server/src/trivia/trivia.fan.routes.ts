import { FAN_RATE_LIMIT } from '@regie/contract/fans';
import {
  fanNextResponse,
  fanQuizzesResponse,
  triviaAnswerBody,
  triviaAnswerResponse,
  triviaFanPaths,
} from '@regie/contract/trivia.play';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_EXEMPTIONS } from '../audit/audit.declared.ts';
import type { Db } from '../db/database.ts';
import { decorateFanRequests, fanOf, type RequireFan } from '../fans/fans.auth.ts';
import { fanRateLimit } from '../fans/fans.public.routes.ts';
import type { Limit } from '../http/rate-limiter.ts';
import { BEARER_ONLY, errorResponses } from '../http/responses.schema.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import { answerQuestion, nextQuestion, openQuizzes } from './trivia.play.ts';
import { createRankingsPusher } from './trivia.rankings.pusher.ts';

// The fan's session names the account: no x-account-key.
const common = { tags: ['fan'], security: BEARER_ONLY };
const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Trivia on the fan API (contract trivia.play.ts): the open quizzes, the next question, an answer;
 * rate-limited with the other fan calls (the limiter of fans.plugin.ts), each behind requireFan.
 */
export const triviaFanRoutes: FastifyPluginAsyncZod<{
  db: Db;
  limiter: Limit;
  requireFan: RequireFan;
  /** Where the rankings screens hear that answers changed a quiz's rankings. */
  hub: RealtimeHub | null;
}> = async (app, { db, limiter, requireFan, hub }) => {
  decorateFanRequests(app);
  const rankings = createRankingsPusher(hub, (error) => app.log.warn({ err: error }, 'trivia rankings event lost'));
  app.addHook('onClose', () => rankings.close());
  app.addHook('onRequest', fanRateLimit(limiter, FAN_RATE_LIMIT.windowMs, { perFan: true }));
  app.get(
    triviaFanPaths.quizzes,
    {
      onRequest: requireFan,
      schema: {
        ...common,
        summary: "The account's quizzes open now, with the fan's progress",
        response: { 200: fanQuizzesResponse, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => openQuizzes(db, fanOf(request)),
  );
  app.post(
    triviaFanPaths.next(),
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      onRequest: requireFan,
      schema: {
        ...common,
        summary: 'The question to answer now (its timer starts when first shown), or the result once all are done',
        params: idParams,
        response: { 200: fanNextResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const fan = fanOf(request);
      const shown = await nextQuestion(db, fan, request.params.id);
      // A question left past its timer was counted as missed, or the play finished: ranks may move.
      rankings.changed(fan.accountId, request.params.id);
      return shown;
    },
  );
  app.post(
    triviaFanPaths.answers(),
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      onRequest: requireFan,
      schema: {
        ...common,
        summary: 'Answers the question shown: scored by correctness, speed and streak (contract games.scoring.ts)',
        params: idParams,
        body: triviaAnswerBody,
        response: { 200: triviaAnswerResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const fan = fanOf(request);
      const answered = await answerQuestion(db, fan, request.params.id, request.body);
      rankings.changed(fan.accountId, request.params.id);
      return answered;
    },
  );
};
