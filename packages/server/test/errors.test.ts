import { paths } from '@regie/contract/api';
import { errorBody } from '@regie/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const postLogin = (payload: string, contentType = 'application/json') =>
  ctx.app.inject({ method: 'POST', url: paths.login, payload, headers: { 'content-type': contentType } });

describe('error responses', () => {
  it('answers 400 Malformed JSON body for broken JSON', async () => {
    const response = await postLogin('{"username": "producer",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Malformed JSON body' });
  });

  it('answers 400 with field errors for wrong types', async () => {
    const response = await postLogin(JSON.stringify({ username: 42, password: ['x'] }));
    expect(response.statusCode).toBe(400);
    const body = errorBody.parse(response.json());
    expect(body.message).toBe('Validation failed');
    expect(body.errors?.map((error) => error.path).sort()).toEqual(['password', 'username']);
  });

  it('answers 400 naming each unknown field (strict bodies)', async () => {
    const response = await postLogin(JSON.stringify({ username: 'producer', password: 'x', isAdmin: true }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'isAdmin', message: 'Unknown field' }]);
  });

  it('answers 400 for a missing body', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: paths.login });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Validation failed');
  });

  it('refuses prototype poisoning', async () => {
    const response = await postLogin('{"username":"a","password":"b","__proto__":{"isAdmin":true}}');
    expect(response.statusCode).toBe(400);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const response = await postLogin(JSON.stringify({ username: 'producer', password: 'x'.repeat(2 * 1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Request body is too large (limit 1 MiB)',
    });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await postLogin('username=producer&password=x', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(errorBody.parse(response.json()).message).toContain('JSON');
  });

  it('answers a JSON 404 for an unknown API route', async () => {
    for (const url of ['/main-api/xyz', '/users-service-api/nothing?x=1', '/api/unknown']) {
      const response = await ctx.request({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
    const response = await ctx.request({ url: '/main-api/xyz?x=1' });
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /main-api/xyz not found',
    });
    const post = await ctx.request({ method: 'POST', url: '/main-api/xyz', payload: {} });
    expect(post.json().message).toBe('Route POST /main-api/xyz not found');
  });

  it('answers a JSON 404 for a wrong method on a page path', async () => {
    const response = await ctx.request({ method: 'POST', url: '/account/users/list', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().statusCode).toBe(404);
  });

  it('says the web app is not built when there is no build', async () => {
    const response = await ctx.request({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('not built');
  });
});

describe('OpenAPI', () => {
  it('documents the routes from the contract schemas at /api/docs/json', async () => {
    const response = await ctx.request({ url: `${paths.docs}/json` });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const login = document.paths[paths.login].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
    expect(document.paths['/users-service-api/groups/{id}/roles']).toBeDefined();
    expect(document.paths['/main-api/search/{entity}']).toBeDefined();
    expect(Object.keys(document.paths).some((path: string) => path.startsWith(paths.docs))).toBe(false);
  });

  it('serves the browsable documentation at /api/docs', async () => {
    const response = await ctx.request({ url: `${paths.docs}/` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('bad input never gives a 5xx', () => {
  it('refuses an id beyond the database range', async () => {
    const token = await ctx.login('admin');
    const response = await ctx.request({ url: paths.groupRoles('99999999999'), token });
    expect(response.statusCode).toBe(400);
  });

  it('refuses text the database cannot store', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: paths.login,
      payload: { username: 'a\u0000b', password: 'x' },
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(errorBody.safeParse(response.json()).success).toBe(true);
  });
});

describe('error messages in the language of the request (Accept-Language)', () => {
  const french = { 'content-type': 'application/json', 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' };

  it('answers a failed sign-in, an unknown field and a wrong type in French', async () => {
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: paths.login,
      headers: french,
      payload: JSON.stringify({ username: 'producer', password: 'not the password' }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Identifiant ou mot de passe incorrect');

    const unknown = await ctx.app.inject({
      method: 'POST',
      url: paths.login,
      headers: french,
      payload: JSON.stringify({ username: 42, password: 'x', isAdmin: true }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('La validation a échoué');
    expect(unknown.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'isAdmin', message: 'Champ inconnu' },
        { path: 'username', message: 'Entrée invalide : chaîne de caractères attendu, nombre reçu' },
      ]),
    );
  });

  it('answers a message made with arguments in French, and in English to anyone else', async () => {
    const token = await ctx.login('producer');
    const url = '/main-api/videos/987654/download';
    const inFrench = await ctx.request({ url: '/main-api/jobs/987654', token, headers: { 'accept-language': 'fr' } });
    expect(inFrench.statusCode).toBe(404);
    expect(inFrench.json().message).toBe('Tâche 987654 introuvable');
    const inGerman = await ctx.request({ url: '/main-api/jobs/987654', token, headers: { 'accept-language': 'de' } });
    expect(inGerman.json().message).toBe('Job 987654 not found');
    expect((await ctx.request({ url, headers: { 'accept-language': 'fr' } })).json().message).toBe(
      'Jeton d’accès (token) manquant : veuillez vous connecter',
    );
  });
});
