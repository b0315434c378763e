import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCAL_AD_EVENTS, localAdsPaths } from '@regie/contract/advertising';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../http/media.schema.ts';
import { errorResponses, PUBLIC } from '../http/responses.schema.ts';
import { localVast, localVmap } from './local-ads.documents.ts';
import { LocalAdHits } from './local-ads.hits.ts';
import { localAdMedia } from './local-ads.media.ts';

export interface LocalAdsOptions {
  /** The server's public address ('' when unset: the request's own origin). */
  publicUrl: string;
  dataDir: string;
  /** Where the hits are kept (a test reads them); a new book by default. */
  hits?: LocalAdHits;
}

const adQuery = z.object({ ad: z.string().trim().min(1).max(100).default('regie-demo') });
const common = { tags: ['local ad server'], security: PUBLIC };
// Ad servers answer players on any site (IAB: VAST over CORS); these hold nothing private.
const CORS = { 'access-control-allow-origin': '*' } as const;

/**
 * The local ad server (contract advertising.ts): what the demo and the tests play, served by
 * Regie itself so nothing leaves the machine. A VAST 4.1 document, a VMAP of a pre-roll and a
 * mid-roll, the ad's media (made once with ffmpeg in the data folder) and the tracking pixels,
 * counted per ad (`?ad=`) in this process's memory and read back at GET /local-ads/hits.
 */
export const localAdsRoutes: FastifyPluginAsyncZod<LocalAdsOptions> = async (app, options) => {
  const hits = options.hits ?? new LocalAdHits();
  const media = localAdMedia(join(options.dataDir, 'local-ads', 'ad.mp4'));
  const origin = (request: FastifyRequest) => options.publicUrl || `${request.protocol}://${request.host}`;
  const xml = 'application/xml; charset=utf-8';

  app.get(
    localAdsPaths.vast,
    {
      schema: {
        ...common,
        summary: 'A VAST 4.1 document: one skippable linear ad',
        querystring: adQuery,
        response: { 200: fileResponse('The VAST document', ['application/xml']), ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      reply
        .headers({ ...CORS, 'cache-control': 'no-store' })
        .type(xml)
        .send(localVast(origin(request), request.query.ad)),
  );

  app.get(
    localAdsPaths.vmap,
    {
      schema: {
        ...common,
        summary: 'A VMAP 1.0 document: a pre-roll and a mid-roll',
        querystring: adQuery,
        response: { 200: fileResponse('The VMAP document', ['application/xml']), ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      reply
        .headers({ ...CORS, 'cache-control': 'no-store' })
        .type(xml)
        .send(localVmap(origin(request), request.query.ad)),
  );

  app.get(
    localAdsPaths.media,
    { schema: { ...common, summary: 'The ad’s media: 5 s of MP4' } },
    async (_request, reply) =>
      reply
        .headers({ ...CORS, 'cache-control': 'public, max-age=86400' })
        .type('video/mp4')
        .send(await readFile(await media())),
  );

  app.get(
    localAdsPaths.track(':event'),
    {
      schema: {
        ...common,
        summary: 'A tracking pixel: counted, 204',
        params: z.object({ event: z.enum(LOCAL_AD_EVENTS) }),
        querystring: adQuery.extend({ code: z.string().max(10).optional() }),
        response: { 204: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      hits.record(request.query.ad, request.params.event);
      return reply
        .headers({ ...CORS, 'cache-control': 'no-store' })
        .code(204)
        .send(null);
    },
  );

  app.get(
    localAdsPaths.hits,
    {
      schema: {
        ...common,
        summary: 'The pixels called for one ad, by event',
        querystring: adQuery,
        response: {
          200: z.object({ ad: z.string(), hits: z.record(z.string(), z.number().int()) }),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send({ ad: request.query.ad, hits: hits.of(request.query.ad) }),
  );
};
