import type { Db } from './database.ts';

/**
 * Transactions that can say "once this is committed": a job queued inside one is announced only
 * when its row is visible to workers and screens, and never when the transaction rolls back.
 * Every transaction of the server goes through `transaction()` (a test keeps it so), otherwise an
 * `afterCommit` inside it would run at once, before the commit.
 */
interface Open {
  /** The database the transaction runs on (what a process registered its listeners for). */
  root: Db;
  callbacks: (() => void)[];
}

const open = new WeakMap<Db, Open>();

/** A Drizzle transaction: a Db that can also roll back. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * `db.transaction(work)`, then the callbacks `work` registered with `afterCommit`, in order. A
 * transaction inside another (a savepoint) hands its callbacks to the outer one: they wait for
 * the real commit, and are dropped with a savepoint that rolls back.
 */
export async function transaction<T>(db: Db, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const outer = open.get(db);
  const callbacks: (() => void)[] = [];
  const result = await db.transaction(async (tx) => {
    open.set(tx, { root: outer?.root ?? db, callbacks });
    return work(tx);
  });
  if (outer) outer.callbacks.push(...callbacks);
  else for (const callback of callbacks) callback();
  return result;
}

/** Runs `callback` once `db`'s transaction commits; at once when `db` is not in a transaction. */
export function afterCommit(db: Db, callback: () => void): void {
  const transactionOf = open.get(db);
  if (transactionOf) transactionOf.callbacks.push(callback);
  else callback();
}

/** The database a (possibly transactional) handle works on. */
export function rootOf(db: Db): Db {
  return open.get(db)?.root ?? db;
}
