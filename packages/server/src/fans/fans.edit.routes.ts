import { FANS_RULE, fanPaths } from '@regie/contract/fans';
import { type FanSaved, fanCreateBody, fanParams, fanSaved, fanUpdateBody } from '@regie/contract/fans.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSourceOf } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import type { Mailer } from '../mail/mail.types.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { sendConfirmationMail } from './fans.auth.ts';
import { createFan, type SavedFan, updateFan } from './fans.edit.ts';
import { presentFan } from './fans.service.ts';

export interface FanEditRoutesOptions {
  db: Db;
  guards: Guards;
  /** The confirmation mails: the sign-up's (fans.auth.ts). */
  mailer: Mailer;
}

const common = { tags: ['fans'], security: BEARER };

/**
 * The fan as saved, once the write committed: the confirmation code it holds is mailed then (a
 * mail for a fan that was rolled back would confirm nothing).
 */
async function answer(db: Db, mailer: Mailer, log: FastifyBaseLogger, saved: SavedFan): Promise<FanSaved> {
  const { row, confirmationToken } = saved;
  const confirmationSent =
    confirmationToken !== null && (await sendConfirmationMail(db, mailer, log, row, confirmationToken));
  return { ...presentFan(row), confirmationSent };
}

/**
 * The CRM adds a fan by hand and corrects a fan's details (issue 40.5, contract fans.ts): the
 * CRM's rule (use_crm in an account with FANS_CRM; read_only refused by the read-only hook), the
 * account's fans only (another account's: 404), each change audited.
 */
export const fanEditRoutes: FastifyPluginAsyncZod<FanEditRoutesOptions> = async (app, { db, guards, mailer }) => {
  const onCrm = guards.requireRule(FANS_RULE);
  app.post(
    fanPaths.list,
    {
      onRequest: onCrm,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Adds a fan by hand: pending until they confirm the mail the sign-up sends',
        description:
          'The fan gets the sign-up’s confirmation code by mail (confirmationSent false when it could not be sent). ' +
          '409 on email when another fan of the account has it; 404 for a tag that is not the account’s.',
        body: fanCreateBody,
        response: { 201: fanSaved, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const saved = await createFan(db, auditSourceOf(request), authOf(request).account.id, request.body);
      return reply.code(201).send(await answer(db, mailer, request.log, saved));
    },
  );
  app.put(
    fanPaths.fan(),
    {
      onRequest: onCrm,
      // Saving the fan's form unchanged changes nothing: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: "Corrects a fan's email, names, language and consents (only the fields sent)",
        description:
          'A confirmed fan stays confirmed under a new email; a pending fan gets a new confirmation code at it ' +
          '(confirmationSent). 409 on email when another fan of the account has it.',
        params: fanParams,
        body: fanUpdateBody,
        response: { 200: fanSaved, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const saved = await updateFan(db, auditSourceOf(request), authOf(request).account.id, id, request.body);
      return answer(db, mailer, request.log, saved);
    },
  );
};
