import { satisfies } from '@regie/contract/access';
import { isRecord } from '@regie/contract/guards';
import { jobResponse } from '@regie/contract/jobs.schemas';
import {
  MEDIA_TOKEN_PARAM,
  VIDEO_DOWNLOAD_RULE,
  VIDEO_JOB_TYPES,
  VIDEO_MESSAGES,
  VIDEO_RESOURCE_TYPE,
  videoPaths,
} from '@regie/contract/videos';
import {
  downloadLinkResponse,
  downloadQuery,
  importUrlRequest,
  videoIdParams,
  videoJobResponse,
} from '@regie/contract/videos.schemas';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { AppConfig } from '../config.ts';
import { type VideoRow, videos } from '../db/videos.table.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/http.errors.ts';
import { fileResponse } from '../http/media.schema.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { presentJob } from '../jobs/jobs.presenter.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import { writeGuards } from '../resources/resources.http.ts';
import { createRecord, findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { accessSubject, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { ImportError, remoteFilename, resolveImportTarget } from './import.fetch.ts';
import { attachment, sendObject } from './media.send.ts';
import type { MediaTokens } from './media.tokens.ts';
import { enqueueEncode } from './videos.encode.job.ts';
import { importVideoJob } from './videos.import.job.ts';
import type { VideosEntry } from './videos.resource.ts';
import { presentVideo } from './videos.resource.ts';
import { titleFromFilename } from './videos.upload.service.ts';

export interface VideoRoutesOptions {
  engine: Engine;
  entry: VideosEntry;
  guards: Guards;
  storage: ObjectStorage;
  config: Pick<AppConfig, 'videos'>;
  tokens: MediaTokens;
}

type App = Parameters<FastifyPluginAsyncZod<VideoRoutesOptions>>[0];
type OnWrite = ReturnType<typeof writeGuards>;

const common = { tags: ['videos'], security: BEARER };
/** The original is sent as it was uploaded: bytes, whatever its container. */
const ORIGINAL_TYPE = 'application/octet-stream';

function importUrlRoute(app: App, { engine, entry, config }: VideoRoutesOptions, onWrite: OnWrite): void {
  app.post(
    videoPaths.importUrl,
    {
      onRequest: onWrite,
      // The video's create (createRecord); the download job follows it.
      config: { audit: 'entry' },
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
          throw badRequest(error.reason, [{ path: 'url', message: error.reason }]);
        },
      );
      const title = request.body.title ?? titleFromFilename(remoteFilename(undefined, target.url));
      const video = await createRecord(engine, entry, auth, auditSourceOf(request), { title });
      const job = await enqueueJob(
        engine.db,
        importVideoJob,
        { videoId: video.id, url: target.url.toString() },
        { accountId: video.accountId, resourceType: VIDEO_RESOURCE_TYPE, resourceId: video.id, requestId: request.id },
      );
      return reply
        .code(202)
        .send({ video: await presentVideo(engine, entry, video, auth), job: presentJob(job, auth.language) });
    },
  );
}

function encodingJobRoute(app: App, { engine, entry }: VideoRoutesOptions, onWrite: OnWrite): void {
  app.post(
    videoPaths.encodingJob(':id'),
    {
      onRequest: onWrite,
      // While an encode is waiting or running the call answers it: nothing queued, nothing recorded.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Queues the probe and encode job of a video (again, e.g. after a failure)',
        description: `Answers the job; while one is waiting or running, that one. Job type ${VIDEO_JOB_TYPES.encode}.`,
        params: videoIdParams,
        response: { 202: jobResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const video = await findVisible(engine, entry, auth, request.params.id);
      if (!video.originalKey) throw new HttpError(409, VIDEO_MESSAGES.noOriginal(video.id));
      const job = await enqueueEncode(engine.db, video, {
        requestId: request.id,
        queued: (tx, queued) =>
          writeAudit(tx, auditSourceOf(request), {
            accountId: video.accountId,
            resource: entry.definition.name,
            resourceId: video.id,
            action: 'encode',
            changes: { state: { before: video.state, after: 'uploaded' }, jobId: { before: null, after: queued.id } },
          }),
      });
      return reply.code(202).send(presentJob(job, auth.language));
    },
  );
}

/** The original file: a short-lived link to it, and the file by that link or by the session. */
function downloadRoutes(app: App, { engine, entry, guards, storage, tokens }: VideoRoutesOptions): void {
  /** The video an authorised user may download (rule, tenancy, own_videos_only), with its original. */
  const downloadable = async (request: FastifyRequest, id: number) => {
    const auth = authOf(request);
    if (!satisfies(accessSubject(auth), VIDEO_DOWNLOAD_RULE)) throw forbidden();
    const video = await findVisible(engine, entry, auth, id);
    if (!video.originalKey) throw notFound(VIDEO_MESSAGES.noOriginal(video.id));
    return video;
  };

  app.get(
    videoPaths.downloadLink(':id'),
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: 'A link that downloads the original for a few minutes, without the Bearer token',
        description: 'Needs video_download or video_write. The browser saves the file straight to disk.',
        params: videoIdParams,
        response: { 200: downloadLinkResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const video = await downloadable(request, request.params.id);
      const { token, expires } = tokens.signDownload(video.accountId, video.id);
      return {
        url: `${videoPaths.download(video.id)}?${MEDIA_TOKEN_PARAM}=${encodeURIComponent(token)}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
  );

  app.get(
    videoPaths.download(':id'),
    {
      // A download link's token stands in for the Bearer token; without one, the session decides.
      onRequest: async (request) => {
        const query = request.query;
        if (!isRecord(query) || typeof query[MEDIA_TOKEN_PARAM] !== 'string') await guards.requireAuth(request);
      },
      schema: {
        ...common,
        summary: 'The original file, as an attachment with its name (Range supported)',
        description: 'Needs video_download or video_write, or `t` from download-link.',
        params: videoIdParams,
        querystring: downloadQuery,
        response: {
          200: fileResponse('The original file', [ORIGINAL_TYPE]),
          206: fileResponse('Part of the original file (Range)', [ORIGINAL_TYPE]),
          ...errorResponses(400, 401, 403, 404, 416),
        },
      },
    },
    async (request, reply) => {
      const linkToken = request.query.t;
      let video: VideoRow;
      if (linkToken === undefined) {
        video = await downloadable(request, request.params.id);
      } else {
        const [row] = await engine.db.select().from(videos).where(eq(videos.id, request.params.id));
        if (!row || !tokens.verifyDownload(linkToken, row.accountId, row.id)) {
          throw forbidden(VIDEO_MESSAGES.downloadLinkExpired);
        }
        if (!row.originalKey) throw notFound(VIDEO_MESSAGES.noOriginal(row.id));
        video = row;
      }
      const originalKey = video.originalKey ?? '';
      return sendObject(reply, storage, originalKey, request.headers.range, {
        contentType: ORIGINAL_TYPE,
        cacheControl: 'private, no-store',
        disposition: attachment(video.filename ?? originalKey.split('/').pop() ?? 'video'),
        notFoundMessage: VIDEO_MESSAGES.noOriginal(video.id),
      });
    },
  );
}

/**
 * The video calls beyond its generic CRUD (spec §7 "Videos"): import from a URL, (re-)encoding,
 * download of the original. Uploads, subtitles, sharing and media files have their own files.
 */
export const videoActionRoutes: FastifyPluginAsyncZod<VideoRoutesOptions> = async (app, options) => {
  const onWrite = writeGuards(options.guards, options.entry);
  importUrlRoute(app, options, onWrite);
  encodingJobRoute(app, options, onWrite);
  downloadRoutes(app, options);
};
