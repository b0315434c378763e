import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { root, staleTargets } from './build-state.mjs';
import { executableExists } from './system-packages.mjs';

const pgBase = (process.env.PG_URL_BASE ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: `${pgBase}/postgres`, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Why the cluster cannot start here, or null. It builds nothing: a test must not run a build. */
async function missing() {
  if (!executableExists('nginx')) return 'nginx is not installed (node scripts/system-packages.mjs nginx)';
  if (process.platform === 'linux' && !existsSync('/usr/lib/nginx/modules/ngx_stream_module.so')) {
    return "nginx's stream module is not installed (libnginx-mod-stream)";
  }
  if (staleTargets().length > 0) return 'the server or the web app is not built (npm run build)';
  if (!(await postgresAnswers())) return `PostgreSQL does not answer at ${pgBase}`;
  return null;
}

const reason = await missing();
const database = `regie_cluster_test_${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'regie-cluster-'));
const http = 'http://127.0.0.1:3200';

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (reason) return;
  const client = new pg.Client({ connectionString: `${pgBase}/postgres` });
  await client.connect();
  await client.query(`drop database if exists ${database} with (force)`);
  await client.end();
});

describe.skipIf(reason)(`npm run cluster${reason ? ` (skipped: ${reason})` : ''}`, () => {
  it('starts an API process, a worker and a live node behind nginx, signs in through it and stops cleanly', async () => {
    const cluster = spawn(
      process.execPath,
      [
        join(root, 'scripts/cluster.mjs'),
        '--fresh',
        ...['--api', '1', '--workers', '1', '--live', '1'],
        ...['--http-port', '3200', '--rtmp-port', '19400', '--ingest-port', '19401'],
        ...['--dir', dir, '--database', database],
      ],
      // No demo videos: ffmpeg would take the CPU the test does not look at.
      { cwd: root, env: { ...process.env, REGIE_DEMO_VIDEOS: 'off' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const lines = [];
    const ended = new Promise((done) => cluster.on('exit', (code, signal) => done({ code, signal })));
    const ready = new Promise((done, fail) => {
      createInterface({ input: cluster.stdout }).on('line', (line) => {
        lines.push(line);
        if (line.startsWith('[cluster] Regie cluster on ')) done();
      });
      cluster.on('exit', () => fail(new Error(`the cluster ended while starting:\n${lines.slice(-30).join('\n')}`)));
    });
    createInterface({ input: cluster.stderr }).on('line', (line) => lines.push(line));
    try {
      await ready;
      const login = await fetch(`${http}/users-service-api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'producer', password: 'regie-demo' }),
      });
      expect(login.status).toBe(200);
      const { accessToken } = await login.json();
      const me = await fetch(`${http}/users-service-api/users/me`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(me.status).toBe(200);
      expect((await me.json()).username).toBe('producer');
      expect(lines.some((line) => line.startsWith('[cluster]   Demo users: producer'))).toBe(true);
      expect(lines.some((line) => line.startsWith('[api-1] '))).toBe(true);
    } finally {
      cluster.kill('SIGTERM');
    }
    // Every process and nginx end on SIGTERM well before the script's own kill -9 after 15 s.
    expect(await ended).toEqual({ code: 0, signal: null });
    expect(lines.some((line) => line.includes('still running after 15 s'))).toBe(false);
    expect(lines.some((line) => line.includes('ended unexpectedly'))).toBe(false);
    await expect(fetch(`${http}/readyz`)).rejects.toThrow();
  }, 240_000);
});
