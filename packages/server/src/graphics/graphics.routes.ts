import { recordId } from '@regie/contract/accounts';
import { eventIdParams } from '@regie/contract/clips.schemas';
import {
  GRAPHICS_READ_RULE,
  GRAPHICS_WRITE_RULE,
  graphicBody,
  graphicListResponse,
  graphicPaths,
  graphicResponse,
  graphicUpdateBody,
} from '@regie/contract/graphics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { diffFields, rowAudit } from '../audit/audit.rows.ts';
import { auditSourceOf } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import type { GraphicRow } from '../db/graphics.table.ts';
import { transaction } from '../db/transactions.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { noContent } from '../resources/resources.http.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { findScopedEvent } from './event-scope.ts';
import {
  createGraphic,
  deleteGraphic,
  findGraphic,
  listGraphics,
  presentGraphic,
  updateGraphic,
} from './graphics.service.ts';

export interface GraphicsRoutesOptions {
  db: Db;
  guards: Guards;
  storage: ObjectStorage;
}

const common = { tags: ['graphics'], security: BEARER };
const graphicParams = z.object({ id: recordId, graphicId: recordId });

/**
 * An event's graphics (contract graphics.ts): list, create, change, delete. Reading needs
 * GRAPHICS_READ_RULE (clippers choose them), writing GRAPHICS_WRITE_RULE; the event must be of
 * the request's account (404 otherwise).
 */
/** The fields of a graphic its entries record (its event among them). */
const GRAPHIC_FIELDS = [
  'eventId',
  'name',
  'kind',
  'imageKey',
  'position',
  'widthPercent',
  'marginPercent',
  'opacity',
] as const;

const auditGraphic = rowAudit<GraphicRow>('graphics', GRAPHIC_FIELDS);

export const graphicsRoutes: FastifyPluginAsyncZod<GraphicsRoutesOptions> = async (app, { db, guards, storage }) => {
  app.addHook('preValidation', ignoreClientAccountKeys);
  const onRead = guards.requireRule(GRAPHICS_READ_RULE);
  const onWrite = guards.requireRule(GRAPHICS_WRITE_RULE);

  app.get(
    graphicPaths.list(':id'),
    {
      onRequest: onRead,
      schema: {
        ...common,
        summary: "An event's graphics, oldest first",
        params: eventIdParams,
        response: { 200: graphicListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const event = await findScopedEvent(db, authOf(request), request.params.id);
      const rows = await listGraphics(db, event.id);
      return { data: rows.map((row) => presentGraphic(storage, row)) };
    },
  );

  app.post(
    graphicPaths.list(':id'),
    {
      onRequest: onWrite,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Adds a graphic to an event (its image uploaded first through POST uploads/images)',
        params: eventIdParams,
        body: graphicBody,
        response: { 201: graphicResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const event = await findScopedEvent(db, authOf(request), request.params.id);
      const row = await transaction(db, async (tx) => {
        const created = await createGraphic(tx, storage, event, request.body);
        await auditGraphic(tx, auditSourceOf(request), 'create', null, created);
        return created;
      });
      return reply.code(201).send(presentGraphic(storage, row));
    },
  );

  app.put(
    graphicPaths.one(':id', ':graphicId'),
    {
      onRequest: onWrite,
      // An empty body, or the graphic's own values, changes nothing and records nothing.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Changes a graphic: any of its fields',
        params: graphicParams,
        body: graphicUpdateBody,
        response: { 200: graphicResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const event = await findScopedEvent(db, authOf(request), request.params.id);
      const graphic = await findGraphic(db, event.id, request.params.graphicId);
      const updated = await transaction(db, async (tx) => {
        const after = await updateGraphic(tx, storage, graphic, request.body);
        if (Object.keys(diffFields(graphic, after, GRAPHIC_FIELDS)).length > 0) {
          await auditGraphic(tx, auditSourceOf(request), 'update', graphic, after);
        }
        return after;
      });
      return presentGraphic(storage, updated);
    },
  );

  app.delete(
    graphicPaths.one(':id', ':graphicId'),
    {
      onRequest: onWrite,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Deletes a graphic (clips already cut keep it burnt in)',
        params: graphicParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const event = await findScopedEvent(db, authOf(request), request.params.id);
      const graphic = await findGraphic(db, event.id, request.params.graphicId);
      await transaction(db, async (tx) => {
        await deleteGraphic(tx, graphic);
        await auditGraphic(tx, auditSourceOf(request), 'delete', graphic, null);
      });
      return reply.code(204).send(null);
    },
  );
};
