import { randomBytes } from 'node:crypto';
import type { SocialPlatform } from '@regie/contract/social';
import type { Fault, Refusal } from './state.ts';

/**
 * Each platform's own error bodies, so the client code meets in tests what it meets in production:
 * Google's `{error:{code,message,status}}`, the Graph API's OAuthException, X's problem+json,
 * TikTok's `{error:{code,message,log_id}}`, Dailymotion's `{error:{code,message,type}}`, and the
 * RFC 6749 `{error, error_description}` of the token endpoints.
 */

/** A reply as data: the routes send it with send() of http.ts. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

type Family = 'google' | 'graph' | 'x' | 'tiktok' | 'dailymotion';

const FAMILY: Readonly<Record<SocialPlatform, Family>> = {
  youtube: 'google',
  facebook: 'graph',
  instagram: 'graph',
  twitter: 'x',
  dailymotion: 'dailymotion',
  tiktok: 'tiktok',
};

/** TikTok's request id, echoed in every answer. */
export const logId = () => randomBytes(16).toString('hex').toUpperCase();
const fbtraceId = () => randomBytes(8).toString('base64url');

/** The Graph API's error envelope. */
export function graphError(message: string, code: number, extra: Record<string, unknown> = {}): unknown {
  return { error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: fbtraceId() } };
}

/** An API call with a missing, bad, expired or revoked access token. */
export function unauthorized(platform: SocialPlatform, why: Refusal): Answer {
  const bearer = { 'www-authenticate': 'Bearer error="invalid_token"' };
  switch (FAMILY[platform]) {
    case 'google':
      return {
        status: 401,
        headers: bearer,
        body: {
          error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
        },
      };
    case 'graph': {
      const detail = {
        invalid: ['Invalid OAuth access token.', undefined],
        expired: ['Session has expired.', 463],
        revoked: ['The user has not authorized application.', 458],
      } as const;
      const [message, subcode] = detail[why];
      return {
        status: 401,
        headers: bearer,
        body: graphError(`Error validating access token: ${message}`, 190, subcode ? { error_subcode: subcode } : {}),
      };
    }
    case 'tiktok':
      return {
        status: 401,
        body: {
          data: {},
          error: {
            code: 'access_token_invalid',
            message: 'The access token is invalid or not found in the request.',
            log_id: logId(),
          },
        },
      };
    case 'dailymotion':
      return {
        status: 401,
        headers: bearer,
        body: { error: { code: 401, message: `${capitalize(why)} access token.`, type: 'invalid_token' } },
      };
    case 'x':
      return xProblem(401, 'Unauthorized');
  }
}

/** The answer to a call a test made fail (429 with Retry-After, or 503). */
export function faultAnswer(platform: SocialPlatform, fault: Fault, nowMs: number): Answer {
  if (fault.kind === 'rate-limited') return rateLimited(platform, fault.retryAfterSeconds, nowMs);
  const headers = { 'retry-after': '1' };
  switch (FAMILY[platform]) {
    case 'google':
      return {
        status: 503,
        headers,
        body: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } },
      };
    case 'graph':
      return {
        status: 503,
        headers,
        body: graphError('(#2) Service temporarily unavailable', 2, { is_transient: true }),
      };
    case 'tiktok':
      return {
        status: 503,
        headers,
        body: {
          data: {},
          error: { code: 'internal_error', message: 'Something went wrong. Please try again later.', log_id: logId() },
        },
      };
    case 'dailymotion':
      return {
        status: 503,
        headers,
        body: { error: { code: 503, message: 'Service temporarily unavailable.', type: 'service_unavailable' } },
      };
    case 'x':
      return { ...xProblem(503, 'Service Unavailable'), headers };
  }
}

function rateLimited(platform: SocialPlatform, retryAfterSeconds: number, nowMs: number): Answer {
  const headers: Record<string, string> = { 'retry-after': String(retryAfterSeconds) };
  switch (FAMILY[platform]) {
    case 'google':
      return {
        status: 429,
        headers,
        body: { error: { code: 429, message: 'Quota exceeded. Retry later.', status: 'RESOURCE_EXHAUSTED' } },
      };
    case 'graph':
      return {
        status: 429,
        headers,
        body: graphError('(#4) Application request limit reached', 4, { is_transient: true }),
      };
    case 'tiktok':
      return {
        status: 429,
        headers,
        body: {
          data: {},
          error: {
            code: 'rate_limit_exceeded',
            message: 'API rate limit was exceeded, please try again later.',
            log_id: logId(),
          },
        },
      };
    case 'dailymotion':
      return {
        status: 429,
        headers,
        body: { error: { code: 429, message: 'Too many requests, retry later.', type: 'rate_limit_exceeded' } },
      };
    case 'x': {
      const reset = Math.ceil(nowMs / 1000) + retryAfterSeconds;
      const problem = xProblem(429, 'Too Many Requests');
      return {
        ...problem,
        headers: {
          ...problem.headers,
          ...headers,
          'x-rate-limit-limit': '75',
          'x-rate-limit-remaining': '0',
          'x-rate-limit-reset': String(reset),
        },
      };
    }
  }
}

/** X API v2 errors are RFC 7807 problems. */
export function xProblem(status: number, title: string): Answer {
  return {
    status,
    headers: { 'content-type': 'application/problem+json' },
    body: { title, type: 'about:blank', status, detail: title },
  };
}

/** X's v1.1 and OAuth endpoints answer `{errors:[{code,message}]}`. */
export function xV1Error(status: number, code: number, message: string): Answer {
  return { status, body: { errors: [{ code, message }] } };
}

/** A token call refused for its grant: bad, expired, used or revoked code, refresh token or verifier. */
export function invalidGrant(platform: SocialPlatform, description: string): Answer {
  return tokenError(platform, 400, 'invalid_grant', description);
}

/** A token call whose parameters are missing or unsupported (`invalid_request`, `unsupported_grant_type`). */
export function invalidRequest(platform: SocialPlatform, error: string, description: string): Answer {
  return tokenError(platform, 400, error, description);
}

/** A token call whose client id or secret is wrong. Facebook answers this as a 400 OAuthException code 1. */
export function invalidClient(platform: SocialPlatform): Answer {
  if (FAMILY[platform] === 'graph') return { status: 400, body: graphError('Error validating client secret.', 1) };
  return tokenError(platform, 401, 'invalid_client', 'Client authentication failed.');
}

function tokenError(platform: SocialPlatform, status: number, error: string, description: string): Answer {
  const headers = { 'cache-control': 'no-store' };
  switch (FAMILY[platform]) {
    case 'graph':
      return { status, headers, body: graphError(description, 100) };
    case 'tiktok':
      return { status, headers, body: { error, error_description: description, log_id: logId() } };
    default:
      return { status, headers, body: { error, error_description: description } };
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
