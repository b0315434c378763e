import { recordId } from '@regie/contract/accounts';
import {
  AWS_SIMULCAST_RULE,
  SIMULCAST_RULE,
  simulcastBody,
  simulcastListQuery,
  simulcastListResponse,
  simulcastPaths,
  simulcastResponse,
  simulcastSourcesResponse,
  simulcastStatsResponse,
  simulcastTargetResponse,
  simulcastUpdateBody,
  targetBody,
  targetUpdateBody,
} from '@regie/contract/simulcast';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { MessageLanguage } from '../http/localize.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { noContent } from '../resources/resources.http.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { type CloudSimulcast, registerAwsRoutes } from './simulcast.aws.routes.ts';
import type { SimulcastEngine, SimulcastSources } from './simulcast.engine.ts';
import { presentSimulcast, presentTarget } from './simulcast.present.ts';
import {
  createSimulcast,
  createTarget,
  deleteSimulcast,
  deleteTarget,
  findSimulcast,
  findTarget,
  listSimulcasts,
  simulcastSourceChoices,
  simulcastStats,
  startTarget,
  stopTarget,
  updateSimulcast,
  updateTarget,
  withTargets,
} from './simulcast.service.ts';

export interface SimulcastRoutesOptions {
  db: Db;
  guards: Guards;
  engine: SimulcastEngine;
  cloud: CloudSimulcast;
  sources: SimulcastSources;
  log: (error: unknown) => void;
}

const common = { tags: ['simulcasts'], security: BEARER };
const idParams = z.object({ id: recordId });
const targetParams = z.object({ id: recordId, targetId: recordId });
const present = (found: Awaited<ReturnType<typeof withTargets>>, language: MessageLanguage) =>
  presentSimulcast(found.simulcast, found.targets, language);

/** Simulcasts and their targets (contract simulcast.ts), all under SIMULCAST_RULE, scoped to the account. */
export const simulcastRoutes: FastifyPluginAsyncZod<SimulcastRoutesOptions> = async (app, options) => {
  const { db, guards } = options;
  app.addHook('preValidation', ignoreClientAccountKeys);
  const onRequest = guards.requireRule(SIMULCAST_RULE);
  const respond = (codes: Record<number, z.ZodType>, ...errors: number[]) => ({
    ...codes,
    ...errorResponses(400, 401, 403, ...errors),
  });

  app.get(
    simulcastPaths.list(),
    {
      onRequest,
      schema: {
        ...common,
        summary: "The account's simulcasts, newest first, by state and provider",
        querystring: simulcastListQuery,
        response: respond({ 200: simulcastListResponse }),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { rows, total } = await listSimulcasts(db, auth.account.id, request.query);
      return { data: rows.map((found) => present(found, auth.language)), total };
    },
  );

  app.post(
    simulcastPaths.list(),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Creates a simulcast',
        body: simulcastBody,
        response: respond({ 201: simulcastResponse }),
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await createSimulcast(db, auth.account.id, request.body);
      return reply.code(201).send(present(await withTargets(db, row), auth.language));
    },
  );

  app.get(
    simulcastPaths.sources(),
    {
      onRequest,
      schema: {
        ...common,
        summary: "The account's live inputs a simulcast may restream (names and states, no keys)",
        response: respond({ 200: simulcastSourcesResponse }),
      },
    },
    async (request) => ({ data: await simulcastSourceChoices(db, authOf(request).account.id) }),
  );

  registerRecordRoutes(app, options, respond);
  registerTargetRoutes(app, options, respond);
  registerAwsRoutes(app, { ...options, onRequest: guards.requireRule(AWS_SIMULCAST_RULE), respond });
};

type Respond = (codes: Record<number, z.ZodType>, ...errors: number[]) => Record<number, z.ZodType>;
type App = Parameters<FastifyPluginAsyncZod<SimulcastRoutesOptions>>[0];

/** GET, PUT, DELETE one simulcast, and its stats. */
function registerRecordRoutes(app: App, { db, guards, engine }: SimulcastRoutesOptions, respond: Respond): void {
  const onRequest = guards.requireRule(SIMULCAST_RULE);

  app.get(
    simulcastPaths.one(':id'),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'A simulcast with its targets',
        params: idParams,
        response: respond({ 200: simulcastResponse }, 404),
      },
    },
    async (request) => {
      const auth = authOf(request);
      return present(await withTargets(db, await findSimulcast(db, auth, request.params.id)), auth.language);
    },
  );

  app.put(
    simulcastPaths.one(':id'),
    {
      onRequest,
      schema: {
        ...common,
        summary: "Changes a simulcast's name or source",
        params: idParams,
        body: simulcastUpdateBody,
        response: respond({ 200: simulcastResponse }, 404),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await findSimulcast(db, auth, request.params.id);
      return present(await withTargets(db, await updateSimulcast(db, row, request.body)), auth.language);
    },
  );

  app.delete(
    simulcastPaths.one(':id'),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Stops every target, then deletes the simulcast',
        params: idParams,
        response: respond({ 204: noContent }, 404),
      },
    },
    async (request, reply) => {
      await deleteSimulcast(db, engine, await findSimulcast(db, authOf(request), request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.get(
    simulcastPaths.stats(':id'),
    {
      onRequest,
      schema: {
        ...common,
        summary: "The targets' bitrate over the last hour",
        params: idParams,
        response: respond({ 200: simulcastStatsResponse }, 404),
      },
    },
    async (request) => simulcastStats(db, await findSimulcast(db, authOf(request), request.params.id)),
  );
}

/** POST/PUT/DELETE targets (spec §7), start and stop. The stream key is write-only. */
function registerTargetRoutes(app: App, { db, guards, engine }: SimulcastRoutesOptions, respond: Respond): void {
  const onRequest = guards.requireRule(SIMULCAST_RULE);
  const targetOf = async (auth: ReturnType<typeof authOf>, id: number, targetId: number) =>
    findTarget(db, await findSimulcast(db, auth, id), targetId);

  app.post(
    simulcastPaths.targets(':id'),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Adds a target: name, RTMP/RTMPS URL and stream key (never sent back)',
        params: idParams,
        body: targetBody,
        response: respond({ 201: simulcastTargetResponse }, 404, 409),
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const simulcast = await findSimulcast(db, auth, request.params.id);
      return reply.code(201).send(presentTarget(await createTarget(db, simulcast, request.body), auth.language));
    },
  );

  app.put(
    simulcastPaths.target(':id', ':targetId'),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Changes a stopped target; without streamKey the saved key stays',
        params: targetParams,
        body: targetUpdateBody,
        response: respond({ 200: simulcastTargetResponse }, 404, 409),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const target = await targetOf(auth, request.params.id, request.params.targetId);
      return presentTarget(await updateTarget(db, target, request.body), auth.language);
    },
  );

  app.delete(
    simulcastPaths.target(':id', ':targetId'),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Deletes a stopped target',
        params: targetParams,
        response: respond({ 204: noContent }, 404, 409),
      },
    },
    async (request, reply) => {
      await deleteTarget(db, await targetOf(authOf(request), request.params.id, request.params.targetId));
      return reply.code(204).send(null);
    },
  );

  for (const action of ['start', 'stop'] as const) {
    app.post(
      simulcastPaths[action](':id', ':targetId'),
      {
        onRequest,
        schema: {
          ...common,
          summary: action === 'start' ? 'Starts restreaming to the target' : 'Stops restreaming to the target',
          params: targetParams,
          response: respond({ 200: simulcastTargetResponse }, 404),
        },
      },
      async (request) => {
        const auth = authOf(request);
        const target = await targetOf(auth, request.params.id, request.params.targetId);
        const row = action === 'start' ? await startTarget(db, engine, target) : await stopTarget(db, engine, target);
        return presentTarget(row, auth.language);
      },
    );
  }
}
