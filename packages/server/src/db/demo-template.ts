import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { PACKAGE_PATHS } from '../package-paths.ts';

/**
 * The demo database made ahead (issue 24, point 14): initdb, the migrations and the demo seed cost
 * ~14 s of CPU at a first start (bench:startup); loading their dump costs ~2 s. The build
 * makes it (src/demo-template.ts) next to the server bundle; `main` loads it only if it was made
 * by the same code (its key) and recently: the seed writes times relative to its own now (fans
 * active this month, the quiz played over the last hours), which an old dump would have moved.
 */
export const DEMO_TEMPLATE_MAX_AGE_MS = 60 * 60_000;

const DATA_FILE = 'demo-template.tar.gz';
const META_FILE = 'demo-template.json';

export interface DemoTemplateMeta {
  key: string;
  builtAt: string;
  buildMs: number;
}

/**
 * What makes a template valid: the code that seeded it (the bundled builder, which carries the
 * seed and every service it calls), the migrations and PGlite's version.
 */
export function demoTemplateKey(builderFile: string): string {
  const hash = createHash('sha256').update(readFileSync(builderFile));
  for (const file of readdirSync(PACKAGE_PATHS.migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.includes('.')) hash.update(file).update(readFileSync(join(PACKAGE_PATHS.migrations, file)));
  }
  const pglite = resolve(PACKAGE_PATHS.root, '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json');
  if (existsSync(pglite)) hash.update(readFileSync(pglite));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A dump of `client`'s data folder that loads fast: after a checkpoint (else every load replays
 * the WAL) and without the spare WAL segments (withoutSpareWal).
 */
export async function dumpDatabase(client: PGlite): Promise<Uint8Array> {
  await client.query('checkpoint');
  const { rows } = await client.query<{ file: string }>('select pg_walfile_name(pg_current_wal_lsn()) as file');
  const dump = await client.dumpDataDir('none');
  const tar = withoutSpareWal(new Uint8Array(await dump.arrayBuffer()), rows[0]?.file ?? '');
  return new Uint8Array(await tar.arrayBuffer());
}

/**
 * The dump without the WAL segments PostgreSQL recycled ahead of the current one: empty files of
 * 16 MB each (176 of the dump's 289 MB) that every load would otherwise write.
 */
export function withoutSpareWal(tar: Uint8Array, currentSegment: string): Blob {
  const kept: Uint8Array[] = [];
  const text = (from: number, length: number) =>
    new TextDecoder().decode(tar.subarray(from, from + length)).replace(/\0[\s\S]*$/, '');
  for (let offset = 0; offset + 512 <= tar.length; ) {
    if (tar.subarray(offset, offset + 512).every((byte) => byte === 0)) break;
    const name = [text(offset + 345, 155), text(offset, 100)].filter(Boolean).join('/');
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    const length = 512 + Math.ceil(size / 512) * 512;
    const segment = /pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    if (!segment || segment <= currentSegment) kept.push(tar.subarray(offset, offset + length));
    offset += length;
  }
  kept.push(new Uint8Array(1024));
  return new Blob(kept);
}

/** Writes the template into `folder`, each file aside then renamed: a start never reads half of one. */
export async function writeDemoTemplate(
  folder: string,
  tar: Uint8Array,
  meta: Omit<DemoTemplateMeta, 'builtAt'>,
): Promise<void> {
  const data = join(folder, DATA_FILE);
  // Level 1: 120 MB of pages become ~20 MB in 0.4 s; higher levels save little and cost seconds.
  await writeFile(`${data}.${process.pid}.partial`, await promisify(gzip)(tar, { level: 1 }));
  await rename(`${data}.${process.pid}.partial`, data);
  const full: DemoTemplateMeta = { ...meta, builtAt: new Date().toISOString() };
  await writeFile(join(folder, META_FILE), `${JSON.stringify(full, null, 2)}\n`);
}

export async function readDemoTemplateMeta(folder: string): Promise<DemoTemplateMeta | null> {
  const text = await readFile(join(folder, META_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  // I/O edge: our own file, written by writeDemoTemplate.
  const meta = JSON.parse(text) as Partial<DemoTemplateMeta>;
  return typeof meta.key === 'string' && typeof meta.builtAt === 'string' && typeof meta.buildMs === 'number'
    ? { key: meta.key, builtAt: meta.builtAt, buildMs: meta.buildMs }
    : null;
}

/** The template in `folder`, if it was made by the code of `key` less than DEMO_TEMPLATE_MAX_AGE_MS ago. */
export async function readDemoTemplate(folder: string, key: string, now = Date.now()): Promise<Blob | null> {
  const meta = await readDemoTemplateMeta(folder);
  if (!meta || meta.key !== key) return null;
  const age = now - Date.parse(meta.builtAt);
  if (!(age >= 0 && age <= DEMO_TEMPLATE_MAX_AGE_MS)) return null;
  const data = await readFile(join(folder, DATA_FILE)).catch(() => null);
  return data ? new Blob([await promisify(gunzip)(data)]) : null;
}

/**
 * The template for a start on `config`: none on PostgreSQL, on a data folder that has a database,
 * or when `bundleFile` (main.js) has no template builder beside it (run from sources).
 */
export async function demoTemplateFor(
  config: { databaseUrl: string | null; dataDir: string },
  bundleFile: string,
): Promise<Blob | null> {
  if (config.databaseUrl || existsSync(join(config.dataDir, 'db'))) return null;
  const folder = dirname(bundleFile);
  const builder = join(folder, 'demo-template.js');
  return existsSync(builder) ? readDemoTemplate(folder, demoTemplateKey(builder)) : null;
}
