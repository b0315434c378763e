import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { fetchAllPages, resourceBase, resourceCalls } from './resource-api.ts';

/** A list of `total` rows; with `cursors`, it pages by keyset like the server (after=id of the last row). */
function fakeList(total: number, cursors = false) {
  const urls: string[] = [];
  const client = createApiClient({
    credentials: () => ({}),
    fetch: async (input) => {
      const url = new URL(String(input), 'http://test');
      urls.push(`${url.pathname}${url.search}`);
      const after = url.searchParams.get('after');
      const offset = after ? Number(after) : Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const data = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
        id: offset + i + 1,
      }));
      const last = data.at(-1)?.id;
      const nextCursor = cursors && last !== undefined && last < total ? String(last) : null;
      return new Response(JSON.stringify({ data, total, offset, limit, nextCursor }), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { client, urls };
}

describe('generic resource calls', () => {
  it('lives under its gateway', () => {
    expect(resourceBase({ name: 'tags', gateway: 'main' })).toBe('/main-api/tags');
    expect(resourceBase({ name: 'accounts', gateway: 'users' })).toBe('/users-service-api/accounts');
  });

  it('builds the CRUD and translations paths of spec §7', async () => {
    const seen: string[] = [];
    const client = createApiClient({
      credentials: () => ({}),
      fetch: async (input, init) => {
        seen.push(`${init?.method} ${String(input)} ${init?.body ?? ''}`.trim());
        return new Response(null, { status: 204 });
      },
    });
    const calls = resourceCalls(client, { name: 'tags', gateway: 'main' });
    await calls.get(3);
    await calls.create({ name: 'Derby' });
    await calls.update(3, { name: 'Final' });
    await calls.remove(3);
    await calls.translations(3);
    await calls.saveTranslation(3, 2, { name: 'Finale' });
    await calls.removeTranslation(3, 2);
    expect(seen).toEqual([
      'GET /main-api/tags/3',
      'POST /main-api/tags {"name":"Derby"}',
      'PUT /main-api/tags/3 {"name":"Final"}',
      'DELETE /main-api/tags/3',
      'GET /main-api/tags/3/translations',
      'POST /main-api/tags/3/translations {"LanguageId":2,"values":{"name":"Finale"}}',
      'DELETE /main-api/tags/3/translations/2',
    ]);
  });

  it('fetches every page of a query for the export, at the largest page size', async () => {
    const { client, urls } = fakeList(450);
    const rows = await fetchAllPages(
      client,
      { name: 'tags', gateway: 'main' },
      { sort: '-name', filters: { tagType: ['team'] } },
    );
    expect(rows).toHaveLength(450);
    expect(rows.at(-1)?.id).toBe(450);
    expect(urls).toEqual([
      '/main-api/tags?offset=0&limit=200&sort=-name&tagType=team',
      '/main-api/tags?offset=200&limit=200&sort=-name&tagType=team',
      '/main-api/tags?offset=400&limit=200&sort=-name&tagType=team',
    ]);
  });

  it("follows the server's cursor when it gives one, so deep pages cost no more than the first", async () => {
    const { client, urls } = fakeList(450, true);
    const rows = await fetchAllPages(client, { name: 'tags', gateway: 'main' }, {});
    expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 450 }, (_, index) => index + 1));
    expect(urls).toEqual([
      '/main-api/tags?offset=0&limit=200',
      '/main-api/tags?offset=200&limit=200&after=200',
      '/main-api/tags?offset=400&limit=200&after=400',
    ]);
  });

  it('stops after one call when everything fits in a page', async () => {
    const { client, urls } = fakeList(0);
    expect(await fetchAllPages(client, { name: 'tags', gateway: 'main' }, {})).toEqual([]);
    expect(urls).toHaveLength(1);
  });
});
