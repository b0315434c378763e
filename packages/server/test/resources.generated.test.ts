import { randomBytes } from 'node:crypto';
import { satisfies } from '@regie/contract/access';
import { paths } from '@regie/contract/api';
import { AUTH_MESSAGES } from '@regie/contract/auth';
import { renderMessage } from '@regie/contract/messages.render';
import { MODULE_CODES } from '@regie/contract/modules';
import { CRUD_MESSAGES } from '@regie/contract/resources/shapes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountColumn, idColumn } from '../src/resources/resources.columns.ts';
import { RESOURCES } from '../src/resources/resources.registry.ts';
import type { Row } from '../src/resources/resources.types.ts';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';
import {
  basePath,
  createReferences,
  expectFields,
  grantsFor,
  REFERENCES,
  type References,
  samplePayload,
} from './resources-fixtures.ts';

/**
 * The same checks for every resource of the registry: a new resource is tested by being declared.
 * Records of each resource carry a token unique to the run, so lists can be narrowed to them.
 */

let ctx: TestContext;
let accountA: BuiltAccount;
let accountB: BuiltAccount;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  accountA = await ctx.buildAccount({ modules: [...MODULE_CODES] });
  accountB = await ctx.buildAccount({ modules: [...MODULE_CODES] });
  adminToken = await ctx.login('admin');
});
afterAll(() => ctx.close());

describe.each(RESOURCES.map((entry) => [entry.definition.name, entry] as const))('resource %s', (name, entry) => {
  const { definition } = entry;
  const platform = definition.tenancy === 'platform';
  const grants = grantsFor(entry);
  // A 'shared' resource written by platform admins (the FAQ): their records are the platform's.
  const platformOwned =
    platform || (definition.tenancy === 'shared' && grants.roles.includes('manage_customer_accounts'));
  // An empty read rule (the FAQ): any signed-in user reads.
  const openRead = satisfies({ roles: ['e_sport'], modules: MODULE_CODES }, definition.access.read);
  const token = `zq${randomBytes(4).toString('hex')}`;
  const tokens = { writer: '', readOnly: '', readOnlyAlone: '', noRole: '', otherAccount: '' };
  const created: Row[] = [];
  // A nested resource lives under a parent record made for the run.
  let base = basePath(entry);
  let refs: References;
  const sample = (n: number) => samplePayload(entry, token, n, refs);
  const expectedOwner = () => (platformOwned ? null : accountA.id);

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    ctx.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });
  const list = async (query: string, as = tokens.writer) => {
    const response = await call('GET', `${base}?search=${token}&${query}`, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Row[]; total: number; offset: number; limit: number; nextCursor: string | null }>();
  };

  beforeAll(async () => {
    refs = createReferences(ctx, accountA.id, token);
    if (definition.parent) base = basePath(entry, await refs.id(definition.parent.resource));
    const login = async (user: { username: string; password: string }) => ctx.login(user.username, user.password);
    tokens.writer = platform ? adminToken : await login(await ctx.buildUser({ accountId: accountA.id, ...grants }));
    // Spec §6 read_only (contract READ_ONLY_ROLE): the writer's roles plus read_only read, never write.
    tokens.readOnly = await login(
      await ctx.buildUser({ accountId: accountA.id, ...grants, roles: [...grants.roles, 'read_only'] }),
    );
    tokens.readOnlyAlone = await login(await ctx.buildUser({ accountId: accountA.id, roles: ['read_only'] }));
    tokens.noRole = await login(await ctx.buildUser({ accountId: accountA.id, roles: ['e_sport'] }));
    tokens.otherAccount = await login(await ctx.buildUser({ accountId: accountB.id, ...grants }));
    for (let n = 0; n < 5; n += 1) {
      const response = await call('POST', base, tokens.writer, await sample(n));
      expect(response.statusCode, response.body).toBe(201);
      created.push(response.json());
    }
  });

  it('creates, reads, updates and deletes a record', async () => {
    const payload = await sample(10);
    const response = await call('POST', base, tokens.writer, payload);
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json<Row>();
    expect(record).toMatchObject({
      id: expect.any(Number),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(record.AccountId).toBe(expectedOwner());
    expectFields(entry, record, payload);

    const read = await call('GET', `${base}/${record.id}`, tokens.writer);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(record);

    // PUT changes the fields it is given and leaves the others alone.
    const field = definition.search[0] ?? '';
    const changed = { [field]: (await sample(11))[field] };
    const updated = await call('PUT', `${base}/${record.id}`, tokens.writer, changed);
    expect(updated.statusCode, updated.body).toBe(200);
    expectFields(entry, updated.json(), { ...payload, ...changed });

    const removed = await call('DELETE', `${base}/${record.id}`, tokens.writer);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const gone = await call('GET', `${base}/${record.id}`, tokens.writer);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(new RegExp(`^\\w[\\w ]* ${record.id} not found$`));
  });

  it('lists with paging, total, sort, search and a filter', async () => {
    const page = await list('limit=2&offset=1');
    expect(page.total).toBe(created.length);
    expect(page).toMatchObject({ offset: 1, limit: 2 });
    expect(page.data).toHaveLength(2);

    const capped = await list('limit=100000');
    expect(capped.limit).toBe(200);

    const sortField = definition.sortable.find((field) => field in definition.fields.shape) ?? 'id';
    const ascending = (await list(`sort=${sortField}`)).data.map((row) => row.id);
    const descending = (await list(`sort=-${sortField}`)).data.map((row) => row.id);
    expect(ascending).toHaveLength(created.length);
    expect(descending).toEqual([...ascending].reverse());
    expect((await call('GET', `${base}?sort=-notAField`, tokens.writer)).statusCode).toBe(400);

    const filter = definition.filters.find((field) => field !== 'AccountId' && !entry.links?.[field]);
    if (filter) {
      const one = (await sample(1))[filter];
      const value = Array.isArray(one) ? one[0] : one;
      const filtered = await list(`${filter}=${encodeURIComponent(String(value))}`);
      expect(filtered.total).toBeGreaterThan(0);
      for (const row of filtered.data) {
        const stored = row[filter];
        if (Array.isArray(stored)) expect(stored).toContain(value);
        else expect(stored).toBe(value);
      }
      const other = (await sample(0))[filter];
      const otherValue = Array.isArray(other) ? other[0] : other;
      const either = await list(
        `${filter}[]=${encodeURIComponent(String(value))}&${filter}[]=${encodeURIComponent(String(otherValue))}`,
      );
      expect(either.total).toBeGreaterThanOrEqual(filtered.total);
      expect(either.data.map((row) => row.id)).toEqual(expect.arrayContaining([created[0]?.id, created[1]?.id]));
    }
    expect((await call('GET', `${base}?notAFilter=1`, tokens.writer)).statusCode).toBe(400);
  });

  it('pages by keyset cursor to the same rows as by offset', async () => {
    const byOffset: unknown[] = [];
    for (let offset = 0; offset < created.length; offset += 2) {
      byOffset.push(...(await list(`limit=2&offset=${offset}&sort=-createdAt`)).data.map((row) => row.id));
    }
    const byCursor: unknown[] = [];
    let page = await list('limit=2&sort=-createdAt');
    byCursor.push(...page.data.map((row) => row.id));
    while (page.nextCursor) {
      page = await list(`limit=2&sort=-createdAt&after=${page.nextCursor}`);
      byCursor.push(...page.data.map((row) => row.id));
    }
    expect(byCursor).toEqual(byOffset);
    expect(byCursor).toHaveLength(created.length);
    const otherSort = await call(
      'GET',
      `${base}?limit=2&sort=id&after=${(await list('limit=2')).nextCursor}`,
      tokens.writer,
    );
    expect(otherSort.statusCode).toBe(400);
  });

  it('refuses an unknown field with a 400 naming it', async () => {
    const response = await call('POST', base, tokens.writer, { ...(await sample(20)), isAdmin: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path: 'isAdmin', message: 'Unknown field' });
    const update = await call('PUT', `${base}/${created[0]?.id}`, tokens.writer, { isAdmin: true });
    expect(update.statusCode).toBe(400);
  });

  it('keeps id, AccountId and timestamps for itself (no mass assignment)', async () => {
    const forged = { id: 999_999, AccountId: accountB.id, createdAt: '2000-01-01T00:00:00.000Z' };
    const response = await call('POST', base, tokens.writer, { ...(await sample(21)), ...forged });
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json<Row>();
    expect(record.id).not.toBe(999_999);
    expect(record.AccountId).toBe(expectedOwner());
    expect(record.createdAt).not.toBe(forged.createdAt);
    const owner = accountColumn(entry);
    if (owner) {
      const [stored] = await ctx.db
        .select({ owner })
        .from(entry.table)
        .where(eq(idColumn(entry), Number(record.id)));
      expect(stored?.owner).toBe(expectedOwner());
    }
    const update = await call('PUT', `${base}/${record.id}`, tokens.writer, { AccountId: accountB.id });
    expect(update.statusCode).toBe(200);
    expect(update.json().AccountId).toBe(expectedOwner());
    expect((await call('DELETE', `${base}/${record.id}`, tokens.writer)).statusCode).toBe(204);
  });

  it(openRead ? 'lets a user without a role read, never write' : 'answers 403 to a user without the role', async () => {
    const id = created[0]?.id;
    const reads = [
      ['GET', base],
      ['GET', `${base}/${id}`],
    ] as const;
    for (const [method, url] of reads) {
      expect((await call(method, url, tokens.noRole)).statusCode, `${method} ${url}`).toBe(openRead ? 200 : 403);
    }
    for (const [method, url, payload] of [
      ...(openRead ? [] : reads),
      ['POST', base, await sample(30)],
      ['PUT', `${base}/${id}`, {}],
      ['DELETE', `${base}/${id}`],
    ] as const) {
      const response = await call(method, url, tokens.noRole, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe(renderMessage(AUTH_MESSAGES.notAuthorised));
    }
  });

  it('lets read_only take writing away from a writer: reads, never writes', async () => {
    const id = created[0]?.id;
    expect((await call('GET', `${base}?search=${token}`, tokens.readOnly)).statusCode).toBe(200);
    expect((await call('GET', `${base}/${id}`, tokens.readOnly)).statusCode).toBe(200);
    expect((await call('POST', base, tokens.readOnly, await sample(31))).statusCode).toBe(403);
    expect((await call('PUT', `${base}/${id}`, tokens.readOnly, {})).statusCode).toBe(403);
    expect((await call('DELETE', `${base}/${id}`, tokens.readOnly)).statusCode).toBe(403);
  });

  it('gives read_only alone no access of its own', async () => {
    const readStatus = openRead ? 200 : 403;
    expect((await call('GET', `${base}?search=${token}`, tokens.readOnlyAlone)).statusCode).toBe(readStatus);
    expect((await call('GET', `${base}/${created[0]?.id}`, tokens.readOnlyAlone)).statusCode).toBe(readStatus);
  });

  it.skipIf(platformOwned)("hides account A's records from account B", async () => {
    const id = created[0]?.id;
    expect((await call('GET', `${base}/${id}`, tokens.otherAccount)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/${id}`, tokens.otherAccount, {})).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${id}`, tokens.otherAccount)).statusCode).toBe(404);
    if (definition.parent) {
      // Under a parent of account A, nothing is there for account B.
      expect((await call('GET', `${base}?search=${token}`, tokens.otherAccount)).statusCode).toBe(404);
    } else {
      expect((await list('', tokens.otherAccount)).total).toBe(0);
    }
    // An admin acting for no account reads every account's records (when the rule lets them read).
    const admin = { roles: ['manage_customer_accounts', 'manage_users'], modules: MODULE_CODES, accessLevel: 1 };
    if (satisfies(admin, definition.access.read)) {
      expect((await call('GET', `${base}/${id}`, adminToken)).statusCode).toBe(200);
    }
  });

  it.skipIf(!definition.translatable?.length)('round-trips translations', async () => {
    const id = created[0]?.id;
    const field = definition.translatable?.[0] ?? '';
    const url = `${base}/${id}/translations`;
    const added = await call('POST', url, tokens.writer, { LanguageId: 2, values: { [field]: `${token} fr` } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ LanguageId: 2, language: 'fr', values: { [field]: `${token} fr` } });
    const changed = await call('PUT', `${url}/2`, tokens.writer, { values: { [field]: `${token} fr 2` } });
    expect(changed.statusCode).toBe(200);
    const listed = await call('GET', url, tokens.readOnly);
    expect(listed.json()).toEqual([
      { LanguageId: 2, language: 'fr', values: { [field]: `${token} fr 2` }, updatedAt: expect.any(String) },
    ]);
    const wrongField = await call('POST', url, tokens.writer, { LanguageId: 2, values: { id: 'x' } });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors[0].path).toBe('values.id');
    const wrongLanguage = await call('POST', url, tokens.writer, { LanguageId: 99, values: { [field]: 'x' } });
    expect(wrongLanguage.statusCode).toBe(400);
    expect(wrongLanguage.json().message).toBe(renderMessage(CRUD_MESSAGES.unknownLanguage(99)));
    if (!platformOwned) expect((await call('GET', url, tokens.otherAccount)).statusCode).toBe(404);
    expect((await call('POST', url, tokens.readOnly, { LanguageId: 1, values: {} })).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/2`, tokens.writer)).statusCode).toBe(204);
    expect((await call('DELETE', `${url}/2`, tokens.writer)).statusCode).toBe(404);
    expect((await call('GET', url, tokens.writer)).json()).toEqual([]);
  });

  it.skipIf(!definition.unique?.length)('answers 409 naming the field on a unique conflict', async () => {
    const payload = await sample(40);
    expect((await call('POST', base, tokens.writer, payload)).statusCode).toBe(201);
    const again = await call('POST', base, tokens.writer, payload);
    expect(again.statusCode).toBe(409);
    const [field = '', ...others] = definition.unique?.[0] ?? [];
    const message = others.length
      ? CRUD_MESSAGES.duplicateWith(field, others.join(', '))
      : CRUD_MESSAGES.duplicate(field);
    expect(again.json().message).toBe(renderMessage(message));
    // Only the field to change is marked: the others are not wrong on their own.
    expect(again.json().errors).toEqual([{ path: field, message: renderMessage(message) }]);
  });

  it.skipIf(!REFERENCES[name])('answers 409 when deleting a record still referenced', async () => {
    const record = created[4];
    await REFERENCES[name]?.(ctx, Number(record?.id));
    const response = await call('DELETE', `${base}/${record?.id}`, tokens.writer);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/still in use and cannot be deleted/);
    expect((await call('GET', `${base}/${record?.id}`, tokens.writer)).statusCode).toBe(200);
  });

  it('expands declared relations only', async () => {
    const id = created[0]?.id;
    for (const [relation, declared] of Object.entries(definition.relations ?? {})) {
      for (const query of [`expand=[${relation}]`, `expand[]=${relation}`]) {
        const response = await call('GET', `${base}/${id}?${query}`, tokens.writer);
        expect(response.statusCode, response.body).toBe(200);
        const value = response.json()[relation];
        if (declared.kind === 'one') expect(value === null || typeof value === 'object').toBe(true);
        else expect(Array.isArray(value)).toBe(true);
      }
    }
    const unknown = await call('GET', `${base}/${id}?expand=[Nothing]`, tokens.writer);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('expand');
  });

  it('is searched through GET /main-api/search/{entity}', async () => {
    const query = name === 'accounts' ? `name=${token}` : `search=${token}`;
    const response = await call('GET', `${paths.search(name)}?${query}`, tokens.writer);
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().map((row: Row) => row.id);
    expect(ids).toEqual(expect.arrayContaining(created.slice(0, 4).map((row) => row.id)));
    expect((await call('GET', paths.search(name), tokens.writer)).json().message).toBe(
      'Search: No search param provided',
    );
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await ctx.request({ url: '/api/docs/json' })).json();
    const collection = basePath(entry).replace(/:(\w+)/g, '{$1}');
    expect(Object.keys(document.paths[collection] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    const item = document.paths[`${collection}/{id}`];
    expect(Object.keys(item ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(item.get.responses['200'].content['application/json'].schema.properties).toHaveProperty('AccountId');
    expect(document.paths[collection].post.requestBody.content['application/json'].schema.additionalProperties).toBe(
      false,
    );
  });
});
