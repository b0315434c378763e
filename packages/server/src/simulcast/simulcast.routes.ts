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
import { diffFields, rowAudit } from '../audit/audit.rows.ts';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import type { SimulcastRow, SimulcastTargetRow } from '../db/simulcast.table.ts';
import { transaction } from '../db/transactions.ts';
import type { MessageLanguage } from '../http/localize.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { noContent } from '../resources/resources.http.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { assertPushableTarget, type PushPolicy } from './simulcast.addresses.ts';
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
  /** Where targets may push: public addresses, and the private hosts the platform allows. */
  push: PushPolicy;
}

const common = { tags: ['simulcasts'], security: BEARER };
const idParams = z.object({ id: recordId });
const targetParams = z.object({ id: recordId, targetId: recordId });
const present = (found: Awaited<ReturnType<typeof withTargets>>, language: MessageLanguage) =>
  presentSimulcast(found.simulcast, found.targets, language);

/** The fields of a simulcast its entries record. */
const SIMULCAST_FIELDS = ['name', 'inputId', 'provider'] as const;
/** The fields of a target its entries record; the stream key only as changed. */
const TARGET_FIELDS = ['simulcastId', 'name', 'url', 'streamKey'] as const;

/** One entry about a simulcast (`before` null at a create, `after` null at a delete). */
export const auditSimulcast = rowAudit<SimulcastRow>('simulcasts', SIMULCAST_FIELDS);

const auditTarget = rowAudit<SimulcastTargetRow>('simulcast-targets', TARGET_FIELDS, ['streamKey']);

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
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Creates a simulcast',
        body: simulcastBody,
        response: respond({ 201: simulcastResponse }),
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await transaction(db, async (tx) => {
        const created = await createSimulcast(tx, auth.account.id, request.body);
        await auditSimulcast(tx, auditSourceOf(request), 'create', null, created);
        return created;
      });
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
      // An empty body, or the simulcast's own values, changes nothing and records nothing.
      config: { audit: 'entry-if-changed' },
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
      const updated = await transaction(db, async (tx) => {
        const after = await updateSimulcast(tx, row, request.body);
        if (Object.keys(diffFields(row, after, SIMULCAST_FIELDS)).length > 0) {
          await auditSimulcast(tx, auditSourceOf(request), 'update', row, after);
        }
        return after;
      });
      return present(await withTargets(db, updated), auth.language);
    },
  );

  app.delete(
    simulcastPaths.one(':id'),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Stops every target, then deletes the simulcast',
        params: idParams,
        response: respond({ 204: noContent }, 404),
      },
    },
    async (request, reply) => {
      const row = await findSimulcast(db, authOf(request), request.params.id);
      await deleteSimulcast(db, engine, row, (tx) => auditSimulcast(tx, auditSourceOf(request), 'delete', row, null));
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
function registerTargetRoutes(app: App, { db, guards, engine, push }: SimulcastRoutesOptions, respond: Respond): void {
  const onRequest = guards.requireRule(SIMULCAST_RULE);
  const targetOf = async (auth: ReturnType<typeof authOf>, id: number, targetId: number) =>
    findTarget(db, await findSimulcast(db, auth, id), targetId);

  app.post(
    simulcastPaths.targets(':id'),
    {
      onRequest,
      config: { audit: 'entry' },
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
      await assertPushableTarget(request.body.url, push);
      const target = await transaction(db, async (tx) => {
        const created = await createTarget(tx, simulcast, request.body);
        await auditTarget(tx, auditSourceOf(request), 'create', null, created);
        return created;
      });
      return reply.code(201).send(presentTarget(target, auth.language));
    },
  );

  app.put(
    simulcastPaths.target(':id', ':targetId'),
    {
      onRequest,
      // An empty body, or the target's own values, changes nothing and records nothing.
      config: { audit: 'entry-if-changed' },
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
      if (request.body.url !== undefined) await assertPushableTarget(request.body.url, push);
      const updated = await transaction(db, async (tx) => {
        const after = await updateTarget(tx, target, request.body);
        if (Object.keys(diffFields(target, after, TARGET_FIELDS, ['streamKey'])).length > 0) {
          await auditTarget(tx, auditSourceOf(request), 'update', target, after);
        }
        return after;
      });
      return presentTarget(updated, auth.language);
    },
  );

  app.delete(
    simulcastPaths.target(':id', ':targetId'),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Deletes a stopped target',
        params: targetParams,
        response: respond({ 204: noContent }, 404, 409),
      },
    },
    async (request, reply) => {
      const target = await targetOf(authOf(request), request.params.id, request.params.targetId);
      await transaction(db, async (tx) => {
        await deleteTarget(tx, target);
        await auditTarget(tx, auditSourceOf(request), 'delete', target, null);
      });
      return reply.code(204).send(null);
    },
  );

  for (const action of ['start', 'stop'] as const) {
    app.post(
      simulcastPaths[action](':id', ':targetId'),
      {
        onRequest,
        config: { audit: 'entry' },
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
        // A target saved before this rule, or whose name now resolves to a private address.
        if (action === 'start') await assertPushableTarget(target.url, push);
        const recorded = (tx: Db) =>
          writeAudit(tx, auditSourceOf(request), {
            accountId: target.accountId,
            resource: 'simulcast-targets',
            resourceId: target.id,
            action,
            changes: { running: { before: target.running, after: action === 'start' } },
          });
        const row =
          action === 'start'
            ? await transaction(db, async (tx) => {
                const started = await startTarget(tx, engine, target);
                await recorded(tx);
                return started;
              })
            : await stopTarget(db, engine, target, recorded);
        return presentTarget(row, auth.language);
      },
    );
  }
}
