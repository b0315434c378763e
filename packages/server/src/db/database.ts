import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { installQueue } from '../jobs/jobs.boss.ts';
import { PACKAGE_PATHS } from '../package-paths.ts';
import { seedReferenceData } from './reference.seed.ts';

/** The one query type services use, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations and pg-boss's schema, then mirrors the contract's reference data. */
  migrate(): Promise<void>;
  /**
   * Tells `listener` of connections lost while idle (PostgreSQL restarted, a backend terminated):
   * the pool drops them and opens new ones on demand, so this is for the log. Returns what stops
   * listening. The embedded database has no connections to lose, hence no such method.
   */
  onConnectionError?(listener: (error: Error) => void): () => void;
  close(): Promise<void>;
}

/** Any number for pg_advisory_lock, as long as it is only used for this. */
const MIGRATION_LOCK = 4_201_903;

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client);
  return {
    db,
    driver: 'pglite',
    async migrate() {
      await migratePglite(db, { migrationsFolder: PACKAGE_PATHS.migrations });
      await installQueue(db);
      await seedReferenceData(db);
    },
    close: () => client.close(),
  };
}

/**
 * A lost connection must not end the process: an idle client's error reaches the pool's 'error'
 * event (which throws without a listener), a checked-out client's its own (between two queries
 * of a transaction). The pool discards both; the next query connects again.
 */
function keepPoolAlive(pool: pg.Pool): Set<(error: Error) => void> {
  const listeners = new Set<(error: Error) => void>();
  pool.on('error', (error) => {
    for (const listener of listeners) listener(error);
  });
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return listeners;
}

export function fromPool(pool: pg.Pool): Database {
  const connectionListeners = keepPoolAlive(pool);
  return {
    db: drizzlePg(pool),
    driver: 'postgres',
    async migrate() {
      // Several API processes may start together: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        const db = drizzlePg(client);
        await migratePg(db, { migrationsFolder: PACKAGE_PATHS.migrations });
        await installQueue(db);
        await seedReferenceData(db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    onConnectionError(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    close: () => pool.end(),
  };
}

/** The contrib modules the migrations create extensions of (PostgreSQL has them as contrib). */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openPglite(options: PGliteOptions & { dataDir?: string } = {}): Promise<Database> {
  // PGlite needs the parent folder to exist before it creates its own.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ ...options, extensions: PGLITE_EXTENSIONS });
  return fromPglite(client);
}

/**
 * How long a query waits for a connection (a new one, or a free one of the pool) before it fails:
 * with PostgreSQL unreachable the call answers 503 after this rather than hanging.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** The connections a process opens at most unless DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

export function openPostgres(connectionString: string, poolSize: number = DEFAULT_POOL_SIZE): Database {
  // keepAlive: a connection whose server vanished without a word (a machine gone) is found dead.
  return fromPool(
    new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true }),
  );
}

/**
 * PostgreSQL when DATABASE_URL is set, else the embedded database in `<dataDir>/db`, created from
 * `template` (a data folder dump, db/demo-template.ts) when given.
 */
export async function openDatabase(
  config: { databaseUrl: string | null; dataDir: string; databasePoolSize?: number },
  template: Blob | null = null,
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize);
  return openPglite({ dataDir: `${config.dataDir}/db`, ...(template ? { loadDataDir: template } : {}) });
}
