import { randomUUID } from 'node:crypto';
import { LIVE_JOB_TYPES } from '@regie/contract/live';
import type { Message } from '@regie/contract/messages';
import { PUBLISH_JOB_TYPE } from '@regie/contract/publications';
import { RENDITION_JOB_TYPE } from '@regie/contract/vertical';
import { type SQLChunk, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Db } from '../db/database.ts';
import { rootOf } from '../db/transactions.ts';

/**
 * pg-boss 10 under the app's `jobs` table: it stores, schedules (`startAfter`) and claims
 * (`fetch`, SKIP LOCKED) the work; `jobs` stays the read model (state, progress, attempts,
 * lease, failure reason) and names its current pg-boss job (`queue_job_id`). Every attempt is
 * one pg-boss job sent with no retry of its own: the app decides when the next one starts (its
 * backoff in milliseconds, capped; at once after a dead worker's lease), which pg-boss's
 * whole-second, jittered, uncapped retries cannot do.
 *
 * pg-boss runs on the app's own connections through its `db` option: PGlite's `exec` or pg's
 * simple protocol for SQL without parameters (pg-boss sends its schema and maintenance as
 * several statements), `query` otherwise; inside a Drizzle transaction, as Drizzle `sql` chunks
 * so a job commits or rolls back with its caller's work.
 */
export const QUEUE = 'regie-jobs';
/**
 * The light lane: job types whose steps are short and mostly wait on the network (a publication's
 * upload, its look at the platform's processing). Each worker process runs one more loop that
 * takes only these, so that they never wait behind a long encode holding every other loop (one,
 * by default): a goal's publication looks at its platform while the clip's ladder encodes.
 */
export const LIGHT_QUEUE = 'regie-jobs-light';
const LIGHT_JOB_TYPES: ReadonlySet<string> = new Set([PUBLISH_JOB_TYPE]);
/** Every queue: the usual loops look at the main one, then the light one. */
export const QUEUES = [QUEUE, LIGHT_QUEUE] as const;

/** The pg-boss queue of a job type's attempts. */
export const queueOf = (type: string): string => (LIGHT_JOB_TYPES.has(type) ? LIGHT_QUEUE : QUEUE);

/** A job's current attempt, as its row names it. */
export type AttemptOf = { type: string; queueJobId: string | null };
const SCHEMA = 'pgboss';
/** pg-boss's own expiry, a last resort: the app's lease finds a dead worker long before. */
const EXPIRE_IN_SECONDS = 23 * 60 * 60;

type Rows = { rows: unknown[] };

interface RawClient {
  query(text: string, values?: unknown[]): Promise<unknown>;
  exec?(text: string): Promise<unknown>;
}

function rowsOf(result: unknown): Rows {
  const last = Array.isArray(result) ? result.at(-1) : result;
  const rows = (last as { rows?: unknown[] } | undefined)?.rows;
  return { rows: rows ?? [] };
}

/** The driver's client under a Drizzle database (a PGlite instance, a pg Pool or PoolClient). */
function clientOf(db: Db): RawClient {
  const client = (db as unknown as { $client?: RawClient }).$client;
  if (!client) throw new Error('pg-boss needs the database client under Drizzle');
  return client;
}

/** pg-boss's SQL straight on the driver (outside any transaction). */
function clientExecutor(client: RawClient): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        return rowsOf(client.exec ? await client.exec(text) : await client.query(text));
      }
      return rowsOf(
        await client.query(
          text,
          values.map((value) => value ?? null),
        ),
      );
    },
  };
}

/** pg-boss's `$n` SQL as Drizzle chunks on a transaction; each value stays one parameter. */
function transactionExecutor(tx: Db): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQLChunk[] = parts.map((part, index) =>
        index % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1] ?? null),
      );
      return rowsOf(await tx.execute(sql.join(chunks, sql.raw(''))));
    },
  };
}

/** The executor for `db`: its transaction when it is one, else the driver. */
export function executorOf(db: Db): PgBoss.Db {
  return rootOf(db) === db ? clientExecutor(clientOf(db)) : transactionExecutor(db);
}

const bosses = new WeakMap<Db, PgBoss>();

/**
 * The pg-boss of a database (its root, not a transaction): never started, so it runs no timer
 * of its own; its schema is made by `installQueue` (database migrate), its housekeeping is a
 * periodic task (`maintainQueue`).
 */
export function bossOf(db: Db): PgBoss {
  const root = rootOf(db);
  let boss = bosses.get(root);
  if (!boss) {
    boss = new PgBoss({ db: executorOf(root), schema: SCHEMA, supervise: false, schedule: false, migrate: false });
    bosses.set(root, boss);
  }
  return boss;
}

/** Creates or migrates pg-boss's schema and the app's queue; part of the database's migrate. */
export async function installQueue(db: Db): Promise<void> {
  const boss = new PgBoss({ db: executorOf(db), schema: SCHEMA, supervise: false, schedule: false, migrate: true });
  await boss.start();
  for (const name of QUEUES) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, retryLimit: 0 });
  }
  await boss.stop({ graceful: false, close: false });
}

/** Expires, archives and drops old pg-boss jobs (under pg-boss's own advisory lock). */
export async function maintainQueue(db: Db): Promise<void> {
  await bossOf(db).maintain();
}

export interface QueuedAttempt {
  jobId: number;
}

/** A new attempt's pg-boss id, chosen by the app so its row can name it in the same write. */
export const newAttemptId = (): string => randomUUID();

/**
 * Job types a worker takes before the others waiting in their queue (pg-boss fetches by priority,
 * then age): an operator who clipped a live moment waits for its instant copy (a few seconds of
 * stream copy), which must not queue behind the backlog of video encodes. Then the other shapes a
 * publication or an editor waits for: a goal reaches the socials from its cut (issue 41: ≤ 30 s),
 * without waiting for the clip's HLS ladder, which fans do not need yet (a live clip plays on its
 * instant copy meanwhile). A publication's own steps have the light lane's queue to themselves.
 */
const JOB_PRIORITIES: Readonly<Record<string, number>> = {
  [LIVE_JOB_TYPES.clip]: 10,
  [RENDITION_JOB_TYPE]: 5,
};

const jobPriority = (type: string): number => JOB_PRIORITIES[type] ?? 0;

/**
 * Sends one attempt of an app job (a `jobs` row), in `db`'s transaction when it is one (it commits
 * or rolls back with it). The row's run_at is a time of the database's clock.
 */
export async function sendAttempt(
  db: Db,
  job: { id: number; type: string; runAt: Date },
  attemptId: string,
): Promise<void> {
  const data: QueuedAttempt = { jobId: job.id };
  const sent = await bossOf(db).send(queueOf(job.type), data, {
    id: attemptId,
    startAfter: job.runAt,
    priority: jobPriority(job.type),
    retryLimit: 0,
    expireInSeconds: EXPIRE_IN_SECONDS,
    db: executorOf(db),
  });
  if (sent !== attemptId) throw new Error(`pg-boss did not take job ${job.id}`);
}

/** Claims the next attempt whose time has come, from the first of `queues` that has one. */
export async function fetchAttempt(
  db: Db,
  queues: readonly string[] = QUEUES,
): Promise<{ queue: string; id: string; data: QueuedAttempt } | null> {
  for (const queue of queues) {
    const [job] = await bossOf(db).fetch<QueuedAttempt>(queue, { batchSize: 1 });
    if (job) return { queue, id: job.id, data: job.data };
  }
  return null;
}

/** Ends an attempt of `queue` (by its id) as done. */
export async function completeAttemptIn(db: Db, queue: string, id: string | null): Promise<void> {
  // Four arguments: pg-boss reads the third as the job's output, whatever its types say.
  if (id) await bossOf(db).complete(queue, id, {}, { db: executorOf(db) });
}

/** Ends the job's current attempt as done. */
export function completeAttempt(db: Db, job: AttemptOf): Promise<void> {
  return completeAttemptIn(db, queueOf(job.type), job.queueJobId);
}

export async function failAttempts(db: Db, attempts: readonly AttemptOf[], reason: Message): Promise<void> {
  for (const { type, queueJobId } of attempts) {
    if (queueJobId) await bossOf(db).fail(queueOf(type), queueJobId, { reason }, { db: executorOf(db) });
  }
}

export async function cancelAttempts(db: Db, attempts: readonly AttemptOf[]): Promise<void> {
  for (const queue of QUEUES) {
    const ids = attempts
      .filter((attempt) => queueOf(attempt.type) === queue)
      .flatMap((attempt) => (attempt.queueJobId === null ? [] : [attempt.queueJobId]));
    if (ids.length > 0) await bossOf(db).cancel(queue, ids, { db: executorOf(db) });
  }
}
