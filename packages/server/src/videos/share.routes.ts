import {
  SHARE_TARGET_NAMES,
  SHARE_TARGETS,
  VIDEO_JOB_TYPES,
  VIDEO_MESSAGES,
  VIDEO_RESOURCE_TYPE,
  videoPaths,
} from '@regie/contract/videos';
import {
  shareParams,
  shareResponse,
  sharesResponse,
  shareTargetsResponse,
  videoIdParams,
} from '@regie/contract/videos.schemas';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/jobs.table.ts';
import { transaction } from '../db/transactions.ts';
import { type StoredOauth, users } from '../db/users.table.ts';
import { HttpError } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { presentJob } from '../jobs/jobs.presenter.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import { readGuards, writeGuards } from '../resources/resources.http.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { createShareAdapters } from './share.adapters.ts';
import { shareVideoJob } from './share.job.ts';
import type { VideosEntry } from './videos.resource.ts';
import { activeJobs } from './videos.service.ts';

export interface ShareRoutesOptions {
  engine: Engine;
  entry: VideosEntry;
  guards: Guards;
  config: Pick<AppConfig, 'videos'>;
}

async function oauthOf(db: Db, userId: number): Promise<StoredOauth> {
  const [user] = await db.select({ oauth: users.oauth }).from(users).where(eq(users.id, userId));
  return user?.oauth ?? {};
}

type App = Parameters<FastifyPluginAsyncZod<ShareRoutesOptions>>[0];
type ShareAdapters = ReturnType<typeof createShareAdapters>;

const common = { tags: ['videos'], security: BEARER };

function shareTargetsRoute(app: App, { engine, entry, guards }: ShareRoutesOptions, adapters: ShareAdapters): void {
  app.get(
    videoPaths.shareTargets,
    {
      onRequest: readGuards(guards, entry),
      schema: {
        ...common,
        summary: 'The share targets: configured on this server, and linked by the current user',
        response: { 200: shareTargetsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const oauth = await oauthOf(engine.db, authOf(request).user.id);
      return SHARE_TARGETS.map((target) => ({
        target,
        name: SHARE_TARGET_NAMES[target],
        configured: adapters[target].configured,
        linked: adapters[target].linked(oauth),
      }));
    },
  );
}

function shareRoute(app: App, { engine, entry, guards }: ShareRoutesOptions, adapters: ShareAdapters): void {
  app.post(
    videoPaths.share(':id', ':target'),
    {
      onRequest: writeGuards(guards, entry),
      // While a share to that target is under way the call answers it and records nothing.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Publishes a ready video on a social platform (youtube, facebook, twitter, dailymotion)',
        description:
          `Queues a ${VIDEO_JOB_TYPES.share} job uploading the original as the current user; its result is ` +
          '{target, externalId, url}. 503: the server has no credentials for the target; 409: the user has not ' +
          'linked the target, or the video is not ready. While a share to the same target is queued or running, ' +
          'that job is the answer.',
        params: shareParams,
        response: { 202: shareResponse, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { target } = request.params;
      const video = await findVisible(engine, entry, auth, request.params.id);
      const adapter = adapters[target];
      if (!adapter.configured) throw new HttpError(503, VIDEO_MESSAGES.shareNotConfigured(target));
      if (!adapter.linked(await oauthOf(engine.db, auth.user.id))) {
        throw new HttpError(409, VIDEO_MESSAGES.shareNotLinked(target));
      }
      if (video.state !== 'ready') throw new HttpError(409, VIDEO_MESSAGES.shareNotReady(video.id, video.state));
      const running = (await activeJobs(engine.db, video, VIDEO_JOB_TYPES.share)).find(
        (job) => (job.payload as { target?: unknown }).target === target,
      );
      const job =
        running ??
        (await transaction(engine.db, async (tx) => {
          const queued = await enqueueJob(
            tx,
            shareVideoJob,
            { videoId: video.id, target, userId: auth.user.id },
            {
              accountId: video.accountId,
              resourceType: VIDEO_RESOURCE_TYPE,
              resourceId: video.id,
              requestId: request.id,
            },
          );
          await writeAudit(tx, auditSourceOf(request), {
            accountId: video.accountId,
            resource: entry.definition.name,
            resourceId: video.id,
            action: 'share',
            changes: { target: { before: null, after: target }, jobId: { before: null, after: queued.id } },
          });
          return queued;
        }));
      return reply.code(202).send({ job: presentJob(job, auth.language) });
    },
  );
}

function sharesRoute(app: App, { engine, entry, guards }: ShareRoutesOptions): void {
  app.get(
    videoPaths.shares(':id'),
    {
      onRequest: readGuards(guards, entry),
      schema: {
        ...common,
        summary: 'The shares of a video, newest first: state, progress, reason of failure, result {externalId, url}',
        params: videoIdParams,
        response: { 200: sharesResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const video = await findVisible(engine, entry, auth, request.params.id);
      const rows = await engine.db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.accountId, video.accountId),
            eq(jobs.resourceType, VIDEO_RESOURCE_TYPE),
            eq(jobs.resourceId, String(video.id)),
            eq(jobs.type, VIDEO_JOB_TYPES.share),
          ),
        )
        .orderBy(desc(jobs.id))
        .limit(100);
      return rows.map((row) => presentJob(row, auth.language));
    },
  );
}

/**
 * Sharing a video to social platforms (spec §7 "POST videos/{id}/share/{target}"): which targets
 * the user can use, the share itself (a video.share job) and the shares of a video.
 */
export const shareRoutes: FastifyPluginAsyncZod<ShareRoutesOptions> = async (app, options) => {
  const adapters = createShareAdapters(options.config.videos);
  shareTargetsRoute(app, options, adapters);
  shareRoute(app, options, adapters);
  sharesRoute(app, options);
};
