import { AUTH_MESSAGES } from '@regie/contract/auth';
import { renderMessage } from '@regie/contract/messages.render';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/sessions.table.ts';

/**
 * The sessions behind this process's open sockets. A socket authenticates once; its session may
 * end later (sign-out on any process, expiry, the user deleted). One query per sweep checks every
 * watched session of the process together, so the cost does not grow with sockets or events;
 * before an event goes out the socket asks `live`, answered from that cache while it is fresh.
 */
export interface SessionWatch {
  /** Follows a socket's session; `end` is called once with the reason when the session ends. */
  watch(sessionId: number, end: (reason: string) => void): () => void;
  /** Whether the session is still live: from the cache while fresh, else after one shared check. */
  live(sessionId: number): boolean | Promise<boolean>;
  /** One sweep now (the timer calls it every `checkMs`). */
  sweep(): Promise<void>;
  stop(): void;
}

/** Sessions checked per query: keeps the IN list of a busy process reasonable. */
const CHECK_BATCH = 1_000;

interface Watched {
  ends: Set<(reason: string) => void>;
  checkedAt: number;
  expiresAt: number;
  pending: Promise<boolean> | null;
}

type WatchedSessions = Map<number, Watched>;
type SessionWatchOptions = { checkMs: number; onError: (error: unknown) => void; now?: () => number };

function endSession(watched: WatchedSessions, sessionId: number, reason: string): void {
  const entry = watched.get(sessionId);
  if (!entry) return;
  watched.delete(sessionId);
  for (const close of entry.ends) close(reason);
}

/** One query for these sessions: ends the revoked, deleted and expired ones, marks the others checked. */
async function checkSessions(
  db: Db,
  watched: WatchedSessions,
  ids: readonly number[],
  now: () => number,
): Promise<void> {
  const rows = await db
    .select({ id: sessions.id, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(inArray(sessions.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const at = now();
  for (const id of ids) {
    const row = byId.get(id);
    const entry = watched.get(id);
    if (!entry) continue;
    // A missing row is a deleted user's session: as dead as a revoked one.
    if (!row || row.revokedAt) endSession(watched, id, renderMessage(AUTH_MESSAGES.invalidToken));
    else if (row.expiresAt.getTime() <= at) endSession(watched, id, renderMessage(AUTH_MESSAGES.expiredToken));
    else {
      entry.checkedAt = at;
      entry.expiresAt = row.expiresAt.getTime();
    }
  }
}

/** Sweeps every checkMs while sessions are watched; returns what stops it. */
function startSweeps(watched: WatchedSessions, sweep: () => Promise<void>, options: SessionWatchOptions): () => void {
  let sweeping = false;
  const timer = setInterval(() => {
    // A slow database must not pile sweeps up.
    if (sweeping || watched.size === 0) return;
    sweeping = true;
    sweep()
      .catch(options.onError)
      .finally(() => {
        sweeping = false;
      });
  }, options.checkMs);
  timer.unref();
  return () => clearInterval(timer);
}

function watchSession(
  watched: WatchedSessions,
  now: () => number,
  sessionId: number,
  close: (reason: string) => void,
): () => void {
  let entry = watched.get(sessionId);
  if (!entry) {
    // Just resolved by the socket's auth: live now, its expiry known from the first sweep.
    entry = { ends: new Set(), checkedAt: now(), expiresAt: Number.POSITIVE_INFINITY, pending: null };
    watched.set(sessionId, entry);
  }
  const ends = entry.ends;
  ends.add(close);
  return () => {
    ends.delete(close);
    if (ends.size === 0 && watched.get(sessionId)?.ends === ends) watched.delete(sessionId);
  };
}

export function createSessionWatch(db: Db, options: SessionWatchOptions): SessionWatch {
  const now = options.now ?? Date.now;
  const watched: WatchedSessions = new Map();
  const check = (ids: readonly number[]) => checkSessions(db, watched, ids, now);

  async function sweep(): Promise<void> {
    const ids = [...watched.keys()];
    for (let start = 0; start < ids.length; start += CHECK_BATCH) await check(ids.slice(start, start + CHECK_BATCH));
  }

  const stop = startSweeps(watched, sweep, options);

  return {
    watch: (sessionId, close) => watchSession(watched, now, sessionId, close),
    live(sessionId) {
      const entry = watched.get(sessionId);
      if (!entry) return false;
      const at = now();
      if (at - entry.checkedAt < options.checkMs && at < entry.expiresAt) return true;
      // Stale or past its known expiry (which use over HTTP may have pushed back): ask once for all sockets.
      entry.pending ??= check([sessionId])
        .then(() => watched.has(sessionId))
        .catch((error: unknown) => {
          options.onError(error);
          return true;
        })
        .finally(() => {
          entry.pending = null;
        });
      return entry.pending;
    },
    sweep,
    stop,
  };
}
