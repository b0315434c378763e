import { clipListQuery, clipListResponse, clipResponse } from '@regie/contract/clips.schemas';
import { CONFERENCE_CLIP_RULE, conferencePaths } from '@regie/contract/conferences';
import { conferenceClipBody, conferenceIdParams, speakersRelationship } from '@regie/contract/conferences.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import { listClips, presentClip } from '../clips/clips.service.ts';
import { businessPlayers } from '../db/conferences.table.ts';
import { transaction } from '../db/transactions.ts';
import { videos } from '../db/videos.table.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { assertMayRead, assertMayWrite } from '../resources/resources.access.ts';
import { entryOf } from '../resources/resources.types.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf } from '../tenancy/tenancy.guards.ts';
import { registerChapterRoutes } from './chapters.routes.ts';
import { conferenceClips, createConferenceClip } from './conferences.clips.ts';
import type { ConferenceRouteContext, ConferenceRoutesOptions, ConferencesApp } from './conferences.context.ts';
import { findConference } from './conferences.find.ts';
import { registerReplayRoutes } from './conferences.replay.ts';
import { setSpeakers, speakersOf } from './conferences.speakers.ts';

const common = { tags: ['business-players'], security: BEARER };

/** GET / PATCH business-players/{id}/relationships/speakers. */
function speakerRoutes(app: ConferencesApp, { engine, entry, guards }: ConferenceRouteContext): void {
  const schema = { ...common, params: conferenceIdParams };
  app.get(
    conferencePaths.speakers(':id'),
    {
      onRequest: guards.requireAuth,
      schema: {
        ...schema,
        summary: "A conference's speakers, in order",
        response: { 200: speakersRelationship, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertMayRead(entry.definition, auth);
      const conference = await findConference(engine, entry, auth, request.params.id);
      return speakersOf(engine.db, conference.id);
    },
  );
  app.patch(
    conferencePaths.speakers(':id'),
    {
      onRequest: guards.requireAuth,
      // The same speakers in the same order change nothing and record nothing.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...schema,
        summary: "Sets a conference's speakers, in order: speakers of its account, each once",
        body: speakersRelationship,
        response: { 200: speakersRelationship, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertMayWrite(entry.definition, auth);
      const conference = await findConference(engine, entry, auth, request.params.id);
      return transaction(engine.db, async (tx) => {
        const before = await speakersOf(tx, conference.id);
        const after = await setSpeakers(tx, conference, request.body);
        const ids = (list: typeof before) => list.data.map((member) => member.id);
        if (JSON.stringify(ids(before)) !== JSON.stringify(ids(after))) {
          await writeAudit(tx, auditSourceOf(request), {
            accountId: conference.accountId,
            resource: entry.definition.name,
            resourceId: conference.id,
            action: 'update',
            changes: { speakers: { before: ids(before), after: ids(after) } },
          });
        }
        return after;
      });
    },
  );
}

/** POST / GET business-players/{id}/clips (spec §6: liveclipping_write or clip_only). */
function clipRoutes(app: ConferencesApp, { engine, entry, videosEntry, guards }: ConferenceRouteContext): void {
  const onClip = guards.requireRule(CONFERENCE_CLIP_RULE);
  app.post(
    conferencePaths.clips(':id'),
    {
      onRequest: onClip,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: "Cuts a clip from a conference's replay: a chapter, or an in/out range",
        description:
          'A chapter runs from its start to the next chapter’s start (else the end of the video). The template is the ' +
          'given one, else the account’s default one; progress: GET /main-api/jobs?resourceType=Video&resourceId={clip id}.',
        params: conferenceIdParams,
        body: conferenceClipBody,
        response: { 202: clipResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const conference = await findConference(engine, entry, auth, request.params.id);
      const created = await createConferenceClip(
        engine,
        videosEntry,
        auth,
        conference,
        request.body,
        auditSourceOf(request),
      );
      return reply.code(202).send(await presentClip(engine, videosEntry, created, auth));
    },
  );
  app.get(
    conferencePaths.clips(':id'),
    {
      onRequest: onClip,
      schema: {
        ...common,
        summary: 'The clips cut from a conference, newest first',
        params: conferenceIdParams,
        querystring: clipListQuery,
        response: { 200: clipListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const conference = await findConference(engine, entry, auth, request.params.id);
      return listClips(engine, videosEntry, auth, conferenceClips(engine.db, conference.id), request.query);
    },
  );
}

/**
 * The conference calls beyond its plain CRUD (contract conferences.ts): speakers, chapters and
 * their export, clips. Every call answers 404 for a conference of another account.
 */
export const conferenceRoutes: FastifyPluginAsyncZod<ConferenceRoutesOptions> = async (app, { engine, guards }) => {
  const entry = entryOf(engine, businessPlayers);
  const videosEntry = entryOf(engine, videos);
  // A registry without conferences or videos (a test of other resources) has none of these calls.
  if (!entry || !videosEntry) return;
  const context: ConferenceRouteContext = { engine, entry, videosEntry, guards };
  app.addHook('preValidation', ignoreClientAccountKeys);
  registerReplayRoutes(app, context);
  speakerRoutes(app, context);
  registerChapterRoutes(app, context);
  clipRoutes(app, context);
};
