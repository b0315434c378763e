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
import { findConference } from './conferences.find.ts';

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

/** Replacing or deleting every chapter: the conference's writers. */
function listWriteRoutes(app: ConferencesApp, { engine, entry, guards }: ConferenceRouteContext): void {
  app.post(
    conferencePaths.chapters(':id'),
    {
      onRequest: guards.requireAuth,
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
      return replaceChapters(engine.db, conference, request.body.chapters);
    },
  );

  app.delete(
    conferencePaths.chapters(':id'),
    {
      onRequest: guards.requireAuth,
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
      await deleteAllChapters(engine.db, conference);
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
      return updateChapter(engine.db, conference, request.params.chapterId, request.body);
    },
  );

  app.delete(
    conferencePaths.chapter(':id', ':chapterId'),
    {
      onRequest: guards.requireAuth,
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
      await deleteChapter(engine.db, conference, request.params.chapterId);
      return reply.code(204).send(null);
    },
  );
}

export function registerChapterRoutes(app: ConferencesApp, context: ConferenceRouteContext): void {
  readRoutes(app, context);
  listWriteRoutes(app, context);
  chapterRoutes(app, context);
}
