import { Readable } from 'node:stream';
import { VIDEO_MESSAGES, videoPaths } from '@regie/contract/videos';
import {
  completeMultipartRequest,
  multipartUploadRequest,
  multipartUploadResponse,
  uploadId,
  uploadPartParams,
  uploadPartResponse,
  videoJobResponse,
} from '@regie/contract/videos.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_EXEMPTIONS } from '../audit/audit.declared.ts';
import { auditSourceOf } from '../audit/audit.service.ts';
import { HttpError } from '../http/http.errors.ts';
import { fileBytes } from '../http/media.schema.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { presentJob } from '../jobs/jobs.presenter.ts';
import { writeGuards } from '../resources/resources.http.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { presentVideo } from './videos.resource.ts';
import {
  completeUpload,
  findSession,
  presentSession,
  startUpload,
  storePart,
  type UploadDeps,
} from './videos.upload.service.ts';

/** Room for headers and framing above a part's bytes. */
const PART_BODY_MARGIN = 64 * 1024;

type App = Parameters<FastifyPluginAsyncZod<UploadDeps & { guards: Guards }>>[0];
type OnRequest = ReturnType<typeof writeGuards>;

const common = { tags: ['videos'], security: BEARER };

/** Steps 1 and 3: start or resume a session, and read what it has received. */
function sessionRoutes(app: App, deps: UploadDeps, onRequest: OnRequest): void {
  const { engine } = deps;
  app.post(
    videoPaths.uploadUrlMultipart,
    {
      onRequest,
      // Resuming a session (an uploadId) changes nothing and records nothing.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Starts (or, given an uploadId, resumes) the upload of a video file in parts',
        body: multipartUploadRequest,
        response: {
          200: multipartUploadResponse,
          201: multipartUploadResponse,
          ...errorResponses(400, 401, 403, 404, 409, 410),
        },
      },
    },
    async (request, reply) => {
      const { created, session } = await startUpload(deps, authOf(request), auditSourceOf(request), request.body);
      return reply.code(created ? 201 : 200).send(session);
    },
  );

  app.get(
    videoPaths.uploadSession(':uploadId'),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'An upload session: the parts already received (to resume after a reload)',
        params: z.object({ uploadId }),
        response: { 200: multipartUploadResponse, ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request) =>
      presentSession(engine.db, await findSession(engine.db, authOf(request), request.params.uploadId)),
  );
}

/** Step 2: one part's bytes. */
function partRoute(app: App, deps: UploadDeps, onRequest: OnRequest): void {
  app.put(
    videoPaths.uploadPart(':uploadId', ':partNumber'),
    {
      onRequest,
      bodyLimit: deps.partSize + PART_BODY_MARGIN,
      // A part's bytes: the completion (complete-multipart) is the audited change.
      config: { audit: { exempt: AUDIT_EXEMPTIONS.noChange } },
      schema: {
        ...common,
        summary: 'One part of an upload: its raw bytes, exactly the size the session gives it',
        description: `Body: the part's bytes (application/octet-stream), streamed to storage; every part is ${deps.partSize} bytes but the last.`,
        params: uploadPartParams,
        documentedBody: { 'application/octet-stream': fileBytes },
        response: { 200: uploadPartResponse, ...errorResponses(400, 401, 403, 404, 409, 410, 415) },
      },
    },
    async (request) => {
      const body = request.body;
      if (!(body instanceof Readable)) throw new HttpError(415, VIDEO_MESSAGES.partContentType);
      const header = request.headers['content-length'];
      const announced = header === undefined ? null : Number(header);
      const { uploadId: id, partNumber } = request.params;
      try {
        return await storePart(deps, authOf(request), id, partNumber, body, announced);
      } catch (error) {
        // Read what the client still sends, so it gets the answer rather than a reset connection.
        body.resume();
        throw error;
      }
    },
  );
}

/** Step 4: the original assembled, its encode job queued. */
function completeRoute(app: App, deps: UploadDeps, onRequest: OnRequest): void {
  const { engine, entry } = deps;
  app.post(
    videoPaths.uploadCompleteMultipart,
    {
      onRequest,
      // Completing a session already completed answers it again and records nothing.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Assembles the parts into the original, then queues its probe and encode job',
        body: completeMultipartRequest,
        response: { 202: videoJobResponse, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { video, job } = await completeUpload(deps, auth, auditSourceOf(request), request.body.uploadId);
      return reply.code(202).send({
        video: await presentVideo(engine, entry, video, auth),
        job: job ? presentJob(job, auth.language) : null,
      });
    },
  );
}

/**
 * The resumable upload (spec §7 "upload url-multipart and complete-multipart"):
 *   1. POST …/upload/url-multipart {filename, size, contentType} → {uploadId, videoId, partSize, parts, receivedParts}
 *   2. PUT each part's bytes to its url (any order, several at once; a part sent again replaces it)
 *   3. after a reload or a dropped connection: GET …/upload/{uploadId} (or url-multipart with
 *      the uploadId) → receivedParts, and send the others
 *   4. POST …/upload/complete-multipart {uploadId} → 202 {video, job}: the encode job runs.
 */
export const uploadRoutes: FastifyPluginAsyncZod<UploadDeps & { guards: Guards }> = async (
  app,
  { guards, ...deps },
) => {
  const onRequest = writeGuards(guards, deps.entry);
  sessionRoutes(app, deps, onRequest);
  partRoute(app, deps, onRequest);
  completeRoute(app, deps, onRequest);
};
