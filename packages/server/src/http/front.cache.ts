import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { HEADER_ACCEPT_VERSION } from '@regie/contract/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isCompressible } from './compress.plugin.ts';
import { REQUEST_ID_HEADER } from './request-id.hook.ts';

/**
 * The front of the fan side's public reads (issue 28): a crowd asks for the same few URLs (an
 * embed page's data, its chat read, a live input's playlists) thousands of times a second, and
 * each answer is the same for everyone until something changes. The route answers once through
 * Fastify and says it may be kept (`keep`); the answer, as it left (status 200, its headers and
 * bytes, its ETag), is then served by the HTTP server itself for its life, before Fastify's
 * routing, hooks and serialisation: a request line looked up in a map, the bytes written. What a
 * CDN in front would do, in the process, so that one process serves a crowd without one.
 *
 * Kept only what cannot differ between askers: GETs of routes that opt in (public data named by
 * their URL's token, never a fan's own data), a 200 whose Cache-Control is `public` and that sets
 * no cookie. The key is the path and the query parameters the route reads (its `query`: the
 * language, a media token), in a fixed order: parameters a route ignores (`?x=1`, `?x=2`…) do not
 * make entries of their own, so a flood of them neither grows the map nor empties it. A request
 * that names an API version is left to Fastify (it checks it). Each entry lives at most
 * its route's `ttlMs` (the micro-cache's second, or half a live segment) and is dropped at once
 * when its account writes (CacheBook.forget) or its source changes (`forget(account, tag)`, or
 * its `valid()` check, for a live playlist's next segment). Conditional requests get 304 by the
 * ETag; bodies worth it are compressed once per entry (brotli or gzip, as @fastify/compress would).
 */

/**
 * The key of a request line: its path and, in name order, its query parameters that are in
 * `names`. The keeper passes its route's own names; a lookup passes every name a kept route has
 * declared, so an extra parameter of another route makes a miss (Fastify answers), never a hit on
 * an answer it could change.
 */
export function frontKey(url: string, names: ReadonlySet<string>): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const named = [...new URLSearchParams(url.slice(at + 1))].filter(([name]) => names.has(name));
  if (named.length === 0) return url.slice(0, at);
  named.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return `${url.slice(0, at)}?${new URLSearchParams(named).toString()}`;
}

/** Bodies from this size are compressed, as @fastify/compress is set up (compress.plugin.ts). */
const COMPRESS_FROM_BYTES = 1024;
const MAX_ENTRIES = 5_000;
/** Bytes of kept bodies (and their compressed forms): a 2-hour DVR playlist of 1 s segments is ~0.6 MB. */
const MAX_BYTES = 64 * 1024 * 1024;
/** Headers of the kept answer that belong to its one response, not to the entry. */
const PER_RESPONSE = new Set([REQUEST_ID_HEADER, 'date', 'connection', 'keep-alive', 'content-length', 'vary']);

export interface KeepOptions {
  accountId: number;
  /** The query parameters the answer depends on (the route's querystring keys); the others are left out of the key. */
  query: readonly string[];
  /** What it shows (`embed:events:12`, `live:7`): `forget(accountId, tag)` drops its entries. */
  tag: string;
  ttlMs: number;
  /** Checked at each hit: false once the source changed (the entry is dropped, Fastify answers). */
  valid?: () => boolean;
  /**
   * Checked at each hit: whether this asker may have the kept answer (geo blocking: their
   * country). False leaves the entry for others and lets Fastify answer this one (451).
   */
  admit?: (request: IncomingMessage) => boolean;
}

interface Entry {
  accountId: number;
  tag: string;
  expiresAt: number;
  valid: (() => boolean) | undefined;
  admit: ((request: IncomingMessage) => boolean) | undefined;
  etag: string | undefined;
  /** The kept headers, without the per-response ones (copied at each hit). */
  headers: Readonly<Record<string, string>>;
  body: Buffer;
  compressible: boolean;
  variants: Map<'br' | 'gzip', Buffer>;
}

export interface FrontCache {
  /** Answers the request from memory when a fresh entry has it (200, or 304); false otherwise. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /** Says the route's answer to this request may be kept (if it is a public 200). */
  keep(request: FastifyRequest, options: KeepOptions): void;
  /** The onSend hook of a route that keeps answers: the route's own last one, before compression. */
  keeper(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
  /** Drops the account's entries (of one tag, or all). */
  forget(accountId: number, tag?: string): void;
  /** Entries kept, answers served from them since the start, bytes kept. */
  stats(): { entries: number; hits: number; bytes: number };
}

/** True when If-None-Match names this ETag (a list, a weak form or `*`). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

function encodingFor(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  if (typeof acceptEncoding !== 'string') return null;
  // Browsers send `gzip, deflate, br, zstd`; a q=0 refusal is rare enough to leave to Fastify's path.
  if (acceptEncoding.includes('q=0')) return null;
  if (acceptEncoding.includes('br')) return 'br';
  return acceptEncoding.includes('gzip') ? 'gzip' : null;
}

function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipSync(body, { level: 6 });
}

export function createFrontCache(now: () => number = () => performance.now()): FrontCache {
  const entries = new Map<string, Entry>();
  /** Every query parameter a kept route reads: what a lookup keeps of a request line. */
  const declared = new Set<string>();
  const asked = new WeakMap<FastifyRequest, KeepOptions>();
  /** The keys of each account's entries: forgetting an account reads its own, not the whole map. */
  const byAccount = new Map<number, Set<string>>();
  let hits = 0;
  let bytes = 0;

  const sizeOf = (entry: Entry) => {
    let size = entry.body.length;
    for (const variant of entry.variants.values()) size += variant.length;
    return size;
  };
  const drop = (key: string, entry: Entry) => {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    byAccount.get(entry.accountId)?.delete(key);
    bytes -= sizeOf(entry);
  };
  /** Room for `size` more bytes and one more entry: the expired ones go, then (still too full) all. */
  const makeRoom = (size: number) => {
    if (entries.size < MAX_ENTRIES && bytes + size <= MAX_BYTES) return;
    const at = now();
    for (const [key, entry] of entries) if (at >= entry.expiresAt) drop(key, entry);
    if (entries.size < MAX_ENTRIES && bytes + size <= MAX_BYTES) return;
    entries.clear();
    byAccount.clear();
    bytes = 0;
  };

  return {
    serve(request, response) {
      if (entries.size === 0 || request.method !== 'GET') return false;
      const key = frontKey(request.url ?? '', declared);
      const entry = entries.get(key);
      if (!entry || request.headers[HEADER_ACCEPT_VERSION] !== undefined) return false;
      if (now() >= entry.expiresAt || (entry.valid && !entry.valid())) {
        drop(key, entry);
        return false;
      }
      if (entry.admit && !entry.admit(request)) return false;
      hits += 1;
      const headers: OutgoingHttpHeaders = { ...entry.headers, [REQUEST_ID_HEADER]: randomUUID() };
      if (entry.compressible) headers.vary = 'accept-encoding';
      if (entry.etag && matches(request.headers['if-none-match'], entry.etag)) {
        delete headers['content-type'];
        response.writeHead(304, headers);
        response.end();
        return true;
      }
      const encoding = entry.compressible ? encodingFor(request.headers['accept-encoding']) : null;
      let body = entry.body;
      if (encoding) {
        const made = entry.variants.get(encoding);
        if (made) body = made;
        else {
          // Once per entry and encoding; counted in the budget (the entry is still the map's here).
          body = compress(entry.body, encoding);
          entry.variants.set(encoding, body);
          bytes += body.length;
        }
      }
      if (encoding) headers['content-encoding'] = encoding;
      headers['content-length'] = body.length;
      response.writeHead(200, headers);
      response.end(body);
      return true;
    },

    keep(request, options) {
      asked.set(request, options);
    },

    async keeper(request, reply, payload) {
      const options = asked.get(request);
      if (!options || request.method !== 'GET' || reply.statusCode !== 200) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const headers = reply.getHeaders();
      const cacheControl = String(headers['cache-control'] ?? '');
      if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store)\b/.test(cacheControl)) return payload;
      if (headers['set-cookie'] !== undefined || headers['content-encoding'] !== undefined) return payload;
      // An answer that varies by anything but the encoding (Authorization, a language header) is not one answer.
      const vary = String(headers.vary ?? '').toLowerCase();
      if (vary.split(',').some((name) => name.trim() !== '' && name.trim() !== 'accept-encoding')) return payload;
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined || PER_RESPONSE.has(name)) continue;
        kept[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
      for (const name of options.query) declared.add(name);
      const key = frontKey(request.raw.url ?? request.url, new Set(options.query));
      const old = entries.get(key);
      if (old) drop(key, old);
      makeRoom(body.length);
      bytes += body.length;
      const keys = byAccount.get(options.accountId) ?? new Set<string>();
      byAccount.set(options.accountId, keys.add(key));
      entries.set(key, {
        accountId: options.accountId,
        tag: options.tag,
        expiresAt: now() + options.ttlMs,
        valid: options.valid,
        admit: options.admit,
        etag: typeof headers.etag === 'string' ? headers.etag : undefined,
        headers: kept,
        body,
        compressible: body.length >= COMPRESS_FROM_BYTES && isCompressible(String(headers['content-type'] ?? '')),
        variants: new Map(),
      });
      return payload;
    },

    forget(accountId, tag) {
      for (const key of byAccount.get(accountId) ?? []) {
        const entry = entries.get(key);
        if (entry && (tag === undefined || entry.tag === tag)) drop(key, entry);
      }
    },

    stats: () => ({ entries: entries.size, hits, bytes }),
  };
}

/** What Fastify passes a server factory: its handler, and its settled options. */
interface ServerOptions {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * Fastify's `serverFactory`: Node's HTTP server as Fastify makes it (its time limits), whose
 * requests go to the front cache first and to Fastify when it has no fresh answer.
 */
export function frontServerFactory(front: FrontCache) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void, options: ServerOptions): Server => {
    const server = createServer((request, response) => {
      if (!front.serve(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket && options.maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    }
    return server;
  };
}
