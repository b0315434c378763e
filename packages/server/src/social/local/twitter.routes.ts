import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_ENDPOINTS } from '../social.endpoints.ts';
import { type Answer, xProblem, xV1Error } from './errors.ts';
import { LOCAL_USERNAME, localAccountName, localUserId } from './fixtures.ts';
import {
  absoluteUrl,
  bodyPairs,
  isRedirectUrl,
  paramsOf,
  pathOf,
  publicOrigin,
  queryPairs,
  STAND_IN,
  send,
  withQuery,
} from './http.ts';
import { baseStringUri, hmacSha1Signature, type Pair, parseOAuthHeader, signatureBaseString } from './oauth1.ts';
import { consentPage, errorPage, PAGE_HEADERS, pinPage } from './pages.ts';
import { checkToken, type LocalState, nowSeconds, revoke, sign, useOnce } from './state.ts';
import {
  type AccessPayload,
  derive,
  isExpired,
  newGrant,
  nonce,
  type ReadToken,
  type RequestPayload,
  readToken,
  sameText,
} from './tokens.ts';

/**
 * X's three-legged OAuth 1.0a (request_token → authorize → access_token, RFC 5849 §2) and the two
 * calls Regie makes with the access token (/2/users/me, invalidate_token). Every call but the
 * consent page is signed HMAC-SHA1 by the client and verified here from the bytes that arrived.
 * Token secrets are derived from the tokens with the plugin's key, so nothing is stored.
 */

const REQUEST_TOKEN_TTL_SECONDS = 15 * 60;
const FORM_TYPE = 'application/x-www-form-urlencoded';

type Verified<T> = { ok: true; params: Map<string, string>; token: T } | { ok: false };

export function registerTwitterRoutes(scope: FastifyInstance, state: LocalState): void {
  const endpoints = PLATFORM_ENDPOINTS.twitter;
  scope.post(endpoints.requestToken ?? '/oauth/request_token', STAND_IN, (request, reply) =>
    issueRequestToken(state, request, reply),
  );
  scope.get(endpoints.authorize, (request, reply) => showConsent(state, scope.prefix, request, reply));
  scope.post(endpoints.authorize, STAND_IN, (request, reply) => decide(state, request, reply));
  scope.post(endpoints.token, STAND_IN, (request, reply) => issueAccessToken(state, request, reply));
  scope.get(endpoints.profile, (request, reply) => send(reply, usersMe(state, scope.prefix, request)));
  scope.post(endpoints.revoke, STAND_IN, (request, reply) => send(reply, invalidateToken(state, request)));
}

const notAuthenticated = () => xV1Error(401, 32, 'Could not authenticate you.');

function issueRequestToken(state: LocalState, request: FastifyRequest, reply: FastifyReply) {
  const verified = verifySigned(state, request, () => ({ token: null, secret: '' }));
  if (!verified.ok) return send(reply, notAuthenticated());
  const callback = verified.params.get('oauth_callback');
  if (callback !== 'oob' && !isRedirectUrl(callback)) {
    return send(reply, xV1Error(401, 417, 'oauth_callback must be oob or an absolute http(s) URL.'));
  }
  const payload: RequestPayload = {
    k: 'request',
    p: 'twitter',
    cb: callback,
    exp: nowSeconds(state) + REQUEST_TOKEN_TTL_SECONDS,
    n: nonce(),
  };
  const token = sign(state, payload);
  return sendForm(reply, {
    oauth_token: token,
    oauth_token_secret: derive(state.key, 'secret', token),
    oauth_callback_confirmed: 'true',
  });
}

/** A request token still waiting for its access token exchange. */
function readRequestToken(state: LocalState, token: string | undefined): ReadToken<RequestPayload> | null {
  const read = readToken(state.key, token);
  if (!read || read.payload.k !== 'request' || read.payload.p !== 'twitter') return null;
  if (isExpired(read.payload, state.now()) || state.used.has(read.signature)) return null;
  return read as ReadToken<RequestPayload>;
}

function showConsent(state: LocalState, prefix: string, request: FastifyRequest, reply: FastifyReply) {
  const pairs = queryPairs(request);
  if (!readRequestToken(state, paramsOf(pairs).get('oauth_token'))) return invalidRequestTokenPage(reply);
  const html = consentPage({
    platform: 'twitter',
    action: pathOf(request),
    hidden: pairs.filter(([name]) => name !== 'decision'),
    scopes: ['Read your profile', 'Post and delete posts for you'],
    accountName: `${localAccountName('twitter')} (@${LOCAL_USERNAME})`,
    avatarUrl: absoluteUrl(request, `${prefix}/avatar.svg`),
  });
  return reply.code(200).headers(PAGE_HEADERS).send(html);
}

/** Allow: back to the callback with the verifier (or the PIN for oob); Cancel: `denied=<token>`. */
function decide(state: LocalState, request: FastifyRequest, reply: FastifyReply) {
  const params = paramsOf(bodyPairs(request));
  const token = params.get('oauth_token');
  const read = readRequestToken(state, token);
  const decision = params.get('decision');
  if (!read || !token) return invalidRequestTokenPage(reply);
  if (decision !== 'allow' && decision !== 'deny') {
    return reply
      .code(400)
      .headers(PAGE_HEADERS)
      .send(errorPage('twitter', 'invalid_request', 'Choose Allow or Cancel.'));
  }
  const callback = read.payload.cb;
  const verifier = verifierOf(state, token);
  if (callback === 'oob') {
    const page = decision === 'allow' ? pinPage(verifier) : errorPage('twitter', 'access_denied', 'You cancelled.');
    return reply.code(200).headers(PAGE_HEADERS).send(page);
  }
  const target =
    decision === 'allow'
      ? withQuery(callback, { oauth_token: token, oauth_verifier: verifier })
      : withQuery(callback, { denied: token });
  return reply.header('cache-control', 'no-store').redirect(target, 302);
}

function invalidRequestTokenPage(reply: FastifyReply) {
  return reply
    .code(400)
    .headers(PAGE_HEADERS)
    .send(errorPage('twitter', 'invalid_token', 'The request token for this page is invalid or was already used.'));
}

const verifierOf = (state: LocalState, requestToken: string) =>
  derive(state.key, 'verifier', requestToken).slice(0, 32);

function issueAccessToken(state: LocalState, request: FastifyRequest, reply: FastifyReply) {
  const verified = verifySigned(state, request, (given) => {
    const read = state.faults.revokedApps.has('twitter') ? null : readRequestToken(state, given);
    return read && given ? { token: read, secret: derive(state.key, 'secret', given) } : null;
  });
  if (!verified.ok) return send(reply, notAuthenticated());
  const requestToken = verified.token;
  const verifier = verified.params.get('oauth_verifier') ?? '';
  const expected = verifierOf(state, verified.params.get('oauth_token') ?? '');
  if (!sameText(verifier, expected)) {
    return send(reply, xV1Error(401, 32, 'Error processing your OAuth request: Invalid oauth_verifier parameter'));
  }
  if (!useOnce(state, requestToken.signature, requestToken.payload.exp)) return send(reply, notAuthenticated());
  const access = sign(state, { k: 'access', p: 'twitter', u: localUserId('twitter'), g: newGrant() });
  return sendForm(reply, {
    oauth_token: access,
    oauth_token_secret: derive(state.key, 'secret', access),
    user_id: localUserId('twitter'),
    screen_name: LOCAL_USERNAME,
  });
}

/** A call signed with a good access token of X (its user in the token's payload `u`). */
export function verifyAccess(state: LocalState, request: FastifyRequest): Verified<ReadToken<AccessPayload>> {
  return verifySigned(state, request, (given) => {
    const checked = checkToken(state, 'twitter', 'access', given);
    return checked.ok && given ? { token: checked.token, secret: derive(state.key, 'secret', given) } : null;
  });
}

/** API v2 GET /2/users/me (`user.fields=profile_image_url` adds the picture). */
function usersMe(state: LocalState, prefix: string, request: FastifyRequest): Answer {
  if (!verifyAccess(state, request).ok) return xProblem(401, 'Unauthorized');
  const fields = (paramsOf(queryPairs(request)).get('user.fields') ?? '').split(',');
  const picture = absoluteUrl(request, `${prefix}/avatar.svg`);
  return {
    status: 200,
    body: {
      data: {
        id: localUserId('twitter'),
        name: localAccountName('twitter'),
        username: LOCAL_USERNAME,
        ...(fields.includes('profile_image_url') && { profile_image_url: picture }),
      },
    },
  };
}

/** v1.1 POST oauth/invalidate_token: the access token it was signed with is refused from now on. */
function invalidateToken(state: LocalState, request: FastifyRequest): Answer {
  const verified = verifyAccess(state, request);
  if (!verified.ok) return xV1Error(401, 89, 'Invalid or expired token.');
  revoke(state, verified.token);
  return { status: 200, body: { access_token: verified.params.get('oauth_token') } };
}

/**
 * Verifies an OAuth 1.0a HMAC-SHA1 request (RFC 5849 §3.2): consumer key, method, the token the
 * `tokenOf` callback accepts (with its secret), and the signature over the base string rebuilt from
 * the header, query and form parameters as the client saw the URL.
 */
function verifySigned<T>(
  state: LocalState,
  request: FastifyRequest,
  tokenOf: (given: string | undefined) => { token: T; secret: string } | null,
): Verified<T> {
  const header = parseOAuthHeader(request.headers.authorization);
  if (!header) return { ok: false };
  const oauth = paramsOf(header);
  const signature = oauth.get('oauth_signature');
  const version = oauth.get('oauth_version');
  if (
    !signature ||
    !oauth.get('oauth_nonce') ||
    !oauth.get('oauth_timestamp') ||
    oauth.get('oauth_signature_method') !== 'HMAC-SHA1' ||
    (version !== undefined && version !== '1.0') ||
    !sameText(oauth.get('oauth_consumer_key') ?? '', state.client.clientId)
  ) {
    return { ok: false };
  }
  const body = bodyPairs(request);
  const query = queryPairs(request);
  const params = paramsOf(header, body, query);
  const token = tokenOf(params.get('oauth_token'));
  if (!token) return { ok: false };
  const { scheme, host } = publicOrigin(request);
  const uri = baseStringUri(scheme, host, pathOf(request));
  const pairs = [...header, ...query, ...body];
  const matches = [pairs, withoutRepeats(pairs)].map((candidate) =>
    sameText(
      hmacSha1Signature(signatureBaseString(request.method, uri, candidate), state.client.clientSecret, token.secret),
      signature,
    ),
  );
  return matches.some(Boolean) ? { ok: true, params, token: token.token } : { ok: false };
}

/**
 * The same name and value sent twice (oauth_token in the header and the body, as twitter-api-v2
 * sends it) counted once: what X accepts besides the RFC's strict reading, which counts both.
 */
function withoutRepeats(pairs: readonly Pair[]): Pair[] {
  const seen = new Set<string>();
  return pairs.filter(([name, value]) => {
    const key = `${name}\u0000${value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function sendForm(reply: FastifyReply, values: Record<string, string>) {
  return reply.code(200).header('content-type', FORM_TYPE).send(new URLSearchParams(values).toString());
}
