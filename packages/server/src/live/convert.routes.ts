import { idParams } from '@regie/contract/accounts';
import { LIVE_INPUTS_RULE, LIVE_JOB_TYPES } from '@regie/contract/live';
import {
  type Assembly,
  assemblyBody,
  assemblyQuery,
  assemblyResponse,
  CONVERT_ACTIVE_STATES,
  CONVERT_LIMITS,
  convertBody,
  convertResponse,
  LIVE_CONVERT_MESSAGES,
  liveConvertPaths,
} from '@regie/contract/live.convert';
import { videosResource } from '@regie/contract/resources/videos';
import { VIDEO_MESSAGES, VIDEO_RESOURCE_TYPE, VIDEO_TITLE_MAX } from '@regie/contract/videos';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { type JobRow, jobs } from '../db/jobs.table.ts';
import { type LiveConversionRow, liveConversions } from '../db/live.table.ts';
import { transaction } from '../db/transactions.ts';
import { type VideoRow, videos } from '../db/videos.table.ts';
import { HttpError, notFound } from '../http/http.errors.ts';
import { localize, type MessageLanguage } from '../http/localize.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import { databaseError } from '../resources/resources.errors.ts';
import { noContent } from '../resources/resources.http.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { type AuthContext, assertInScope, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import {
  type AssemblyPayload,
  assemblyJob,
  assemblyPayload,
  inputSegments,
  lastPublishSegments,
} from './assembly.job.ts';
import type { ConvertEngine } from './convert.engine.ts';
import { conversionView, presentConversion } from './convert.present.ts';
import { findScopedInput } from './live.service.ts';
import type { ProgramSegment } from './program.ts';

export interface ConvertRoutesOptions {
  db: Db;
  guards: Guards;
  engine: ConvertEngine;
  /** A publisher is connected to the input now (an encoder, or a conversion). */
  isOnAir: (inputId: number) => boolean;
  /** A conversion started here can be played: by this process's ingest, or by the live nodes'. */
  canPublish: () => boolean;
}

const common = { tags: ['live'], security: BEARER };

/** A video's entries: the engine's resource, so that its History shows them. */
const VIDEO_AUDIT_RESOURCE = videosResource.name;

/** The account's video `id`, else 404 (another account's too). */
async function scopedVideo(db: Db, auth: AuthContext, id: number): Promise<VideoRow> {
  const [row] = await db.select().from(videos).where(eq(videos.id, id)).limit(1);
  if (!row) throw notFound(VIDEO_MESSAGES.notFound(id));
  assertInScope(auth, row.accountId, VIDEO_MESSAGES.notFound(id));
  return row;
}

async function latestConversion(db: Db, videoId: number, active = false): Promise<LiveConversionRow | null> {
  const [row] = await db
    .select()
    .from(liveConversions)
    .where(
      and(
        eq(liveConversions.videoId, videoId),
        active ? inArray(liveConversions.state, CONVERT_ACTIVE_STATES) : undefined,
      ),
    )
    .orderBy(desc(liveConversions.id))
    .limit(1);
  return row ?? null;
}

/**
 * convert upload/{videoId} (contract live.convert.ts): a ready video played into a live input of
 * the account. GET its latest conversion, DELETE stops it.
 */
const convertRoutes: FastifyPluginAsyncZod<ConvertRoutesOptions> = async (app, options) => {
  const { db, guards, engine } = options;
  const onRequest = guards.requireRule(LIVE_INPUTS_RULE);
  const path = liveConvertPaths.upload(':id');
  const present = async (row: LiveConversionRow, language: MessageLanguage) => {
    const view = await conversionView(db, row.id);
    if (!view) throw notFound(LIVE_CONVERT_MESSAGES.neverConverted(row.videoId));
    return presentConversion(view, language);
  };

  app.post(
    path,
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Plays a ready video into a live input in real time, as an encoder would publish it',
        params: idParams,
        body: convertBody,
        response: { 202: convertResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const video = await scopedVideo(db, auth, request.params.id);
      const input = await findScopedInput(db, auth, request.body.inputId);
      if (input.accountId !== video.accountId) throw notFound(VIDEO_MESSAGES.notFound(video.id));
      if (video.state !== 'ready' || !video.hlsKey || !video.duration) {
        throw new HttpError(409, LIVE_CONVERT_MESSAGES.videoNotReady(video.id));
      }
      const duration = video.duration;
      if (request.body.fromSeconds >= duration) {
        throw new HttpError(400, LIVE_CONVERT_MESSAGES.fromPastEnd(Math.floor(duration)));
      }
      if (!options.canPublish()) throw new HttpError(409, LIVE_CONVERT_MESSAGES.ingestUnavailable);
      const [converting] = await db
        .select({ id: liveConversions.id })
        .from(liveConversions)
        .where(and(eq(liveConversions.inputId, input.id), inArray(liveConversions.state, CONVERT_ACTIVE_STATES)));
      if (converting) throw new HttpError(409, LIVE_CONVERT_MESSAGES.inputConverting(input.name));
      // On air here, or on the live node receiving its encoder (the input's state, shared).
      if (options.isOnAir(input.id) || input.state === 'live') {
        throw new HttpError(409, LIVE_CONVERT_MESSAGES.inputBusy(input.name));
      }
      let row: LiveConversionRow | undefined;
      try {
        row = await transaction(db, async (tx) => {
          const [created] = await tx
            .insert(liveConversions)
            .values({
              accountId: video.accountId,
              videoId: video.id,
              inputId: input.id,
              positionSeconds: request.body.fromSeconds,
              durationSeconds: duration,
            })
            .returning();
          if (created) {
            await writeAudit(tx, auditSourceOf(request), {
              accountId: video.accountId,
              resource: VIDEO_AUDIT_RESOURCE,
              resourceId: video.id,
              action: 'start',
              changes: {
                conversionId: { before: null, after: created.id },
                inputId: { before: null, after: input.id },
                fromSeconds: { before: null, after: request.body.fromSeconds },
              },
            });
          }
          return created;
        });
      } catch (error) {
        // Two calls at once for one input: the index keeps one.
        if (databaseError(error)?.code === '23505')
          throw new HttpError(409, LIVE_CONVERT_MESSAGES.inputConverting(input.name));
        throw error;
      }
      if (!row) throw new Error('conversion not created');
      engine.start(row);
      return reply
        .code(202)
        .send(presentConversion({ row, inputName: input.name, videoTitle: video.title }, auth.language));
    },
  );

  app.get(
    path,
    {
      onRequest,
      schema: {
        ...common,
        summary: "A video's latest conversion into a live input: state, position, restarts",
        params: idParams,
        response: { 200: convertResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const video = await scopedVideo(db, auth, request.params.id);
      const row = await latestConversion(db, video.id);
      if (!row) throw notFound(LIVE_CONVERT_MESSAGES.neverConverted(video.id));
      return present(row, auth.language);
    },
  );

  app.delete(
    path,
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Stops playing a video into its live input (the input goes idle)',
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const video = await scopedVideo(db, authOf(request), request.params.id);
      const row = await latestConversion(db, video.id, true);
      if (!row) throw notFound(LIVE_CONVERT_MESSAGES.notConverting(video.id));
      await engine.stop(row.id, (tx) =>
        writeAudit(tx, auditSourceOf(request), {
          accountId: video.accountId,
          resource: VIDEO_AUDIT_RESOURCE,
          resourceId: video.id,
          action: 'stop',
          changes: {
            conversionId: { before: row.id, after: null },
            state: { before: row.state, after: 'stopped' },
          },
        }),
      );
      return reply.code(204).send(null);
    },
  );
};

/** What an assembly joins: the period's segments, or without one the input's last publish. */
async function assemblySegments(
  db: Db,
  inputId: number,
  period: { from?: string | null; to?: string | null },
): Promise<ProgramSegment[]> {
  if (!period.from && !period.to) return lastPublishSegments(db, inputId);
  const longest = CONVERT_LIMITS.assemblyMaxSeconds * 1000;
  const to = period.to ? new Date(period.to) : new Date();
  // Only an end: the longest period up to it.
  const from = period.from ? new Date(period.from) : new Date(to.getTime() - longest);
  if (to <= from) throw new HttpError(400, LIVE_CONVERT_MESSAGES.badPeriod);
  if (to.getTime() - from.getTime() > longest) {
    throw new HttpError(400, LIVE_CONVERT_MESSAGES.periodTooLong(CONVERT_LIMITS.assemblyMaxSeconds / 3600));
  }
  return inputSegments(db, inputId, from, to);
}

function presentAssembly(
  job: JobRow,
  payload: AssemblyPayload,
  videoTitle: string | null,
  language: MessageLanguage,
): Assembly {
  return {
    inputId: payload.inputId,
    videoId: payload.videoId,
    videoTitle,
    jobId: job.id,
    state: job.state,
    progress: job.progress,
    from: payload.from,
    to: payload.to,
    segments: payload.segments,
    durationSeconds: payload.durationSeconds,
    error: job.lastError ? localize(job.lastError, language) : null,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}

/** The latest assembly job of an input (into `videoId` when given). */
async function latestAssembly(db: Db, inputId: number, videoId?: number): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.type, LIVE_JOB_TYPES.assembly),
        sql`(${jobs.payload} ->> 'inputId')::int = ${inputId}`,
        videoId === undefined
          ? undefined
          : and(eq(jobs.resourceType, VIDEO_RESOURCE_TYPE), eq(jobs.resourceId, String(videoId))),
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(1);
  return row ?? null;
}

function assemblyTitle(name: string, from: Date, language: MessageLanguage): string {
  const when = `${from.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const title = localize(LIVE_CONVERT_MESSAGES.assemblyTitle(name, when), language);
  return title.length > VIDEO_TITLE_MAX ? `${title.slice(0, VIDEO_TITLE_MAX - 1).trimEnd()}…` : title;
}

/**
 * assembly/{inputId}?videoId= (contract live.convert.ts): an input's recording joined into a video
 * (a new one, or `videoId`, whose media it replaces) by a durable job; GET reports it.
 */
const assemblyRoutes: FastifyPluginAsyncZod<ConvertRoutesOptions> = async (app, options) => {
  const { db, guards } = options;
  const onRequest = guards.requireRule(LIVE_INPUTS_RULE);
  const path = liveConvertPaths.assembly(':id');

  app.post(
    path,
    {
      onRequest,
      // A second call while the assembly into that video is under way answers it and records nothing.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: "Joins a live input's recording (its last publish, or a period) into a video",
        description: `Without videoId a new video is made. Job type ${LIVE_JOB_TYPES.assembly}, then the video's encode.`,
        params: idParams,
        querystring: assemblyQuery,
        body: assemblyBody,
        response: { 202: assemblyResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const input = await findScopedInput(db, auth, request.params.id);
      const target = request.query.videoId === undefined ? null : await scopedVideo(db, auth, request.query.videoId);
      if (target && target.accountId !== input.accountId) throw notFound(VIDEO_MESSAGES.notFound(target.id));
      const period = request.body ?? {};
      const segments = await assemblySegments(db, input.id, period);
      if (segments.length === 0) throw new HttpError(409, LIVE_CONVERT_MESSAGES.nothingRecorded(input.name));
      const first = segments[0] as ProgramSegment;
      const last = segments[segments.length - 1] as ProgramSegment;
      const from = period.from ? new Date(period.from) : first.startedAt;
      const to = period.to ? new Date(period.to) : new Date(last.startedAt.getTime() + last.duration * 1000);
      // One assembly into a video at a time: a second call answers the one under way.
      if (target) {
        const running = await latestAssembly(db, input.id, target.id);
        if (running && (running.state === 'waiting' || running.state === 'in_progress')) {
          return reply
            .code(202)
            .send(presentAssembly(running, assemblyPayload.parse(running.payload), target.title, auth.language));
        }
      }
      const payload = {
        inputId: input.id,
        from: from.toISOString(),
        to: to.toISOString(),
        firstSequence: first.sequence,
        lastSequence: last.sequence,
        segments: segments.length,
        durationSeconds: Math.round(segments.reduce((sum, segment) => sum + segment.duration, 0) * 1000) / 1000,
      };
      const title = target?.title ?? assemblyTitle(input.name, from, auth.language);
      const job = await transaction(db, async (tx) => {
        const video =
          target ??
          (
            await tx
              .insert(videos)
              .values({
                title,
                state: 'processing',
                ownerId: auth.user.id,
                accountId: input.accountId,
              })
              .returning()
          )[0];
        if (!video) throw new Error('assembly video not created');
        const queued = await enqueueJob(
          tx,
          assemblyJob,
          { ...payload, videoId: video.id },
          {
            accountId: input.accountId,
            resourceType: VIDEO_RESOURCE_TYPE,
            resourceId: video.id,
            requestId: request.id,
          },
        );
        // The video it makes (or whose media it replaces) is what changes: its history shows it.
        await writeAudit(tx, auditSourceOf(request), {
          accountId: input.accountId,
          resource: VIDEO_AUDIT_RESOURCE,
          resourceId: video.id,
          action: target ? 'update' : 'create',
          changes: {
            ...(target ? {} : { title: { before: null, after: title } }),
            inputId: { before: null, after: input.id },
            from: { before: null, after: payload.from },
            to: { before: null, after: payload.to },
            jobId: { before: null, after: queued.id },
          },
        });
        return queued;
      });
      return reply.code(202).send(presentAssembly(job, assemblyPayload.parse(job.payload), title, auth.language));
    },
  );

  app.get(
    path,
    {
      onRequest,
      schema: {
        ...common,
        summary: "The latest assembly of a live input's recording (into videoId when given)",
        params: idParams,
        querystring: assemblyQuery,
        response: { 200: assemblyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const input = await findScopedInput(db, auth, request.params.id);
      const job = await latestAssembly(db, input.id, request.query.videoId);
      if (!job) throw notFound(LIVE_CONVERT_MESSAGES.noAssembly(input.id));
      const payload = assemblyPayload.parse(job.payload);
      const [video] = await db.select({ title: videos.title }).from(videos).where(eq(videos.id, payload.videoId));
      return presentAssembly(job, payload, video?.title ?? null, auth.language);
    },
  );
};

/** Between videos and the live: convert upload/{id} and assembly/{id}. */
export const liveConvertRoutes: FastifyPluginAsyncZod<ConvertRoutesOptions> = async (app, options) => {
  app.addHook('preValidation', ignoreClientAccountKeys);
  await app.register(convertRoutes, options);
  await app.register(assemblyRoutes, options);
};
