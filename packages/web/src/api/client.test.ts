import { describe, expect, it } from 'vitest';
import { ApiError, type Credentials, createApiClient, isSessionError } from './client.ts';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake fetch that records the requests and answers with the given response. */
function fakeServer(respond: (call: Call) => Response = () => json(200, { ok: true })) {
  const calls: Call[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return respond(call);
  };
  return { calls, fetch };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

const user: Credentials = { accessToken: 'token-1', accountKey: 'key-own' };
const simulating: Credentials = { ...user, simulatedAccount: { id: 42, name: 'Olympique', accountKey: 'key-42' } };

describe('api client', () => {
  it('signs every request: JSON, bearer token, account key and API version', async () => {
    const server = fakeServer();
    const api = createApiClient({ fetch: server.fetch, credentials: () => user });
    await api.get('/main-api/videos');
    expect(server.calls[0]?.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer token-1',
      'x-account-key': 'key-own',
      'accept-version': 'v6',
    });
  });

  it('asks for messages in the interface language: the option, else <html lang>', async () => {
    const server = fakeServer();
    await createApiClient({ fetch: server.fetch, credentials: () => user, language: () => 'fr' }).get('/x');
    document.documentElement.lang = 'en';
    await createApiClient({ fetch: server.fetch, credentials: () => user }).get('/x');
    expect(server.calls.map((call) => call.headers['Accept-Language'])).toEqual(['fr', 'en']);
  });

  it('acts for the simulated account: its key in the header, its AccountId in written bodies', async () => {
    const server = fakeServer();
    const api = createApiClient({ fetch: server.fetch, credentials: () => simulating });
    await api.post('/main-api/tags', { name: 'Derby' });
    await api.put('/main-api/tags/3', { name: 'Final' });
    await api.patch('/main-api/tags/3', { position: 2 });
    await api.get('/main-api/tags');
    expect(server.calls.map((call) => call.headers['x-account-key'])).toEqual(['key-42', 'key-42', 'key-42', 'key-42']);
    expect(server.calls.map((call) => call.body)).toEqual([
      { name: 'Derby', AccountId: 42 },
      { name: 'Final', AccountId: 42 },
      { position: 2, AccountId: 42 },
      undefined,
    ]);
  });

  it("adds the simulated account's AccountId and SportId to every query (spec §6), not to the user's own calls", async () => {
    const server = fakeServer();
    const withSport: Credentials = {
      ...user,
      simulatedAccount: { id: 42, name: 'Olympique', accountKey: 'key-42', SportId: 7 },
    };
    const admin = createApiClient({ fetch: server.fetch, credentials: () => withSport });
    await admin.get('/main-api/videos', { limit: 50 });
    await admin.get('/main-api/competitions', { SportId: 9 });
    await admin.get('/users-service-api/users/me', undefined, { accountScoped: false });
    await createApiClient({ fetch: server.fetch, credentials: () => simulating }).get('/main-api/tags');
    await createApiClient({ fetch: server.fetch, credentials: () => user }).get('/main-api/tags');
    expect(admin.prepare('/main-api/tags').url).toBe('/main-api/tags?SportId=7&AccountId=42');
    expect(server.calls.map((call) => call.url)).toEqual([
      '/main-api/videos?limit=50&SportId=7&AccountId=42',
      '/main-api/competitions?SportId=9&AccountId=42',
      '/users-service-api/users/me',
      '/main-api/tags?AccountId=42',
      '/main-api/tags',
    ]);
  });

  it('leaves bodies alone when not simulating, and for calls of the user rather than the account', async () => {
    const server = fakeServer();
    const own = createApiClient({ fetch: server.fetch, credentials: () => user });
    await own.post('/main-api/tags', { name: 'Derby' });
    const admin = createApiClient({ fetch: server.fetch, credentials: () => simulating });
    await admin.put('/users-service-api/users/me', { meta: { language: 'fr' } }, { accountScoped: false });
    expect(server.calls.map((call) => call.body)).toEqual([{ name: 'Derby' }, { meta: { language: 'fr' } }]);
    expect(server.calls[1]?.headers['x-account-key']).toBe('key-own');
  });

  it('encodes queries with arrays as key[]=value', async () => {
    const server = fakeServer();
    const api = createApiClient({ fetch: server.fetch, credentials: () => user });
    await api.get('/main-api/fans/1', { expand: ['Profile', 'Tags'], q: 'a&b', skipped: undefined });
    expect(server.calls[0]?.url).toBe('/main-api/fans/1?expand[]=Profile&expand[]=Tags&q=a%26b');
  });

  it('parses JSON, returns text otherwise and nothing for 204', async () => {
    const answers = [
      json(200, { id: 1 }),
      new Response('<svg/>', { status: 200 }),
      new Response(null, { status: 204 }),
    ];
    const server = fakeServer(() => answers.shift() as Response);
    const api = createApiClient({ fetch: server.fetch, credentials: () => user });
    expect(await api.get('/a')).toEqual({ id: 1 });
    expect(await api.get('/b')).toBe('<svg/>');
    expect(await api.delete('/c')).toBeUndefined();
  });

  it('rejects a non-2xx/3xx status with the parsed error body', async () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Validation failed',
      errors: [{ path: 'name', message: 'Required' }],
    };
    const server = fakeServer(() => json(400, body));
    const api = createApiClient({ fetch: server.fetch, credentials: () => user });
    const error = await api.post('/main-api/tags', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      error: 'Bad Request',
      message: 'Validation failed',
      fieldErrors: [{ path: 'name', message: 'Required' }],
      body,
    });
  });

  it('keeps a text error body as it came', async () => {
    const server = fakeServer(() => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const api = createApiClient({ fetch: server.fetch, credentials: () => user });
    const error = await api.get('/main-api/x').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, body: 'Bad gateway', message: 'Bad Gateway' });
  });

  it('turns a network failure into an ApiError of status 0', async () => {
    const api = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      credentials: () => user,
    });
    await expect(api.get('/main-api/x')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });

  it('tells a rejected token: 401, or 403 with a message about the token (spec §8)', () => {
    expect(isSessionError(new ApiError(401, { message: 'Unauthorized' }))).toBe(true);
    expect(isSessionError(new ApiError(403, { message: 'Invalid token' }))).toBe(true);
    expect(isSessionError(new ApiError(403, { message: 'Action not authorised !' }))).toBe(false);
    expect(isSessionError(new Error('token'))).toBe(false);
  });
});
