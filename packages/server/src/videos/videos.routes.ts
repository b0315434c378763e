import { satisfies } from '@regie/contract/access';
import { jobResponse } from '@regie/contract/jobs.schemas';
import {
  VIDEO_DOWNLOAD_RULE,
  VIDEO_JOB_TYPES,
  VIDEO_MESSAGES,
  VIDEO_RESOURCE_TYPE,
  videoPaths,
} from '@regie/contract/videos';
import { importUrlRequest, videoIdParams, videoJobResponse } from '@regie/contract/videos.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../config.ts';
import type { VideoRow } from '../db/videos.table.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import type { JobEvents } from '../jobs/jobs.events.ts';
import { presentJob } from '../jobs/jobs.presenter.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import { writeGuards } from '../resources/resources.http.ts';
import { createRecord, findVisible } from '../resources/resources.service.ts';
import type { Engine, ResourceEntry } from '../resources/resources.types.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { accessSubject, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { ImportError, remoteFilename, resolveImportTarget } from './import.fetch.ts';
import { attachment, sendObject } from './media.send.ts';
import { enqueueEncode } from './videos.encode.job.ts';
import { importVideoJob } from './videos.import.job.ts';
import { presentVideo } from './videos.resource.ts';
import { titleFromFilename } from './videos.upload.service.ts';

export interface VideoRoutesOptions {
  engine: Engine;
  entry: ResourceEntry;
  guards: Guards;
  storage: ObjectStorage;
  config: Pick<AppConfig, 'videos'>;
  events: JobEvents;
}

/**
 * The video calls beyond its generic CRUD (spec §7 "Videos"): import from a URL, (re-)encoding,
 * download of the original. Uploads, subtitles, sharing and media files have their own files.
 */
export const videoActionRoutes: FastifyPluginAsyncZod<VideoRoutesOptions> = async (
  app,
  { engine, entry, guards, storage, config, events },
) => {
  const common = { tags: ['videos'], security: BEARER };
  const onWrite = writeGuards(guards, entry);

  app.post(
    videoPaths.importUrl,
    {
      onRequest: onWrite,
      schema: {
        ...common,
        summary: 'Makes a video from a file on the web: a job downloads it, then the encode job runs',
        description:
          'http(s) only; hosts resolving to private, loopback, link-local or otherwise non-public addresses are ' +
          'refused (400), here and at every redirect. Progress: GET /main-api/jobs?resourceType=Video&resourceId={id}.',
        body: importUrlRequest,
        response: { 202: videoJobResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const target = await resolveImportTarget(request.body.url, { allowHosts: config.videos.importAllowHosts }).catch(
        (error: unknown) => {
          if (!(error instanceof ImportError)) throw error;
          throw badRequest(error.message, [{ path: 'url', message: error.message }]);
        },
      );
      const title = request.body.title ?? titleFromFilename(remoteFilename(undefined, target.url));
      const video = (await createRecord(engine, entry, auth, { title })) as VideoRow;
      const job = await enqueueJob(
        engine.db,
        importVideoJob,
        { videoId: video.id, url: target.url.toString() },
        { accountId: video.accountId, resourceType: VIDEO_RESOURCE_TYPE, resourceId: video.id },
      );
      events.state(job);
      return reply.code(202).send({ video: await presentVideo(engine, entry, video), job: presentJob(job) });
    },
  );

  app.post(
    videoPaths.encodingJob(':id'),
    {
      onRequest: onWrite,
      schema: {
        ...common,
        summary: 'Queues the probe and encode job of a video (again, e.g. after a failure)',
        description: `Answers the job; while one is waiting or running, that one. Job type ${VIDEO_JOB_TYPES.encode}.`,
        params: videoIdParams,
        response: { 202: jobResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const video = (await findVisible(engine, entry, authOf(request), request.params.id)) as VideoRow;
      if (!video.originalKey) throw new HttpError(409, VIDEO_MESSAGES.noOriginal(video.id));
      const job = await enqueueEncode(engine.db, video);
      events.state(job);
      return reply.code(202).send(presentJob(job));
    },
  );

  app.get(
    videoPaths.download(':id'),
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: 'The original file, as an attachment with its name (Range supported)',
        description: 'Needs video_download or video_write.',
        params: videoIdParams,
        response: {
          200: z.unknown().describe('The file'),
          206: z.unknown(),
          ...errorResponses(400, 401, 403, 404, 416),
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!satisfies(accessSubject(auth), VIDEO_DOWNLOAD_RULE)) throw forbidden();
      const video = (await findVisible(engine, entry, auth, request.params.id)) as VideoRow;
      if (!video.originalKey) throw notFound(VIDEO_MESSAGES.noOriginal(video.id));
      return sendObject(reply, storage, video.originalKey, request.headers.range, {
        contentType: 'application/octet-stream',
        cacheControl: 'private, no-store',
        disposition: attachment(video.filename ?? video.originalKey.split('/').pop() ?? 'video'),
        notFoundMessage: VIDEO_MESSAGES.noOriginal(video.id),
      });
    },
  );
};
