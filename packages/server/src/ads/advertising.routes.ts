import {
  AD_BREAK_RULE,
  ADVERTISING_MESSAGES,
  ADVERTISING_SETTINGS_RULE,
  advertisingPaths,
} from '@regie/contract/advertising';
import {
  type AdvertisingSettings,
  adBreak,
  adBreakBody,
  adBreaksResponse,
  advertisingSettings,
} from '@regie/contract/advertising.schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { diffFields } from '../audit/audit.rows.ts';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import { accounts } from '../db/accounts.table.ts';
import { adBreaks } from '../db/ad-breaks.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { transaction } from '../db/transactions.ts';
import type { CacheBook } from '../http/http.cache.ts';
import { HttpError, notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { latestAdBreaks, presentAdBreak, secondsLeft } from './ad-breaks.service.ts';
import { storedAdvertisingOf } from './advertising.settings.ts';

const common = { tags: ['playback'], security: BEARER };
const eventParams = z.object({ id: z.coerce.number().int().positive() });

async function accountSettings(db: Db, accountId: number): Promise<AdvertisingSettings> {
  const [row] = await db.select({ config: accounts.config }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return storedAdvertisingOf(row?.config);
}

/** The event of the request's account (another account's is not found, as everywhere). */
async function scopedEvent(db: Db, accountId: number, id: number) {
  const [event] = await db
    .select({ id: events.id, state: events.state })
    .from(events)
    .where(and(eq(events.id, id), eq(events.accountId, accountId)))
    .limit(1);
  if (!event) throw notFound(ADVERTISING_MESSAGES.eventNotFound(id));
  return event;
}

/**
 * ADVERTISING (contract advertising.ts): the account's tag (a section of the Playback settings,
 * stored in its config and audited as a change of the account), and a live event's ad breaks,
 * marked from the control room and written into its program's playlists (live/program.media.ts).
 */
export const advertisingRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; caches: CacheBook }> = async (
  app,
  { db, guards, caches },
) => {
  const onSettings = guards.requireRule(ADVERTISING_SETTINGS_RULE);
  const onBreaks = guards.requireRule(AD_BREAK_RULE);

  app.get(
    advertisingPaths.settings,
    {
      onRequest: onSettings,
      schema: {
        ...common,
        summary: "The account's ad tag",
        response: { 200: advertisingSettings, ...errorResponses(401, 403) },
      },
    },
    async (request) => accountSettings(db, authOf(request).account.id),
  );

  app.put(
    advertisingPaths.settings,
    {
      onRequest: onSettings,
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: "Changes the account's ad tag",
        description:
          'tagUrl: a VAST or VMAP document (http or https; a path under /local-ads/ names the local ad server), ' +
          'null for no ads. Ads play on the events that switch ADVERTISING on, from their own tag if they have one.',
        body: advertisingSettings,
        response: { 200: advertisingSettings, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { account } = authOf(request);
      const next = request.body;
      await transaction(db, async (tx) => {
        const before = await accountSettings(tx, account.id);
        const changes = diffFields({ ...before }, { ...next }, ['tagUrl']);
        if (Object.keys(changes).length === 0) return;
        await tx
          .update(accounts)
          .set({
            config: sql`${accounts.config} || ${JSON.stringify({ advertising: next })}::jsonb`,
            updatedAt: new Date(),
          })
          .where(eq(accounts.id, account.id));
        await writeAudit(tx, auditSourceOf(request), {
          accountId: account.id,
          resource: 'accounts',
          resourceId: account.id,
          action: 'update',
          changes: { advertising: { before: before.tagUrl, after: next.tagUrl } },
        });
      });
      // The pages' data kept in front carry the tag.
      caches.forget(account.id);
      return next;
    },
  );

  app.get(
    advertisingPaths.adBreaks(':id'),
    {
      onRequest: onBreaks,
      schema: {
        ...common,
        summary: "A live event's ad breaks, the running one first",
        params: eventParams,
        response: { 200: adBreaksResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { account } = authOf(request);
      const event = await scopedEvent(db, account.id, request.params.id);
      const rows = await latestAdBreaks(db, event.id);
      const now = new Date();
      const running = rows.find((row) => row.startsAt <= now && secondsLeft(row, now) > 0) ?? null;
      return { running: running && presentAdBreak(running), data: rows.map(presentAdBreak) };
    },
  );

  app.post(
    advertisingPaths.adBreaks(':id'),
    {
      onRequest: onBreaks,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Marks an ad break in a live event, starting now',
        description:
          'The program playlists (live and DVR) carry it as EXT-X-DATERANGE (CLASS com.regie.ad-break): ' +
          'SCTE35-OUT from its start with PLANNED-DURATION, SCTE35-IN once it is over. 409 when the event is ' +
          'not live or a break is running.',
        params: eventParams,
        body: adBreakBody,
        response: { 201: adBreak, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const event = await scopedEvent(db, auth.account.id, request.params.id);
      if (event.state !== 'live') throw new HttpError(409, ADVERTISING_MESSAGES.notLive);
      const now = new Date();
      const row = await transaction(db, async (tx) => {
        // The event's row locked: two operators pressing at once make one break.
        await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for('update');
        const [last] = await latestAdBreaks(tx, event.id, 1);
        if (last && secondsLeft(last, now) > 0) {
          throw new HttpError(409, ADVERTISING_MESSAGES.breakRunning(secondsLeft(last, now)));
        }
        const [created] = await tx
          .insert(adBreaks)
          .values({
            accountId: auth.account.id,
            eventId: event.id,
            startsAt: now,
            durationSeconds: request.body.durationSeconds,
            createdBy: auth.user.id,
          })
          .returning();
        if (!created) throw new Error('ad break not stored');
        await writeAudit(tx, auditSourceOf(request), {
          accountId: auth.account.id,
          resource: 'events',
          resourceId: event.id,
          action: 'update',
          changes: { adBreak: { before: null, after: { id: created.id, durationSeconds: created.durationSeconds } } },
        });
        return created;
      });
      return reply.code(201).send(presentAdBreak(row));
    },
  );
};
