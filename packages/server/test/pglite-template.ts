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
      // Folders, and the notes beside the code (README.md), shape no database.
      if (!file.includes('.') || file.endsWith('.md')) continue;
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

async function buildTemplate(demoFans: DemoFans): Promise<Blob> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = fromPglite(client);
  await database.migrate();
  await seedDemoData(database.db, { fanScale: fanScaleOf(demoFans) });
  // The same dump as the demo template's (after a checkpoint, without the spare WAL).
  const dump = await dumpDatabase(client);
  await client.close();
  return new Blob([dump]);
}

/**
 * The share of the demo's 50 000 fans the tests' template holds (seedFansDemo): every test file
 * loads the template, and the whole population made it 124 MB (2.5 s a file, and every fan query
 * of a test over 30 000 rows). A file about the population itself asks for 'all' (a second
 * template, built once a run when such a file runs).
 */
export const TEST_FAN_SCALE = 0.02;
export type DemoFans = 'few' | 'all';
export const fanScaleOf = (demoFans: DemoFans) => (demoFans === 'all' ? 1 : TEST_FAN_SCALE);
/** The template's name: the sources' hash, and which population. */
export const templateName = (demoFans: DemoFans) => `${templateKey()}${demoFans === 'all' ? '_all' : ''}`;

const FOLDER = join(tmpdir(), 'regie-test-templates');
// The whole demo population's template takes minutes to build on a loaded machine.
const BUILD_TIMEOUT_MS = 300_000;

/** Builds the template and stores it, dropping templates of older sources. */
async function buildAndStore(file: string, demoFans: DemoFans): Promise<Blob> {
  const dump = await buildTemplate(demoFans);
  // Write aside, then rename: a reader never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  // Templates of older sources go (both populations of this source tree stay).
  for (const name of await readdir(FOLDER)) {
    if (name.endsWith('.tar') && !name.startsWith(templateKey())) await rm(join(FOLDER, name), { force: true });
  }
  return dump;
}

/**
 * Test files start in parallel: the first one to take the lock builds the template, the others
 * wait for it; a lock older than a build can take is taken as left by a killed run.
 */
async function loadOrBuild(demoFans: DemoFans): Promise<Blob> {
  await mkdir(FOLDER, { recursive: true });
  const file = join(FOLDER, `${templateName(demoFans)}.tar`);
  const lock = `${file}.lock`;
  while (!existsSync(file)) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      try {
        return await buildAndStore(file, demoFans);
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

const cached = new Map<DemoFans, Promise<Blob>>();

export function pgliteTemplate(demoFans: DemoFans = 'few'): Promise<Blob> {
  let template = cached.get(demoFans);
  if (!template) {
    template = loadOrBuild(demoFans);
    cached.set(demoFans, template);
  }
  return template;
}
