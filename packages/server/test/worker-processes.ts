import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * Standalone worker processes for the kill -9 tests (worker-kill.test.ts, replay-kill.test.ts):
 * the server bundle's worker.js, as `npm run worker` runs it. Separate processes share the queue
 * only through PostgreSQL (PGlite is one process's): TEST_DATABASE_URL, else the local server.
 */

const run = promisify(execFile);
const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const WORKER_POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: WORKER_POSTGRES, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Builds the server bundle into a folder of its own (removed by the test once done); answers it. */
export async function buildWorkerBundle(): Promise<string> {
  const bundle = join(serverRoot, `dist-test-worker-${randomBytes(4).toString('hex')}`);
  await run(process.execPath, [join(serverRoot, 'build.mjs')], {
    env: { ...process.env, REGIE_SERVER_OUTDIR: relative(serverRoot, bundle) },
  });
  return bundle;
}

/** A worker process on the test's database and data folder, with a 2 s lease. */
export function startWorkerProcess(
  bundle: string,
  target: { databaseUrl: string | null; dir: string },
  pollMs: number,
): ChildProcess {
  return spawn(process.execPath, [join(bundle, 'worker.js')], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: target.databaseUrl ?? '',
      REGIE_DATA_DIR: target.dir,
      REGIE_JOB_LEASE_SECONDS: '2',
      REGIE_JOB_POLL_MS: String(pollMs),
      REGIE_UPLOAD_SWEEP_MINUTES: '0',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
