import { MAIL_OUTBOX_MAX, mailOutboxQuery, mailOutboxResponse, mailPaths } from '@regie/contract/mail';
import { ADMIN_ROLE } from '@regie/contract/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import type { Mailer } from './mail.types.ts';

/** GET admin-tools/mail-outbox: the local outbox's last mails, for the platform admins (contract mail.ts). */
export const mailRoutes: FastifyPluginAsyncZod<{ guards: Guards; mailer: Mailer }> = async (
  app,
  { guards, mailer },
) => {
  app.get(
    mailPaths.outbox,
    {
      onRequest: guards.requireRoles(ADMIN_ROLE),
      schema: {
        tags: ['admin-tools'],
        security: BEARER,
        summary: 'The last mails written to the local outbox (SMTP_URL not set), newest first',
        description: `At most ${MAIL_OUTBOX_MAX}, of this process; every one is also an .eml file in <data>/mail/outbox.`,
        querystring: mailOutboxQuery,
        response: { 200: mailOutboxResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { to } = request.query;
      const data = mailer
        .recent()
        .filter((mail) => to === undefined || mail.to === to)
        .map(({ id, to: recipient, subject, text, sentAt }) => ({ id, to: recipient, subject, text, sentAt }));
      // Confirmation codes: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return { smtp: mailer.kind === 'smtp', data };
    },
  );
};
