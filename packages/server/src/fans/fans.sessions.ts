import { CACHE_KEYS } from '@regie/contract/cache';
import { FANS_MESSAGES } from '@regie/contract/fans';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashToken } from '../auth/sessions.service.ts';
import { type Cache, createMemoryCache } from '../cache/cache.service.ts';
import { shareCachePurges } from '../cache/cache.shared.ts';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { fanSessions, fans } from '../db/fans.table.ts';
import { forbidden, HttpError, unauthorized } from '../http/http.errors.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';

/**
 * The open fan sessions a process has seen (issue 28.5): a signed-in fan call costs no query once
 * its token was looked up, for FAN_SESSION_CACHE_MS and never past the session's expiry.
 *
 * Only open sessions of fans who are not blocked are kept (an unknown, ended or expired token and
 * a blocked fan are looked up each time: refusals are never cached). What ends a session drops it
 * at once in every process: the fan's sign-out (its session), a fan blocked or deleted (every
 * session of the fan), a bulk block (every session of the account's fans). The drop is a purge
 * of the cache's tag, told to the other processes on the hub's FAN_PURGE_TOPIC (cache.shared.ts);
 * when the hub may have missed purges (resync), the whole cache is emptied. Accounts cannot be
 * disabled; a deleted account's sessions go with it (cascade) and the tag `fan-account:<id>` is
 * there for whoever deletes one.
 */
export const FAN_SESSION_CACHE_MS = 30_000;
/** Beyond this many sessions the oldest go first (a stadium's crowd fits: 100 000 ≈ 20 MB). */
export const FAN_SESSION_CACHE_MAX = 100_000;
/** A hub topic no client can reach (clients' topics start with their account id). */
export const FAN_PURGE_TOPIC = 'system/fan-session-purge';
/** Tokens looked up in one query at most (a burst's first calls are gathered per event-loop turn). */
export const LOOKUPS_PER_QUERY = 500;
/** Sessions are extended on use, written at most once a minute. */
const REFRESH_EVERY_MS = 60_000;

export const FAN_SESSION_TAGS = {
  session: (sessionId: number) => `fan-session:${sessionId}`,
  fan: (fanId: number) => `fan:${fanId}`,
  account: (accountId: number) => `fan-account:${accountId}`,
} as const;

/** An open session of a fan who is not blocked. */
export interface OpenFanSession {
  sessionId: number;
  fanId: number;
  accountId: number;
  /** The fan's club's key: a call naming another club by x-account-key is refused (fans.auth.ts). */
  accountKey: string;
  expiresAt: number;
  lastSeenAt: number;
}

export interface FanSessions {
  /** The token's open session; rejects with 401 (unknown, ended, expired) or 403 (blocked fan). */
  resolve(token: string): Promise<OpenFanSession>;
  /**
   * True while the session is open for a fan who is not blocked (a signed URL bound to it, contract
   * viewer-access.ts): kept like a token's lookup, dropped with it.
   */
  isOpen(sessionId: number): Promise<boolean>;
  /** True when this process holds the session as open now (no query: the front cache's check). */
  knownOpen(sessionId: number): boolean;
  /** A session ended (sign-out): dropped in every process. */
  ended(sessionId: number): void;
  /** A fan blocked or deleted: their sessions dropped in every process. */
  fanChanged(fanId: number): void;
  /** Many fans of an account blocked at once (bulk): the account's sessions dropped everywhere. */
  accountChanged(accountId: number): void;
  /** Stops sharing purges (the app closing). */
  close(): void;
}

export interface FanSessionsOptions {
  onError: (error: unknown) => void;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

function tagsOf(session: OpenFanSession): string[] {
  return [
    FAN_SESSION_TAGS.session(session.sessionId),
    FAN_SESSION_TAGS.fan(session.fanId),
    FAN_SESSION_TAGS.account(session.accountId),
  ];
}

/** A session with its fan and club, as both lookups (by token, by id) read it. */
function openSessions<Extra extends Record<string, typeof fanSessions.tokenHash>>(db: Db, extra: Extra) {
  return db
    .select({
      ...extra,
      sessionId: fanSessions.id,
      lastSeenAt: fanSessions.lastSeenAt,
      expiresAt: fanSessions.expiresAt,
      fanId: fans.id,
      accountId: fans.accountId,
      accountKey: accounts.accountKey,
      isBlocked: fans.isBlocked,
    })
    .from(fanSessions)
    .innerJoin(fans, eq(fans.id, fanSessions.fanId))
    .innerJoin(accounts, eq(accounts.id, fans.accountId));
}

export function createFanSessions(db: Db, hub: RealtimeHub | null, options: FanSessionsOptions): FanSessions {
  const now = options.now ?? Date.now;
  const cache: Cache = createMemoryCache(options.ttlMs ?? FAN_SESSION_CACHE_MS, {
    now,
    maxEntries: options.maxEntries ?? FAN_SESSION_CACHE_MAX,
  });
  const stopSharing = hub ? shareCachePurges(cache, hub, options.onError, FAN_PURGE_TOPIC) : () => undefined;
  const stopResync = hub ? hub.onResync(() => cache.purgeLocal(CACHE_KEYS.all)) : () => undefined;

  // Prepared once per process (PostgreSQL plans it once), for many tokens at a time: the tokens
  // looked up during one turn of the event loop go in one query (at the final whistle a crowd's
  // first calls each ask for a token never seen; one query per token queued them behind the
  // database pool).
  const query = openSessions(db, { tokenHash: fanSessions.tokenHash })
    .where(
      and(sql`${fanSessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`, isNull(fanSessions.endedAt)),
    )
    .prepare('regie_fan_sessions');
  type Found = Awaited<ReturnType<typeof query.execute>>[number];
  let waiting = new Map<string, ((result: Found | undefined | Error) => void)[]>();
  const lookUpWaiting = async (): Promise<void> => {
    const batch = waiting;
    waiting = new Map();
    const hashes = [...batch.keys()];
    for (let from = 0; from < hashes.length; from += LOOKUPS_PER_QUERY) {
      const chunk = hashes.slice(from, from + LOOKUPS_PER_QUERY);
      let rows: Found[] | Error;
      try {
        rows = await query.execute({ tokenHashes: chunk });
      } catch (error) {
        rows = error instanceof Error ? error : new Error(String(error));
      }
      const byHash = new Map(rows instanceof Error ? [] : rows.map((row) => [row.tokenHash, row]));
      for (const hash of chunk) {
        for (const settle of batch.get(hash) ?? []) settle(rows instanceof Error ? rows : byHash.get(hash));
      }
    }
  };
  const lookUp = (tokenHash: string): Promise<Found | undefined> =>
    new Promise((resolve, reject) => {
      if (waiting.size === 0) setImmediate(() => void lookUpWaiting());
      const settle = (result: Found | undefined | Error) =>
        result instanceof Error ? reject(result) : resolve(result);
      const list = waiting.get(tokenHash);
      if (list) list.push(settle);
      else waiting.set(tokenHash, [settle]);
    });
  const load = async (tokenHash: string): Promise<OpenFanSession> => {
    const found = await lookUp(tokenHash);
    // A rejected load is not kept: refusals are looked up again.
    if (!found || found.expiresAt.getTime() <= now()) throw unauthorized(FANS_MESSAGES.signedOut);
    if (found.isBlocked) throw forbidden(FANS_MESSAGES.blocked);
    return {
      sessionId: found.sessionId,
      fanId: found.fanId,
      accountId: found.accountId,
      accountKey: found.accountKey,
      expiresAt: found.expiresAt.getTime(),
      lastSeenAt: found.lastSeenAt.getTime(),
    };
  };

  // The same session looked up by its id (a signed URL bound to it): its open state only.
  const byId = openSessions(db, {})
    .where(and(eq(fanSessions.id, sql.placeholder('sessionId')), isNull(fanSessions.endedAt)))
    .prepare('regie_fan_session_by_id');
  const loadById = async (sessionId: number): Promise<OpenFanSession> => {
    const [found] = await byId.execute({ sessionId });
    if (!found || found.isBlocked || found.expiresAt.getTime() <= now()) throw unauthorized(FANS_MESSAGES.signedOut);
    return { ...found, expiresAt: found.expiresAt.getTime(), lastSeenAt: found.lastSeenAt.getTime() };
  };
  const idKey = (sessionId: number) => `id:${sessionId}`;

  /** A kept session, checked against its expiry and its last use written at most once a minute. */
  const checked = (key: string, session: OpenFanSession): OpenFanSession => {
    const at = now();
    if (session.expiresAt <= at) {
      cache.purgeLocal(key);
      throw unauthorized(FANS_MESSAGES.signedOut);
    }
    if (at - session.lastSeenAt > REFRESH_EVERY_MS) {
      // Shared by every request holding this entry: the next ones do not write again.
      session.lastSeenAt = at;
      db.update(fanSessions)
        .set({ lastSeenAt: new Date(at) })
        .where(eq(fanSessions.id, session.sessionId))
        .catch(options.onError);
    }
    return session;
  };

  return {
    async resolve(token) {
      const key = hashToken(token);
      const known = cache.peek<OpenFanSession>(key);
      if (known) return checked(key, known);
      return checked(key, await cache.getOrLoad(key, () => load(key), { tags: tagsOf }));
    },
    async isOpen(sessionId) {
      const key = idKey(sessionId);
      try {
        const session = await cache.getOrLoad(key, () => loadById(sessionId), { tags: tagsOf });
        if (session.expiresAt > now()) return true;
        cache.purgeLocal(key);
        return false;
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) return false;
        throw error;
      }
    },
    knownOpen(sessionId) {
      const session = cache.peek<OpenFanSession>(idKey(sessionId));
      return session !== undefined && session.expiresAt > now();
    },
    ended: (sessionId) => void cache.purge(FAN_SESSION_TAGS.session(sessionId)),
    fanChanged: (fanId) => void cache.purge(FAN_SESSION_TAGS.fan(fanId)),
    accountChanged: (accountId) => void cache.purge(FAN_SESSION_TAGS.account(accountId)),
    close() {
      stopSharing();
      stopResync();
    },
  };
}
