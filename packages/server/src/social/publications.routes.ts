import { holdsReadOnly, satisfies } from '@regie/contract/access';
import { recordId } from '@regie/contract/accounts';
import { ACTIVE_JOB_STATES } from '@regie/contract/jobs.states';
import {
  approveBody,
  CANCELLABLE_STATES,
  PUBLICATION_MESSAGES,
  PUBLICATION_STATES,
  PUBLICATIONS_READ_RULES,
  PUBLISH_JOB_TYPE,
  PUBLISH_RULES,
  publicationProblems,
  publicationResponse,
  publicationsPaths,
  publishBody,
  RETRYABLE_STATES,
  VIDEO_PUBLISH_RULE,
} from '@regie/contract/publications';
import { SOCIAL_PLATFORMS } from '@regie/contract/social';
import { and, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/jobs.table.ts';
import { publications } from '../db/publications.table.ts';
import { transaction } from '../db/transactions.ts';
import { videos } from '../db/videos.table.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/http.errors.ts';
import { requestLanguage } from '../http/localize.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import { accessSubject, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import type { VideosEntry } from '../videos/videos.resource.ts';
import { publicationChanged } from './publications.events.ts';
import { type PublicationWithNames, presentPublication, publicationsWithNames } from './publications.presenter.ts';
import { PUBLICATIONS_RESOURCE, publishVideo } from './publications.service.ts';
import { enqueuePublish } from './publish.job.ts';
import { requireSocialModule } from './social.service.ts';

interface PublicationsRoutesOptions {
  engine: Engine;
  entry: VideosEntry;
  guards: Guards;
}

type App = Parameters<FastifyPluginAsyncZod<PublicationsRoutesOptions>>[0];
type Request = Parameters<typeof authOf>[0];

const common = { tags: ['publications'], security: BEARER };

export const publicationList = z.object({ data: z.array(publicationResponse), total: z.number().int() });
const listQuery = z.object({
  state: z.enum(PUBLICATION_STATES).optional(),
  platform: z.enum(SOCIAL_PLATFORMS).optional(),
  videoId: recordId.optional(),
  /** Several videos at once (a page of clips): ids separated by commas. */
  videoIds: z
    .string()
    .regex(/^\d+(,\d+){0,99}$/)
    .transform((ids) => ids.split(',').map(Number))
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});

type RowWithNames = PublicationWithNames;
const present = presentPublication;

function listRows(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<RowWithNames[]> {
  return publicationsWithNames(db, where, limit, offset);
}

async function oneOf(db: Db, accountId: number, id: number): Promise<RowWithNames> {
  const [row] = await listRows(db, and(eq(publications.id, id), eq(publications.accountId, accountId)), 1, 0);
  if (!row) throw notFound(PUBLICATION_MESSAGES.notFound(id));
  return row;
}

/** One of PUBLISH_RULES, never with read_only. */
function publishGuard(guards: Guards) {
  return [
    guards.requireAnyRule(PUBLISH_RULES),
    async (request: Request) => {
      if (holdsReadOnly(accessSubject(authOf(request)).roles)) throw forbidden();
    },
  ];
}

function requireModule(request: Request): void {
  requireSocialModule(authOf(request).account.modules);
}

/** Drops the publication's queued steps (a running one is aborted by its worker). */
async function dropJobs(db: Db, id: number): Promise<void> {
  await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.type, PUBLISH_JOB_TYPE),
        inArray(jobs.state, [...ACTIVE_JOB_STATES]),
        sql`(${jobs.payload} ->> 'publicationId')::int = ${id}`,
      ),
    );
}

function publishRoute(app: App, options: PublicationsRoutesOptions): void {
  const { engine, entry, guards } = options;
  app.post(
    publicationsPaths.ofVideo(),
    {
      onRequest: publishGuard(guards),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Publishes the video to the user’s linked accounts: one publication per target',
        description:
          'Each target is checked against its platform’s limits (duration, size, title, caption as the platform counts it, ' +
          'hashtags, shape) before anything is queued; a shape other than the video’s own is rendered first (9:16 video module).',
        params: z.object({ videoId: recordId }),
        body: publishBody,
        response: { 202: z.object({ data: z.array(publicationResponse) }), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      requireModule(request);
      const auth = authOf(request);
      // Those who only clip publish clips: another video is not theirs to send.
      const clipsOnly = !satisfies(accessSubject(auth), VIDEO_PUBLISH_RULE);
      const video = await findVisible(
        engine,
        entry,
        auth,
        request.params.videoId,
        clipsOnly ? isNotNull(videos.clipInSeconds) : undefined,
      );
      const created = await publishVideo(engine.db, {
        userId: auth.user.id,
        modules: auth.account.modules,
        video,
        body: request.body,
        audit: auditSourceOf(request),
        requestId: request.id,
      });
      const language = requestLanguage(request);
      const data = created.map((row) =>
        present({ ...row, videoTitle: video.title, userName: auth.user.name, ruleName: null }, language),
      );
      return reply.code(202).send({ data });
    },
  );
}

function readRoutes(app: App, { engine, entry, guards }: PublicationsRoutesOptions): void {
  app.get(
    publicationsPaths.list,
    {
      onRequest: guards.requireAnyRule(PUBLICATIONS_READ_RULES),
      schema: {
        ...common,
        summary: 'The account’s publications, newest first (filters: state, platform, video or videos)',
        querystring: listQuery,
        response: { 200: publicationList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireModule(request);
      const { state, platform, videoId, videoIds, limit, offset } = request.query;
      const accountId = authOf(request).account.id;
      const where = and(
        eq(publications.accountId, accountId),
        state ? eq(publications.state, state) : undefined,
        platform ? eq(publications.platform, platform) : undefined,
        videoId ? eq(publications.videoId, videoId) : undefined,
        videoIds ? inArray(publications.videoId, videoIds) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        listRows(engine.db, where, limit, offset),
        engine.db.select({ total: count() }).from(publications).where(where),
      ]);
      const language = requestLanguage(request);
      return { data: rows.map((row) => present(row, language)), total: total?.total ?? 0 };
    },
  );

  app.get(
    publicationsPaths.ofVideo(),
    {
      onRequest: guards.requireAnyRule(PUBLICATIONS_READ_RULES),
      schema: {
        ...common,
        summary: 'The video’s publications, newest first',
        params: z.object({ videoId: recordId }),
        response: { 200: publicationList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      requireModule(request);
      const video = await findVisible(engine, entry, authOf(request), request.params.videoId);
      const where = and(eq(publications.accountId, video.accountId), eq(publications.videoId, video.id));
      const rows = await listRows(engine.db, where, 100, 0);
      const language = requestLanguage(request);
      return { data: rows.map((row) => present(row, language)), total: rows.length };
    },
  );

  app.get(
    publicationsPaths.one(),
    {
      onRequest: guards.requireAnyRule(PUBLICATIONS_READ_RULES),
      schema: {
        ...common,
        summary: 'One publication',
        params: z.object({ id: recordId }),
        response: { 200: publicationResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      requireModule(request);
      return present(await oneOf(engine.db, authOf(request).account.id, request.params.id), requestLanguage(request));
    },
  );
}

function actionRoutes(app: App, { engine, guards }: PublicationsRoutesOptions): void {
  app.delete(
    publicationsPaths.one(),
    {
      onRequest: publishGuard(guards),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Cancels a publication not yet on the platform',
        params: z.object({ id: recordId }),
        response: { 200: publicationResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      requireModule(request);
      const auth = authOf(request);
      const language = requestLanguage(request);
      const row = await oneOf(engine.db, auth.account.id, request.params.id);
      if (!CANCELLABLE_STATES.includes(row.state)) {
        throw new HttpError(409, PUBLICATION_MESSAGES.cannotCancel(row.state));
      }
      await transaction(engine.db, async (tx) => {
        await dropJobs(tx, row.id);
        await tx
          .update(publications)
          .set({ state: 'cancelled', progress: null, updatedAt: new Date() })
          .where(eq(publications.id, row.id));
        publicationChanged(tx, { ...row, state: 'cancelled', progress: null });
        await writeAudit(tx, auditSourceOf(request), {
          accountId: row.accountId,
          resource: PUBLICATIONS_RESOURCE,
          resourceId: row.id,
          action: 'cancel',
          changes: { state: { before: row.state, after: 'cancelled' } },
        });
      });
      return present(await oneOf(engine.db, auth.account.id, row.id), language);
    },
  );

  app.post(
    publicationsPaths.retry(),
    {
      onRequest: publishGuard(guards),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Tries a failed or cancelled publication again (resuming its upload where the platform has it)',
        params: z.object({ id: recordId }),
        response: { 202: publicationResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      requireModule(request);
      const auth = authOf(request);
      const row = await oneOf(engine.db, auth.account.id, request.params.id);
      if (!RETRYABLE_STATES.includes(row.state)) throw new HttpError(409, PUBLICATION_MESSAGES.cannotRetry(row.state));
      // Back to the step it stopped at: a post already on the platform is followed, not made again.
      const state = row.upload.postId ? 'processing' : 'queued';
      await transaction(engine.db, async (tx) => {
        await tx
          .update(publications)
          .set({ state, error: null, updatedAt: new Date() })
          .where(eq(publications.id, row.id));
        publicationChanged(tx, { ...row, state, progress: null });
        await enqueuePublish(tx, row, undefined, request.id);
        await writeAudit(tx, auditSourceOf(request), {
          accountId: row.accountId,
          resource: PUBLICATIONS_RESOURCE,
          resourceId: row.id,
          action: 'retry',
          changes: { state: { before: row.state, after: state } },
        });
      });
      return reply.code(202).send(present(await oneOf(engine.db, auth.account.id, row.id), requestLanguage(request)));
    },
  );
}

function approvalRoutes(app: App, { engine, guards }: PublicationsRoutesOptions): void {
  app.post(
    publicationsPaths.approve(),
    {
      onRequest: publishGuard(guards),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Approves a clip rule’s publication awaiting approval (its title and caption as edited): it goes',
        params: z.object({ id: recordId }),
        body: approveBody,
        response: { 202: publicationResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      requireModule(request);
      const auth = authOf(request);
      const row = await oneOf(engine.db, auth.account.id, request.params.id);
      if (row.state !== 'approval') throw new HttpError(409, PUBLICATION_MESSAGES.notAwaitingApproval(row.state));
      const title = request.body.title ?? row.title;
      const caption = request.body.caption ?? row.caption;
      const problems = publicationProblems({ platform: row.platform, title, caption, aspect: row.aspect }, null);
      const first = problems[0];
      if (first) {
        throw badRequest(
          first.message,
          problems.map((problem) => ({ path: problem.field, message: problem.message })),
        );
      }
      const now = new Date();
      await transaction(engine.db, async (tx) => {
        const [moved] = await tx
          .update(publications)
          .set({ state: 'queued', title, caption, approvedAt: now, queuedAt: now, updatedAt: now })
          .where(and(eq(publications.id, row.id), eq(publications.state, 'approval')))
          .returning();
        // Approved or rejected meanwhile (two producers on one clip): the first one's word stands.
        if (!moved) throw new HttpError(409, PUBLICATION_MESSAGES.notAwaitingApproval('approved'));
        publicationChanged(tx, moved);
        await enqueuePublish(tx, moved, undefined, request.id);
        await writeAudit(tx, auditSourceOf(request), {
          accountId: row.accountId,
          resource: PUBLICATIONS_RESOURCE,
          resourceId: row.id,
          action: 'approve',
          changes: {
            state: { before: 'approval', after: 'queued' },
            ...(title !== row.title ? { title: { before: row.title, after: title } } : {}),
            ...(caption !== row.caption ? { caption: { before: row.caption, after: caption } } : {}),
          },
        });
      });
      return reply.code(202).send(present(await oneOf(engine.db, auth.account.id, row.id), requestLanguage(request)));
    },
  );

  app.post(
    publicationsPaths.reject(),
    {
      onRequest: publishGuard(guards),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Rejects a clip rule’s publication awaiting approval: it is never sent',
        params: z.object({ id: recordId }),
        response: { 200: publicationResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      requireModule(request);
      const auth = authOf(request);
      const row = await oneOf(engine.db, auth.account.id, request.params.id);
      if (row.state !== 'approval') throw new HttpError(409, PUBLICATION_MESSAGES.notAwaitingApproval(row.state));
      await transaction(engine.db, async (tx) => {
        const [moved] = await tx
          .update(publications)
          .set({ state: 'cancelled', updatedAt: new Date() })
          .where(and(eq(publications.id, row.id), eq(publications.state, 'approval')))
          .returning();
        if (!moved) throw new HttpError(409, PUBLICATION_MESSAGES.notAwaitingApproval('approved'));
        publicationChanged(tx, moved);
        await writeAudit(tx, auditSourceOf(request), {
          accountId: row.accountId,
          resource: PUBLICATIONS_RESOURCE,
          resourceId: row.id,
          action: 'reject',
          changes: { state: { before: 'approval', after: 'cancelled' } },
        });
      });
      return present(await oneOf(engine.db, auth.account.id, row.id), requestLanguage(request));
    },
  );
}

/** Publishing to linked social accounts (issue 41 point 2): publish, follow, cancel, retry, approve. */
export const publicationsRoutes: FastifyPluginAsyncZod<PublicationsRoutesOptions> = async (app, options) => {
  publishRoute(app, options);
  readRoutes(app, options);
  actionRoutes(app, options);
  approvalRoutes(app, options);
};
