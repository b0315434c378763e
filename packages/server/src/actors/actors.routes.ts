import { recordId } from '@regie/contract/accounts';
import { paths } from '@regie/contract/api';
import { challengerAppearance } from '@regie/contract/resources/challengers';
import { SPEAKERS_CSV_PATH } from '@regie/contract/resources/speakers';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { speakers } from '../db/actors.table.ts';
import { challengerEvents } from '../events/events.appearances.ts';
import { type CsvColumn, csvText, SPREADSHEET_CSV } from '../http/csv.ts';
import { csvResponse } from '../http/media.schema.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { assertMayRead } from '../resources/resources.access.ts';
import { plainJson } from '../resources/resources.http.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import { challengerSearchQuery, recordSearch } from '../resources/search.routes.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { csvFileName } from './speakers.csv.ts';

type SpeakerRow = typeof speakers.$inferSelect;

const SPEAKER_COLUMNS: readonly CsvColumn<SpeakerRow>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'name', value: (row) => row.name },
  { header: 'title', value: (row) => row.title },
  { header: 'company', value: (row) => row.company },
  { header: 'email', value: (row) => row.email },
  { header: 'bio', value: (row) => row.bio },
  { header: 'picture', value: (row) => row.picture },
  { header: 'createdAt', value: (row) => row.createdAt },
  { header: 'updatedAt', value: (row) => row.updatedAt },
];

/**
 * Challengers and speakers beyond the generic engine (spec §7): GET challengers/search,
 * GET challengers/{id}/appearances and GET speakers/account/csv.
 */
export const actorsRoutes: FastifyPluginAsyncZod<{ engine: Engine; guards: Guards }> = async (
  app,
  { engine, guards },
) => {
  const challengers = engine.byName('challengers');
  const speakersEntry = engine.byName('speakers');
  if (!challengers || !speakersEntry) throw new Error('Actors: challengers and speakers must be declared');

  app.get(
    paths.challengersSearch,
    {
      onRequest: guards.requireAuth,
      serializerCompiler: plainJson,
      schema: {
        tags: ['challengers'],
        security: BEARER,
        summary: 'Finds challengers by name or short name, where the text comes first first',
        querystring: challengerSearchQuery,
        response: { 200: z.array(z.record(z.string(), z.unknown())), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => recordSearch(engine, challengers, authOf(request), request.query),
  );

  app.get(
    paths.challengerAppearances(),
    {
      onRequest: guards.requireAuth,
      schema: {
        tags: ['challengers'],
        security: BEARER,
        summary:
          'The events a challenger took part in (listed on the event, or its home or away side), the latest first',
        params: z.object({ id: recordId }),
        response: { 200: z.array(challengerAppearance), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertMayRead(challengers.definition, auth);
      await findVisible(engine, challengers, auth, request.params.id);
      return challengerEvents(engine.db, request.params.id);
    },
  );

  app.get(
    SPEAKERS_CSV_PATH,
    {
      onRequest: guards.requireAuth,
      schema: {
        tags: ['speakers'],
        security: BEARER,
        summary: "Exports the speakers of the request's account as CSV (UTF-8, comma-separated)",
        response: { 200: csvResponse('The speakers, one a line after the header'), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      assertMayRead(speakersEntry.definition, auth);
      const rows = await engine.db
        .select()
        .from(speakers)
        .where(eq(speakers.accountId, auth.account.id))
        .orderBy(asc(speakers.name), asc(speakers.id));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(auth.account.name, new Date())}"`)
        .header('cache-control', 'no-store')
        .serializer((payload: unknown) => String(payload))
        .send(csvText(SPREADSHEET_CSV, SPEAKER_COLUMNS, rows));
    },
  );
};
