import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actingPaths } from '@regie/contract/acting';
import { HEADER_ACCOUNT_KEY, paths } from '@regie/contract/api';
import { DEMO_PASSWORD } from '@regie/contract/demo';
import type { ModuleCode } from '@regie/contract/modules';
import type { Role } from '@regie/contract/roles';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { newAccountKey } from '../src/accounts/accounts.service.ts';
import { type App, type AppDependencies, buildApp } from '../src/app.ts';
import type { MissingAuditEntry } from '../src/audit/audit.declared.ts';
import { hashPassword } from '../src/auth/password.service.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import { accounts, groupRoles, groups } from '../src/db/accounts.table.ts';
import { type Database, type Db, openPglite, openPostgres } from '../src/db/database.ts';
import { roles } from '../src/db/reference.table.ts';
import { userGroups, users } from '../src/db/users.table.ts';
import type { ResponseMismatch } from '../src/http/response-check.hook.ts';
import { type DemoFans, pgliteTemplate } from './pglite-template.ts';
import { closedEverywhere, postgresTemplate } from './postgres-template.ts';

/** A configuration for tests: quiet logs, no web build, nothing from the real environment. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      LOG_LEVEL: 'warn',
      REGIE_DATA_DIR: join(tmpdir(), 'regie-test-data'),
      REGIE_INGEST_PORT: '0',
      // The tests' simulcast targets are sinks on this machine (simulcast-fixtures.ts).
      REGIE_SIMULCAST_ALLOW_HOSTS: '127.0.0.1',
    }),
    webDist: join(tmpdir(), 'regie-test-no-web-dist'),
    ...overrides,
  };
}

/**
 * A fresh database per test file, seeded with the demo data: embedded PGlite in memory by
 * default (loaded from a cached template, see pglite-template.ts), or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL, dropped by close().
 */
async function freshDatabase(
  demoFans: DemoFans = 'few',
): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite({ loadDataDir: await pgliteTemplate(demoFans) });
    return { database, url: null, drop: async () => undefined };
  }
  const name = `regie_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // A copy of the run's migrated and seeded template (postgres-template.ts).
  await admin.query(`create database ${name} template ${await postgresTemplate(admin, serverUrl, demoFans)}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await closedEverywhere(admin, name);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  token?: string;
  accountKey?: string;
  payload?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface BuiltAccount {
  id: number;
  name: string;
  accountKey: string;
}

export interface BuiltUser {
  id: number;
  username: string;
  password: string;
  accountId: number;
  accountKey: string;
}

export interface TestContext {
  app: App;
  db: Db;
  /** The open database itself: a second app on it is another process on the same database. */
  database: Database;
  /** The PostgreSQL database of this file (TEST_DATABASE_URL runs), for a second pool; null on PGlite. */
  databaseUrl: string | null;
  login(username: string, password?: string): Promise<string>;
  request(options: RequestOptions): Promise<InjectResponse>;
  buildAccount(overrides?: { name?: string; modules?: ModuleCode[]; roles?: Role[] }): Promise<BuiltAccount>;
  buildUser(overrides?: {
    username?: string;
    name?: string;
    password?: string;
    accountId?: number;
    roles?: Role[];
    modules?: ModuleCode[];
    accessLevel?: number;
  }): Promise<BuiltUser>;
  accountByName(name: string): Promise<BuiltAccount>;
  /**
   * Opens acting for the account with `token`, a platform administrator's (issue 26): from then on
   * the account's x-account-key works with that token. Answers the account key.
   */
  actFor(token: string, account: { id: number }, options?: { reason?: string; readOnly?: boolean }): Promise<string>;
  close(): Promise<void>;
}

export async function createTestContext(
  options: {
    config?: Partial<AppConfig>;
    dependencies?: Omit<AppDependencies, 'database'>;
    /** The demo's fans: a share of them (the default, pglite-template.ts), or all 50 000. */
    demoFans?: DemoFans;
  } = {},
): Promise<TestContext> {
  const { database, url: databaseUrl, drop } = await freshDatabase(options.demoFans);
  // Every response is checked against its route's documented schema: OpenAPI must be true.
  const mismatches: ResponseMismatch[] = [];
  // Every successful call of a route declared `audit: 'entry'` must have written its entry.
  const unaudited: MissingAuditEntry[] = [];
  const app = await buildApp(testConfig(options.config), {
    responseCheck: (mismatch) => mismatches.push(mismatch),
    auditCheck: (missing) => unaudited.push(missing),
    ...options.dependencies,
    database,
  });
  const { db } = database;
  let counter = 0;
  const unique = (prefix: string) => {
    counter += 1;
    return `${prefix}-${Date.now().toString(36)}-${counter}`;
  };

  const request: TestContext['request'] = async (options) => {
    const response = await send(options);
    const found = mismatches.splice(0);
    if (found.length > 0) {
      const lines = found.map((m) => `${m.method} ${m.url} (${m.route}) ${m.statusCode}: ${m.problem}`);
      throw new Error(`Response not as documented:\n${lines.join('\n')}`);
    }
    const missed = unaudited.splice(0);
    if (missed.length > 0) {
      const lines = missed.map((m) => `${m.method} ${m.url} (${m.route}) ${m.statusCode}: ${m.problem}`);
      throw new Error(`A write's audit entries are not as declared:\n${lines.join('\n')}`);
    }
    return response;
  };

  const send: TestContext['request'] = ({ method = 'GET', url, token, accountKey, payload, headers, remoteAddress }) =>
    app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(accountKey ? { [HEADER_ACCOUNT_KEY]: accountKey } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  async function grant(accountId: number, roleNames: readonly Role[]): Promise<number> {
    const [group] = await db
      .insert(groups)
      .values({ name: unique('group'), accountId })
      .returning();
    if (!group) throw new Error('group not created');
    if (roleNames.length > 0) {
      const rows = await db
        .select()
        .from(roles)
        .where(inArray(roles.name, [...roleNames]));
      await db.insert(groupRoles).values(rows.map((role) => ({ groupId: group.id, roleId: role.id })));
    }
    return group.id;
  }

  const buildAccount: TestContext['buildAccount'] = async (overrides = {}) => {
    const [account] = await db
      .insert(accounts)
      .values({
        name: overrides.name ?? unique('Account'),
        accountKey: newAccountKey(),
        modules: overrides.modules ?? [],
      })
      .returning();
    if (!account) throw new Error('account not created');
    if (overrides.roles) await grant(account.id, overrides.roles);
    return { id: account.id, name: account.name, accountKey: account.accountKey };
  };

  const buildUser: TestContext['buildUser'] = async (overrides = {}) => {
    const account = overrides.accountId
      ? (await db.select().from(accounts).where(eq(accounts.id, overrides.accountId)))[0]
      : await buildAccount(overrides.modules ? { modules: overrides.modules } : {});
    if (!account) throw new Error('account not found');
    const password = overrides.password ?? 'correct horse battery staple';
    const [user] = await db
      .insert(users)
      .values({
        username: (overrides.username ?? unique('user')).toLowerCase(),
        name: overrides.name ?? 'Test User',
        passwordHash: await hashPassword(password),
        accessLevel: overrides.accessLevel ?? 0,
        accountId: account.id,
      })
      .returning();
    if (!user) throw new Error('user not created');
    if (overrides.roles)
      await db.insert(userGroups).values({ userId: user.id, groupId: await grant(account.id, overrides.roles) });
    return { id: user.id, username: user.username, password, accountId: account.id, accountKey: account.accountKey };
  };

  return {
    app,
    db,
    database,
    databaseUrl,
    request,
    buildAccount,
    buildUser,
    async login(username, password = DEMO_PASSWORD) {
      const response = await request({ method: 'POST', url: paths.login, payload: { username, password } });
      if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.statusCode} ${response.body}`);
      return response.json<{ accessToken: string }>().accessToken;
    },
    async actFor(token, account, { reason = 'Test: acting for the account', readOnly = false } = {}) {
      const response = await request({
        method: 'POST',
        url: actingPaths.acting,
        token,
        payload: { accountId: account.id, reason, readOnly },
      });
      if (response.statusCode !== 201)
        throw new Error(`acting for ${account.id}: ${response.statusCode} ${response.body}`);
      return response.json<{ accountKey: string }>().accountKey;
    },
    async accountByName(name) {
      const [account] = await db.select().from(accounts).where(eq(accounts.name, name));
      if (!account) throw new Error(`no account ${name}`);
      return { id: account.id, name: account.name, accountKey: account.accountKey };
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * A signed-in call on one app of several (two processes, live nodes on one database): its JSON,
 * once it answered below 300 (the body is shown when it did not).
 */
export async function callApp<T>(
  app: App,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<T> {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<T>();
}
