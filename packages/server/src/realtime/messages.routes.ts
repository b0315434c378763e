import { randomUUID } from 'node:crypto';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import {
  MESSAGES_PATH,
  MESSAGES_TOPIC,
  messageEventType,
  SEND_MESSAGE_RULE,
  sendMessageBody,
  sendMessageResponse,
  type ToastMessage,
} from '@regie/contract/realtime';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { forceActingAccountId } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { accountTopic, type RealtimeHub } from './realtime.hub.ts';

/** Sends a toast (spec §3 "Message") to every connected user of an account. */
export async function sendToast(hub: RealtimeHub, accountId: number, message: ToastMessage): Promise<void> {
  await hub.publish(accountTopic(accountId, MESSAGES_TOPIC), { type: messageEventType(accountId), payload: message });
}

export const messagesRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; hub: RealtimeHub }> = async (
  app,
  { db, guards, hub },
) => {
  app.post(
    MESSAGES_PATH,
    {
      onRequest: guards.requireRule(SEND_MESSAGE_RULE),
      preValidation: forceActingAccountId,
      config: { audit: 'entry' },
      schema: {
        tags: ['realtime'],
        security: BEARER,
        summary: 'Shows a toast to the connected users of the account acted for (an admin acting for none names it)',
        body: sendMessageBody,
        response: { 202: sendMessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const accountId = request.body.AccountId ?? authOf(request).account.id;
      const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
      if (!account) throw notFound(HTTP_MESSAGES.accountNotFound(accountId));
      const message: ToastMessage = { id: randomUUID(), text: request.body.text, type: request.body.type };
      await sendToast(hub, accountId, message);
      // Nothing is stored: the entry follows the send, so that a toast shown to every user of the
      // account can be traced to whoever sent it.
      await writeAudit(db, auditSourceOf(request), {
        accountId,
        resource: 'messages',
        resourceId: null,
        action: 'send',
        changes: { text: { before: null, after: message.text }, type: { before: null, after: message.type } },
      });
      return reply.code(202).send({ ...message, AccountId: accountId });
    },
  );
};
