import { GEO_MODULE } from '@regie/contract/geo';
import { PLAYBACK_SETTINGS_RULE, playbackPaths } from '@regie/contract/playback';
import {
  type PlaybackSettings,
  type PlaybackSettingsResponse,
  playbackSettings,
  playbackSettingsResponse,
} from '@regie/contract/playback.schemas';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { diffFields } from '../audit/audit.rows.ts';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import type { GeoGate } from '../geo/geo.gate.ts';
import { storedGeoSettings } from '../geo/geo.policy.ts';
import type { CacheBook } from '../http/http.cache.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';

const common = { tags: ['playback'], security: BEARER };

/** The account's playback settings as stored in its config (each key read through its schema: a missing one is its default). */
async function storedSettings(db: Db, accountId: number): Promise<PlaybackSettings> {
  const [row] = await db.select({ config: accounts.config }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return { geoBlocking: storedGeoSettings(row?.config) };
}

/**
 * GET/PUT playback-settings (contract playback.ts): where the account's fans may watch (geo
 * blocking; the paywall, watermark, white label and advertising join it). Stored in the account's
 * config, audited as a change of the account; the account's public answers kept in memory are
 * dropped at once (its write on this process; the others' keep theirs a second at most).
 */
export const playbackRoutes: FastifyPluginAsyncZod<{
  db: Db;
  guards: Guards;
  geo: GeoGate;
  caches: CacheBook;
}> = async (app, { db, guards, geo, caches }) => {
  const onRequest = guards.requireRule(PLAYBACK_SETTINGS_RULE);
  const answer = (settings: PlaybackSettings, modules: readonly string[]): PlaybackSettingsResponse => ({
    ...settings,
    modules: { geoBlocking: modules.includes(GEO_MODULE) },
    geoDatabase: geo.database(),
  });

  app.get(
    playbackPaths.settings,
    {
      onRequest,
      schema: {
        ...common,
        summary: "The account's playback settings: where its fans may watch",
        response: { 200: playbackSettingsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { account } = authOf(request);
      return answer(await storedSettings(db, account.id), account.modules);
    },
  );

  app.put(
    playbackPaths.settings,
    {
      onRequest,
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: "Changes the account's playback settings (every section given whole)",
        description:
          'geoBlocking: `allow` only the countries listed, or `block` those listed (ISO codes); addresses without ' +
          'a country (loopback, private networks) follow `unknownAddresses`. Applies to every page of the account ' +
          'at once, except where an event, conference, video or live input has a rule of its own.',
        body: playbackSettings,
        response: { 200: playbackSettingsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { account } = authOf(request);
      const next = request.body;
      await transaction(db, async (tx) => {
        const before = await storedSettings(tx, account.id);
        await tx
          .update(accounts)
          .set({
            config: sql`${accounts.config} || ${JSON.stringify({ geoBlocking: next.geoBlocking })}::jsonb`,
            updatedAt: new Date(),
          })
          .where(eq(accounts.id, account.id));
        const changes = diffFields(before, next, ['geoBlocking']);
        if (Object.keys(changes).length > 0) {
          await writeAudit(tx, auditSourceOf(request), {
            accountId: account.id,
            resource: 'accounts',
            resourceId: account.id,
            action: 'update',
            changes,
          });
        }
      });
      caches.forget(account.id);
      return answer(next, account.modules);
    },
  );
};
