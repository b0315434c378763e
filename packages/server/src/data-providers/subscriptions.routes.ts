import { randomBytes } from 'node:crypto';
import { recordId } from '@regie/contract/accounts';
import {
  credentialsQuery,
  DATA_FEEDS_RULE,
  deletedResponse,
  mappingBody,
  mappingItem,
  mappingListResponse,
  mappingPaths,
  recordsQuery,
  recordsResponse,
  subscriptionBody,
  subscriptionItem,
  subscriptionListResponse,
  subscriptionPatchBody,
} from '@regie/contract/data-provider-subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf } from '../audit/audit.service.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { createCredentialSeal, credentialSealOf } from './credentials.ts';
import {
  createMapping,
  deleteMapping,
  findScopedMapping,
  listMappableRecords,
  listMappings,
  presentMapping,
  presentSubscription,
} from './mappings.service.ts';
import {
  createSubscription,
  deleteSubscriptionById,
  deleteSubscriptionsByCredentials,
  listSubscriptions,
  updateSubscription,
} from './subscriptions.service.ts';

export interface SubscriptionsRoutesOptions {
  db: Db;
  guards: Guards;
  config: Pick<AppConfig, 'videos'>;
}

const common = { tags: ['data-providers'], security: BEARER };
const idParams = z.object({ id: recordId });
const subscriptionParams = z.object({ id: recordId, subscriptionId: recordId });

/**
 * Data provider mappings (our own calls under /data-providers-service-api/mappings) and their
 * subscriptions (spec §7, contract data-provider-subscriptions.ts), for DATA_FEEDS_RULE. The
 * spec's generic data-provider-mapping calls stay 'not available' (data-provider-mapping.routes.ts).
 */
export const dataProviderSubscriptionsRoutes: FastifyPluginAsyncZod<SubscriptionsRoutesOptions> = async (
  app,
  { db, guards, config },
) => {
  // The same key as the poller's when the media secret is configured (main.ts makes one); a key
  // of this process only otherwise (tests), like the media URLs.
  const seal = credentialSealOf(config) ?? createCredentialSeal(randomBytes(32));
  const allowHosts = config.videos.importAllowHosts;
  const onRequest = guards.requireRule(DATA_FEEDS_RULE);
  app.addHook('preValidation', ignoreClientAccountKeys);

  app.get(
    mappingPaths.list,
    {
      onRequest,
      schema: {
        ...common,
        summary: "The account's data provider mappings, each with its subscriptions (credentials never included)",
        response: { 200: mappingListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await listMappings(db, authOf(request)) }),
  );

  app.get(
    mappingPaths.records,
    {
      onRequest,
      schema: {
        ...common,
        summary: "The account's competitions, seasons or events a mapping may name",
        querystring: recordsQuery,
        response: { 200: recordsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await listMappableRecords(db, authOf(request).account.id, request.query.entity),
    }),
  );

  app.post(
    mappingPaths.list,
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: "Maps one of the account's competitions, seasons or events to the provider's id for it",
        description: "404: the record is not the account's; 409: this record is mapped already for this provider.",
        body: mappingBody,
        response: { 201: mappingItem, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await createMapping(db, auditSourceOf(request), auth, request.body);
      return reply.code(201).send(await presentMapping(db, row, auth.language));
    },
  );

  app.delete(
    mappingPaths.one(':id'),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Deletes a mapping and its subscriptions',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteMapping(db, auditSourceOf(request), await findScopedMapping(db, authOf(request), request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    mappingPaths.subscriptions(':id'),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: "Subscribes an event mapping to a provider's feed, polled while the match is on",
        description:
          'The URL follows import-url’s rules (http(s), public addresses unless REGIE_IMPORT_ALLOW_HOSTS allows ' +
          'them), at creation and at each fetch; username and password are sent as HTTP basic authentication ' +
          'and stored encrypted, never answered.',
        params: idParams,
        body: subscriptionBody,
        response: { 201: subscriptionItem, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const mapping = await findScopedMapping(db, auth, request.params.id);
      const row = await createSubscription(db, auditSourceOf(request), seal, allowHosts, mapping, request.body);
      return reply.code(201).send(presentSubscription(row, auth.language));
    },
  );

  app.get(
    mappingPaths.subscriptions(':id'),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          "The mapping's subscriptions with their status; those with these credentials when given (404 when none holds them, as DELETE)",
        params: idParams,
        querystring: credentialsQuery,
        response: { 200: subscriptionListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const mapping = await findScopedMapping(db, auth, request.params.id);
      const rows = await listSubscriptions(db, seal, mapping, request.query);
      return { data: rows.map((row) => presentSubscription(row, auth.language)) };
    },
  );

  app.delete(
    mappingPaths.subscriptions(':id'),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Removes the mapping’s subscription with these credentials (spec §7: in the query)',
        params: idParams,
        querystring: credentialsQuery,
        response: { 200: deletedResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const mapping = await findScopedMapping(db, authOf(request), request.params.id);
      return {
        deleted: await deleteSubscriptionsByCredentials(db, auditSourceOf(request), seal, mapping, request.query),
      };
    },
  );

  app.delete(
    mappingPaths.subscription(':id', ':subscriptionId'),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Removes one subscription of the mapping by its id',
        params: subscriptionParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const mapping = await findScopedMapping(db, authOf(request), request.params.id);
      await deleteSubscriptionById(db, auditSourceOf(request), mapping, request.params.subscriptionId);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    mappingPaths.subscriptionSettings(':id', ':subscriptionId'),
    {
      onRequest,
      // Pausing a paused subscription (or the same interval again) changes nothing: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Pauses or resumes a subscription, or changes its interval (credentials untouched)',
        description:
          'Our own call beside the spec’s §7 ones. paused: true stops the polls (active false), false ' +
          'resumes them with a poll at once; intervalSeconds has the creation’s limits, the next poll then ' +
          'comes no later than one new interval from now. 404: the mapping or the subscription is not the ' +
          'account’s, or the subscription is not the mapping’s.',
        params: subscriptionParams,
        body: subscriptionPatchBody,
        response: { 200: subscriptionItem, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const mapping = await findScopedMapping(db, auth, request.params.id);
      const row = await updateSubscription(
        db,
        auditSourceOf(request),
        mapping,
        request.params.subscriptionId,
        request.body,
      );
      return presentSubscription(row, auth.language);
    },
  );
};
