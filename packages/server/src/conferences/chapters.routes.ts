import { conferencePaths } from '@regie/contract/conferences';
import {
  chapterParams,
  chapterPatch,
  chaptersBody,
  chaptersExport,
  chaptersResponse,
  conferenceActionBody,
  conferenceIdParams,
} from '@regie/contract/conferences.schemas';
import { AUDIT_EXEMPTIONS } from '../audit/audit.declared.ts';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { assertMayRead, assertMayWrite } from '../resources/resources.access.ts';
import { noContent } from '../resources/resources.http.ts';
import { authOf } from '../tenancy/tenancy.guards.ts';
import { exportChapters } from './chapters.export.ts';
import {
  chapterRows,
  deleteAllChapters,
  deleteChapter,
  listChapters,
  replaceChapters,
  replayDuration,
  updateChapter,
} from './chapters.service.ts';
import type { ConferenceRouteContext, ConferencesApp } from './conferences.context.ts';
import { type ConferenceRow, findConference } from './conferences.find.ts';

const common = { tags: ['business-players'], security: BEARER };

/** Reading the chapters: whoever reads the conference (clippers too). */
function readRoutes(app: ConferencesApp, { engine, entry, guards }: ConferenceRouteContext): void {
  app.get(
    conferencePaths.chapters(':id'),
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: "A conference's chapters, sorted by start",
        params: conferenceIdParams,
        response: { 200: chaptersResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertMayRead(entry.definition, auth);
      const conference = await findConference(engine, entry, auth, request.params.id);
      return listChapters(engine.db, conference.id);
    },
  );

  app.post(
    conferencePaths.actions(':id'),
    {
      onRequest: guards.requireAuth,
      // export_chapters (the only action) reads the chapters and changes nothing.
      config: { audit: { exempt: AUDIT_EXEMPTIONS.noChange } },
      schema: {
        ...common,
        summary: 'Runs an action on a conference: export_chapters gives its chapters as WebVTT, CSV and a description',
        params: conferenceIdParams,
        body: conferenceActionBody,
        response: { 200: chaptersExport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertMayRead(entry.definition, auth);
      const conference = await findConference(engine, entry, auth, request.params.id);
      const [chapters, duration] = await Promise.all([
        chapterRows(engine.db, conference.id),
        replayDuration(engine.db, conference),
      ]);
      return exportChapters(conference.name, chapters, duration);
    },
  );
}

/** What an entry records of a chapter. */
const CHAPTER_FIELDS = ['businessPlayerId', 'title', 'startSeconds'] as const;

/**
 * Runs `work` (a change of the conference's chapters) and records what it changed, in one
 * transaction. One chapter (`chapterId`): an entry on that chapter ('chapters'), its conference
 * among its fields. The whole list: an update of the conference, its chapters before and after
 * (title and start, in order). Nothing changed: no entry.
 */
async function withChaptersAudit<T>(
  db: Db,
  source: AuditSource,
  resource: string,
  conference: ConferenceRow,
  work: (tx: Db) => Promise<T>,
  chapterId?: number,
): Promise<T> {
  return transaction(db, async (tx) => {
    const before = await chapterRows(tx, conference.id);
    const result = await work(tx);
    const after = await chapterRows(tx, conference.id);
    if (chapterId !== undefined) {
      const was = before.find((row) => row.id === chapterId) ?? null;
      const now = after.find((row) => row.id === chapterId) ?? null;
      const changes = diffFields(was, now, CHAPTER_FIELDS);
      if (Object.keys(changes).length > 0) {
        await writeAudit(tx, source, {
          accountId: conference.accountId,
          resource: 'chapters',
          resourceId: chapterId,
          action: now === null ? 'delete' : 'update',
          changes,
        });
      }
      return result;
    }
    const list = (rows: Awaited<ReturnType<typeof chapterRows>>) =>
      rows.map((row) => ({ title: row.title, startSeconds: row.startSeconds }));
    const changes = diffFields({ chapters: list(before) }, { chapters: list(after) }, ['chapters']);
    if (Object.keys(changes).length > 0) {
      await writeAudit(tx, source, {
        accountId: conference.accountId,
        resource,
        resourceId: conference.id,
        action: 'update',
        changes,
      });
    }
    return result;
  });
}

/** Replacing or deleting every chapter: the conference's writers. */
function listWriteRoutes(app: ConferencesApp, { engine, entry, guards }: ConferenceRouteContext): void {
  app.post(
    conferencePaths.chapters(':id'),
    {
      onRequest: guards.requireAuth,
      // The same chapters again change nothing and record nothing.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: "Replaces a conference's chapters with the list given",
        description:
          'Each chapter needs a title and a start from 0 to before the end of the replay video (when its duration ' +
          'is known); no two chapters start at the same time. Answers the stored list, sorted by start.',
        params: conferenceIdParams,
        body: chaptersBody,
        response: { 200: chaptersResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertMayWrite(entry.definition, auth);
      const conference = await findConference(engine, entry, auth, request.params.id);
      return withChaptersAudit(engine.db, auditSourceOf(request), entry.definition.name, conference, (tx) =>
        replaceChapters(tx, conference, request.body.chapters),
      );
    },
  );

  app.delete(
    conferencePaths.chapters(':id'),
    {
      onRequest: guards.requireAuth,
      // A conference without chapters: nothing deleted, nothing recorded.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Deletes every chapter of a conference',
        params: conferenceIdParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      assertMayWrite(entry.definition, auth);
      const conference = await findConference(engine, entry, auth, request.params.id);
      await withChaptersAudit(engine.db, auditSourceOf(request), entry.definition.name, conference, (tx) =>
        deleteAllChapters(tx, conference),
      );
      return reply.code(204).send(null);
    },
  );
}

/** One chapter: change it, delete it. */
function chapterRoutes(app: ConferencesApp, { engine, entry, guards }: ConferenceRouteContext): void {
  app.put(
    conferencePaths.chapter(':id', ':chapterId'),
    {
      onRequest: guards.requireAuth,
      // The chapter's own title and start change nothing and record nothing.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: "Changes a chapter's title or start; answers the conference's chapters",
        params: chapterParams,
        body: chapterPatch,
        response: { 200: chaptersResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertMayWrite(entry.definition, auth);
      const conference = await findConference(engine, entry, auth, request.params.id);
      return withChaptersAudit(
        engine.db,
        auditSourceOf(request),
        entry.definition.name,
        conference,
        (tx) => updateChapter(tx, conference, request.params.chapterId, request.body),
        request.params.chapterId,
      );
    },
  );

  app.delete(
    conferencePaths.chapter(':id', ':chapterId'),
    {
      onRequest: guards.requireAuth,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Deletes a chapter',
        params: chapterParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      assertMayWrite(entry.definition, auth);
      const conference = await findConference(engine, entry, auth, request.params.id);
      await withChaptersAudit(
        engine.db,
        auditSourceOf(request),
        entry.definition.name,
        conference,
        (tx) => deleteChapter(tx, conference, request.params.chapterId),
        request.params.chapterId,
      );
      return reply.code(204).send(null);
    },
  );
}

export function registerChapterRoutes(app: ConferencesApp, context: ConferenceRouteContext): void {
  readRoutes(app, context);
  listWriteRoutes(app, context);
  chapterRoutes(app, context);
}
