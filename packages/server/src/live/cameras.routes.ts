import {
  CAMERAS_RULE,
  cameraBody,
  cameraListResponse,
  cameraPaths,
  cameraResponse,
  cameraUpdateBody,
  MULTICAM_RULE,
  MULTICAM_SWITCH_EVENT,
  MULTICAM_TOPIC,
  type MulticamSwitchEvent,
  multicamStatusResponse,
} from '@regie/contract/cameras';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import { type ContentCameraRow, contentCameras, programSwitches } from '../db/cameras.table.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { accountTopic, type RealtimeHub } from '../realtime/realtime.hub.ts';
import { noContent } from '../resources/resources.http.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import {
  contentOfCamera,
  createCamera,
  findScopedCamera,
  findScopedContent,
  listCameras,
  multicamStatus,
  presentCamera,
  switchProgram,
} from './cameras.service.ts';
import type { LiveTokens } from './live.tokens.ts';
import { programPlayback } from './live-program.routes.ts';
import { ofContent } from './program.ts';

export interface CamerasRoutesOptions {
  db: Db;
  guards: Guards;
  tokens: LiveTokens;
  publicUrl: string;
  /** Where each switch is published (contract MULTICAM_TOPIC). */
  hub: RealtimeHub;
}

const common = { tags: ['live'], security: BEARER };
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The fields of a camera its entries record (the content it films among them, for its history). */
const CAMERA_FIELDS = ['eventId', 'conferenceId', 'inputId', 'label', 'position'] as const;

function auditCamera(
  tx: Db,
  source: AuditSource,
  action: 'create' | 'update' | 'delete',
  before: ContentCameraRow | null,
  after: ContentCameraRow | null,
) {
  const camera = after ?? before;
  if (!camera) throw new Error('a camera entry needs a camera');
  return writeAudit(tx, source, {
    accountId: camera.accountId,
    resource: 'cameras',
    resourceId: camera.id,
    action,
    changes: diffFields(before, after, CAMERA_FIELDS),
  });
}

/**
 * The cameras of an event or conference and its program (contract cameras.ts): spec §7
 * Streamable `awsstreams` cameras POST/PUT/DELETE, Streaming `multicams` PUT and /status.
 */
export const camerasRoutes: FastifyPluginAsyncZod<CamerasRoutesOptions> = async (app, options) => {
  const { db, guards } = options;
  app.addHook('preValidation', ignoreClientAccountKeys);
  const onRequest = guards.requireRule(CAMERAS_RULE);
  for (const kind of ['events', 'business-players'] as const) {
    app.get(
      cameraPaths.of(kind, ':id'),
      {
        onRequest,
        schema: {
          ...common,
          summary: `The cameras of a ${kind === 'events' ? 'sport event' : 'conference'}, in position order`,
          params: idParams,
          response: { 200: cameraListResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const content = await findScopedContent(db, authOf(request), { kind, id: request.params.id });
        return { data: (await listCameras(db, content)).map(presentCamera) };
      },
    );
  }
  app.post(
    cameraPaths.create,
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Makes one of the account’s live inputs a camera of an event or a conference',
        body: cameraBody,
        response: { 201: cameraResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const row = await transaction(db, async (tx) => {
        const created = await createCamera(tx, authOf(request), request.body);
        await auditCamera(tx, auditSourceOf(request), 'create', null, created);
        return created;
      });
      return reply.code(201).send(presentCamera(row));
    },
  );
  app.put(
    cameraPaths.one(':id'),
    {
      onRequest,
      // An empty body, or the camera's own values, changes nothing and records nothing.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Renames or moves a camera',
        params: idParams,
        body: cameraUpdateBody,
        response: { 200: cameraResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const camera = await findScopedCamera(db, authOf(request), request.params.id);
      if (Object.keys(request.body).length === 0) return presentCamera(camera);
      const row = await transaction(db, async (tx) => {
        const [updated] = await tx
          .update(contentCameras)
          .set(request.body)
          .where(eq(contentCameras.id, camera.id))
          .returning();
        if (updated && Object.keys(diffFields(camera, updated, CAMERA_FIELDS)).length > 0) {
          await auditCamera(tx, auditSourceOf(request), 'update', camera, updated);
        }
        return updated;
      });
      return presentCamera(row ?? camera);
    },
  );
  app.delete(
    cameraPaths.one(':id'),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Removes a camera (the program’s past keeps its segments)',
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const camera = await findScopedCamera(db, authOf(request), request.params.id);
      await transaction(db, async (tx) => {
        await tx.delete(contentCameras).where(eq(contentCameras.id, camera.id));
        await auditCamera(tx, auditSourceOf(request), 'delete', camera, null);
      });
      return reply.code(204).send(null);
    },
  );
  registerMulticamRoutes(app, options);
};

function registerMulticamRoutes(
  app: Parameters<FastifyPluginAsyncZod<CamerasRoutesOptions>>[0],
  { db, guards, tokens, publicUrl, hub }: CamerasRoutesOptions,
) {
  const playback = (accountId: number) => programPlayback(tokens, publicUrl, accountId);
  const status = (camera: ContentCameraRow) => multicamStatus(db, contentOfCamera(camera), playback(camera.accountId));
  app.put(
    cameraPaths.switch(':id'),
    {
      onRequest: guards.requireRule(MULTICAM_RULE),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Puts this camera on air: the program switches to it at its next segment',
        params: idParams,
        response: { 200: multicamStatusResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const camera = await findScopedCamera(db, authOf(request), request.params.id);
      const content = contentOfCamera(camera);
      const made = await transaction(db, async (tx) => {
        const [onAir] = await tx
          .select({ cameraId: programSwitches.cameraId })
          .from(programSwitches)
          .where(ofContent(programSwitches, content))
          .orderBy(desc(programSwitches.at), desc(programSwitches.id))
          .limit(1);
        const done = await switchProgram(tx, authOf(request), camera);
        // The program is the content's: the switch shows in the event's (conference's) history.
        await writeAudit(tx, auditSourceOf(request), {
          accountId: camera.accountId,
          resource: content.kind,
          resourceId: content.id,
          action: 'switch-camera',
          changes: { programCameraId: { before: onAir?.cameraId ?? null, after: camera.id } },
        });
        return done;
      });
      const event: MulticamSwitchEvent = { kind: content.kind, contentId: content.id, switch: made };
      // Every operator's multicam shows the switch at once; a lost publish only delays it to their next read.
      hub
        .publish(accountTopic(camera.accountId, MULTICAM_TOPIC), { type: MULTICAM_SWITCH_EVENT, payload: event })
        .catch((error: unknown) => request.log.warn({ err: error }, 'multicam: switch not published'));
      return status(camera);
    },
  );
  app.get(
    cameraPaths.status(':id'),
    {
      onRequest: guards.requireRule(CAMERAS_RULE),
      schema: {
        ...common,
        summary: 'The multicam of this camera’s content: the camera on air, every camera, the latest switches',
        params: idParams,
        response: { 200: multicamStatusResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => status(await findScopedCamera(db, authOf(request), request.params.id)),
  );
}
