import type { FastifyInstance } from 'fastify';
import { type BatchWriter, createBatchWriter } from '../common/batch-writer.ts';
import type { Db } from '../db/database.ts';
import type { CacheBook } from '../http/http.cache.ts';
import type { Limit, RateLimits } from '../http/rate-limiter.ts';
import type { Mailer } from '../mail/mail.types.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import { type FanActivityRow, recordActivities } from './fans.activities.ts';
import type { EmbedAccountOf } from './fans.auth.ts';
import { fanGuard, type RequireFan } from './fans.auth.ts';
import { fanEditRoutes } from './fans.edit.routes.ts';
import { createFanLimiter, fanPublicRoutes } from './fans.public.routes.ts';
import { fansRoutes } from './fans.routes.ts';
import type { FanSessions } from './fans.sessions.ts';
import { profilesRoutes } from './profiles.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The fans' plays and MOTM votes' activities waiting for their batch, with the fans'
     * lastActiveAt (flushed on close; tests flush before reading).
     */
    fanActivityWriter: BatchWriter<FanActivityRow>;
  }
}

/** What the other signed-in fan calls (games, trivia) share with the fans' own. */
export interface FanAccess {
  /** The public fan API's rate limiter: one count per address, or per fan session once signed in. */
  limiter: Limit;
  /** The pre-handler of every signed-in fan call (its sessions cached per process: fans.sessions.ts). */
  requireFan: RequireFan;
  /** Activities written a second at a time (issue 28.4-5): plays and votes. */
  activities: BatchWriter<FanActivityRow>;
}

/**
 * Activities one statement writes when a burst left a backlog: 400 000 plays went in at 2.2 times
 * `COPY`'s time 500 at a time (bench:fans), nearer to it in statements of this size.
 */
const ACTIVITIES_PER_WRITE = 5_000;

/**
 * The fan side (public fan API) and the CRM (fans, profiles): one registration in app.ts. Answers
 * what the games' and trivia's fan calls share: the rate limiter, the guard and its session
 * cache (whose drops reach the other processes through `hub`), the activities' batch writer.
 */
export async function registerFans(
  app: FastifyInstance,
  options: {
    db: Db;
    guards: Guards;
    mailer: Mailer;
    hub: RealtimeHub | null;
    caches: CacheBook;
    /** The cluster's rate limits (http/rate-limiter.ts). */
    rateLimits: RateLimits;
    /** The fans' open sessions (made in app.ts: the embed's playback and signed URLs read them too). */
    sessions: FanSessions;
    /** The account an embed page's token names (its fans sign in by it). */
    embedAccountOf?: EmbedAccountOf;
  },
): Promise<FanAccess> {
  const limiter = createFanLimiter(options.rateLimits);
  // A crowd's plays and votes, written a second at a time (issue 28.4); what waits is written on close.
  const activities = createBatchWriter<FanActivityRow>({
    write: (rows) => recordActivities(options.db, rows),
    rowsPerWrite: ACTIVITIES_PER_WRITE,
    onError: (error, dropped) => app.log.warn({ err: error, dropped }, 'fans: activities not written yet'),
  });
  app.decorate('fanActivityWriter', activities);
  app.addHook('onClose', async () => activities.close());
  const { sessions } = options;
  const requireFan = fanGuard(sessions, limiter);
  await app.register(fanPublicRoutes, {
    db: options.db,
    limiter,
    rateLimits: options.rateLimits,
    requireFan,
    sessions,
    plays: activities,
    playTargets: options.caches.cache<boolean>(),
    mailer: options.mailer,
    embedAccountOf: options.embedAccountOf,
  });
  const staff = { db: options.db, guards: options.guards, sessions };
  await app.register(fansRoutes, staff);
  await app.register(fanEditRoutes, { db: options.db, guards: options.guards, mailer: options.mailer });
  await app.register(profilesRoutes, { db: options.db, guards: options.guards });
  return { limiter, requireFan, activities };
}
