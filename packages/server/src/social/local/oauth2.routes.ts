import type { SocialPlatform } from '@regie/contract/social';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_ENDPOINTS, PLATFORM_SCOPES } from '../social.endpoints.ts';
import { type Answer, invalidClient, invalidGrant, invalidRequest, unauthorized } from './errors.ts';
import { localAccountName, localUserId } from './fixtures.ts';
import {
  absoluteUrl,
  basicClient,
  bearerToken,
  bodyPairs,
  isRedirectUrl,
  paramsOf,
  pathOf,
  queryPairs,
  STAND_IN,
  send,
  withQuery,
} from './http.ts';
import { consentPage, errorPage, PAGE_HEADERS } from './pages.ts';
import { checkToken, type LocalState, nowSeconds, revoke, sign, useOnce } from './state.ts';
import { type CodePayload, isExpired, newGrant, nonce, readToken, s256, sameText } from './tokens.ts';

/**
 * The OAuth 2.0 side of YouTube (Google), Facebook, Instagram (Facebook Login), Dailymotion and
 * TikTok: the consent page (authorization code grant, RFC 6749 §4.1, with PKCE RFC 7636 where the
 * platform has it), the token endpoint (code exchange, refresh, Facebook's fb_exchange_token) and
 * revocation, each with the parameter names, answers and errors of its platform's documentation.
 */

export type OAuth2Platform = Exclude<SocialPlatform, 'twitter'>;

interface OAuth2Rules {
  /** TikTok calls the client id `client_key`. */
  clientIdParam: 'client_id' | 'client_key';
  pkce: 'required' | 'optional' | 'none';
  scopeSeparator: RegExp;
  scopeRequired: boolean;
  /** Facebook's dialog defaults response_type to code. */
  responseTypeOptional: boolean;
  /** Scopes the platform knows besides the ones Regie asks for (PLATFORM_SCOPES). */
  otherScopes: readonly string[];
  /** expires_in of an access token from a code or a refresh token. */
  expiresIn: number;
}

const GRAPH_RULES: OAuth2Rules = {
  clientIdParam: 'client_id',
  pkce: 'optional',
  scopeSeparator: /[\s,]+/,
  scopeRequired: false,
  responseTypeOptional: true,
  otherScopes: ['email', 'pages_manage_metadata', 'pages_read_user_content', 'instagram_manage_comments'],
  expiresIn: 5183944,
};

const RULES: Readonly<Record<OAuth2Platform, OAuth2Rules>> = {
  youtube: {
    clientIdParam: 'client_id',
    pkce: 'required',
    scopeSeparator: /\s+/,
    scopeRequired: true,
    responseTypeOptional: false,
    otherScopes: [
      'email',
      'https://www.googleapis.com/auth/userinfo.profile',
      'https://www.googleapis.com/auth/userinfo.email',
      'https://www.googleapis.com/auth/youtube',
      'https://www.googleapis.com/auth/youtube.force-ssl',
    ],
    expiresIn: 3599,
  },
  facebook: GRAPH_RULES,
  instagram: GRAPH_RULES,
  dailymotion: {
    clientIdParam: 'client_id',
    pkce: 'none',
    scopeSeparator: /\s+/,
    scopeRequired: false,
    responseTypeOptional: false,
    otherScopes: ['email', 'manage_playlists', 'manage_subtitles', 'read_insights'],
    expiresIn: 36000,
  },
  tiktok: {
    clientIdParam: 'client_key',
    pkce: 'required',
    scopeSeparator: /,/,
    scopeRequired: true,
    responseTypeOptional: false,
    otherScopes: ['user.info.profile', 'user.info.stats', 'video.list'],
    expiresIn: 86400,
  },
};

/** Facebook: what a fb_exchange_token grant gives, a 60-day token. */
const FB_LONG_LIVED_SECONDS = 5184000;
const CODE_TTL_SECONDS = 600;
const isGraph = (platform: OAuth2Platform) => platform === 'facebook' || platform === 'instagram';
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** A valid authorization request, as the consent page and its form read it. */
interface AuthorizeRequest {
  redirectUri: string;
  state: string | undefined;
  challenge: string | null;
  scopes: string[];
  offline: boolean;
}

type Checked<T> = { ok: true; value: T } | { ok: false; error: string; message: string };

export function registerOAuth2Routes(scope: FastifyInstance, state: LocalState, platform: OAuth2Platform): void {
  const endpoints = PLATFORM_ENDPOINTS[platform];
  scope.get(endpoints.authorize, (request, reply) => showConsent(state, platform, scope.prefix, request, reply));
  scope.post(endpoints.authorize, STAND_IN, (request, reply) => decide(state, platform, request, reply));
  const methods = isGraph(platform) ? (['GET', 'POST'] as const) : (['POST'] as const);
  scope.route({
    method: [...methods],
    url: endpoints.token,
    ...STAND_IN,
    handler: (request, reply) => send(reply, tokenCall(state, platform, request)),
  });
  registerRevoke(scope, state, platform);
}

function showConsent(
  state: LocalState,
  platform: OAuth2Platform,
  prefix: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const pairs = queryPairs(request);
  const checked = readAuthorizeRequest(state, platform, paramsOf(pairs));
  if (!checked.ok)
    return reply
      .code(400)
      .headers(PAGE_HEADERS)
      .send(errorPage(platform, checked.error, checked.message));
  const html = consentPage({
    platform,
    action: pathOf(request),
    hidden: pairs.filter(([name]) => name !== 'decision'),
    scopes: checked.value.scopes,
    accountName: localAccountName(platform),
    avatarUrl: absoluteUrl(request, `${prefix}/avatar.svg`),
  });
  return reply.code(200).headers(PAGE_HEADERS).send(html);
}

/** The consent form posted back: Allow gives a code, Cancel an access_denied, both by redirect. */
function decide(state: LocalState, platform: OAuth2Platform, request: FastifyRequest, reply: FastifyReply) {
  const params = paramsOf(bodyPairs(request));
  const checked = readAuthorizeRequest(state, platform, params);
  const decision = params.get('decision');
  if (!checked.ok)
    return reply
      .code(400)
      .headers(PAGE_HEADERS)
      .send(errorPage(platform, checked.error, checked.message));
  if (decision !== 'allow' && decision !== 'deny') {
    return reply
      .code(400)
      .headers(PAGE_HEADERS)
      .send(errorPage(platform, 'invalid_request', 'Choose Allow or Cancel.'));
  }
  const authorize = checked.value;
  const target =
    decision === 'allow'
      ? withQuery(authorize.redirectUri, allowParams(platform, authorize, issueCode(state, platform, authorize)))
      : withQuery(authorize.redirectUri, denyParams(platform, authorize.state));
  return reply.header('cache-control', 'no-store').redirect(target, 302);
}

function issueCode(state: LocalState, platform: OAuth2Platform, authorize: AuthorizeRequest): string {
  const code: CodePayload = {
    k: 'code',
    p: platform,
    u: localUserId(platform),
    ch: authorize.challenge,
    ru: authorize.redirectUri,
    sc: authorize.scopes,
    exp: nowSeconds(state) + CODE_TTL_SECONDS,
    n: nonce(),
  };
  if (authorize.offline) code.off = 1;
  return sign(state, code);
}

/** Google echoes the granted scopes (space-separated), TikTok as `scopes` (comma-separated). */
function allowParams(platform: OAuth2Platform, authorize: AuthorizeRequest, code: string) {
  return {
    code,
    scope: platform === 'youtube' ? authorize.scopes.join(' ') : undefined,
    scopes: platform === 'tiktok' ? authorize.scopes.join(',') : undefined,
    state: authorize.state,
  };
}

function denyParams(platform: OAuth2Platform, state: string | undefined) {
  if (isGraph(platform)) {
    return {
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
      state,
    };
  }
  return { error: 'access_denied', error_description: 'The user denied the request.', state };
}

function readAuthorizeRequest(
  state: LocalState,
  platform: OAuth2Platform,
  params: Map<string, string>,
): Checked<AuthorizeRequest> {
  const rules = RULES[platform];
  const fail = (error: string, message: string) => ({ ok: false, error, message }) as const;
  const clientId = params.get(rules.clientIdParam);
  if (!clientId || !sameText(clientId, state.client.clientId)) {
    return fail('invalid_client', `The OAuth client was not found (${rules.clientIdParam}).`);
  }
  const redirectUri = params.get('redirect_uri');
  if (!isRedirectUrl(redirectUri)) return fail('invalid_request', 'redirect_uri must be an absolute http(s) URL.');
  const responseType = params.get('response_type') ?? (rules.responseTypeOptional ? 'code' : undefined);
  if (responseType !== 'code') return fail('unsupported_response_type', 'response_type must be code.');
  const scopes = readScopes(platform, params.get('scope'));
  if (!scopes.ok) return scopes;
  const challenge = readChallenge(platform, params);
  if (!challenge.ok) return challenge;
  const accessType = params.get('access_type');
  if (platform === 'youtube' && accessType !== undefined && accessType !== 'online' && accessType !== 'offline') {
    return fail('invalid_request', 'access_type must be online or offline.');
  }
  return {
    ok: true,
    value: {
      redirectUri,
      state: params.get('state'),
      challenge: challenge.value,
      scopes: scopes.value,
      offline: platform === 'youtube' && accessType === 'offline',
    },
  };
}

function readScopes(platform: OAuth2Platform, scope: string | undefined): Checked<string[]> {
  const rules = RULES[platform];
  const scopes = (scope ?? '').split(rules.scopeSeparator).filter(Boolean);
  if (scopes.length === 0 && rules.scopeRequired) {
    return { ok: false, error: 'invalid_request', message: 'Missing required parameter: scope' };
  }
  const known = new Set([...PLATFORM_SCOPES[platform], ...rules.otherScopes]);
  const unknown = scopes.filter((item) => !known.has(item));
  if (unknown.length > 0)
    return { ok: false, error: 'invalid_scope', message: `Invalid scopes: ${unknown.join(', ')}` };
  return { ok: true, value: [...new Set(scopes)] };
}

function readChallenge(platform: OAuth2Platform, params: Map<string, string>): Checked<string | null> {
  const pkce = RULES[platform].pkce;
  const challenge = params.get('code_challenge');
  if (pkce === 'none' || (challenge === undefined && pkce === 'optional')) return { ok: true, value: null };
  if (challenge === undefined) return { ok: false, error: 'invalid_request', message: 'code_challenge is required.' };
  if (params.get('code_challenge_method') !== 'S256' || !CHALLENGE.test(challenge)) {
    return { ok: false, error: 'invalid_request', message: 'code_challenge must be an S256 challenge.' };
  }
  return { ok: true, value: challenge };
}

/** POST token (Facebook: GET with the query as well). */
function tokenCall(state: LocalState, platform: OAuth2Platform, request: FastifyRequest): Answer {
  const params = paramsOf(bodyPairs(request), isGraph(platform) ? queryPairs(request) : []);
  if (!clientAuthenticated(state, platform, request, params)) return invalidClient(platform);
  const grantType = params.get('grant_type') ?? (isGraph(platform) && params.has('code') ? 'authorization_code' : '');
  if (grantType === 'authorization_code') return exchangeCode(state, platform, params);
  if (grantType === 'refresh_token' && !isGraph(platform)) return refresh(state, platform, params);
  if (grantType === 'fb_exchange_token' && isGraph(platform)) return exchangeForLongLived(state, platform, params);
  return invalidRequest(platform, 'unsupported_grant_type', `Unsupported grant_type: ${grantType || '(none)'}`);
}

/** HTTP Basic (RFC 6749 §2.3.1) or the client id and secret in the parameters. */
function clientAuthenticated(
  state: LocalState,
  platform: OAuth2Platform,
  request: FastifyRequest,
  params: Map<string, string>,
): boolean {
  const basic = basicClient(request);
  const id = basic?.id ?? params.get(RULES[platform].clientIdParam);
  const secret = basic?.secret ?? params.get('client_secret');
  if (id === undefined || secret === undefined) return false;
  // Both compared, always, so the time taken says nothing about which one was wrong.
  const idMatches = sameText(id, state.client.clientId);
  const secretMatches = sameText(secret, state.client.clientSecret);
  return idMatches && secretMatches;
}

function exchangeCode(state: LocalState, platform: OAuth2Platform, params: Map<string, string>): Answer {
  const read = readToken(state.key, params.get('code'));
  if (!read || read.payload.k !== 'code' || read.payload.p !== platform) {
    return invalidGrant(platform, 'Malformed auth code.');
  }
  const code = read.payload;
  if (isExpired(code, state.now())) return invalidGrant(platform, 'The authorization code has expired.');
  if (state.used.has(read.signature)) return invalidGrant(platform, 'The authorization code has been used.');
  if (state.faults.revokedApps.has(platform)) return invalidGrant(platform, 'The user removed the app.');
  if (params.get('redirect_uri') !== code.ru) {
    return invalidGrant(platform, 'redirect_uri is not the one of the authorization request.');
  }
  if (code.ch !== null) {
    const verifier = params.get('code_verifier');
    if (!verifier || !VERIFIER.test(verifier) || !sameText(s256(verifier), code.ch)) {
      return invalidGrant(platform, 'Invalid code verifier.');
    }
  }
  if (!useOnce(state, read.signature, code.exp)) return invalidGrant(platform, 'The authorization code has been used.');
  const grant = newGrant();
  const withRefresh = platform === 'youtube' ? code.off === 1 : !isGraph(platform);
  return tokens(state, platform, { user: code.u, grant, scopes: code.sc, withRefresh });
}

function refresh(state: LocalState, platform: OAuth2Platform, params: Map<string, string>): Answer {
  const checked = checkToken(state, platform, 'refresh', params.get('refresh_token'));
  if (!checked.ok) return invalidGrant(platform, 'Token has been expired or revoked.');
  const { u, g, sc } = checked.token.payload;
  // Google keeps the refresh token; Dailymotion and TikTok answer a new one with every refresh.
  return tokens(state, platform, { user: u, grant: g, scopes: sc, withRefresh: platform !== 'youtube' });
}

/** Facebook's long-lived token: a valid user token in, a 60-day token of the same grant out. */
function exchangeForLongLived(state: LocalState, platform: OAuth2Platform, params: Map<string, string>): Answer {
  const checked = checkToken(state, platform, 'access', params.get('fb_exchange_token'));
  if (!checked.ok || checked.token.payload.pg !== undefined) {
    return invalidGrant(platform, 'Error validating access token: the token is invalid, expired or revoked.');
  }
  const { u, g } = checked.token.payload;
  const access = sign(state, { k: 'access', p: platform, u, g, exp: nowSeconds(state) + FB_LONG_LIVED_SECONDS });
  return tokenSuccess({ access_token: access, token_type: 'bearer', expires_in: FB_LONG_LIVED_SECONDS });
}

interface Issue {
  user: string;
  grant: string;
  scopes: string[];
  withRefresh: boolean;
}

/** Signs the tokens of a grant and answers them in the platform's shape. */
function tokens(state: LocalState, platform: OAuth2Platform, issue: Issue): Answer {
  const expiresIn = RULES[platform].expiresIn;
  const access = sign(state, {
    k: 'access',
    p: platform,
    u: issue.user,
    g: issue.grant,
    exp: nowSeconds(state) + expiresIn,
  });
  const refreshToken = issue.withRefresh
    ? sign(state, { k: 'refresh', p: platform, u: issue.user, g: issue.grant, sc: issue.scopes })
    : undefined;
  switch (platform) {
    case 'youtube':
      return tokenSuccess({
        access_token: access,
        expires_in: expiresIn,
        refresh_token: refreshToken,
        scope: issue.scopes.join(' '),
        token_type: 'Bearer',
      });
    case 'dailymotion':
      return tokenSuccess({
        access_token: access,
        expires_in: expiresIn,
        refresh_token: refreshToken,
        scope: issue.scopes.join(' '),
        uid: issue.user,
      });
    case 'tiktok':
      return tokenSuccess({
        open_id: issue.user,
        scope: issue.scopes.join(','),
        access_token: access,
        expires_in: expiresIn,
        refresh_token: refreshToken,
        refresh_expires_in: 31536000,
        token_type: 'Bearer',
      });
    case 'facebook':
    case 'instagram':
      return tokenSuccess({ access_token: access, token_type: 'bearer', expires_in: expiresIn });
  }
}

/** RFC 6749 §5.1: token answers are never cached. */
function tokenSuccess(body: Record<string, unknown>): Answer {
  return { status: 200, headers: { 'cache-control': 'no-store', pragma: 'no-cache' }, body };
}

function registerRevoke(scope: FastifyInstance, state: LocalState, platform: OAuth2Platform): void {
  const path = PLATFORM_ENDPOINTS[platform].revoke;
  switch (platform) {
    case 'youtube':
      // Google: POST /revoke with token= (an access or a refresh token) in the form or the query.
      scope.post(path, STAND_IN, (request, reply) => {
        const token = paramsOf(bodyPairs(request), queryPairs(request)).get('token');
        const checked = [checkToken(state, platform, 'access', token), checkToken(state, platform, 'refresh', token)];
        const good = checked.find((item) => item.ok);
        if (!good?.ok) return send(reply, invalidRequest(platform, 'invalid_token', 'Token expired or revoked'));
        revoke(state, good.token);
        return reply.send({});
      });
      return;
    case 'dailymotion':
      // Dailymotion: GET /logout with the token as Bearer.
      scope.get(path, (request, reply) => revokeAccess(state, platform, bearerToken(request), reply, {}));
      return;
    case 'tiktok':
      // TikTok: POST /v2/oauth/revoke/ with client_key, client_secret and token; unknown tokens are no error.
      scope.post(path, STAND_IN, (request, reply) => {
        const params = paramsOf(bodyPairs(request));
        if (!clientAuthenticated(state, platform, request, params)) return send(reply, invalidClient(platform));
        const checked = checkToken(state, platform, 'access', params.get('token'));
        if (checked.ok) revoke(state, checked.token);
        return reply.send({});
      });
      return;
    case 'facebook':
    case 'instagram':
      // Graph: DELETE /me/permissions removes the app for the user: the grant and its page tokens.
      scope.delete(path, STAND_IN, (request, reply) => {
        const token = paramsOf(queryPairs(request)).get('access_token') ?? bearerToken(request);
        return revokeAccess(state, platform, token, reply, { success: true });
      });
      return;
  }
}

function revokeAccess(
  state: LocalState,
  platform: OAuth2Platform,
  token: string | null | undefined,
  reply: FastifyReply,
  body: unknown,
) {
  const checked = checkToken(state, platform, 'access', token);
  if (!checked.ok) return send(reply, unauthorized(platform, checked.why));
  revoke(state, checked.token);
  return reply.send(body);
}
