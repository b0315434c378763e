import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HEADER_ACCOUNT_KEY, paths } from '@regie/contract/api';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_USERS } from '@regie/contract/demo';
import { fanPublicPaths } from '@regie/contract/fans';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { accounts } from '../src/db/accounts.table.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import {
  DEMO_TEMPLATE_MAX_AGE_MS,
  demoTemplateFor,
  demoTemplateKey,
  readDemoTemplate,
  readDemoTemplateMeta,
  writeDemoTemplate,
} from '../src/db/demo-template.ts';
import { fans } from '../src/db/fans.table.ts';
import { users } from '../src/db/users.table.ts';
import { DEMO_FANS } from '../src/seed/fans.seed.ts';
import { testConfig } from './helpers.ts';
import { pgliteTemplate, TEST_FAN_SCALE } from './pglite-template.ts';

/**
 * Issue 24, point 14: a first start on an empty data folder loads the demo database the build
 * made (src/build-demo-template.ts) instead of initdb + migrations + seed, when that template
 * was made by the same code and recently; otherwise it seeds as before.
 */
let folder: string;
let bundle: string;
let key: string;
const dataDirs: string[] = [];

async function emptyDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'regie-demo-start-'));
  dataDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'regie-demo-template-'));
  // The bundle's layout: main.js with the template's builder beside it (build.mjs).
  bundle = join(folder, 'main.js');
  await writeFile(bundle, '// main');
  await writeFile(join(folder, 'demo-template.js'), '// the builder, version 1');
  key = demoTemplateKey(join(folder, 'demo-template.js'));
  // The test suite's template is the same dump of a migrated and seeded database (dumpDatabase).
  const dump = new Uint8Array(await (await pgliteTemplate()).arrayBuffer());
  await writeDemoTemplate(folder, dump, { key, buildMs: 1 });
}, 180_000);

afterAll(async () => {
  for (const dir of [folder, ...dataDirs]) await rm(dir, { recursive: true, force: true });
});

describe('the demo database template', () => {
  it('gives an empty data folder the demo data: its counts, its users and fans sign in, and it stays', async () => {
    const dataDir = await emptyDataDir();
    const template = await demoTemplateFor({ databaseUrl: null, dataDir }, bundle);
    expect(template).not.toBeNull();
    let database: Database = await openDatabase({ databaseUrl: null, dataDir }, template);
    await database.migrate();
    const [userCount] = await database.db.select({ total: count() }).from(users);
    expect(userCount?.total).toBe(DEMO_USERS.length);
    const [club] = await database.db.select().from(accounts).where(eq(accounts.name, DEMO_ACCOUNTS.club));
    if (!club) throw new Error('no demo club');
    const [fanCount] = await database.db
      .select({ total: count() })
      .from(fans)
      .where(and(eq(fans.accountId, club.id), like(fans.email, '%@fans.example')));
    // The tests' dump seeds a share of the fans (TEST_FAN_SCALE); the build's has them all.
    expect(fanCount?.total).toBe(Math.round((DEMO_FANS[DEMO_ACCOUNTS.club] ?? 0) * TEST_FAN_SCALE));

    const app = await buildApp(testConfig({ dataDir }), { database });
    const login = await app.inject({
      method: 'POST',
      url: paths.login,
      payload: { username: 'producer', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const [fan] = await database.db.select().from(fans).where(eq(fans.accountId, club.id)).limit(1);
    const signin = await app.inject({
      method: 'POST',
      url: fanPublicPaths.signin,
      headers: { [HEADER_ACCOUNT_KEY]: club.accountKey },
      payload: { email: fan?.email, password: DEMO_PASSWORD },
    });
    expect(signin.statusCode).toBe(200);
    await app.close();
    await database.close();

    // The folder now holds a database: the next start opens it, the template is not loaded again.
    expect(await demoTemplateFor({ databaseUrl: null, dataDir }, bundle)).toBeNull();
    database = await openDatabase({ databaseUrl: null, dataDir });
    const [again] = await database.db.select({ total: count() }).from(users);
    expect(again?.total).toBe(DEMO_USERS.length);
    await database.close();
  }, 120_000);

  it('is not used when made by other code, too long ago, on PostgreSQL or when the build has no builder', async () => {
    const dataDir = await emptyDataDir();
    const meta = await readDemoTemplateMeta(folder);
    const builtAt = Date.parse(meta?.builtAt ?? '');
    expect(await readDemoTemplate(folder, key, builtAt + DEMO_TEMPLATE_MAX_AGE_MS)).not.toBeNull();
    // Its relative times (fans active this month, today's quiz) would have drifted: seeded instead.
    expect(await readDemoTemplate(folder, key, builtAt + DEMO_TEMPLATE_MAX_AGE_MS + 1)).toBeNull();
    expect(await readDemoTemplate(folder, 'another-key')).toBeNull();
    expect(await demoTemplateFor({ databaseUrl: 'postgres://127.0.0.1/regie', dataDir }, bundle)).toBeNull();
    // Run from the sources (no bundle folder with a builder).
    expect(await demoTemplateFor({ databaseUrl: null, dataDir }, join(dataDir, 'main.ts'))).toBeNull();
    // A changed seed is a changed builder: its key no longer matches the template's.
    await writeFile(join(folder, 'demo-template.js'), '// the builder, version 2');
    expect(await demoTemplateFor({ databaseUrl: null, dataDir }, bundle)).toBeNull();
    await writeFile(join(folder, 'demo-template.js'), '// the builder, version 1');
    expect(await demoTemplateFor({ databaseUrl: null, dataDir }, bundle)).not.toBeNull();
  });
});
