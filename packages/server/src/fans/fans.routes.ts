import { HEADER_EXPORT_TOTAL } from '@regie/contract/api';
import { FANS_RULE, fanPaths } from '@regie/contract/fans';
import {
  extendedFanBody,
  fanActivitiesResponse,
  fanBulkBody,
  fanBulkResponse,
  fanCountQuery,
  fanCountResponse,
  fanDetail,
  fanEventsResponse,
  fanFilter,
  fanOptionsResponse,
  fanParams,
  fanProductsResponse,
  fanProfileParams,
  fanQuery,
  fanRow,
  fanSessionsResponse,
  fansQuery,
  fansResponse,
  fanTagParams,
  fanTagsResponse,
  subListQuery,
} from '@regie/contract/fans.schemas';
import { count } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSourceOf } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { fans } from '../db/fans.table.ts';
import { csvResponse } from '../http/media.schema.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { noContent } from '../resources/resources.http.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import {
  countActives,
  countNew,
  countNewSubscribed,
  countSubscribed,
  fanActivitiesOf,
  fanEventsOf,
  fanOptions,
  fanProductsOf,
  fanSessionsOf,
  fanTagsOf,
  periodOf,
} from './fans.details.ts';
import { fanCsvStream, fanExportName } from './fans.export.ts';
import { filterCondition } from './fans.filter.ts';
import {
  bulkAction,
  deleteFan,
  findFan,
  listFans,
  fanDetail as readFanDetail,
  setBlocked,
  setFanTag,
  setProfileMember,
  wantsProfiles,
} from './fans.service.ts';
import type { FanSessions } from './fans.sessions.ts';

export interface FansRoutesOptions {
  db: Db;
  guards: Guards;
  /** The fan sessions cached by the processes: a block or a deletion drops the fan's. */
  sessions: FanSessions;
}
type App = Parameters<FastifyPluginAsyncZod<FansRoutesOptions>>[0];
interface Context {
  db: Db;
  sessions: FanSessions;
  onCrm: ReturnType<Guards['requireRule']>;
}

const common = { tags: ['fans'], security: BEARER };
const refusals = errorResponses(400, 401, 403, 404);
const accountOf = (request: Parameters<typeof authOf>[0]) => authOf(request).account.id;

function listRoutes(app: App, { db, sessions, onCrm }: Context): void {
  app.get(
    fanPaths.list,
    {
      onRequest: onCrm,
      schema: {
        ...common,
        summary: "The account's fans, newest first, filtered, paged by keyset (after = nextCursor)",
        querystring: fansQuery,
        response: { 200: fansResponse, ...refusals },
      },
    },
    async (request) => listFans(db, accountOf(request), request.query),
  );
  app.get(
    fanPaths.export,
    {
      onRequest: onCrm,
      schema: {
        ...common,
        summary: 'The fans the filters hold as CSV, streamed (flat memory whatever the count)',
        description: `The header ${HEADER_EXPORT_TOTAL} says how many rows follow, for a progress bar.`,
        querystring: fanFilter,
        response: { 200: csvResponse('CSV text (streamed)'), ...refusals },
      },
    },
    async (request, reply) => {
      const where = await filterCondition(db, accountOf(request), request.query);
      const [counted] = await db.select({ total: count() }).from(fans).where(where);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fanExportName(new Date())}"`)
        .header(HEADER_EXPORT_TOTAL, String(counted?.total ?? 0))
        .header('cache-control', 'no-store')
        .send(fanCsvStream(db, where));
    },
  );
  app.post(
    fanPaths.bulk,
    {
      onRequest: onCrm,
      // No entry when no fan changed (every fan the filter holds already was so).
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Tags, untags, blocks or unblocks every fan the filter holds, across pages',
        body: fanBulkBody,
        response: { 200: fanBulkResponse, ...refusals },
      },
    },
    async (request) => {
      const done = await bulkAction(db, auditSourceOf(request), accountOf(request), request.body);
      // The account's cached fan sessions are dropped: the blocked ones are refused at once.
      if (request.body.isBlocked && done.changed > 0) sessions.accountChanged(accountOf(request));
      return done;
    },
  );
}

function countRoutes(app: App, { db, onCrm }: Context): void {
  app.get(
    fanPaths.options,
    {
      onRequest: onCrm,
      schema: {
        ...common,
        summary: "The account's tags, products and fan profiles, for the CRM's filters and forms",
        response: { 200: fanOptionsResponse, ...refusals },
      },
    },
    async (request) => fanOptions(db, accountOf(request)),
  );
  const figures = [
    [fanPaths.countActives, 'Fans active in the period (default: the last 30 days)', countActives],
    [fanPaths.countNew, 'Fans who signed up in the period', countNew],
    [fanPaths.subscriptionsCount, 'Fans holding a product at the end of the period', countSubscribed],
    [fanPaths.subscriptionsCountNew, 'Fans who bought or renewed a product in the period', countNewSubscribed],
  ] as const;
  for (const [path, summary, figure] of figures) {
    app.get(
      path,
      {
        onRequest: onCrm,
        schema: { ...common, summary, querystring: fanCountQuery, response: { 200: fanCountResponse, ...refusals } },
      },
      async (request) => figure(db, accountOf(request), periodOf(request.query)),
    );
  }
}

function fanRoutes(app: App, { db, sessions, onCrm }: Context): void {
  app.get(
    fanPaths.fan(),
    {
      onRequest: onCrm,
      schema: {
        ...common,
        summary: 'One fan; expand=[Profile] adds the profiles they are in',
        params: fanParams,
        querystring: fanQuery,
        response: { 200: fanDetail, ...refusals },
      },
    },
    async (request) => readFanDetail(db, accountOf(request), request.params.id, wantsProfiles(request.query.expand)),
  );
  app.delete(
    fanPaths.fan(),
    {
      onRequest: onCrm,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Deletes a fan and all they did',
        params: fanParams,
        response: { 204: noContent, ...refusals },
      },
    },
    async (request, reply) => {
      await deleteFan(db, auditSourceOf(request), accountOf(request), request.params.id);
      sessions.fanChanged(request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.put(
    fanPaths.extended(),
    {
      onRequest: onCrm,
      // Blocking a blocked fan again changes nothing: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        tags: ['extended-fans'],
        summary: 'Blocks or unblocks a fan (a blocked fan can no longer sign in, chat or play)',
        params: fanParams,
        body: extendedFanBody,
        response: { 200: fanRow, ...refusals },
      },
    },
    async (request) => {
      const fan = await setBlocked(
        db,
        auditSourceOf(request),
        accountOf(request),
        request.params.id,
        request.body.isBlocked,
      );
      // Signed-in calls of a blocked fan are refused at once, in every process.
      if (request.body.isBlocked) sessions.fanChanged(request.params.id);
      return fan;
    },
  );
  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: fanPaths.profile(),
      onRequest: onCrm,
      // Adding a member again (or taking out one who is not) changes nothing: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: method === 'POST' ? 'Adds the fan to a profile by hand' : 'Takes the fan out of a profile (by hand)',
        params: fanProfileParams,
        response: { 204: noContent, ...refusals },
      },
      handler: async (request, reply) => {
        const { id, profileId } = request.params;
        await setProfileMember(db, auditSourceOf(request), accountOf(request), id, profileId, method === 'POST');
        return reply.code(204).send(null);
      },
    });
  }
}

function subListRoutes(app: App, { db, sessions, onCrm }: Context): void {
  const inScope = async (request: Parameters<typeof authOf>[0], id: number) => findFan(db, accountOf(request), id);
  app.get(
    fanPaths.sessions(),
    {
      onRequest: onCrm,
      schema: {
        ...common,
        summary: "The fan's sessions, latest first",
        params: fanParams,
        querystring: subListQuery,
        response: { 200: fanSessionsResponse, ...refusals },
      },
    },
    async (request) => fanSessionsOf(db, (await inScope(request, request.params.id)).id, request.query),
  );
  app.get(
    fanPaths.activities(),
    {
      onRequest: onCrm,
      schema: {
        ...common,
        summary: "The fan's activities, latest first",
        params: fanParams,
        querystring: subListQuery,
        response: { 200: fanActivitiesResponse, ...refusals },
      },
    },
    async (request) => fanActivitiesOf(db, (await inScope(request, request.params.id)).id, request.query),
  );
  app.get(
    fanPaths.tags(),
    {
      onRequest: onCrm,
      schema: {
        ...common,
        summary: "The fan's tags",
        params: fanParams,
        response: { 200: fanTagsResponse, ...refusals },
      },
    },
    async (request) => fanTagsOf(db, (await inScope(request, request.params.id)).id),
  );
  tagRoutes(app, { db, sessions, onCrm });
}

/** Putting one of the account's tags on a fan, and taking it off; what they bought and took part in. */
function tagRoutes(app: App, { db, onCrm }: Context): void {
  const inScope = async (request: Parameters<typeof authOf>[0], id: number) => findFan(db, accountOf(request), id);
  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: fanPaths.tag(),
      onRequest: onCrm,
      // Putting on a tag the fan has (or taking off one they lack) changes nothing: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: method === 'POST' ? 'Puts one of the account’s tags on the fan' : 'Takes a tag off the fan',
        params: fanTagParams,
        response: { 204: noContent, ...refusals },
      },
      handler: async (request, reply) => {
        const { id, tagId } = request.params;
        await setFanTag(db, auditSourceOf(request), accountOf(request), id, tagId, method === 'POST');
        return reply.code(204).send(null);
      },
    });
  }
  app.get(
    fanPaths.products(),
    {
      onRequest: onCrm,
      schema: {
        ...common,
        summary: 'The products the fan bought',
        params: fanParams,
        response: { 200: fanProductsResponse, ...refusals },
      },
    },
    async (request) => fanProductsOf(db, (await inScope(request, request.params.id)).id),
  );
  app.get(
    fanPaths.events(),
    {
      onRequest: onCrm,
      schema: {
        ...common,
        summary: 'The events the fan took part in',
        params: fanParams,
        response: { 200: fanEventsResponse, ...refusals },
      },
    },
    async (request) => fanEventsOf(db, (await inScope(request, request.params.id)).id),
  );
}

/** The CRM's fan calls (spec §7 "Fans", "Payments … fans"): use_crm in an account with FANS_CRM. */
export const fansRoutes: FastifyPluginAsyncZod<FansRoutesOptions> = async (app, { db, guards, sessions }) => {
  const context: Context = { db, sessions, onCrm: guards.requireRule(FANS_RULE) };
  listRoutes(app, context);
  countRoutes(app, context);
  fanRoutes(app, context);
  subListRoutes(app, context);
};
