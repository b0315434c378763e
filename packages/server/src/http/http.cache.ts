import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createFrontCache, type FrontCache, matches } from './front.cache.ts';

/**
 * Caching of the fan side (issue 28): the embed page's data and its chat read are the same for
 * every viewer of a page, so one process answers a crowd from memory and a CDN in front can
 * answer the rest; what depends on the signed-in fan is cacheable by that fan's browser only.
 *
 * - `PUBLIC_SHORT`: shared caches keep it `sMaxAge` seconds and may serve it stale while they
 *   ask again for `staleWhileRevalidate` more; browsers ask every time (max-age=0) with the ETag.
 * - `PRIVATE_REVALIDATE`: the fan's own data (Authorization): never in a shared cache; the
 *   browser keeps it and asks again with its ETag every time (304 when unchanged).
 * - Signed media URLs stay the same for MEDIA_TOKEN_STEP_SECONDS (videos/media.tokens.ts), so the
 *   data holding them keeps its ETag within that step.
 */
export const PUBLIC_SHORT = 'public, max-age=0, s-maxage=2, stale-while-revalidate=10';
export const PRIVATE_REVALIDATE = 'private, no-cache';

/** How long a process keeps a public answer in memory before reading the database again. */
export const MICRO_CACHE_MS = 1_000;

const ETAG_MEMO_SIZE = 2_000;
/** ETags of recent answers by their text (a cached answer is the same string instance). */
const etags = new Map<string, string>();

/** A strong ETag of an answer's bytes. */
export function etagOf(text: string): string {
  let etag = etags.get(text);
  if (etag === undefined) {
    etag = `"${createHash('sha1').update(text).digest('base64url').slice(0, 22)}"`;
    if (etags.size >= ETAG_MEMO_SIZE) etags.clear();
    etags.set(text, etag);
  }
  return etag;
}

/**
 * An onSend hook for a GET answering JSON: names the answer with its ETag and the route's
 * Cache-Control (and Vary), and answers 304 without a body when the client already has it. Only
 * successful answers: an error is never cached.
 */
export function conditionalGet(cacheControl: string, vary?: string) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag).header('cache-control', cacheControl);
    if (vary) reply.header('vary', vary);
    if (!matches(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  };
}

/**
 * Answers kept in memory for `ttlMs`, by key: a crowd asking for the same page costs one read
 * per key and period, and concurrent askers of a missing key share its one read. Entries of an
 * account are dropped at once by `forget(accountId)` (a write of that account on this process);
 * other processes' writes reach the crowd within `ttlMs`.
 */
export interface MicroCache<V> {
  get(accountId: number, key: string, load: () => Promise<V>): Promise<V>;
  forget(accountId: number): void;
  /** Drops one entry (a fan's post makes only its chat's read stale). */
  forgetKey(accountId: number, key: string): void;
}

export function createMicroCache<V>(ttlMs = MICRO_CACHE_MS, maxEntries = 10_000): MicroCache<V> {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  const byAccount = new Map<number, Set<string>>();
  return {
    get(accountId, key, load) {
      const now = performance.now();
      const fullKey = `${accountId}:${key}`;
      const found = entries.get(fullKey);
      if (found && now - found.at < ttlMs) return found.value;
      if (entries.size >= maxEntries) {
        entries.clear();
        byAccount.clear();
      }
      const value = load();
      const entry = { at: now, value };
      entries.set(fullKey, entry);
      const keys = byAccount.get(accountId) ?? new Set<string>();
      byAccount.set(accountId, keys.add(fullKey));
      // A failed read is not kept: the next asker tries again.
      value.catch(() => {
        if (entries.get(fullKey) === entry) entries.delete(fullKey);
      });
      return value;
    },
    forget(accountId) {
      for (const key of byAccount.get(accountId) ?? []) entries.delete(key);
      byAccount.delete(accountId);
    },
    forgetKey(accountId, key) {
      const fullKey = `${accountId}:${key}`;
      entries.delete(fullKey);
      byAccount.get(accountId)?.delete(fullKey);
    },
  };
}

/** The micro-caches of one app, forgotten together for an account that wrote something. */
export interface CacheBook {
  cache<V>(ttlMs?: number): MicroCache<V>;
  /** The answers served before routing (front.cache.ts), forgotten with the rest. */
  readonly front: FrontCache;
  forget(accountId: number): void;
  /** Called after a staff write of an account on this process (the chat streams check they may stay open). */
  onStaffWrite(listener: (accountId: number) => void): void;
  /** A staff write of the account succeeded: its caches forgotten, the listeners told. */
  staffWrote(accountId: number): void;
}

export function createCacheBook(front: FrontCache = createFrontCache()): CacheBook {
  const caches: MicroCache<unknown>[] = [];
  const listeners: ((accountId: number) => void)[] = [];
  const forget = (accountId: number) => {
    for (const cache of caches) cache.forget(accountId);
    front.forget(accountId);
  };
  return {
    front,
    cache<V>(ttlMs?: number) {
      const made = createMicroCache<V>(ttlMs);
      caches.push(made as MicroCache<unknown>);
      return made;
    },
    forget,
    onStaffWrite(listener) {
      listeners.push(listener);
    },
    staffWrote(accountId) {
      forget(accountId);
      for (const listener of listeners) listener(accountId);
    },
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * An onSend hook: a staff write that succeeded (publishing an event, hiding a message, …) drops
 * what this process keeps in memory for that account before its answer leaves, so its fans see
 * the change at their next read rather than after MICRO_CACHE_MS. (Not onResponse: that runs once
 * the answer has gone, and a client's next read could come first.)
 */
export function forgetOnWrites(book: CacheBook) {
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload: unknown) => void,
  ): void => {
    if (!READS.has(request.method) && reply.statusCode < 400 && request.auth) book.staffWrote(request.auth.account.id);
    done(null, payload);
  };
}
