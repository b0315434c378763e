import { tagsResource } from '@regie/contract/resources/tags';
import { describe, expect, it } from 'vitest';
import { createBackground } from '../api/background.ts';
import { ApiError, createApiClient, NotAuthorisedError } from '../api/client.ts';
import { fetchAllPages } from '../api/resource-api.ts';
import { type BackgroundReply, type BackgroundRequest, collectPages, pageUrl } from './protocol.ts';

/** A worker stand-in that answers every request with what `answer` says. */
function fakeWorker(answer: (request: BackgroundRequest) => Omit<BackgroundReply, 'id'>) {
  const posted: BackgroundRequest[] = [];
  let listener: ((event: MessageEvent<BackgroundReply>) => void) | null = null;
  const worker = {
    addEventListener: (_type: string, handler: (event: MessageEvent<BackgroundReply>) => void) => {
      listener = handler;
    },
    postMessage: ({ id, request }: { id: number; request: BackgroundRequest }) => {
      posted.push(request);
      queueMicrotask(() => listener?.({ data: { id, ...answer(request) } } as MessageEvent<BackgroundReply>));
    },
  } as unknown as Worker;
  return { worker, posted };
}

const client = createApiClient({
  fetch: async () => {
    throw new Error('the page must not fetch: the worker does');
  },
  credentials: () => ({
    accessToken: 'token-1',
    accountKey: 'key-2',
    access: { roles: ['sport_player_write'], modules: [] },
  }),
});

describe('the CSV export through the background worker (spec §7 /worker/fetch.js)', () => {
  it("hands the worker the list's signed address; the page itself fetches nothing", async () => {
    const { worker, posted } = fakeWorker(() => ({ ok: true, result: [{ id: 1, name: 'Goal' }] }));
    const rows = await fetchAllPages(
      client,
      tagsResource,
      { sort: 'name', search: 'go', filters: { tagType: ['action'] } },
      200,
      createBackground(worker),
    );
    expect(rows).toEqual([{ id: 1, name: 'Goal' }]);
    expect(posted).toEqual([
      {
        kind: 'pages',
        url: '/main-api/tags?sort=name&search=go&tagType=action',
        headers: expect.objectContaining({ Authorization: 'Bearer token-1', 'x-account-key': 'key-2' }),
        pageSize: 200,
      },
    ]);
  });

  it("turns the worker's failure into the API error the action layer shows", async () => {
    const { worker } = fakeWorker(() => ({ ok: false, status: 403, body: { message: 'Forbidden' }, message: 'x' }));
    const failure = fetchAllPages(client, tagsResource, {}, 200, createBackground(worker));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
  });

  it('refuses in the page, before the worker, what the access rules do not allow', async () => {
    const { worker, posted } = fakeWorker(() => ({ ok: true, result: [] }));
    const outsider = createApiClient({
      fetch: globalThis.fetch,
      credentials: () => ({ accessToken: 't', access: { roles: ['use_cms'], modules: [] } }),
    });
    await expect(fetchAllPages(outsider, tagsResource, {}, 200, createBackground(worker))).rejects.toBeInstanceOf(
      NotAuthorisedError,
    );
    expect(posted).toEqual([]);
  });

  it('pages by keyset cursor, as the page would', async () => {
    const urls: string[] = [];
    const rows = await collectPages(async (offset, after) => {
      urls.push(pageUrl('/main-api/tags?sort=name', offset, 2, after));
      const data = offset < 4 ? [{ id: offset + 1 }, { id: offset + 2 }] : [{ id: 5 }];
      return { data, total: 5, nextCursor: String(offset + 2) };
    }, 2);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5]);
    expect(urls).toEqual([
      '/main-api/tags?sort=name&offset=0&limit=2',
      '/main-api/tags?sort=name&offset=2&limit=2&after=2',
      '/main-api/tags?sort=name&offset=4&limit=2&after=4',
    ]);
  });
});
