import { CHAT_RULE, chatPaths } from '@regie/contract/chat';
import {
  chatBanBody,
  chatBanByNicknameBody,
  chatBanParams,
  chatBanResponse,
  chatBansResponse,
  chatMessageParams,
  chatMessageResponse,
  chatMessagesQuery,
  chatMessagesResponse,
  chatMessageUpdateBody,
  chatParams,
  chatResponse,
  chatSettingsBody,
  wordFilterBody,
  wordFilterResponse,
} from '@regie/contract/chat.schemas';
import { eventIdParams } from '@regie/contract/clips.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSourceOf } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { findScopedEvent } from '../graphics/event-scope.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import { noContent } from '../resources/resources.http.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { banFan, banNickname, listBans, listMessages, unbanFan, updateMessage } from './chat.messages.ts';
import { type ChatPublisher, createChatPublisher } from './chat.published.ts';
import {
  accountWords,
  assertChatActive,
  ensureChat,
  findStaffChat,
  presentChat,
  saveAccountWords,
  updateChatSettings,
} from './chat.service.ts';

export interface ChatRoutesOptions {
  db: Db;
  guards: Guards;
  hub: RealtimeHub | null;
}

type App = Parameters<FastifyPluginAsyncZod<ChatRoutesOptions>>[0];
interface Context {
  db: Db;
  onStaff: ReturnType<Guards['requireRule']>;
  publisher: ChatPublisher;
}

const common = { tags: ['chats'], security: BEARER };
const refusals = errorResponses(400, 401, 403, 404);

/** The event's chat and its settings: slow mode, the event's and the account's word filters. */
function settingsRoutes(app: App, { db, onStaff, publisher }: Context): void {
  app.get(
    chatPaths.eventChat(':id'),
    {
      onRequest: onStaff,
      schema: {
        ...common,
        summary: "The event's chat (made on first call)",
        params: eventIdParams,
        response: { 200: chatResponse, ...refusals },
      },
    },
    async (request) => {
      const event = await findScopedEvent(db, authOf(request), request.params.id);
      assertChatActive(event.activatedModules);
      return presentChat(db, await ensureChat(db, event));
    },
  );
  app.get(
    chatPaths.chat(':id'),
    {
      onRequest: onStaff,
      schema: {
        ...common,
        summary: 'One chat of the account: its event, its slow mode and word filters (spec §3 chats)',
        params: chatParams,
        response: { 200: chatResponse, ...refusals },
      },
    },
    async (request) => presentChat(db, await findStaffChat(db, authOf(request), request.params.id)),
  );
  app.put(
    chatPaths.chat(':id'),
    {
      onRequest: onStaff,
      // Settings given as they are change nothing: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: "Changes the chat's slow mode or its own word filter",
        params: chatParams,
        body: chatSettingsBody,
        response: { 200: chatResponse, ...refusals },
      },
    },
    async (request) => {
      const chat = await findStaffChat(db, authOf(request), request.params.id);
      const presented = await presentChat(db, await updateChatSettings(db, auditSourceOf(request), chat, request.body));
      publisher.settings(presented, chat.accountId);
      return presented;
    },
  );
  app.get(
    chatPaths.accountWords,
    {
      onRequest: onStaff,
      schema: { ...common, summary: "The account's word filter", response: { 200: wordFilterResponse, ...refusals } },
    },
    async (request) => ({ words: await accountWords(db, authOf(request).account.id) }),
  );
  app.put(
    chatPaths.accountWords,
    {
      onRequest: onStaff,
      // The same words again change nothing: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: "Replaces the account's word filter (every chat of the account)",
        body: wordFilterBody,
        response: { 200: wordFilterResponse, ...refusals },
      },
    },
    async (request) => ({
      words: await saveAccountWords(db, auditSourceOf(request), authOf(request).account.id, request.body.words),
    }),
  );
}

/** The spec's two calls: the messages, and one message's moderation. */
function messageRoutes(app: App, { db, onStaff, publisher }: Context): void {
  app.get(
    chatPaths.messages(':id'),
    {
      onRequest: onStaff,
      schema: {
        ...common,
        summary: "The chat's messages, newest first, or those after a cursor, oldest first",
        params: chatParams,
        querystring: chatMessagesQuery,
        response: { 200: chatMessagesResponse, ...refusals },
      },
    },
    async (request) => listMessages(db, await findStaffChat(db, authOf(request), request.params.id), request.query),
  );
  app.put(
    chatPaths.message(':id', ':messageId'),
    {
      onRequest: onStaff,
      // A message already so (hidden, pinned) is left as it is: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Hides, restores, pins or unpins a message',
        params: chatMessageParams,
        body: chatMessageUpdateBody,
        response: { 200: chatMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const chat = await findStaffChat(db, authOf(request), request.params.id);
      return updateMessage(db, auditSourceOf(request), chat, request.params.messageId, request.body, publisher);
    },
  );
}

/** Banned fans: list, ban (a message's author, or by nickname: their visible messages are hidden), lift. */
function banRoutes(app: App, { db, onStaff, publisher }: Context): void {
  app.get(
    chatPaths.bans(':id'),
    {
      onRequest: onStaff,
      schema: {
        ...common,
        summary: 'Fans banned from the chat',
        params: chatParams,
        response: { 200: chatBansResponse, ...refusals },
      },
    },
    async (request) => ({ data: await listBans(db, await findStaffChat(db, authOf(request), request.params.id)) }),
  );
  app.post(
    chatPaths.bans(':id'),
    {
      onRequest: onStaff,
      // Banning a banned fan with nothing left to hide changes nothing: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: "Bans a fan (a message's author, by its viewer id) and their address, and hides their messages",
        description:
          "The viewer id is the one the server signed for the fan (a message's viewerId). The address of the " +
          "fan's latest post is banned with them for the chat's lifetime: a viewer first seen there after the ban " +
          'cannot post (those who posted from it before go on). Lifting the ban frees both.',
        params: chatParams,
        body: chatBanBody,
        response: { 201: chatBanResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const chat = await findStaffChat(db, authOf(request), request.params.id);
      return reply.code(201).send(await banFan(db, auditSourceOf(request), chat, request.body.viewerId, publisher));
    },
  );
  app.post(
    chatPaths.bansByNickname(':id'),
    {
      onRequest: onStaff,
      // Everyone under the nickname banned already, with nothing left to hide: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Bans every fan who posted under a nickname, with their addresses',
        description:
          "The nickname of the chat's messages, case ignored; one ban entry per fan banned. 404 when nobody " +
          'posted under it.',
        params: chatParams,
        body: chatBanByNicknameBody,
        response: { 201: chatBansResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const chat = await findStaffChat(db, authOf(request), request.params.id);
      const data = await banNickname(db, auditSourceOf(request), chat, request.body.nickname, publisher);
      return reply.code(201).send({ data });
    },
  );
  app.delete(
    chatPaths.ban(':id', ':viewerId'),
    {
      onRequest: onStaff,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Lets a banned fan post again',
        params: chatBanParams,
        response: { 204: noContent, ...refusals },
      },
    },
    async (request, reply) => {
      const chat = await findStaffChat(db, authOf(request), request.params.id);
      await unbanFan(db, auditSourceOf(request), chat, request.params.viewerId);
      return reply.code(204).send(null);
    },
  );
}

/**
 * The staff's chat calls (contract chat.ts): CHAT_RULE, the chat of an event of the request's
 * account (404 otherwise) with the CHAT module switched on (403 otherwise).
 */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, { db, guards, hub }) => {
  app.addHook('preValidation', ignoreClientAccountKeys);
  const publisher = createChatPublisher(hub, (error) => app.log.warn({ err: error }, 'chat event lost'));
  const context = { db, onStaff: guards.requireRule(CHAT_RULE), publisher };
  settingsRoutes(app, context);
  messageRoutes(app, context);
  banRoutes(app, context);
};
