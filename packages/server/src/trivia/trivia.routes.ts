import { TRIVIA_RULE } from '@regie/contract/resources/registry';
import { questionPositionBody, TRIVIA_MESSAGES, triviaPaths } from '@regie/contract/trivia';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import { transaction } from '../db/transactions.ts';
import { quizQuestions, quizzes } from '../db/trivia.table.ts';
import { notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import type { Engine } from '../resources/resources.types.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { assertInScope, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { triviaRankingRoutes } from './trivia.rankings.routes.ts';

export interface TriviaRoutesOptions {
  engine: Engine;
  guards: Guards;
}

const common = { tags: ['trivia'], security: BEARER };
const idParams = z.object({ id: z.coerce.number().int().positive() });
const orderResponse = z.object({ quizId: z.number(), order: z.array(z.number()) });

/**
 * The trivia calls beyond the engine's CRUD: the rankings and contestants count
 * (trivia.rankings.routes.ts), and PUT questions/updateposition/{id} (spec §7): the question moves to `position` in its quiz and the
 * others close up, in one transaction with the quiz locked (two moves at once apply one after the
 * other). Answers the quiz's question ids in their new order.
 */
export const triviaRoutes: FastifyPluginAsyncZod<TriviaRoutesOptions> = async (app, { engine, guards }) => {
  app.addHook('preValidation', ignoreClientAccountKeys);
  triviaRankingRoutes(app, { db: engine.db, guards });
  app.put(
    triviaPaths.questionPosition(),
    {
      onRequest: guards.requireRule(TRIVIA_RULE),
      // The question's entry (its position) only when it moves: to where it is already, none.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Moves a question to a position (from 0) in its quiz; the other questions close up',
        params: idParams,
        body: questionPositionBody,
        response: { 200: orderResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { id } = request.params;
      return transaction(engine.db, async (tx) => {
        const [question] = await tx.select().from(quizQuestions).where(eq(quizQuestions.id, id)).limit(1);
        if (!question) throw notFound(TRIVIA_MESSAGES.questionNotFound(id));
        assertInScope(auth, question.accountId, TRIVIA_MESSAGES.questionNotFound(id));
        await tx.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, question.quizId)).for('update');
        const others = await tx
          .select({ id: quizQuestions.id })
          .from(quizQuestions)
          .where(and(eq(quizQuestions.quizId, question.quizId), ne(quizQuestions.id, id)))
          .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
        const order = others.map((other) => other.id);
        order.splice(Math.min(request.body.position, order.length), 0, id);
        for (const [position, questionId] of order.entries()) {
          await tx.update(quizQuestions).set({ position }).where(eq(quizQuestions.id, questionId));
        }
        const position = order.indexOf(id);
        if (position !== question.position) {
          await writeAudit(tx, auditSourceOf(request), {
            accountId: question.accountId,
            resource: 'questions',
            resourceId: id,
            action: 'update',
            changes: { position: { before: question.position, after: position } },
          });
        }
        return { quizId: question.quizId, order };
      });
    },
  );
};
