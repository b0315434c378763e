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

export function fromPool(pool: pg.Pool): Database {
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

export function openPostgres(connectionString: string): Database {
  return fromPool(new pg.Pool({ connectionString, max: 10 }));
}

/**
 * PostgreSQL when DATABASE_URL is set, else the embedded database in `<dataDir>/db`, created from
 * `template` (a data folder dump, db/demo-template.ts) when given.
 */
export async function openDatabase(
  config: { databaseUrl: string | null; dataDir: string },
  template: Blob | null = null,
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite({ dataDir: `${config.dataDir}/db`, ...(template ? { loadDataDir: template } : {}) });
}
