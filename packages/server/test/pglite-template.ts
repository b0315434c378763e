import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, PGLITE_EXTENSIONS } from '../src/db/database.ts';
import { dumpDatabase } from '../src/db/demo-template.ts';
import { PACKAGE_PATHS } from '../src/package-paths.ts';
import { seedDemoData } from '../src/seed/demo.seed.ts';

/**
 * Creating a PGlite database (initdb + migrations + demo seed) takes seconds; loading a dumped
 * one takes a fraction of that. The dump is cached in the temp folder under a hash of everything
 * that shapes it (migrations, server and contract sources, PGlite's version), so a change to any
 * of them builds a new one and test files never share a live database.
 */
export function templateKey(): string {
  const hash = createHash('sha256');
  const folders = [
    PACKAGE_PATHS.migrations,
    join(PACKAGE_PATHS.root, 'src'),
    resolve(PACKAGE_PATHS.root, '..', 'contract', 'src'),
  ];
  for (const folder of folders) {
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => !file.endsWith('.test.ts'))
      .sort();
    for (const file of files) {
      const path = join(folder, file);
      if (!file.includes('.')) continue;
      hash.update(path).update(readFileSync(path));
    }
  }
  const pgliteManifest = resolve(
    PACKAGE_PATHS.root,
    '..',
    '..',
    'node_modules',
    '@electric-sql',
    'pglite',
    'package.json',
  );
  if (existsSync(pgliteManifest)) hash.update(readFileSync(pgliteManifest));
  // And how the template is made.
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

async function buildTemplate(): Promise<Blob> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = fromPglite(client);
  await database.migrate();
  await seedDemoData(database.db);
  // The same dump as the demo template's (after a checkpoint, without the spare WAL).
  const dump = await dumpDatabase(client);
  await client.close();
  return new Blob([dump]);
}

const FOLDER = join(tmpdir(), 'regie-test-templates');
const BUILD_TIMEOUT_MS = 60_000;

/** Builds the template and stores it, dropping templates of older sources. */
async function buildAndStore(file: string): Promise<Blob> {
  const dump = await buildTemplate();
  // Write aside, then rename: a reader never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  for (const name of await readdir(FOLDER)) {
    if (name.endsWith('.tar') && join(FOLDER, name) !== file) await rm(join(FOLDER, name), { force: true });
  }
  return dump;
}

/**
 * Test files start in parallel: the first one to take the lock builds the template, the others
 * wait for it; a lock older than a build can take is taken as left by a killed run.
 */
async function loadOrBuild(): Promise<Blob> {
  await mkdir(FOLDER, { recursive: true });
  const file = join(FOLDER, `${templateKey()}.tar`);
  const lock = `${file}.lock`;
  while (!existsSync(file)) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      try {
        return await buildAndStore(file);
      } finally {
        await rm(lock, { force: true });
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a run that was killed mid-build.
      const lockAge = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (lockAge > BUILD_TIMEOUT_MS) await rm(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return new Blob([await readFile(file)]);
}

let cached: Promise<Blob> | undefined;

export function pgliteTemplate(): Promise<Blob> {
  cached ??= loadOrBuild();
  return cached;
}
