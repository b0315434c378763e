import { idParams } from '@regie/contract/accounts';
import { CLIP_MESSAGES } from '@regie/contract/clips';
import { DASHBOARD_RULE, dashboardPath, dashboardResponse } from '@regie/contract/dashboard';
import {
  CONFERENCE_STATS_RULE,
  conferenceStatsResponse,
  EVENT_STATS_RULE,
  eventStatsResponse,
  periodQuery,
  resolvePeriod,
  statsPaths,
} from '@regie/contract/stats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findConference } from '../conferences/conferences.find.ts';
import { businessPlayers } from '../db/conferences.table.ts';
import { notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { findVisible } from '../resources/resources.service.ts';
import { type Engine, entryOf } from '../resources/resources.types.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { dashboard } from './dashboard.service.ts';
import { conferenceStats, eventStats } from './stats.service.ts';

export interface StatsRoutesOptions {
  engine: Engine;
  guards: Guards;
}

/**
 * Figures over a period: an event's and a conference's stats tabs (GET events/{id}/stats, GET
 * business-players/{id}/stats) and the dashboard (GET dashboard), all for the account acted for,
 * counted from the plays the embed player reports and the rows the app writes (markers,
 * chapters, clips, videos, jobs).
 */
export const statsRoutes: FastifyPluginAsyncZod<StatsRoutesOptions> = async (app, { engine, guards }) => {
  app.get(
    statsPaths.eventStats(':id'),
    {
      onRequest: guards.requireRule(EVENT_STATS_RULE),
      schema: {
        tags: ['stats'],
        security: BEARER,
        summary: "An event's plays (replay and clips), markers and clips made, over a period",
        description: 'Default period: the last 30 days; default interval: one that fits the period (UTC buckets).',
        params: idParams,
        querystring: periodQuery,
        response: { 200: eventStatsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const entry = engine.byName('events');
      if (!entry) throw notFound(CLIP_MESSAGES.eventNotFound(request.params.id));
      const event = await findVisible(engine, entry, authOf(request), request.params.id);
      const videoId = typeof event.videoId === 'number' ? event.videoId : null;
      return eventStats(
        engine.db,
        { id: Number(event.id), accountId: Number(event.accountId), videoId },
        resolvePeriod(request.query),
      );
    },
  );

  const conferences = entryOf(engine, businessPlayers);
  // A registry without conferences (a test of other resources) has no conference stats.
  if (conferences) {
    app.get(
      statsPaths.conferenceStats(':id'),
      {
        onRequest: guards.requireRule(CONFERENCE_STATS_RULE),
        schema: {
          tags: ['stats'],
          security: BEARER,
          summary: "A conference's plays (replay and clips), chapters and clips made, over a period",
          description: 'Default period: the last 30 days; default interval: one that fits the period (UTC buckets).',
          params: idParams,
          querystring: periodQuery,
          response: { 200: conferenceStatsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const conference = await findConference(engine, conferences, authOf(request), request.params.id);
        return conferenceStats(
          engine.db,
          { id: conference.id, accountId: conference.accountId, videoId: conference.videoId },
          resolvePeriod(request.query),
        );
      },
    );
  }

  app.get(
    dashboardPath,
    {
      onRequest: guards.requireRule(DASHBOARD_RULE),
      schema: {
        tags: ['stats'],
        security: BEARER,
        summary: "The dashboard: the account's events, videos, clips, plays and running jobs over a period",
        querystring: periodQuery,
        response: { 200: dashboardResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => dashboard(engine.db, authOf(request).account, resolvePeriod(request.query)),
  );
};
