import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isApiPath } from '@regie/contract/api';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/http.errors.ts';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Regie</title></head>
<body><h1>Regie</h1><p>The web app is not built. Run <code>npm run build</code>, then restart the server.
The API is up: see <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/** Vite's hashed bundles: a new build gets new names, so they may be cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** A path that names a file (`/logo.png`) rather than a screen (`/account/users/list`). */
function looksLikeFile(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path.split('/').pop() ?? '');
}

/**
 * Serves the built web app, with a single-page-app fallback: any GET that is neither an API path
 * nor a file answers index.html, so a reload on /account/users/list works. Under an API prefix,
 * an unknown route is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      cacheControl: false,
      // The build writes .br and .gz beside each text file (web/vite.config.ts): chosen by
      // Accept-Encoding, so no request ever pays for compressing a file.
      preCompressed: true,
      setHeaders: (reply, path) => {
        const isAsset = path.includes(`${sep}assets${sep}`);
        reply.header('cache-control', isAsset ? IMMUTABLE : NO_CACHE);
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    built
      ? reply.header('cache-control', NO_CACHE).sendFile('index.html')
      : reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);

  if (!built) app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (isPage && !looksLikeFile(request.url)) return sendIndex(reply);
    throw notFound(HTTP_MESSAGES.routeNotFound(request.method, request.url.split('?')[0] ?? ''));
  });
}
