import { jobResponse } from '@regie/contract/jobs.schemas';
import { VIDEO_MESSAGES } from '@regie/contract/videos';
import {
  WATERMARK_MESSAGES,
  WATERMARK_SETTINGS_RULE,
  WATERMARK_VIDEO_RULE,
  watermarkPaths,
} from '@regie/contract/watermark';
import {
  type WatermarkResponse,
  type WatermarkSettings,
  watermarkEncodingsResponse,
  watermarkResponse,
  watermarkSettings,
} from '@regie/contract/watermark.schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { diffFields } from '../audit/audit.rows.ts';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import type { JobRow } from '../db/jobs.table.ts';
import { transaction } from '../db/transactions.ts';
import { videos } from '../db/videos.table.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { presentJob } from '../jobs/jobs.presenter.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { enqueueEncode } from '../videos/videos.encode.job.ts';
import {
  accountConfig,
  outOfDateVideos,
  settingsOf,
  type WatermarkAccount,
  watermarkChanged,
  watermarkFigures,
} from './watermark.service.ts';

const common = { tags: ['playback'], security: BEARER };
const SETTINGS_FIELDS = ['logoKey', 'corner', 'sizePercent', 'opacity', 'marginPercent', 'version'] as const;

/** The logo must be one the account uploaded and still in storage (its type was checked at upload). */
async function assertLogo(storage: ObjectStorage, accountId: number, key: string | null): Promise<void> {
  if (key === null) return;
  if (!key.startsWith(`${accountId}/`) || !(await storage.exists(key))) {
    throw badRequest(WATERMARK_MESSAGES.logoMissing, [{ path: 'logoKey', message: WATERMARK_MESSAGES.logoMissing }]);
  }
}

/** Queues a video's encode that keeps it playing, its audit entry written with the job. */
function queueEncode(db: Db, request: FastifyRequest, video: { id: number; accountId: number; state: string }) {
  return enqueueEncode(db, video, {
    requestId: request.id,
    // A ready video plays its current media until the new ones are stored.
    keepPlaying: video.state === 'ready',
    queued: (tx: Db, job: JobRow) =>
      writeAudit(tx, auditSourceOf(request), {
        accountId: video.accountId,
        resource: 'videos',
        resourceId: video.id,
        action: 'encode',
        changes: { jobId: { before: null, after: job.id }, reason: { before: null, after: 'watermark' } },
      }),
  });
}

/**
 * WATERMARK (contract watermark.ts): the account's logo settings (a section of the Playback
 * settings), stored in its config with a version that grows at each change; the encodes that
 * bring out-of-date videos up to date, for the whole account or one video. Nothing is encoded
 * again until someone asks.
 */
export const watermarkRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; storage: ObjectStorage }> = async (
  app,
  { db, guards, storage },
) => {
  const onSettings = guards.requireRule(WATERMARK_SETTINGS_RULE);
  const accountOf = (request: FastifyRequest): WatermarkAccount => {
    const { account } = authOf(request);
    return { id: account.id, modules: account.modules };
  };
  const answer = async (account: WatermarkAccount, config: Record<string, unknown>): Promise<WatermarkResponse> => {
    const settings = settingsOf(config);
    return {
      ...settings,
      logoUrl: settings.logoKey ? storage.url(settings.logoKey) : null,
      videos: await watermarkFigures(db, account, config),
    };
  };

  app.get(
    watermarkPaths.settings,
    {
      onRequest: onSettings,
      schema: {
        ...common,
        summary: "The account's watermark, and how many of its videos are out of date",
        response: { 200: watermarkResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const account = accountOf(request);
      return answer(account, await accountConfig(db, account.id));
    },
  );

  app.put(
    watermarkPaths.settings,
    {
      onRequest: onSettings,
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: "Changes the account's watermark (given whole)",
        description:
          'logoKey: an image uploaded with POST uploads/images (PNG, JPEG or WebP), null for no watermark. ' +
          'Size and margin in % of the picture width. Encoded videos keep their picture until re-encoded ' +
          `(POST ${watermarkPaths.encodings}).`,
        body: watermarkSettings,
        response: { 200: watermarkResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const account = accountOf(request);
      const next: WatermarkSettings = request.body;
      await assertLogo(storage, account.id, next.logoKey);
      const config = await transaction(db, async (tx) => {
        // The account's row locked: two saves at once each get their own version.
        const [row] = await tx
          .select({ config: accounts.config })
          .from(accounts)
          .where(eq(accounts.id, account.id))
          .for('update');
        const before = settingsOf(row?.config ?? {});
        if (!watermarkChanged(before, next)) return row?.config ?? {};
        const after = { ...next, version: before.version + 1 };
        const [updated] = await tx
          .update(accounts)
          .set({
            config: sql`${accounts.config} || ${JSON.stringify({ watermark: after })}::jsonb`,
            updatedAt: new Date(),
          })
          .where(eq(accounts.id, account.id))
          .returning({ config: accounts.config });
        await writeAudit(tx, auditSourceOf(request), {
          accountId: account.id,
          resource: 'accounts',
          resourceId: account.id,
          action: 'update',
          changes: diffFields({ ...before }, { ...after }, [...SETTINGS_FIELDS]),
        });
        return updated?.config ?? {};
      });
      return answer(account, config);
    },
  );

  app.post(
    watermarkPaths.encodings,
    {
      onRequest: onSettings,
      // Nothing out of date: nothing queued, nothing recorded.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Encodes again every video whose watermark is out of date',
        description:
          'One encode job per video (a video already being encoded keeps its job); each keeps playing its ' +
          'current media until the new ones are stored. Progress: GET watermark (videos.encoding, videos.progress) ' +
          'or the jobs.',
        response: { 202: watermarkEncodingsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const account = accountOf(request);
      const due = await outOfDateVideos(db, account, await accountConfig(db, account.id));
      const jobIds: number[] = [];
      for (const video of due) jobIds.push((await queueEncode(db, request, video)).id);
      return reply.code(202).send({ queued: jobIds.length, jobIds });
    },
  );

  app.post(
    watermarkPaths.videoEncoding(':id'),
    {
      onRequest: guards.requireRule(WATERMARK_VIDEO_RULE),
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: "Encodes one video again with the account's watermark (or without, when off for it)",
        description: 'Answers the job; while an encode is waiting or running, that one.',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 202: jobResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { id } = request.params;
      const [video] = await db
        .select({ id: videos.id, accountId: videos.accountId, state: videos.state, originalKey: videos.originalKey })
        .from(videos)
        .where(and(eq(videos.id, id), eq(videos.accountId, auth.account.id)))
        .limit(1);
      // Another account's video is not found, as everywhere.
      if (!video) throw notFound(VIDEO_MESSAGES.notFound(id));
      if (!video.originalKey) throw new HttpError(409, VIDEO_MESSAGES.noOriginal(id));
      const job = await queueEncode(db, request, video);
      return reply.code(202).send(presentJob(job, auth.language));
    },
  );
};
