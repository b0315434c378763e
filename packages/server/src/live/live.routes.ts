import { idParams } from '@regie/contract/accounts';
import {
  LIVE_INPUTS_RULE,
  type LiveHealth,
  liveHealth,
  liveInputBody,
  liveInputListResponse,
  liveInputResponse,
  liveInputUpdateBody,
  livePaths,
  streamKeyResponse,
} from '@regie/contract/live';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { diffFields } from '../audit/audit.rows.ts';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import type { LiveInputRow } from '../db/live.table.ts';
import { transaction } from '../db/transactions.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { noContent } from '../resources/resources.http.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { type AuthContext, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { latestConversionsOf } from './convert.present.ts';
import {
  createInput,
  deleteInput,
  findScopedInput,
  listInputs,
  type PresentContext,
  presentInput,
  rotateKey,
  updateInput,
} from './live.service.ts';
import type { LiveSupervisor } from './live.supervisor.ts';

export interface LiveRoutesOptions {
  db: Db;
  guards: Guards;
  storage: ObjectStorage;
  supervisor: LiveSupervisor;
  /** An input's health now, this process's or pushed by the live node receiving it (live.health.ts). */
  healthOf: (inputId: number, state: LiveHealth['state']) => LiveHealth;
  present: PresentContext;
  /** After a key changed (created, rotated, deleted): the ingest's key book is reloaded. */
  keysChanged: () => Promise<void>;
}

const common = { tags: ['live'], security: BEARER };

/** The audit trail's name for a live input: its path's (spec §7 `streams`). */
const AUDITED = 'streams';
/** The fields of an input its entries record; the stream key only as changed. */
const AUDITED_FIELDS = ['name', 'latencyMode', 'equirectangular', 'geoBlocking', 'streamKey'] as const;
const SECRET_FIELDS = ['streamKey'];

function inputChanges(before: LiveInputRow | null, after: LiveInputRow | null) {
  return diffFields(before, after, AUDITED_FIELDS, SECRET_FIELDS);
}

/**
 * Live inputs (contract live.ts), spec §7 Streamable `GET/POST streams`, `PUT/DELETE streams/{id}`
 * and Streaming `inputs`, `flows/{id}/status`; plus the key's reveal and rotation. Every call
 * needs LIVE_INPUTS_RULE; another account's input is a 404.
 */
export const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (app, options) => {
  const { db, guards, present, keysChanged } = options;
  app.addHook('preValidation', ignoreClientAccountKeys);
  const onRequest = guards.requireRule(LIVE_INPUTS_RULE);
  const list = async (auth: AuthContext) => {
    const rows = await listInputs(db, auth.account.id);
    const conversions = await latestConversionsOf(
      db,
      rows.map((row) => row.id),
    );
    return { data: rows.map((row) => presentInput(present, row, auth.language, conversions.get(row.id))) };
  };

  for (const [url, summary] of [
    [livePaths.list, 'The live inputs of the account, oldest first'],
    [livePaths.inputs, 'The live inputs of the account (AccountId: the account acted for)'],
  ] as const) {
    app.get(
      url,
      {
        onRequest,
        schema: { ...common, summary, response: { 200: liveInputListResponse, ...errorResponses(401, 403) } },
      },
      async (request) => list(authOf(request)),
    );
  }

  app.post(
    livePaths.list,
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Creates a live input with a new stream key',
        body: liveInputBody,
        response: { 201: liveInputResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await transaction(db, async (tx) => {
        const created = await createInput(tx, auth.account.id, request.body);
        await writeAudit(tx, auditSourceOf(request), {
          accountId: created.accountId,
          resource: AUDITED,
          resourceId: created.id,
          action: 'create',
          changes: inputChanges(null, created),
        });
        return created;
      });
      await keysChanged();
      return reply.code(201).send(presentInput(present, row, auth.language));
    },
  );

  app.get(
    livePaths.one(':id'),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'A live input',
        params: idParams,
        response: { 200: liveInputResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await findScopedInput(db, auth, request.params.id);
      return presentInput(present, row, auth.language, (await latestConversionsOf(db, [row.id])).get(row.id));
    },
  );

  await registerChangeRoutes(app, options);
  await registerKeyRoutes(app, options);
};

/** PUT and DELETE streams/{id}. */
const registerChangeRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (app, options) => {
  const { db, guards, storage, supervisor, present, keysChanged } = options;
  const onRequest = guards.requireRule(LIVE_INPUTS_RULE);
  app.put(
    livePaths.one(':id'),
    {
      onRequest,
      // A body that changes nothing (or repeats the values) succeeds and records nothing.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Changes a live input (a new latency mode applies from its next publish)',
        params: idParams,
        body: liveInputUpdateBody,
        response: { 200: liveInputResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await findScopedInput(db, auth, request.params.id);
      const updated = await transaction(db, async (tx) => {
        const after = await updateInput(tx, row, request.body);
        const changes = inputChanges(row, after);
        if (Object.keys(changes).length > 0) {
          await writeAudit(tx, auditSourceOf(request), {
            accountId: row.accountId,
            resource: AUDITED,
            resourceId: row.id,
            action: 'update',
            changes,
          });
        }
        return after;
      });
      if (updated.latencyMode !== row.latencyMode) await keysChanged();
      return presentInput(present, updated, auth.language, (await latestConversionsOf(db, [row.id])).get(row.id));
    },
  );

  app.delete(
    livePaths.one(':id'),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Deletes a live input, its key (refused from now on) and its recorded segments',
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await findScopedInput(db, authOf(request), request.params.id);
      await transaction(db, async (tx) => {
        await writeAudit(tx, auditSourceOf(request), {
          accountId: row.accountId,
          resource: AUDITED,
          resourceId: row.id,
          action: 'delete',
          changes: inputChanges(row, null),
        });
        await deleteInput(tx, storage, row);
      });
      await keysChanged();
      supervisor.kickInput(row.id);
      return reply.code(204).send(null);
    },
  );
};

/** The key's reveal and rotation, and the health (flows/{id}/status). */
const registerKeyRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (app, options) => {
  const { db, guards, supervisor, keysChanged } = options;
  const onRequest = guards.requireRule(LIVE_INPUTS_RULE);
  app.get(
    livePaths.key(':id'),
    {
      onRequest,
      schema: {
        ...common,
        summary: "Reveals a live input's stream key",
        params: idParams,
        response: { 200: streamKeyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await findScopedInput(db, authOf(request), request.params.id);
      return reply.header('cache-control', 'no-store').send({ streamKey: row.streamKey });
    },
  );

  app.post(
    livePaths.rotate(':id'),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Gives a live input a new stream key: the old one is refused, a publisher using it disconnected',
        params: idParams,
        response: { 200: streamKeyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await findScopedInput(db, authOf(request), request.params.id);
      const streamKey = await transaction(db, async (tx) => {
        const key = await rotateKey(tx, row);
        await writeAudit(tx, auditSourceOf(request), {
          accountId: row.accountId,
          resource: AUDITED,
          resourceId: row.id,
          action: 'rotate-key',
          changes: { streamKey: { changed: true } },
        });
        return key;
      });
      await keysChanged();
      supervisor.kickInput(row.id);
      return reply.header('cache-control', 'no-store').send({ streamKey });
    },
  );

  app.get(
    livePaths.status(':id'),
    {
      onRequest,
      schema: {
        ...common,
        summary: "A live input's health now (the socket pushes it every 2 s while live)",
        params: idParams,
        response: { 200: liveHealth, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findScopedInput(db, authOf(request), request.params.id);
      return options.healthOf(row.id, row.state);
    },
  );
};
