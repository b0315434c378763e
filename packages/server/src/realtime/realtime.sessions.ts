import { ACTING_MESSAGES } from '@regie/contract/acting';
import { AUTH_MESSAGES } from '@regie/contract/auth';
import { renderMessage } from '@regie/contract/messages.render';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { actingSessions, sessions } from '../db/sessions.table.ts';

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

/** What a check found of one watched row: ended (and why), or live until `expiresAt`. */
type Checked = { ended: string } | { expiresAt: number };

/** Reads the state of these ids in one query: a missing id counts as ended (by the caller). */
type Checker = (db: Db, ids: readonly number[], at: number) => Promise<Map<number, Checked>>;

/** Sessions: revoked, deleted (a missing row: its user was deleted) and expired ones end. */
const checkSessionRows: Checker = async (db, ids, at) => {
  const rows = await db
    .select({ id: sessions.id, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(inArray(sessions.id, [...ids]));
  return new Map(
    rows.map((row): [number, Checked] => {
      if (row.revokedAt) return [row.id, { ended: renderMessage(AUTH_MESSAGES.invalidToken) }];
      if (row.expiresAt.getTime() <= at) return [row.id, { ended: renderMessage(AUTH_MESSAGES.expiredToken) }];
      return [row.id, { expiresAt: row.expiresAt.getTime() }];
    }),
  );
};

/**
 * Acting sessions (issue 26): a socket opened while acting for an account stops with the acting
 * (stopped, switched to another account, signed out), as the account's key over HTTP does.
 */
const checkActingRows: Checker = async (db, ids) => {
  const rows = await db
    .select({ id: actingSessions.id, endedAt: actingSessions.endedAt })
    .from(actingSessions)
    .where(inArray(actingSessions.id, [...ids]));
  const ended = renderMessage(ACTING_MESSAGES.required);
  return new Map(
    rows.map((row): [number, Checked] => [row.id, row.endedAt ? { ended } : { expiresAt: Number.POSITIVE_INFINITY }]),
  );
};

/** One query for these ids: ends the ended ones, marks the others checked. */
async function checkWatched(
  db: Db,
  check: Checker,
  watched: WatchedSessions,
  ids: readonly number[],
  now: () => number,
): Promise<void> {
  const at = now();
  const found = await check(db, ids, at);
  for (const id of ids) {
    const entry = watched.get(id);
    if (!entry) continue;
    const state = found.get(id) ?? { ended: renderMessage(AUTH_MESSAGES.invalidToken) };
    if ('ended' in state) endSession(watched, id, state.ended);
    else {
      entry.checkedAt = at;
      entry.expiresAt = state.expiresAt;
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

/** The sessions behind the sockets: signed out, expired or deleted ones close theirs. */
export function createSessionWatch(db: Db, options: SessionWatchOptions): SessionWatch {
  return createWatch(db, checkSessionRows, options);
}

/** The acting sessions behind the sockets of administrators acting for an account. */
export function createActingWatch(db: Db, options: SessionWatchOptions): SessionWatch {
  return createWatch(db, checkActingRows, options);
}

function createWatch(db: Db, checker: Checker, options: SessionWatchOptions): SessionWatch {
  const now = options.now ?? Date.now;
  const watched: WatchedSessions = new Map();
  const check = (ids: readonly number[]) => checkWatched(db, checker, watched, ids, now);

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
