import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialSealOf } from '../src/data-providers/credentials.ts';
import { loadProcessConfig, MEDIA_SECRET_FILE } from '../src/videos/media-secret.ts';

/**
 * The media secret a separate worker (`npm run worker`: dist/worker.js) reads is the server's
 * (main.ts): both call loadProcessConfig, so feed credentials the API sealed open in the worker's
 * poller. Each "process" here is a real second Node process with only the environment in common.
 */
const run = promisify(execFile);
const src = join(import.meta.dirname, '..', 'src');
let dir: string;

/**
 * What a fresh process does at start, as worker.ts does: its config, then the credentials' seal.
 * Bundled with esbuild as `npm run build` bundles dist/worker.js, then run by a plain `node`.
 */
const PROCESS = `
import { createHash } from 'node:crypto';
import { credentialSealOf } from './data-providers/credentials.ts';
import { loadProcessConfig } from './videos/media-secret.ts';
const config = await loadProcessConfig(process.env);
const secret = config.videos.mediaSecret ?? '';
const sealed = process.env.TEST_SEALED;
process.stdout.write(JSON.stringify({
  key: createHash('sha256').update(secret).digest('hex'),
  opened: sealed ? (credentialSealOf(config)?.open(sealed) ?? null) : null,
}));
`;
let entry: string;

/** The environment of a process: only what the test gives (no REGIE_MEDIA_SECRET of the machine). */
function environment(extra: Record<string, string>): Record<string, string> {
  const { PATH = '', HOME = '', TMPDIR = tmpdir() } = process.env;
  return { PATH, HOME, TMPDIR, NODE_ENV: 'test', ...extra };
}

async function otherProcess(extra: Record<string, string>): Promise<{ key: string; opened: string | null }> {
  const { stdout } = await run(process.execPath, [entry], {
    env: environment(extra),
    cwd: dir,
  });
  return JSON.parse(stdout);
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'regie-media-secret-'));
  entry = join(dir, 'process.mjs');
  await build({
    stdin: { contents: PROCESS, resolveDir: src, loader: 'ts' },
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the media secret of every process', () => {
  it("lets a separate worker open the credentials the server sealed, from the data folder's key", async () => {
    const data = join(dir, 'shared');
    const server = await loadProcessConfig(environment({ REGIE_DATA_DIR: data }));
    const sealed = credentialSealOf(server)?.seal('feed-user:s3cret') ?? '';
    expect(sealed).not.toBe('');
    const worker = await otherProcess({ REGIE_DATA_DIR: data, TEST_SEALED: sealed });
    expect(worker).toEqual({ key: hash(server.videos.mediaSecret ?? ''), opened: 'feed-user:s3cret' });
    // A worker on another data folder, without REGIE_MEDIA_SECRET, has another key: it cannot.
    const stranger = await otherProcess({ REGIE_DATA_DIR: join(dir, 'elsewhere'), TEST_SEALED: sealed });
    expect(stranger.opened).toBeNull();
  }, 60_000);

  it('makes one key when the server and a worker start together on an empty data folder', async () => {
    const data = join(dir, 'race');
    const started = await Promise.all(Array.from({ length: 4 }, () => otherProcess({ REGIE_DATA_DIR: data })));
    const stored = (await readFile(join(data, MEDIA_SECRET_FILE), 'utf8')).trim();
    expect(started.map((one) => one.key)).toEqual(started.map(() => hash(stored)));
    // Nothing left beside it.
    expect(await readdir(data)).toEqual([MEDIA_SECRET_FILE]);
    // Many starts interleaved in one process: each read finds no key before any is written.
    const together = join(dir, 'interleaved');
    const configs = await Promise.all(
      Array.from({ length: 8 }, () => loadProcessConfig(environment({ REGIE_DATA_DIR: together }))),
    );
    const kept = (await readFile(join(together, MEDIA_SECRET_FILE), 'utf8')).trim();
    expect(configs.map((config) => config.videos.mediaSecret)).toEqual(configs.map(() => kept));
    expect(await readdir(together)).toEqual([MEDIA_SECRET_FILE]);
  }, 60_000);

  it('takes REGIE_MEDIA_SECRET over the key file, in every process', async () => {
    const data = join(dir, 'configured');
    const secret = 'a-configured-secret-of-enough-length-0123456789';
    const server = await loadProcessConfig(environment({ REGIE_DATA_DIR: data, REGIE_MEDIA_SECRET: secret }));
    expect(server.videos.mediaSecret).toBe(secret);
    const sealed = credentialSealOf(server)?.seal('token-42') ?? '';
    const worker = await otherProcess({ REGIE_DATA_DIR: data, REGIE_MEDIA_SECRET: secret, TEST_SEALED: sealed });
    expect(worker).toEqual({ key: hash(secret), opened: 'token-42' });
    await expect(readdir(data)).rejects.toThrow();
  }, 60_000);
});
