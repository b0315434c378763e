import { randomBytes } from 'node:crypto';
import { paths } from '@regie/contract/api';
import { AUDIT_CSV_COLUMNS, AUDIT_MESSAGES, type AuditEntry, type AuditPage, auditPaths } from '@regie/contract/audit';
import { renderMessage } from '@regie/contract/messages.render';
import { MODULE_CODES } from '@regie/contract/modules';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneAudit } from '../src/audit/audit.prune.ts';
import { auditCsvLines, auditPageStatement, encodeAuditCursor } from '../src/audit/audit.read.ts';
import { auditEntries } from '../src/db/audit.table.ts';
import { tags } from '../src/db/tags.table.ts';
import { users } from '../src/db/users.table.ts';
import { inlineParameters } from '../src/fans/fans.export.ts';
import { RESOURCES } from '../src/resources/resources.registry.ts';
import type { Row } from '../src/resources/resources.types.ts';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';
import { basePath, createReferences, entryNamed, grantsFor, samplePayload } from './resources-fixtures.ts';

/**
 * The audit trail (issue 26 points 1 and 4): one entry per change in the change's transaction,
 * secrets masked, each reader sees what is theirs, keyset pages, the CSV export, sign-ins.
 */

let ctx: TestContext;
let accountA: BuiltAccount;
let accountB: BuiltAccount;
let adminToken: string;
let adminId: number;
/** Writes tags in A. */
let writerA: { id: number; token: string };
/** Holds manage_users in A, B. */
let managerA: { id: number; token: string; username: string };
let managerB: { id: number; token: string };
const USER_AGENT = 'audit-test/1.0';

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
  accountKey?: string,
) =>
  ctx.request({
    method,
    url,
    token,
    headers: { 'user-agent': USER_AGENT },
    ...(accountKey ? { accountKey } : {}),
    ...(payload === undefined ? {} : { payload }),
  });

async function page(query: string, token = adminToken): Promise<AuditPage> {
  const response = await call('GET', `${auditPaths.list}?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
}

/** A record's entries, newest first, as a platform administrator reads them. */
async function historyOf(resource: string, resourceId: number | string): Promise<AuditEntry[]> {
  return (await page(`resource=${resource}&resourceId=${resourceId}&limit=200`)).data;
}

async function userWith(accountId: number, roles: Parameters<TestContext['buildUser']>[0] = {}) {
  const user = await ctx.buildUser({ accountId, ...roles });
  return { id: user.id, username: user.username, token: await ctx.login(user.username, user.password) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  accountA = await ctx.buildAccount({ modules: [...MODULE_CODES] });
  accountB = await ctx.buildAccount({ modules: [...MODULE_CODES] });
  adminToken = await ctx.login('admin');
  const [admin] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminId = admin?.id ?? 0;
  writerA = await userWith(accountA.id, grantsFor(entryNamed('tags')));
  managerA = await userWith(accountA.id, { roles: ['manage_users'] });
  managerB = await userWith(accountB.id, { roles: ['manage_users'] });
});
afterAll(() => ctx.close());

describe('a resource write', () => {
  it('writes one entry per create, update and delete, with the fields changed', async () => {
    const created = await call('POST', '/main-api/tags', writerA.token, { name: 'Audited tag', tagType: 'team' });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().id);
    const updated = await call('PUT', `/main-api/tags/${id}`, writerA.token, { name: 'Audited tag 2' });
    expect(updated.statusCode, updated.body).toBe(200);
    // A PUT that changes nothing of the declaration's is still a write: an entry with no fields.
    expect((await call('PUT', `/main-api/tags/${id}`, writerA.token, { tagType: 'team' })).statusCode).toBe(200);
    expect((await call('DELETE', `/main-api/tags/${id}`, writerA.token)).statusCode).toBe(204);

    const history = await historyOf('tags', id);
    expect(history.map((entry) => entry.action)).toEqual(['delete', 'update', 'update', 'create']);
    const [deleted, unchanged, renamed, made] = history;
    for (const entry of history) {
      expect(entry).toMatchObject({
        userId: writerA.id,
        actingAdminId: null,
        accountId: accountA.id,
        resource: 'tags',
        resourceId: id,
        userAgent: USER_AGENT,
        ip: '127.0.0.1',
      });
      expect(entry.requestId).toEqual(expect.any(String));
    }
    expect(new Set(history.map((entry) => entry.requestId)).size).toBe(4);
    expect(made?.changes).toEqual({
      name: { before: null, after: 'Audited tag' },
      tagType: { before: null, after: 'team' },
    });
    expect(renamed?.changes).toEqual({ name: { before: 'Audited tag', after: 'Audited tag 2' } });
    expect(unchanged?.changes).toEqual({});
    expect(deleted?.changes).toEqual({
      name: { before: 'Audited tag 2', after: null },
      tagType: { before: 'team', after: null },
    });
    // Ids grow: the newest entry has the largest.
    const ids = history.map((entry) => BigInt(entry.id));
    expect([...ids].sort((a, b) => (a < b ? 1 : -1))).toEqual(ids);
  });

  it('is one transaction with its entry: an entry that cannot be written undoes the change', async () => {
    // The trail refuses entries naming this text: the write must fail and leave nothing behind.
    await ctx.db.execute(
      sql.raw(
        `alter table audit_entries add constraint audit_test_refuse check (changes::text not like '%refused-by-trail%')`,
      ),
    );
    try {
      const refused = await call('POST', '/main-api/tags', writerA.token, {
        name: 'refused-by-trail',
        tagType: 'team',
      });
      expect(refused.statusCode).toBe(500);
      expect(await ctx.db.select().from(tags).where(eq(tags.name, 'refused-by-trail'))).toEqual([]);

      const kept = await call('POST', '/main-api/tags', writerA.token, { name: 'Kept tag', tagType: 'team' });
      expect(kept.statusCode).toBe(201);
      const id = Number(kept.json().id);
      const renamed = await call('PUT', `/main-api/tags/${id}`, writerA.token, { name: 'refused-by-trail' });
      expect(renamed.statusCode).toBe(500);
      const [stored] = await ctx.db.select().from(tags).where(eq(tags.id, id));
      expect(stored?.name).toBe('Kept tag');
      expect((await historyOf('tags', id)).map((entry) => entry.action)).toEqual(['create']);
    } finally {
      await ctx.db.execute(sql.raw('alter table audit_entries drop constraint audit_test_refuse'));
    }
  });

  it('writes no entry for a write refused before it is made', async () => {
    const before = (await page(`accountId=${accountA.id}&limit=1`)).data[0]?.id;
    const duplicate = await call('POST', '/main-api/tags', writerA.token, { name: '', tagType: 'team' });
    expect(duplicate.statusCode).toBe(400);
    expect((await page(`accountId=${accountA.id}&limit=1`)).data[0]?.id).toBe(before);
  });

  it('records that a secret changed, never its value', async () => {
    const usersBase = '/users-service-api/users';
    const password = 'a very secret password 1';
    const created = await call('POST', usersBase, managerA.token, {
      username: `secret.${randomBytes(3).toString('hex')}`,
      name: 'Secret Keeper',
      password,
      accessLevel: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().id);
    const changedPassword = 'another secret password 2';
    expect((await call('PUT', `${usersBase}/${id}`, managerA.token, { password: changedPassword })).statusCode).toBe(
      200,
    );
    expect((await call('PUT', `${usersBase}/${id}`, managerA.token, { name: 'Keeper' })).statusCode).toBe(200);

    const [renamed, repassworded, made] = await historyOf('users', id);
    expect(made?.changes.password).toEqual({ changed: true });
    expect(made?.changes.name).toEqual({ before: null, after: 'Secret Keeper' });
    expect(repassworded?.changes).toEqual({ password: { changed: true } });
    // Not given: not changed.
    expect(renamed?.changes).toEqual({ name: { before: 'Secret Keeper', after: 'Keeper' } });
    // Nowhere in the trail: neither the passwords nor their hashes.
    const stored = JSON.stringify(await ctx.db.select({ changes: auditEntries.changes }).from(auditEntries));
    expect(stored).not.toContain(password);
    expect(stored).not.toContain(changedPassword);
    expect(stored).not.toContain('$argon2');

    // An account's key is a credential: made by the server, recorded as changed only.
    const account = await call('POST', '/users-service-api/accounts', adminToken, { name: `Keyed ${id}` });
    expect(account.statusCode, account.body).toBe(201);
    const [accountEntry] = await historyOf('accounts', account.json().id);
    expect(accountEntry?.changes.accountKey).toEqual({ changed: true });
    expect(JSON.stringify(accountEntry)).not.toContain(account.json().accountKey);
  });

  it('records the translations of a record as an update of it', async () => {
    const created = await call('POST', '/main-api/tags', writerA.token, { name: 'Translated', tagType: 'team' });
    const id = Number(created.json().id);
    const base = `/main-api/tags/${id}/translations`;
    const added = await call('POST', base, writerA.token, { LanguageId: 2, values: { name: 'Traduit' } });
    expect(added.statusCode, added.body).toBe(201);
    const code = added.json().language;
    expect((await call('PUT', `${base}/2`, writerA.token, { values: { name: 'Traduit 2' } })).statusCode).toBe(200);
    expect((await call('DELETE', `${base}/2`, writerA.token)).statusCode).toBe(204);
    const [removed, replaced, set] = await historyOf('tags', id);
    const field = `translations.${code}`;
    expect(set).toMatchObject({ action: 'update', changes: { [field]: { before: null, after: { name: 'Traduit' } } } });
    expect(replaced?.changes).toEqual({ [field]: { before: { name: 'Traduit' }, after: { name: 'Traduit 2' } } });
    expect(removed?.changes).toEqual({ [field]: { before: { name: 'Traduit 2' }, after: null } });
  });
});

describe('who reads the trail', () => {
  let tagOfA: number;
  let actedTag: number;
  beforeAll(async () => {
    tagOfA = Number((await call('POST', '/main-api/tags', writerA.token, { name: 'Of A', tagType: 'team' })).json().id);
    // The platform administrator acting for A (spec §6: A's key in x-account-key, with a reason).
    await ctx.actFor(adminToken, accountA, { reason: 'Ticket 12: a tag for A' });
    const acted = await call(
      'POST',
      '/main-api/tags',
      adminToken,
      { name: 'Acted', tagType: 'team' },
      accountA.accountKey,
    );
    expect(acted.statusCode, acted.body).toBe(201);
    actedTag = Number(acted.json().id);
  });

  it('records the administrator acting for the account', async () => {
    const [entry] = await historyOf('tags', actedTag);
    expect(entry).toMatchObject({ userId: adminId, actingAdminId: adminId, accountId: accountA.id, ip: '127.0.0.1' });
    // Acting for no account, an administrator changing an account's record acts for it too.
    const renamed = await call('PUT', `/users-service-api/users/${writerA.id}`, adminToken, { name: 'Writer of A' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [rename] = await historyOf('users', writerA.id);
    expect(rename).toMatchObject({ action: 'update', userId: adminId, actingAdminId: adminId, accountId: accountA.id });
    expect(rename?.changes).toEqual({ name: { before: 'Test User', after: 'Writer of A' } });
    // The platform's own records (an account itself) are not acting for anyone.
    const club = await call('POST', '/users-service-api/accounts', adminToken, { name: `Platform made ${actedTag}` });
    expect(club.statusCode, club.body).toBe(201);
    const [made] = await historyOf('accounts', club.json().id);
    expect(made).toMatchObject({ userId: adminId, actingAdminId: null, accountId: null });
  });

  it('shows a manage_users holder their own account only, without the administrators’ addresses', async () => {
    const own = await page('resource=tags&limit=200', managerA.token);
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((entry) => entry.accountId === accountA.id)).toBe(true);
    const ids = own.data.map((entry) => entry.resourceId);
    expect(ids).toEqual(expect.arrayContaining([tagOfA, actedTag]));
    const acted = own.data.find((entry) => entry.resourceId === actedTag);
    expect(acted).toMatchObject({ actingAdminId: adminId, ip: null });
    expect(own.data.find((entry) => entry.resourceId === tagOfA)?.ip).toBe('127.0.0.1');
    // Naming their own account changes nothing.
    expect((await page(`resource=tags&limit=200&accountId=${accountA.id}`, managerA.token)).data).toEqual(own.data);
  });

  it('hides another account’s entries', async () => {
    const other = await page('limit=200', managerB.token);
    expect(other.data.some((entry) => entry.accountId !== accountB.id)).toBe(false);
    expect(other.data.some((entry) => entry.resourceId === tagOfA && entry.resource === 'tags')).toBe(false);
    const named = await call('GET', `${auditPaths.list}?accountId=${accountA.id}`, managerB.token);
    expect(named.statusCode).toBe(404);
    expect(named.json().message).toBe(renderMessage(AUDIT_MESSAGES.accountNotFound(accountA.id)));
    const exported = await call('GET', `${auditPaths.export}?accountId=${accountA.id}`, managerB.token);
    expect(exported.statusCode).toBe(404);
  });

  it('refuses a user without manage_users, and a caller without a token', async () => {
    const refused = await call('GET', auditPaths.list, writerA.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(renderMessage(AUDIT_MESSAGES.notAllowed));
    expect((await ctx.request({ url: auditPaths.list })).statusCode).toBe(401);
  });

  it('shows a platform administrator every account, narrowed by accountId', async () => {
    const all = await page('limit=200');
    const accountsSeen = new Set(all.data.map((entry) => entry.accountId));
    expect(accountsSeen.has(accountA.id)).toBe(true);
    const onlyA = await page(`accountId=${accountA.id}&limit=200`);
    expect(onlyA.data.every((entry) => entry.accountId === accountA.id)).toBe(true);
    expect(onlyA.data.find((entry) => entry.resourceId === actedTag)?.ip).toBe('127.0.0.1');
    // Acting for B, the administrator reads B only.
    await ctx.actFor(adminToken, accountB);
    const acting = await call('GET', `${auditPaths.list}?limit=200`, adminToken, undefined, accountB.accountKey);
    expect(acting.statusCode).toBe(200);
    expect(acting.json<AuditPage>().data.every((entry) => entry.accountId === accountB.id)).toBe(true);
  });

  it('filters by user, action and period', async () => {
    const byWriter = await page(`userId=${writerA.id}&limit=200`);
    expect(byWriter.data.length).toBeGreaterThan(0);
    expect(byWriter.data.every((entry) => entry.userId === writerA.id)).toBe(true);
    const deletes = await page(`accountId=${accountA.id}&action=delete&limit=200`);
    expect(deletes.data.length).toBeGreaterThan(0);
    expect(deletes.data.every((entry) => entry.action === 'delete')).toBe(true);
    const newest = byWriter.data[0];
    if (!newest) throw new Error('no entry');
    const at = encodeURIComponent(newest.at);
    expect((await page(`userId=${writerA.id}&from=${at}&limit=200`)).data.map((entry) => entry.id)).toContain(
      newest.id,
    );
    expect((await page(`userId=${writerA.id}&to=${at}&limit=200`)).data.map((entry) => entry.id)).not.toContain(
      newest.id,
    );
    expect((await call('GET', `${auditPaths.list}?action=explode`, adminToken)).statusCode).toBe(400);
  });
});

describe('paging and export', () => {
  let writer: { id: number; token: string };
  beforeAll(async () => {
    writer = await userWith(accountA.id, grantsFor(entryNamed('tags')));
    for (let n = 0; n < 7; n += 1) {
      const response = await call('POST', '/main-api/tags', writer.token, { name: `Paged ${n}`, tagType: 'team' });
      expect(response.statusCode).toBe(201);
    }
  });

  it('pages by keyset to the same entries as one page, whatever is written meanwhile', async () => {
    const whole = (await page(`userId=${writer.id}&resource=tags&limit=200`)).data.map((entry) => entry.id);
    expect(whole).toHaveLength(7);
    const paged: string[] = [];
    let current = await page(`userId=${writer.id}&resource=tags&limit=3`);
    paged.push(...current.data.map((entry) => entry.id));
    while (current.nextCursor) {
      // A newer entry does not shift the pages already begun.
      await call('POST', '/main-api/tags', writer.token, { name: `Meanwhile ${paged.length}`, tagType: 'team' });
      current = await page(`userId=${writer.id}&resource=tags&limit=3&cursor=${current.nextCursor}`);
      paged.push(...current.data.map((entry) => entry.id));
    }
    expect(paged).toEqual(whole);
    const bad = await call('GET', `${auditPaths.list}?cursor=not-a-cursor`, adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(renderMessage(AUDIT_MESSAGES.badCursor));
  });

  it('exports the same entries as CSV', async () => {
    const listed = (await page(`userId=${writer.id}&resource=tags&limit=200`)).data;
    const response = await call('GET', `${auditPaths.export}?userId=${writer.id}&resource=tags&limit=1`, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    // COPY's CSV (on PostgreSQL the database writes it): LF line ends, the JSON of the changes quoted.
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(listed.length + 1);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(listed.map((entry) => entry.id));
    expect(lines[1]).toMatch(/,"\{""name"": \{""after"": ""Meanwhile \d+"", ""before"": null\}, /);
    expect(lines[1]?.split(',')[1]).toBe(listed[0]?.at);
    // Read in batches, the lines are the same across every batch boundary.
    let batched = '';
    const query = { userId: writer.id, resource: 'tags', limit: 50 };
    for await (const chunk of auditCsvLines(ctx.db, { accountId: undefined, hidesAdminAddresses: false }, query, 2)) {
      batched += chunk;
    }
    expect(batched).toBe(response.body);
    // Text a spreadsheet would run as a formula (a user agent is the caller's to choose) is not.
    const formula = await ctx.request({
      method: 'POST',
      url: '/main-api/tags',
      token: writer.token,
      headers: { 'user-agent': '=HYPERLINK("https://example.com")' },
      payload: { name: 'Formula agent', tagType: 'team' },
    });
    expect(formula.statusCode).toBe(201);
    const guarded = await call('GET', `${auditPaths.export}?userId=${writer.id}&resource=tags`, adminToken);
    expect(guarded.body.split('\n')[1]).toMatch(/,"'=HYPERLINK\(""https:\/\/example.com""\)"$/);
    // A customer's export hides the administrators' addresses as the list does.
    const own = await call('GET', `${auditPaths.export}?resource=tags`, managerA.token);
    expect(own.statusCode).toBe(200);
    const acted = own.body.split('\n').filter((line) => line.includes('Acted'));
    expect(acted.length).toBeGreaterThan(0);
    for (const line of acted) expect(line).not.toContain('127.0.0.1');
  });
});

describe('time order and periods', () => {
  const day = 24 * 60 * 60 * 1000;
  let account: BuiltAccount;
  /** Entries a year ago, written out of their time's order (an import, a clock): id and time disagree. */
  let stored: { id: string; at: Date }[];
  const agoAt = (days: number, ms = 0) => new Date(Date.now() - days * day + ms);

  beforeAll(async () => {
    account = await ctx.buildAccount();
    const values = [
      { days: 380 },
      { days: 371 },
      { days: 390 },
      // The entries of one transaction share its time: the id orders them.
      { days: 375 },
      { days: 375 },
      { days: 385, ms: 0.5 },
      { days: 372 },
      // Outside the period (from 394 days ago to 366 days ago, `to` excluded).
      { days: 397 },
      { days: 365 },
      { days: 10 },
    ].map(({ days, ms }) => ({
      accountId: account.id,
      resource: 'tags',
      action: 'update' as const,
      at: agoAt(days, ms),
    }));
    // The same instant for both 375-day entries.
    values[4] = { ...values[4], at: values[3]?.at } as (typeof values)[number];
    stored = (
      await ctx.db.insert(auditEntries).values(values).returning({ id: auditEntries.id, at: auditEntries.at })
    ).map((row) => ({ id: row.id.toString(), at: row.at }));
  });

  const newestFirst = (rows: { id: string; at: Date }[]) =>
    [...rows]
      .sort((a, b) => b.at.getTime() - a.at.getTime() || (BigInt(b.id) > BigInt(a.id) ? 1 : -1))
      .map((row) => row.id);

  it('lists newest first by time, then by id', async () => {
    const listed = (await page(`accountId=${account.id}&limit=200`)).data.map((entry) => entry.id);
    expect(listed).toEqual(newestFirst(stored));
  });

  it('pages a period far in the past by keyset, to the same entries as one page', async () => {
    const from = encodeURIComponent(agoAt(394).toISOString());
    const to = encodeURIComponent(agoAt(366).toISOString());
    const inPeriod = newestFirst(stored.slice(0, 7));
    const whole = await page(`accountId=${account.id}&from=${from}&to=${to}&limit=200`);
    expect(whole.data.map((entry) => entry.id)).toEqual(inPeriod);
    expect(whole.nextCursor).toBeNull();
    const paged: string[] = [];
    let current = await page(`accountId=${account.id}&from=${from}&to=${to}&limit=2`);
    paged.push(...current.data.map((entry) => entry.id));
    while (current.nextCursor) {
      current = await page(`accountId=${account.id}&from=${from}&to=${to}&limit=2&cursor=${current.nextCursor}`);
      paged.push(...current.data.map((entry) => entry.id));
    }
    // Seven entries, two a page: the entry 385 days ago, half a millisecond past a whole one, is
    // on its page once (the cursor keeps the stored microseconds).
    expect(paged).toEqual(inPeriod);
    // The export is the same entries in the same order.
    const exported = await call(
      'GET',
      `${auditPaths.export}?accountId=${account.id}&from=${from}&to=${to}`,
      adminToken,
    );
    const ids = exported.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n')
      .slice(1);
    expect(ids.map((line) => line.split(',')[0])).toEqual(inPeriod);
  });

  it('refuses a cursor of another form', async () => {
    const old = Buffer.from(`a:${stored[0]?.id}`).toString('base64url');
    const response = await call('GET', `${auditPaths.list}?cursor=${old}`, adminToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(renderMessage(AUDIT_MESSAGES.badCursor));
  });

  /**
   * Each page of the screen reads its rows off an index in the list's order, whatever its filters:
   * an index whose order differs from the ORDER BY (the first ones were DESC NULLS LAST) cannot,
   * and the page then filtered the table from its newest entry (a month a year ago: 200 ms at a
   * million entries).
   */
  it.each([
    ['every account', {}],
    ['an account', { accountId: 1 }],
    ['a period', { from: '2025-01-01T00:00:00Z', to: '2025-02-01T00:00:00Z' }],
    ['an account’s period', { accountId: 1, from: '2025-01-01T00:00:00Z', to: '2025-02-01T00:00:00Z' }],
    ['a resource', { accountId: 1, resource: 'tags' }],
    ['a record', { accountId: 1, resource: 'tags', resourceId: 3 }],
    ['an action', { accountId: 1, action: 'delete' as const }],
    ['a user', { userId: 2 }],
  ])('reads %s off an index, in order, on the first page and deeper', async (_name, filters) => {
    const { accountId, ...rest } = filters as { accountId?: number };
    const scope = { accountId, hidesAdminAddresses: false };
    const cursor = encodeAuditCursor('2026-01-01T00:00:00.123456Z', '123');
    for (const query of [
      { ...rest, limit: 50 },
      { ...rest, limit: 50, cursor },
    ]) {
      const plan = await ctx.db.transaction(async (tx) => {
        // Only an index's order can then avoid a sort.
        await tx.execute(sql.raw('set local enable_seqscan = off'));
        await tx.execute(sql.raw('set local enable_sort = off'));
        const statement = inlineParameters(
          new PgDialect().sqlToQuery(auditPageStatement(ctx.db, scope, query).getSQL()),
        );
        // node-postgres and PGlite both answer { rows }: one 'QUERY PLAN' line a row.
        const { rows } = (await tx.execute(sql.raw(`explain ${statement}`))) as unknown as {
          rows: Record<string, unknown>[];
        };
        return rows.map((row) => String(Object.values(row)[0])).join('\n');
      });
      expect(plan).toMatch(/Index (Only )?Scan Backward using audit_entries_\w+_idx/);
      expect(plan).not.toMatch(/Sort/);
    }
  });
});

describe('signing in and out', () => {
  it('records a sign-in, a failed one and a sign-out', async () => {
    const wrong = await ctx.request({
      method: 'POST',
      url: paths.login,
      payload: { username: managerA.username, password: 'not the password' },
      headers: { 'user-agent': USER_AGENT },
    });
    expect(wrong.statusCode).toBe(401);
    const unknown = `nobody-${randomBytes(3).toString('hex')}`;
    await ctx.request({ method: 'POST', url: paths.login, payload: { username: unknown, password: 'whatever it is' } });
    const user = await ctx.buildUser({ accountId: accountA.id });
    const token = await ctx.login(user.username, user.password);
    expect((await ctx.request({ method: 'DELETE', url: paths.logout, token })).statusCode).toBe(204);

    const failed = await page(`accountId=${accountA.id}&action=sign-in-failed&limit=200`, managerA.token);
    expect(failed.data[0]).toMatchObject({
      userId: managerA.id,
      userName: managerA.username,
      accountId: accountA.id,
      resource: 'auth',
      resourceId: managerA.id,
      userAgent: USER_AGENT,
    });
    const [out, signedIn] = (await page(`userId=${user.id}`, managerA.token)).data;
    expect(out).toMatchObject({ action: 'sign-out', userId: user.id, accountId: accountA.id, actingAdminId: null });
    expect(signedIn).toMatchObject({ action: 'sign-in', userId: user.id, accountId: accountA.id, resourceId: user.id });
    // An unknown name belongs to no account: the platform administrators see it.
    const platform = await page('action=sign-in-failed&limit=200');
    expect(platform.data.find((entry) => entry.userName === unknown)).toMatchObject({ userId: null, accountId: null });
  });
});

describe('retention', () => {
  it('prunes each account’s entries past its retention, and only those', async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = new Date();
    const short = await ctx.buildAccount();
    // An account that keeps 60 days (its config), B the default 400.
    const kept = await call('PUT', `/users-service-api/accounts/${short.id}`, adminToken, {
      config: { auditRetentionDays: 60 },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const tooShort = await call('PUT', `/users-service-api/accounts/${short.id}`, adminToken, {
      config: { auditRetentionDays: 2 },
    });
    expect(tooShort.statusCode).toBe(400);
    const ago = (days: number) => new Date(now.getTime() - days * day);
    const rows = await ctx.db
      .insert(auditEntries)
      .values([
        { accountId: accountB.id, resource: 'tags', action: 'create', at: ago(401) },
        { accountId: accountB.id, resource: 'tags', action: 'create', at: ago(399) },
        { accountId: short.id, resource: 'tags', action: 'create', at: ago(61) },
        { accountId: short.id, resource: 'tags', action: 'create', at: ago(59) },
        { accountId: null, resource: 'auth', action: 'sign-in-failed', at: ago(500) },
      ])
      .returning({ id: auditEntries.id });
    expect(await pruneAudit(ctx.db, now, 1)).toBe(3);
    const left = await ctx.db
      .select({ id: auditEntries.id })
      .from(auditEntries)
      .where(
        inArray(
          auditEntries.id,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(auditEntries.id));
    expect(left.map((row) => row.id)).toEqual([rows[1]?.id, rows[3]?.id]);
    // The config change itself is in the trail, the account's own record.
    const [change] = await historyOf('accounts', short.id);
    expect(change?.changes.config).toMatchObject({ after: { auditRetentionDays: 60 } });
  });
});

/**
 * Every declared resource (the registry): its create, update and delete each write their entry,
 * so a new resource cannot forget the trail.
 */
describe.each(RESOURCES.map((entry) => [entry.definition.name, entry] as const))('resource %s', (name, entry) => {
  it('writes an entry for its create, update and delete', async () => {
    const { definition } = entry;
    const platform = definition.tenancy === 'platform';
    const token = `au${randomBytes(4).toString('hex')}`;
    const refs = createReferences(ctx, accountA.id, token);
    const base = definition.parent ? basePath(entry, await refs.id(definition.parent.resource)) : basePath(entry);
    const grants = grantsFor(entry);
    const writer = platform ? { token: adminToken, id: adminId } : await userWith(accountA.id, grants);

    const payload = await samplePayload(entry, token, 10, refs);
    const created = await call('POST', base, writer.token, payload);
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json<Row>();
    // The first search field, else the first field the sample sets that is not the parent's.
    const field = definition.search[0] ?? Object.keys(payload).find((key) => key !== definition.parent?.field) ?? '';
    const changed = { [field]: (await samplePayload(entry, token, 11, refs))[field] };
    const updated = await call('PUT', `${base}/${record.id}`, writer.token, changed);
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await call('DELETE', `${base}/${record.id}`, writer.token)).statusCode).toBe(204);

    const history = await historyOf(name, Number(record.id));
    expect(history.map((one) => one.action)).toEqual(['delete', 'update', 'create']);
    for (const one of history) expect(one).toMatchObject({ userId: writer.id, accountId: record.AccountId });
    const [, update] = history;
    expect(Object.keys(update?.changes ?? {})).toContain(field);
  });
});
