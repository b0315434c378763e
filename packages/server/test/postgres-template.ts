import type pg from 'pg';
import { openPostgres } from '../src/db/database.ts';
import { seedDemoData } from '../src/seed/demo.seed.ts';
import { type DemoFans, fanScaleOf, templateName } from './pglite-template.ts';

/**
 * On PostgreSQL, migrating and seeding the demo data (its fans, hashed passwords) took
 * seconds per test file. The first file of a run builds one template database under an advisory
 * lock; every file then gets `create database … template …`, a copy of its files. The template's
 * name carries the hash of everything that shapes it (see pglite-template.ts), so a change to
 * the migrations, the seed or the sources builds a new one (older ones go after an hour).
 */
const PREFIX = 'regie_test_template_';
/** Any constant: the advisory lock every process of a run takes while it checks or builds. */
const LOCK = 724_113_608;
const STALE_AFTER_MS = 60 * 60 * 1000;

async function exists(admin: pg.Client, name: string): Promise<boolean> {
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  return rows.length > 0;
}

/** pg's Pool.end() resolves before its sockets are closed: wait for the server to see them go. */
export async function closedEverywhere(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const { rows } = await admin.query('select count(*)::int as open from pg_stat_activity where datname = $1', [name]);
    if (rows[0]?.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function build(admin: pg.Client, serverUrl: string, name: string, demoFans: DemoFans): Promise<void> {
  const building = `${name}_building`;
  await admin.query(`drop database if exists ${building} with (force)`);
  await admin.query(`create database ${building}`);
  const url = new URL(serverUrl);
  url.pathname = `/${building}`;
  const database = openPostgres(url.toString());
  try {
    await database.migrate();
    await seedDemoData(database.db, { fanScale: fanScaleOf(demoFans) });
  } finally {
    await database.close();
  }
  await closedEverywhere(admin, building);
  // Renamed once complete: a run killed mid-build leaves only a `_building` database behind.
  await admin.query(`alter database ${building} rename to ${name}`);
  await admin.query(`comment on database ${name} is '${Date.now()}'`);
  // Templates of other source trees go once they are an hour old: a run of another checkout on
  // the same server (a newcomer's clean clone) may still be copying from a recent one.
  const { rows } = await admin.query<{ datname: string; built: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as built from pg_database
      where datname like '${PREFIX}%' and datname not like '%_building' and datname <> $1`,
    [name],
  );
  for (const { datname, built } of rows) {
    if (Date.now() - Number(built ?? 0) > STALE_AFTER_MS)
      await admin.query(`drop database if exists ${datname} with (force)`);
  }
}

const ready = new Map<DemoFans, Promise<string>>();

/** The template database's name for this source tree (and population), built on first use. */
export function postgresTemplate(admin: pg.Client, serverUrl: string, demoFans: DemoFans = 'few'): Promise<string> {
  let template = ready.get(demoFans);
  if (!template) {
    template = (async () => {
      const name = `${PREFIX}${templateName(demoFans)}`;
      await admin.query('select pg_advisory_lock($1)', [LOCK]);
      try {
        if (!(await exists(admin, name))) await build(admin, serverUrl, name, demoFans);
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [LOCK]);
      }
      return name;
    })();
    ready.set(demoFans, template);
  }
  return template;
}
