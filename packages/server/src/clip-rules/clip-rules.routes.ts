import {
  CLIP_RULE_MESSAGES,
  CLIP_RULE_RUNS_LIMIT,
  type ClipRuleRunsResponse,
  clipRuleIdParams,
  clipRulePaths,
  clipRuleRunsResponse,
} from '@regie/contract/clip-rules';
import { renderMessage } from '@regie/contract/messages.render';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clipRuleRuns } from '../db/clip-rules.table.ts';
import { events, markers } from '../db/events.table.ts';
import { HttpError, notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { onMarkerCommitted } from '../markers/markers.published.ts';
import { assertMayRead } from '../resources/resources.access.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { clipRulesEntry } from './clip-rules.resource.ts';
import { applyClipRules } from './clip-rules.service.ts';

export interface ClipRulesRoutesOptions {
  engine: Engine;
  guards: Guards;
}

/**
 * Clip rules beyond the engine's CRUD: every committed marker change (by hand, by an import or a
 * feed, through markers.published.ts) applies the account's rules at once, and GET
 * clip-rules/{id}/runs says what became of each marker. The workers' sweep
 * (clip-rules.sweep.ts) is what survives a crash between a marker's commit and its runs.
 */
export const clipRulesRoutes: FastifyPluginAsyncZod<ClipRulesRoutesOptions> = async (app, { engine, guards }) => {
  const { db } = engine;
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const lost = (error: unknown) => {
    if (!closed) app.log.warn({ err: error }, 'clip rules not applied (the sweep will)');
  };
  const apply = (markerId: number) => {
    applyClipRules(db, markerId)
      .then((next) => {
        if (!next || closed) return;
        // A live clip waits for the seconds after its marker; the sweep makes it if this process stops.
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            if (!closed) apply(markerId);
          },
          Math.max(0, next.getTime() - Date.now()) + 50,
        );
        timer.unref();
        timers.add(timer);
      })
      .catch(lost);
  };
  const stop = onMarkerCommitted(db, (change, marker) => {
    if (change !== 'deleted' && marker.markerTypeId !== null) apply(marker.id);
  });
  app.addHook('onClose', async () => {
    closed = true;
    stop();
    for (const timer of timers) clearTimeout(timer);
  });

  app.get(
    clipRulePaths.runs(':id'),
    {
      onRequest: guards.requireRule(clipRulesEntry.definition.access.read),
      schema: {
        tags: ['clip-rules'],
        security: BEARER,
        summary: 'What became of each marker under a clip rule, newest first',
        description:
          'One run per marker that matched the rule: waiting (a live clip waits for the seconds after its marker), ' +
          'made (clipVideoId: the clip, cut by the usual clip jobs), skipped (nothing to cut from) or failed (error).',
        params: clipRuleIdParams,
        response: { 200: clipRuleRunsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request): Promise<ClipRuleRunsResponse> => {
      const auth = authOf(request);
      assertMayRead(clipRulesEntry.definition, auth);
      try {
        await findVisible(engine, clipRulesEntry, auth, request.params.id);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) {
          throw notFound(CLIP_RULE_MESSAGES.ruleNotFound(request.params.id));
        }
        throw error;
      }
      const rows = await db
        .select({
          run: clipRuleRuns,
          markerLabel: markers.label,
          markerTime: markers.timeSeconds,
          eventName: events.name,
        })
        .from(clipRuleRuns)
        .innerJoin(markers, eq(markers.id, clipRuleRuns.markerId))
        .innerJoin(events, eq(events.id, clipRuleRuns.eventId))
        .where(eq(clipRuleRuns.ruleId, request.params.id))
        .orderBy(desc(clipRuleRuns.createdAt), desc(clipRuleRuns.id))
        .limit(CLIP_RULE_RUNS_LIMIT);
      return {
        data: rows.map(({ run, markerLabel, markerTime, eventName }) => ({
          id: run.id,
          ruleId: run.ruleId,
          markerId: run.markerId,
          markerLabel,
          markerTimeSeconds: markerTime,
          eventId: run.eventId,
          eventName,
          state: run.state,
          clipVideoId: run.clipVideoId,
          error: run.error ? renderMessage(run.error, auth.language) : null,
          createdAt: run.createdAt.toISOString(),
        })),
      };
    },
  );
};
