import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { recordId } from '@regie/contract/accounts';
import { errorBody } from '@regie/contract/auth';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { sports } from '../db/sports.table.ts';
import { notFound } from '../http/http.errors.ts';
import { fileResponse } from '../http/media.schema.ts';
import { PUBLIC } from '../http/responses.schema.ts';

/** Sprites are small and never change while the server runs: read each file once. */
const spriteCache = new Map<string, Promise<string>>();

function readSprite(folder: string, filename: string): Promise<string> {
  const path = join(folder, basename(filename));
  let sprite = spriteCache.get(path);
  if (!sprite) {
    sprite = readFile(path, 'utf8');
    spriteCache.set(path, sprite);
    sprite.catch(() => spriteCache.delete(path));
  }
  return sprite;
}

/**
 * Spec §7: sport icon sprites at {assets host}/markers/{sportId}/{filename}. Public, like any
 * static asset: an <svg><use href> cannot send a token.
 */
export const markersRoutes: FastifyPluginAsyncZod<{ db: Db; spritesFolder: string }> = async (
  app,
  { db, spritesFolder },
) => {
  app.get(
    '/assets/markers/:sportId/:filename',
    {
      schema: {
        tags: ['sports'],
        security: PUBLIC,
        summary: "A sport's SVG icon sprite",
        params: z.object({ sportId: recordId, filename: z.string() }),
        response: { 200: fileResponse('The SVG sprite', ['image/svg+xml']), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { sportId, filename } = request.params;
      const [sport] = await db.select().from(sports).where(eq(sports.id, sportId)).limit(1);
      if (!sport?.svgSpriteFilename || sport.svgSpriteFilename !== filename) {
        throw notFound(HTTP_MESSAGES.noSprite(filename, sportId));
      }
      const sprite = await readSprite(spritesFolder, sport.svgSpriteFilename).catch(() => {
        throw notFound(HTTP_MESSAGES.noSprite(filename, sportId));
      });
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(sprite);
    },
  );
};
