import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { recordId } from '@regie/contract/accounts';
import { errorBody } from '@regie/contract/auth';
import { sportsResource } from '@regie/contract/resources/sports';
import { SPORT_MAP_MESSAGES, sportMapBody, sportMapPath, sportMapResponse } from '@regie/contract/sport-maps';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { diffFields } from '../audit/audit.rows.ts';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import { sportMaps } from '../db/sport-maps.table.ts';
import { transaction } from '../db/transactions.ts';
import { notFound } from '../http/http.errors.ts';
import { fileResponse } from '../http/media.schema.ts';
import { BEARER, errorResponses, PUBLIC } from '../http/responses.schema.ts';
import { PACKAGE_PATHS } from '../package-paths.ts';
import {
  actsForPlatform,
  assertMayChange,
  assertMayRead,
  assertMayWrite,
  mayWrite,
  ownerOf,
} from '../resources/resources.access.ts';
import { plainJson } from '../resources/resources.http.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine, ResourceEntry, Row } from '../resources/resources.types.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { type AuthContext, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { checkMarkerTypes } from './sport-maps.service.ts';

/** Default field drawings shipped with the server, by sport sprite: football.svg → a pitch. */
const FIELDS_FOLDER = join(PACKAGE_PATHS.root, 'assets', 'fields');
const FIELDS_PATH = '/assets/fields';

function defaultBackground(sport: Row): string | null {
  const sprite = typeof sport.svgSpriteFilename === 'string' ? sport.svgSpriteFilename : null;
  return sprite && existsSync(join(FIELDS_FOLDER, sprite)) ? `${FIELDS_PATH}/${sprite}` : null;
}

/** Whether the caller may save this sport's map: the sports write rule, and platform sports for platform admins. */
function canWriteMap(sport: Row, auth: AuthContext, engine: Engine): boolean {
  const entry = engine.byName(sportsResource.name);
  if (!entry || !mayWrite(entry.definition, auth)) return false;
  return sport.accountId !== null || actsForPlatform(auth);
}

interface SportMapRouteContext {
  engine: Engine;
  guards: Guards;
  sportsEntry: ResourceEntry;
}

type App = Parameters<FastifyPluginAsyncZod<{ engine: Engine; guards: Guards }>>[0];

const doc = { tags: ['sports'], security: BEARER };
const params = z.object({ id: recordId });

async function answer(engine: Engine, auth: AuthContext, sport: Row) {
  const [stored] = await engine.db
    .select()
    .from(sportMaps)
    .where(eq(sportMaps.sportId, Number(sport.id)));
  return {
    sportId: Number(sport.id),
    map: stored
      ? {
          background: stored.background,
          lengthMeters: stored.lengthMeters,
          widthMeters: stored.widthMeters,
          zones: stored.zones,
        }
      : null,
    defaultBackgroundUrl: defaultBackground(sport),
    canWrite: canWriteMap(sport, auth, engine),
    updatedAt: stored ? stored.updatedAt.toISOString() : null,
  };
}

function getMapRoute(app: App, { engine, guards, sportsEntry }: SportMapRouteContext): void {
  app.get(
    sportMapPath(':id'),
    {
      onRequest: guards.requireAuth,
      serializerCompiler: plainJson,
      schema: {
        ...doc,
        summary: "A sport's field map: background, size in metres, zones",
        params,
        response: { 200: sportMapResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertMayRead(sportsEntry.definition, auth);
      return answer(engine, auth, await findVisible(engine, sportsEntry, auth, request.params.id));
    },
  );
}

function putMapRoute(app: App, { engine, guards, sportsEntry }: SportMapRouteContext): void {
  app.put(
    sportMapPath(':id'),
    {
      onRequest: guards.requireAuth,
      // The sport's entry (its `map.*` fields) only when the map changes: the same map again has none.
      config: { audit: 'entry-if-changed' },
      serializerCompiler: plainJson,
      schema: {
        ...doc,
        summary: "Replaces a sport's field map (an account's own sports; platform sports: platform admins)",
        params,
        body: sportMapBody,
        response: { 200: sportMapResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertMayWrite(sportsEntry.definition, auth);
      const sport = await findVisible(engine, sportsEntry, auth, request.params.id);
      assertMayChange(sportsEntry, auth, sport);
      const map = request.body;
      await checkMarkerTypes(engine, sport, map.zones);
      const values = { ...map, sportId: Number(sport.id) };
      await transaction(engine.db, async (tx) => {
        const [before] = await tx.select().from(sportMaps).where(eq(sportMaps.sportId, values.sportId)).for('update');
        await tx
          .insert(sportMaps)
          .values(values)
          .onConflictDoUpdate({ target: sportMaps.sportId, set: { ...map, updatedAt: new Date() } });
        const changes = diffFields(mapFields(before ?? null), mapFields(map), [
          'map.background',
          'map.lengthMeters',
          'map.widthMeters',
          'map.zones',
        ]);
        if (Object.keys(changes).length === 0) return;
        await writeAudit(tx, auditSourceOf(request), {
          accountId: ownerOf(sportsEntry, sport),
          resource: sportsEntry.definition.name,
          resourceId: values.sportId,
          action: 'update',
          changes,
        });
      });
      return answer(engine, auth, sport);
    },
  );
}

/** A sport's map as its entry names the fields (`map.zones`…); none before the first save. */
function mapFields(
  map: Pick<typeof sportMaps.$inferSelect, 'background' | 'lengthMeters' | 'widthMeters' | 'zones'> | null,
) {
  return map === null
    ? null
    : {
        'map.background': map.background,
        'map.lengthMeters': map.lengthMeters,
        'map.widthMeters': map.widthMeters,
        'map.zones': map.zones,
      };
}

function fieldDrawingRoute(app: App): void {
  app.get(
    `${FIELDS_PATH}/:file`,
    {
      schema: {
        tags: ['sports'],
        security: PUBLIC,
        summary: 'A default field drawing (public, like the sport sprites)',
        params: z.object({ file: z.string().regex(/^[a-z-]+\.svg$/) }),
        response: { 200: fileResponse('The SVG drawing', ['image/svg+xml']), 404: errorBody },
      },
    },
    async (request, reply) => {
      const drawing = await readFile(join(FIELDS_FOLDER, request.params.file), 'utf8').catch(() => {
        throw notFound(SPORT_MAP_MESSAGES.noDrawing);
      });
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(drawing);
    },
  );
}

/**
 * GET/PUT /main-api/sports/{id}/map (contract sport-maps.ts): the map follows its sport's rules,
 * read by whoever reads the sport, written by whoever may change it. GET /assets/fields/{file}:
 * the default drawings.
 */
export const sportMapsRoutes: FastifyPluginAsyncZod<{ engine: Engine; guards: Guards }> = async (
  app,
  { engine, guards },
) => {
  app.addHook('preValidation', ignoreClientAccountKeys);
  const sportsEntry = engine.byName(sportsResource.name);
  if (!sportsEntry) throw new Error('Sport maps: sports must be served');
  getMapRoute(app, { engine, guards, sportsEntry });
  putMapRoute(app, { engine, guards, sportsEntry });
  fieldDrawingRoute(app);
};
