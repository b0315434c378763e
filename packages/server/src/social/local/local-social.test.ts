import { createHash, randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import type { SocialPlatform } from '@regie/contract/social';
import Fastify, { type FastifyInstance } from 'fastify';
import { TwitterApi } from 'twitter-api-v2';
import { OAuth1Helper } from 'twitter-api-v2/dist/cjs/client-mixins/oauth1.helper.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SOCIAL_PREFIX, PLATFORM_ENDPOINTS, PLATFORM_SCOPES } from '../social.endpoints.ts';
import {
  createLocalSocialFaults,
  LOCAL_SOCIAL_CLIENT,
  type LocalSocialFaults,
  type LocalSocialOptions,
  localSocialPlugin,
} from './local-social.ts';

const { clientId, clientSecret } = LOCAL_SOCIAL_CLIENT;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function build(options: Partial<LocalSocialOptions> = {}): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(localSocialPlugin, { prefix: LOCAL_SOCIAL_PREFIX, secret: 'test-secret', ...options });
  await app.ready();
  return app;
}

const path = (platform: SocialPlatform, endpoint: string) => `${LOCAL_SOCIAL_PREFIX}/${platform}${endpoint}`;
const form = (values: Record<string, string>) => new URLSearchParams(values).toString();

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

type OAuth2Platform = Exclude<SocialPlatform, 'twitter'>;

/** How Regie's client talks to each platform: its parameter names, separators and PKCE. */
const CLIENTS: Record<OAuth2Platform, { idParam: string; separator: string; pkce: boolean; graph: boolean }> = {
  youtube: { idParam: 'client_id', separator: ' ', pkce: true, graph: false },
  facebook: { idParam: 'client_id', separator: ',', pkce: true, graph: true },
  instagram: { idParam: 'client_id', separator: ',', pkce: false, graph: true },
  dailymotion: { idParam: 'client_id', separator: ' ', pkce: false, graph: false },
  tiktok: { idParam: 'client_key', separator: ',', pkce: true, graph: false },
};

const redirectUri = (platform: SocialPlatform) => `https://regie.test/oauth/callback/${platform}`;

function authorizeQuery(platform: OAuth2Platform, challenge: string | null): Record<string, string> {
  const client = CLIENTS[platform];
  return {
    [client.idParam]: clientId,
    redirect_uri: redirectUri(platform),
    response_type: 'code',
    state: `state-${platform}`,
    scope: PLATFORM_SCOPES[platform].join(client.separator),
    ...(platform === 'youtube' && { access_type: 'offline' }),
    ...(challenge && { code_challenge: challenge, code_challenge_method: 'S256' }),
  };
}

/** Goes through the consent page with Allow; the code and the redirect's parameters. */
async function consent(app: FastifyInstance, platform: OAuth2Platform, challenge: string | null) {
  const query = authorizeQuery(platform, challenge);
  const response = await app.inject({
    method: 'POST',
    url: path(platform, PLATFORM_ENDPOINTS[platform].authorize),
    headers: FORM,
    payload: form({ ...query, decision: 'allow' }),
  });
  expect(response.statusCode).toBe(302);
  const location = new URL(response.headers.location as string);
  return { code: location.searchParams.get('code') ?? '', location };
}

function tokenCall(app: FastifyInstance, platform: OAuth2Platform, values: Record<string, string>) {
  const client = CLIENTS[platform];
  const payload = { [client.idParam]: clientId, client_secret: clientSecret, ...values };
  const url = path(platform, PLATFORM_ENDPOINTS[platform].token);
  // Facebook's documented exchange is a GET with the parameters in the query.
  if (client.graph) return app.inject({ method: 'GET', url: `${url}?${form(payload)}` });
  return app.inject({ method: 'POST', url, headers: FORM, payload: form(payload) });
}

function exchange(app: FastifyInstance, platform: OAuth2Platform, code: string, verifier?: string) {
  return tokenCall(app, platform, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri(platform),
    ...(verifier && { code_verifier: verifier }),
  });
}

function profile(app: FastifyInstance, platform: OAuth2Platform, token: string) {
  const query: Record<OAuth2Platform, string> = {
    youtube: '',
    facebook: '?fields=id,name,picture',
    instagram: '?fields=id,name,picture',
    dailymotion: '?fields=id,screenname,avatar_120_url',
    tiktok: '?fields=open_id,display_name,avatar_url',
  };
  return app.inject({
    method: 'GET',
    url: path(platform, PLATFORM_ENDPOINTS[platform].profile) + query[platform],
    headers: { authorization: `Bearer ${token}` },
  });
}

function revoke(app: FastifyInstance, platform: OAuth2Platform, token: string) {
  const url = path(platform, PLATFORM_ENDPOINTS[platform].revoke);
  switch (platform) {
    case 'youtube':
      return app.inject({ method: 'POST', url, headers: FORM, payload: form({ token }) });
    case 'dailymotion':
      return app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    case 'tiktok':
      return app.inject({
        method: 'POST',
        url,
        headers: FORM,
        payload: form({ client_key: clientId, client_secret: clientSecret, token }),
      });
    default:
      return app.inject({ method: 'DELETE', url: `${url}?access_token=${token}` });
  }
}

describe.each(Object.keys(CLIENTS) as OAuth2Platform[])('the %s stand-in (OAuth 2.0)', (platform) => {
  const client = CLIENTS[platform];
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(() => app.close());

  it('shows an accessible consent page with Allow and Cancel, the query kept in the form', async () => {
    const { challenge } = pkce();
    const query = form(authorizeQuery(platform, client.pkce ? challenge : null));
    const response = await app.inject({ url: `${path(platform, PLATFORM_ENDPOINTS[platform].authorize)}?${query}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toMatch(/<main>.*<h1 id="title">.* \(local stand-in\)<\/h1>/);
    expect(response.body).toContain('Regie wants to publish videos as Riverside FC');
    expect(response.body).toContain('<button type="submit" name="decision" value="allow">Allow</button>');
    expect(response.body).toContain('<button type="submit" name="decision" value="deny">Cancel</button>');
    expect(response.body).toContain(`name="state" value="state-${platform}"`);
    for (const scope of PLATFORM_SCOPES[platform]) expect(response.body).toContain(`<code>${scope}</code>`);
  });

  it('answers a bad authorization request with an error page, not a redirect', async () => {
    const query = form({ ...authorizeQuery(platform, pkce().challenge), redirect_uri: 'not-a-url' });
    const response = await app.inject({ url: `${path(platform, PLATFORM_ENDPOINTS[platform].authorize)}?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('Error 400');
  });

  it('sends Cancel back as access_denied with the state', async () => {
    const query = authorizeQuery(platform, client.pkce ? pkce().challenge : null);
    const response = await app.inject({
      method: 'POST',
      url: path(platform, PLATFORM_ENDPOINTS[platform].authorize),
      headers: FORM,
      payload: form({ ...query, decision: 'deny' }),
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.origin + location.pathname).toBe(redirectUri(platform));
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe(`state-${platform}`);
    if (client.graph) expect(location.searchParams.get('error_reason')).toBe('user_denied');
  });

  it('links an account: code, exchange, profile, targets, refresh, revoke', async () => {
    const { verifier, challenge } = pkce();
    const { code, location } = await consent(app, platform, client.pkce ? challenge : null);
    expect(location.searchParams.get('state')).toBe(`state-${platform}`);
    if (client.pkce) {
      const wrong = await exchange(app, platform, code, pkce().verifier);
      expect(wrong.statusCode).toBe(400);
      expect(client.graph ? wrong.json().error.type : wrong.json().error).toBe(
        client.graph ? 'OAuthException' : 'invalid_grant',
      );
      const missing = await exchange(app, platform, code);
      expect(missing.statusCode).toBe(400);
    }
    const badClient = await tokenCall(app, platform, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri(platform),
      client_secret: 'nope',
    });
    expect(badClient.statusCode).toBe(client.graph ? 400 : 401);

    const exchanged = await exchange(app, platform, code, client.pkce ? verifier : undefined);
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.headers['cache-control']).toBe('no-store');
    const tokens = exchanged.json();
    expect(typeof tokens.access_token).toBe('string');
    expect(tokenShape(platform, tokens)).toBe(true);

    const reused = await exchange(app, platform, code, client.pkce ? verifier : undefined);
    expect(reused.statusCode).toBe(400);

    const me = await profile(app, platform, tokens.access_token);
    expect(me.statusCode).toBe(200);
    expect(profileOf(platform, me.json())).toEqual({
      id: `local-${platform}-1`,
      picture: expect.stringMatching(/avatar\.svg/),
    });

    await checkTargets(app, platform, tokens.access_token);

    let refreshToken: string | undefined = tokens.refresh_token;
    if (client.graph) {
      const longLived = await tokenCall(app, platform, {
        grant_type: 'fb_exchange_token',
        fb_exchange_token: tokens.access_token,
      });
      expect(longLived.statusCode).toBe(200);
      expect(longLived.json()).toMatchObject({ token_type: 'bearer', expires_in: 5184000 });
    } else {
      expect(refreshToken).toEqual(expect.any(String));
      const refreshed = await tokenCall(app, platform, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken ?? '',
      });
      expect(refreshed.statusCode).toBe(200);
      expect((await profile(app, platform, refreshed.json().access_token)).statusCode).toBe(200);
      refreshToken = refreshed.json().refresh_token ?? refreshToken;
    }

    const revoked = await revoke(app, platform, tokens.access_token);
    expect(revoked.statusCode).toBe(200);
    const after = await profile(app, platform, tokens.access_token);
    expect(after.statusCode).toBe(401);
    expect(unauthorizedShape(platform, after.json())).toBe(true);
    if (refreshToken) {
      const refreshAfter = await tokenCall(app, platform, { grant_type: 'refresh_token', refresh_token: refreshToken });
      expect(refreshAfter.statusCode).toBe(400);
      expect(refreshAfter.json().error).toBe('invalid_grant');
    }
  });

  it('refuses a code past its 10 minutes, and an access token past its expiry', async () => {
    let now = Date.now();
    const timed = await build({ now: () => now });
    const { verifier, challenge } = pkce();
    const { code } = await consent(timed, platform, client.pkce ? challenge : null);
    now += 11 * 60 * 1000;
    expect((await exchange(timed, platform, code, verifier)).statusCode).toBe(400);
    const second = await consent(timed, platform, client.pkce ? challenge : null);
    const { access_token: token, expires_in: expiresIn } = (
      await exchange(timed, platform, second.code, client.pkce ? verifier : undefined)
    ).json();
    now += expiresIn * 1000 + 1000;
    expect((await profile(timed, platform, token)).statusCode).toBe(401);
    await timed.close();
  });
});

function tokenShape(platform: OAuth2Platform, tokens: Record<string, unknown>): boolean {
  switch (platform) {
    case 'youtube':
      return tokens.token_type === 'Bearer' && tokens.expires_in === 3599 && typeof tokens.refresh_token === 'string';
    case 'dailymotion':
      return tokens.expires_in === 36000 && tokens.uid === 'local-dailymotion-1' && typeof tokens.scope === 'string';
    case 'tiktok':
      return (
        tokens.open_id === 'local-tiktok-1' &&
        tokens.expires_in === 86400 &&
        tokens.refresh_expires_in === 31536000 &&
        tokens.scope === PLATFORM_SCOPES.tiktok.join(',')
      );
    default:
      return tokens.token_type === 'bearer' && tokens.expires_in === 5183944 && tokens.refresh_token === undefined;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the platforms' JSON, read per platform.
function profileOf(platform: OAuth2Platform, body: any): { id: string; picture: string } {
  switch (platform) {
    case 'youtube':
      return { id: body.sub, picture: body.picture };
    case 'dailymotion':
      return { id: body.id, picture: body.avatar_120_url };
    case 'tiktok':
      expect(body.error.code).toBe('ok');
      return { id: body.data.user.open_id, picture: body.data.user.avatar_url };
    default:
      return { id: body.id, picture: body.picture.data.url };
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the platforms' JSON, read per platform.
function unauthorizedShape(platform: OAuth2Platform, body: any): boolean {
  switch (platform) {
    case 'youtube':
      return body.error.status === 'UNAUTHENTICATED' && body.error.code === 401;
    case 'dailymotion':
      return body.error.type === 'invalid_token';
    case 'tiktok':
      return body.error.code === 'access_token_invalid' && typeof body.error.log_id === 'string';
    default:
      return body.error.type === 'OAuthException' && body.error.code === 190;
  }
}

async function checkTargets(app: FastifyInstance, platform: OAuth2Platform, token: string) {
  const targets = PLATFORM_ENDPOINTS[platform].targets;
  if (!targets) return;
  const auth = { authorization: `Bearer ${token}` };
  if (platform === 'youtube') {
    const channels = await app.inject({ url: `${path(platform, targets)}?part=snippet&mine=true`, headers: auth });
    expect(channels.statusCode).toBe(200);
    expect(channels.json()).toMatchObject({
      kind: 'youtube#channelListResponse',
      items: [
        { kind: 'youtube#channel', id: 'UCriverside0000000000001', snippet: { title: 'Riverside FC' } },
        { kind: 'youtube#channel', id: 'UCriverside0000000000002', snippet: { title: 'Riverside FC Women' } },
      ],
    });
    expect(channels.json().items[0].snippet.thumbnails.default.url).toMatch(/avatar\.svg/);
    const noPart = await app.inject({ url: `${path(platform, targets)}?mine=true`, headers: auth });
    expect(noPart.statusCode).toBe(400);
    return;
  }
  const fields = 'id,name,access_token,picture,instagram_business_account';
  const pages = await app.inject({ url: `${path(platform, targets)}?fields=${fields}&access_token=${token}` });
  expect(pages.statusCode).toBe(200);
  const body = pages.json();
  expect(body.data).toMatchObject([
    { id: '1001', name: 'Riverside FC', instagram_business_account: { id: '17841400000000001' } },
    { id: '1002', name: 'Riverside FC Academy' },
  ]);
  expect(body.data[1].instagram_business_account).toBeUndefined();
  expect(body.paging.cursors).toEqual({ before: expect.any(String), after: expect.any(String) });
  const pageToken: string = body.data[0].access_token;
  // The page token is the page on /me, and reads the business account behind it.
  const asPage = await app.inject({ url: `${path(platform, '/v21.0/me')}?access_token=${pageToken}` });
  expect(asPage.json()).toEqual({ id: '1001', name: 'Riverside FC' });
  const instagram = await app.inject({
    url: `${path(platform, '/v21.0/17841400000000001')}?fields=id,username,profile_picture_url`,
    headers: { authorization: `Bearer ${pageToken}` },
  });
  expect(instagram.statusCode).toBe(200);
  expect(instagram.json()).toEqual({
    id: '17841400000000001',
    username: 'riversidefc',
    profile_picture_url: expect.stringMatching(/avatar\.svg\?id=17841400000000001$/),
  });
  const unknownField = await app.inject({
    url: `${path(platform, '/v21.0/me')}?fields=id,secret&access_token=${token}`,
  });
  expect(unknownField.statusCode).toBe(400);
  expect(unknownField.json().error.code).toBe(100);
}

describe('the stand-ins, besides the flows', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(() => app.close());

  it('serves each platform account picture as SVG', async () => {
    const response = await app.inject({ url: `${LOCAL_SOCIAL_PREFIX}/youtube/avatar.svg?id=UCriverside0000000000002` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toContain('>RW</text>');
  });

  it('accepts the client credentials as HTTP Basic (RFC 6749 §2.3.1)', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await consent(app, 'youtube', challenge);
    const response = await app.inject({
      method: 'POST',
      url: path('youtube', '/token'),
      headers: { ...FORM, authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
      payload: form({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri('youtube'),
        code_verifier: verifier,
      }),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a code at another redirect_uri, and a code of another platform', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await consent(app, 'tiktok', challenge);
    const elsewhere = await tokenCall(app, 'tiktok', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'https://evil.test/cb',
      code_verifier: verifier,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ error: 'invalid_grant', log_id: expect.any(String) });
    expect((await exchange(app, 'youtube', code, verifier)).statusCode).toBe(400);
  });

  it('requires PKCE where the platform does', async () => {
    const query = form({ ...authorizeQuery('youtube', null) });
    const response = await app.inject({ url: `${path('youtube', '/o/oauth2/v2/auth')}?${query}` });
    expect(response.statusCode).toBe(400);
  });
});

describe('injected faults', () => {
  let app: FastifyInstance;
  let faults: LocalSocialFaults;
  beforeAll(async () => {
    faults = createLocalSocialFaults();
    app = await build({ faults });
  });
  afterAll(() => app.close());

  async function linked(platform: OAuth2Platform): Promise<string> {
    const { verifier, challenge } = pkce();
    const { code } = await consent(app, platform, CLIENTS[platform].pkce ? challenge : null);
    return (await exchange(app, platform, code, CLIENTS[platform].pkce ? verifier : undefined)).json().access_token;
  }

  it('answers 429 with Retry-After in the platform shape, for the next N calls only', async () => {
    const token = await linked('youtube');
    faults.rateLimited.set('youtube', { calls: 2, retryAfterSeconds: 30 });
    for (let call = 0; call < 2; call += 1) {
      const limited = await profile(app, 'youtube', token);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('30');
      expect(limited.json().error.status).toBe('RESOURCE_EXHAUSTED');
    }
    expect((await profile(app, 'youtube', token)).statusCode).toBe(200);

    const facebook = await linked('facebook');
    faults.rateLimited.set('facebook', { calls: 1, retryAfterSeconds: 5 });
    const graph = await profile(app, 'facebook', facebook);
    expect(graph.statusCode).toBe(429);
    expect(graph.json().error).toMatchObject({ code: 4, message: '(#4) Application request limit reached' });
  });

  it('answers 503 while a platform is unavailable, its consent page still shown', async () => {
    const token = await linked('tiktok');
    faults.unavailable.set('tiktok', 1);
    const page = await app.inject({
      url: `${path('tiktok', '/v2/auth/authorize/')}?${form(authorizeQuery('tiktok', pkce().challenge))}`,
    });
    expect(page.statusCode).toBe(200);
    const down = await profile(app, 'tiktok', token);
    expect(down.statusCode).toBe(503);
    expect(down.json().error.log_id).toEqual(expect.any(String));
    expect((await profile(app, 'tiktok', token)).statusCode).toBe(200);
  });

  it('refuses every token of a platform whose app the user removed', async () => {
    const token = await linked('dailymotion');
    faults.revokedApps.add('dailymotion');
    const refused = await profile(app, 'dailymotion', token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.type).toBe('invalid_token');
    faults.revokedApps.delete('dailymotion');
    expect((await profile(app, 'dailymotion', token)).statusCode).toBe(200);
  });
});

describe('the X stand-in (OAuth 1.0a), driven by twitter-api-v2', () => {
  let app: FastifyInstance;
  let base: string;
  let faults: LocalSocialFaults;
  const callback = redirectUri('twitter');
  // twitter-api-v2 sends with https.request: an http agent lets it reach this plain-http server.
  const httpAgent = new Agent();
  const x = (keys: { appSecret?: string; accessToken?: string; accessSecret?: string } = {}) =>
    new TwitterApi({ appKey: clientId, appSecret: clientSecret, ...keys }, { httpAgent });
  // Full URLs, no prefix; X's OAuth endpoints answer forms, which the library only parses on api.x.com.
  const asForm = { prefix: '', forceParseMode: 'url' } as const;

  beforeAll(async () => {
    faults = createLocalSocialFaults();
    app = await build({ faults });
    // A real socket: the signature covers the URL the library sends to.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    base = `${address}${LOCAL_SOCIAL_PREFIX}/twitter`;
  });
  afterAll(async () => {
    httpAgent.destroy();
    await app.close();
  });

  async function requestToken(): Promise<{ oauth_token: string; oauth_token_secret: string }> {
    const answer = await x().post(`${base}/oauth/request_token`, { oauth_callback: callback }, asForm);
    expect(answer.oauth_callback_confirmed).toBe('true');
    return answer;
  }

  async function decide(token: string, decision: 'allow' | 'deny') {
    const response = await app.inject({
      method: 'POST',
      url: `${LOCAL_SOCIAL_PREFIX}/twitter/oauth/authorize`,
      headers: FORM,
      payload: form({ oauth_token: token, decision }),
    });
    expect(response.statusCode).toBe(302);
    return new URL(response.headers.location as string);
  }

  it('links, reads the user and invalidates the token', async () => {
    const request = await requestToken();
    const page = await app.inject({
      url: `${LOCAL_SOCIAL_PREFIX}/twitter/oauth/authorize?oauth_token=${request.oauth_token}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('X (local stand-in)');
    expect(page.body).toContain('value="allow">Allow</button>');

    const back = await decide(request.oauth_token, 'allow');
    expect(back.origin + back.pathname).toBe(callback);
    expect(back.searchParams.get('oauth_token')).toBe(request.oauth_token);
    const verifier = back.searchParams.get('oauth_verifier') ?? '';

    // As TwitterApi.login() does it, at this server's URL.
    const requestClient = x({ accessToken: request.oauth_token, accessSecret: request.oauth_token_secret });
    const wrongVerifier = requestClient.post(
      `${base}/oauth/access_token`,
      { oauth_token: request.oauth_token, oauth_verifier: 'nope' },
      asForm,
    );
    await expect(wrongVerifier).rejects.toMatchObject({ code: 401 });
    const access = await requestClient.post(
      `${base}/oauth/access_token`,
      { oauth_token: request.oauth_token, oauth_verifier: verifier },
      asForm,
    );
    expect(access).toMatchObject({ user_id: 'local-twitter-1', screen_name: 'riversidefc' });
    const reused = requestClient.post(
      `${base}/oauth/access_token`,
      { oauth_token: request.oauth_token, oauth_verifier: verifier },
      asForm,
    );
    await expect(reused).rejects.toMatchObject({ code: 401 });

    const user = x({ accessToken: access.oauth_token, accessSecret: access.oauth_token_secret });
    const me = await user.get(`${base}/2/users/me`, { 'user.fields': 'profile_image_url' }, { prefix: '' });
    expect(me).toEqual({
      data: {
        id: 'local-twitter-1',
        name: 'Riverside FC',
        username: 'riversidefc',
        profile_image_url: expect.stringMatching(/\/local-social\/twitter\/avatar\.svg$/),
      },
    });

    const forged = x({
      appSecret: 'not-the-secret',
      accessToken: access.oauth_token,
      accessSecret: access.oauth_token_secret,
    });
    await expect(forged.get(`${base}/2/users/me`, {}, { prefix: '' })).rejects.toMatchObject({
      code: 401,
      data: { title: 'Unauthorized', status: 401 },
    });

    faults.rateLimited.set('twitter', { calls: 1, retryAfterSeconds: 60 });
    const limited = await user
      .get(`${base}/2/users/me`, {}, { prefix: '', fullResponse: true })
      .catch((error) => error);
    expect(limited.code).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(Number(limited.headers['x-rate-limit-reset'])).toBeGreaterThan(Date.now() / 1000);

    const invalidated = await user.post(`${base}/1.1/oauth/invalidate_token`, {}, { prefix: '' });
    expect(invalidated).toEqual({ access_token: access.oauth_token });
    await expect(user.get(`${base}/2/users/me`, {}, { prefix: '' })).rejects.toMatchObject({ code: 401 });
  });

  it('sends Cancel back as denied=<request token>', async () => {
    const request = await requestToken();
    const back = await decide(request.oauth_token, 'deny');
    expect(back.searchParams.get('denied')).toBe(request.oauth_token);
  });

  it('refuses a request token call signed with the wrong consumer secret', async () => {
    const forged = x({ appSecret: 'wrong' });
    await expect(
      forged.post(`${base}/oauth/request_token`, { oauth_callback: callback }, asForm),
    ).rejects.toMatchObject({
      code: 401,
    });
  });

  it('verifies the URL the client saw behind a proxy (X-Forwarded-Proto, Host)', async () => {
    const signer = new OAuth1Helper({ consumerKeys: { key: clientId, secret: clientSecret } });
    const publicUrl = `https://regie.example${LOCAL_SOCIAL_PREFIX}/twitter/oauth/request_token`;
    const signed = signer.authorize({ url: publicUrl, method: 'POST', data: { oauth_callback: callback } });
    const call = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `${LOCAL_SOCIAL_PREFIX}/twitter/oauth/request_token`,
        headers: { ...FORM, authorization: signer.toHeader(signed).Authorization, ...headers },
        payload: form({ oauth_callback: callback }),
      });
    expect((await call({ host: 'regie.example', 'x-forwarded-proto': 'https' })).statusCode).toBe(200);
    expect((await call({ host: 'regie.example' })).statusCode).toBe(401);
  });
});
