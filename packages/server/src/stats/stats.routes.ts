import { idParams } from '@regie/contract/accounts';
import { CLIP_MESSAGES } from '@regie/contract/clips';
import { DASHBOARD_RULE, dashboardPath, dashboardResponse } from '@regie/contract/dashboard';
import { EVENT_STATS_RULE, eventStatsResponse, periodQuery, resolvePeriod, statsPaths } from '@regie/contract/stats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { dashboard } from './dashboard.service.ts';
import { eventStats } from './stats.service.ts';

export interface StatsRoutesOptions {
  engine: Engine;
  guards: Guards;
}

/**
 * Figures over a period: an event's stats tab (GET events/{id}/stats) and the dashboard (GET
 * dashboard), both for the account acted for, counted from the plays the embed player reports
 * and the rows the app writes (markers, clips, videos, jobs).
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
    async (request) => dashboard(engine.db, authOf(request).account.id, resolvePeriod(request.query)),
  );
};
