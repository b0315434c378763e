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
import type { RateLimiter } from '../embed/embed.rate-limit.ts';
import { decorateFanRequests, fanOf, type RequireFan } from '../fans/fans.auth.ts';
import { fanRateLimit } from '../fans/fans.public.routes.ts';
import { BEARER_ONLY, errorResponses } from '../http/responses.schema.ts';
import { answerQuestion, nextQuestion, openQuizzes } from './trivia.play.ts';

// The fan's session names the account: no x-account-key.
const common = { tags: ['fan'], security: BEARER_ONLY };
const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Trivia on the fan API (contract trivia.play.ts): the open quizzes, the next question, an answer;
 * rate-limited with the other fan calls (the limiter of fans.plugin.ts), each behind requireFan.
 */
export const triviaFanRoutes: FastifyPluginAsyncZod<{ db: Db; limiter: RateLimiter; requireFan: RequireFan }> = async (
  app,
  { db, limiter, requireFan },
) => {
  decorateFanRequests(app);
  app.addHook('onRequest', fanRateLimit(limiter, FAN_RATE_LIMIT.windowMs, { perFan: true }));
  app.get(
    triviaFanPaths.quizzes,
    {
      preHandler: requireFan,
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
      preHandler: requireFan,
      schema: {
        ...common,
        summary: 'The question to answer now (its timer starts when first shown), or the result once all are done',
        params: idParams,
        response: { 200: fanNextResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => nextQuestion(db, fanOf(request), request.params.id),
  );
  app.post(
    triviaFanPaths.answers(),
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      preHandler: requireFan,
      schema: {
        ...common,
        summary: 'Answers the question shown: scored by correctness, speed and streak (contract games.scoring.ts)',
        params: idParams,
        body: triviaAnswerBody,
        response: { 200: triviaAnswerResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => answerQuestion(db, fanOf(request), request.params.id, request.body),
  );
};
