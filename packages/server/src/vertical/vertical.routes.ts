import { recordId } from '@regie/contract/accounts';
import { videosResource } from '@regie/contract/resources/videos';
import {
  type Aspect,
  aspectOfSlug,
  REFRAMED_ASPECTS,
  reframeBody,
  reframeResponse,
  renditionList,
  renditionResponse,
  VERTICAL_MESSAGES,
  VERTICAL_MODULE,
  verticalPaths,
} from '@regie/contract/vertical';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuditSource, auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import type { VideoRow } from '../db/videos.table.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/http.errors.ts';
import { requestLanguage } from '../http/localize.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { readGuards, writeGuards } from '../resources/resources.http.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import type { VideosEntry } from '../videos/videos.resource.ts';
import { enqueueRender } from './rendition.job.ts';
import {
  aspectFolder,
  checkedKeyframes,
  deleteRendition,
  findRendition,
  presentPath,
  presentRendition,
  presentRenditions,
  requestRender,
  setEditedPath,
  sourceAspectOf,
} from './renditions.service.ts';

interface VerticalRoutesOptions {
  engine: Engine;
  entry: VideosEntry;
  guards: Guards;
  storage: ObjectStorage;
}

type App = Parameters<FastifyPluginAsyncZod<VerticalRoutesOptions>>[0];
type Request = Parameters<typeof authOf>[0] & { headers: Record<string, string | string[] | undefined> };

const videoParams = z.object({ id: recordId });
/** The aspect as its slug (contract ASPECT_SLUGS); an unknown one is a 400 naming the slugs. */
const aspectParams = z.object({ id: recordId, aspect: z.string().max(10) });
const common = { tags: ['videos'], security: BEARER };

/** The video, visible to the caller, of an account with the 9:16 video module. */
async function videoOf({ engine, entry }: VerticalRoutesOptions, request: Request, id: number): Promise<VideoRow> {
  const auth = authOf(request);
  const video = await findVisible(engine, entry, auth, id);
  if (!auth.account.modules.includes(VERTICAL_MODULE)) throw forbidden(VERTICAL_MESSAGES.moduleInactive);
  return video;
}

function aspectOf(slug: string): Aspect {
  const aspect = aspectOfSlug(slug);
  if (!aspect) {
    throw badRequest(VERTICAL_MESSAGES.unknownAspect(slug), [
      { path: 'aspect', message: VERTICAL_MESSAGES.unknownAspect(slug) },
    ]);
  }
  return aspect;
}

/** An aspect of the video other than its own (its own is the video itself). */
function otherAspect(video: VideoRow, slug: string): Aspect {
  const aspect = aspectOf(slug);
  if (aspect === sourceAspectOf(video)) throw new HttpError(409, VERTICAL_MESSAGES.sourceAspect(aspect));
  return aspect;
}

/** Whose path a rendition follows, as the audit records it (the keyframes themselves are not). */
const pathSource = (row: { editedPath: unknown }) => (row.editedPath ? 'edited' : 'auto');

const presenting = (engine: Engine, request: Request) => ({
  mediaUrl: engine.present.mediaUrl,
  language: requestLanguage(request),
});

/** A rendition asked for, re-rendered, removed or its path changed: an update of the video, audited. */
function auditRendition(tx: Db, source: AuditSource, video: VideoRow, field: string, before: unknown, after: unknown) {
  return writeAudit(tx, source, {
    accountId: video.accountId,
    resource: videosResource.name,
    resourceId: video.id,
    action: 'update',
    changes: { [field]: { before, after } },
  });
}

function renditionRoutes(app: App, options: VerticalRoutesOptions): void {
  const { engine, entry, guards, storage } = options;
  app.get(
    verticalPaths.renditions(':id'),
    {
      onRequest: readGuards(guards, entry),
      schema: {
        ...common,
        summary: 'The video in every aspect: its own, and its renditions (state, progress, media)',
        params: videoParams,
        response: { 200: renditionList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const video = await videoOf(options, request, request.params.id);
      return { data: await presentRenditions(engine.db, video, presenting(engine, request)) };
    },
  );

  app.post(
    verticalPaths.rendition(':id', ':aspect'),
    {
      onRequest: writeGuards(guards, entry),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Renders the video in an aspect (again): 202, the rendition queued',
        description:
          'The crop window follows the editor’s path, else the automatic one (analysed at the first render). ' +
          'While it renders, the last rendered media still play. 409: the video is not ready, or the aspect is its own.',
        params: aspectParams,
        response: { 202: renditionResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const video = await videoOf(options, request, request.params.id);
      const aspect = otherAspect(video, request.params.aspect);
      if (video.state !== 'ready' || !video.originalKey) throw new HttpError(409, VERTICAL_MESSAGES.videoNotReady);
      const before = await findRendition(engine.db, video.id, aspect);
      const row = await transaction(engine.db, async (tx) => {
        const asked = await requestRender(tx, video, aspect);
        await enqueueRender(tx, asked.row, asked.generation, request.id);
        await auditRendition(
          tx,
          auditSourceOf(request),
          video,
          `renditions.${aspect}`,
          before?.state ?? null,
          'queued',
        );
        return asked.row;
      });
      return reply.code(202).send(presentRendition(row, presenting(engine, request), 0));
    },
  );

  app.delete(
    verticalPaths.rendition(':id', ':aspect'),
    {
      onRequest: writeGuards(guards, entry),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Removes a rendition: its media and its path',
        params: aspectParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const video = await videoOf(options, request, request.params.id);
      const aspect = otherAspect(video, request.params.aspect);
      const row = await findRendition(engine.db, video.id, aspect);
      if (!row) throw notFound(VERTICAL_MESSAGES.notRendered(aspect));
      await transaction(engine.db, async (tx) => {
        await deleteRendition(tx, row.id);
        await auditRendition(tx, auditSourceOf(request), video, `renditions.${aspect}`, row.state, null);
      });
      // Every render of the aspect: a render still running finds no row and stores nothing.
      await storage.deletePrefix(aspectFolder(video, aspect));
      return reply.code(204).send(null);
    },
  );
}

function reframeRoutes(app: App, options: VerticalRoutesOptions): void {
  const { engine, entry, guards } = options;
  /** A reframed aspect's rendition row (404 when never rendered: it has no path to show yet). */
  async function reframed(request: Request, id: number, slug: string) {
    const video = await videoOf(options, request, id);
    const aspect = otherAspect(video, slug);
    if (!REFRAMED_ASPECTS.includes(aspect)) throw new HttpError(409, VERTICAL_MESSAGES.sourceAspect(aspect));
    const row = await findRendition(engine.db, video.id, aspect);
    return { video, aspect, row };
  }

  app.get(
    verticalPaths.reframe(':id', ':aspect'),
    {
      onRequest: readGuards(guards, entry),
      schema: {
        ...common,
        summary: 'The path the crop window follows: the editor’s, else the automatic one',
        params: aspectParams,
        response: { 200: reframeResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { video, aspect, row } = await reframed(request, request.params.id, request.params.aspect);
      const path = row ? presentPath(row, video) : null;
      if (!path) throw notFound(VERTICAL_MESSAGES.notAnalysed(aspect));
      return path;
    },
  );

  app.put(
    verticalPaths.reframe(':id', ':aspect'),
    {
      onRequest: writeGuards(guards, entry),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Replaces the path with the editor’s keyframes (rendered at the next render)',
        description:
          'Keyframes in time order, the first at 0 s, none after the end; x is the window’s place, 0 (left) to 1 (right); ' +
          'a keyframe with cut: true is reached by a cut. 404 before the aspect was rendered once (no path to correct).',
        params: aspectParams,
        body: reframeBody,
        response: { 200: reframeResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { video, aspect, row } = await reframed(request, request.params.id, request.params.aspect);
      if (!row) throw notFound(VERTICAL_MESSAGES.notAnalysed(aspect));
      const keyframes = checkedKeyframes(request.body.keyframes, video.duration);
      const saved = await transaction(engine.db, async (tx) => {
        const updated = await setEditedPath(tx, video.id, aspect, keyframes);
        await auditRendition(tx, auditSourceOf(request), video, `reframe.${aspect}`, pathSource(row), 'edited');
        return updated;
      });
      const path = saved ? presentPath(saved, video) : null;
      if (!path) throw notFound(VERTICAL_MESSAGES.notAnalysed(aspect));
      return path;
    },
  );

  app.delete(
    verticalPaths.reframe(':id', ':aspect'),
    {
      onRequest: writeGuards(guards, entry),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Goes back to the automatic path (rendered at the next render)',
        params: aspectParams,
        response: { 200: reframeResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { video, aspect, row } = await reframed(request, request.params.id, request.params.aspect);
      if (!row) throw notFound(VERTICAL_MESSAGES.notAnalysed(aspect));
      const saved = await transaction(engine.db, async (tx) => {
        const updated = await setEditedPath(tx, video.id, aspect, null);
        await auditRendition(tx, auditSourceOf(request), video, `reframe.${aspect}`, pathSource(row), 'auto');
        return updated;
      });
      const path = saved ? presentPath(saved, video) : null;
      if (!path) throw notFound(VERTICAL_MESSAGES.notAnalysed(aspect));
      return path;
    },
  );
}

/** A video in other aspects (issue 42, contract vertical.ts verticalPaths). */
export const verticalRoutes: FastifyPluginAsyncZod<VerticalRoutesOptions> = async (app, options) => {
  renditionRoutes(app, options);
  reframeRoutes(app, options);
};
