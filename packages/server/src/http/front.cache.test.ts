import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerCompression } from './compress.plugin.ts';
import { createFrontCache, type FrontCache, frontServerFactory } from './front.cache.ts';
import { registerRequestIds } from './request-id.hook.ts';

/**
 * The front cache on a real HTTP server in front of a real Fastify app: what a route keeps is
 * answered before Fastify (its handler not called again) until its life ends, its source
 * changes or its account writes; what may differ between askers is never kept.
 */

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject).end();
  });
}

/**
 * An app with a kept route `/page/:id` (account 1, tag `page:<id>`), answering `text` (public
 * unless `cacheControl` says otherwise) and counting its handler's calls.
 */
async function serve(options: {
  now?: () => number;
  cacheControl?: string;
  valid?: () => boolean;
  admit?: (request: IncomingMessage) => boolean;
  text?: string;
  vary?: string;
}) {
  const front = createFrontCache(options.now);
  const made = Fastify({ serverFactory: frontServerFactory(front) });
  registerRequestIds(made);
  await registerCompression(made);
  const calls = { count: 0 };
  made.get<{ Params: { id: string } }>('/page/:id', { onSend: front.keeper }, async (request, reply) => {
    calls.count += 1;
    if (request.params.id === 'missing') return reply.code(404).send({ message: 'no such page' });
    front.keep(request, {
      accountId: 1,
      query: ['lang'],
      tag: `page:${request.params.id}`,
      ttlMs: 1_000,
      ...(options.valid ? { valid: options.valid } : {}),
      ...(options.admit ? { admit: options.admit } : {}),
    });
    if (options.vary) reply.header('vary', options.vary);
    return reply
      .header('cache-control', options.cacheControl ?? 'public, max-age=1')
      .header('etag', '"v1"')
      .type('application/json; charset=utf-8')
      .send(options.text ?? JSON.stringify({ page: request.params.id, n: calls.count }));
  });
  app = made;
  await made.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(made.server.address() as AddressInfo).port}`;
  return { base, front, calls };
}

describe('the front cache', () => {
  it('answers a kept page before Fastify, with its headers and a request id of its own, until its life ends', async () => {
    let now = 0;
    const { base, front, calls } = await serve({ now: () => now });
    const first = await get(`${base}/page/7?lang=fr`);
    const second = await get(`${base}/page/7?lang=fr`);
    expect(calls.count).toBe(1);
    expect(second.status).toBe(200);
    expect(second.body.toString()).toBe(first.body.toString());
    expect(second.headers['cache-control']).toBe('public, max-age=1');
    expect(second.headers.etag).toBe('"v1"');
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    // Another query is another page (the language, the token): its own answer.
    await get(`${base}/page/7?lang=en`);
    expect(calls.count).toBe(2);
    // Its life over: Fastify answers, and the new answer is kept.
    now = 1_000;
    expect(JSON.parse((await get(`${base}/page/7?lang=fr`)).body.toString()).n).toBe(3);
    expect(front.stats()).toMatchObject({ hits: 1, entries: 2 });
    // Forgotten, nothing is held any more.
    front.forget(1);
    expect(front.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('leaves the query parameters a route does not read out of the key: a flood of them is one entry', async () => {
    const { base, front, calls } = await serve({});
    await get(`${base}/page/3?lang=fr`);
    for (let n = 0; n < 50; n += 1) {
      const answer = await get(`${base}/page/3?junk=${n}&lang=fr`);
      expect(answer.status).toBe(200);
    }
    // Answered from the one entry, the handler not called again.
    expect(calls.count).toBe(1);
    expect(front.stats()).toMatchObject({ entries: 1, hits: 50 });
    // A parameter the route reads still names another answer.
    await get(`${base}/page/3?junk=1&lang=en`);
    expect(calls.count).toBe(2);
    expect(front.stats()).toMatchObject({ entries: 2 });
  });

  it('answers 304 to a client that has it, and compresses what is worth it once', async () => {
    const text = JSON.stringify({ chapters: Array.from({ length: 80 }, (_, n) => `Chapter ${n}`) });
    const { base, calls } = await serve({ text });
    await get(`${base}/page/1`);
    const notModified = await get(`${base}/page/1`, { 'if-none-match': '"v1"' });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    const brotli = await get(`${base}/page/1`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(text);
    const gzip = await get(`${base}/page/1`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(text);
    const plain = await get(`${base}/page/1`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(text);
    expect(calls.count).toBe(1);
  });

  it('drops an entry when its source changed, its tag or its account is forgotten', async () => {
    let current = true;
    const { base, front, calls } = await serve({ valid: () => current });
    await get(`${base}/page/1`);
    await get(`${base}/page/1`);
    expect(calls.count).toBe(1);
    current = false;
    await get(`${base}/page/1`);
    expect(calls.count).toBe(2);
    current = true;
    await get(`${base}/page/2`);
    front.forget(1, 'page:2');
    await get(`${base}/page/2`);
    expect(calls.count).toBe(4);
    await get(`${base}/page/1`);
    expect(calls.count).toBe(4);
    front.forget(2);
    await get(`${base}/page/1`);
    expect(calls.count).toBe(4);
    front.forget(1);
    await get(`${base}/page/1`);
    expect(calls.count).toBe(5);
  });

  it('serves a kept answer only to whom it admits (geo blocking), leaving the entry for the others', async () => {
    const { base, calls } = await serve({ admit: (request) => request.headers['x-country'] !== 'DE' });
    await get(`${base}/page/1`, { 'x-country': 'FR' });
    await get(`${base}/page/1`, { 'x-country': 'FR' });
    expect(calls.count).toBe(1);
    // Not admitted: Fastify answers (and would refuse), the entry stays for the admitted.
    await get(`${base}/page/1`, { 'x-country': 'DE' });
    expect(calls.count).toBe(2);
    await get(`${base}/page/1`, { 'x-country': 'BE' });
    expect(calls.count).toBe(2);
  });

  it('never keeps an error, a private answer, or answers anything but a plain GET of it', async () => {
    const missing = await serve({});
    await get(`${missing.base}/page/missing`);
    await get(`${missing.base}/page/missing`);
    expect(missing.calls.count).toBe(2);
    await get(`${missing.base}/page/3`);
    // A request naming an API version is left to Fastify (which checks it), HEAD too.
    await get(`${missing.base}/page/3`, { 'accept-version': 'v6' });
    await get(`${missing.base}/page/3`, {}, 'HEAD');
    expect(missing.calls.count).toBe(5);
    await app?.close();

    const own = await serve({ cacheControl: 'private, no-cache' });
    await get(`${own.base}/page/3`);
    await get(`${own.base}/page/3`);
    expect(own.calls.count).toBe(2);
    expect(own.front.stats().entries).toBe(0);
    await app?.close();

    // Varying by who asks: not one answer for everyone.
    const varying = await serve({ vary: 'Authorization' });
    await get(`${varying.base}/page/3`);
    await get(`${varying.base}/page/3`);
    expect(varying.calls.count).toBe(2);
    expect(varying.front.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});

describe('the front server', () => {
  it('keeps Fastify’s time limits', () => {
    const front: FrontCache = createFrontCache();
    const server = frontServerFactory(front)(() => undefined, { keepAliveTimeout: 72_000, requestTimeout: 30_000 });
    expect(server.keepAliveTimeout).toBe(72_000);
    expect(server.requestTimeout).toBe(30_000);
  });
});
