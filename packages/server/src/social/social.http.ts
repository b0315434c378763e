import { SOCIAL_MESSAGES, SOCIAL_PLATFORM_NAMES, type SocialPlatform } from '@regie/contract/social';
import { OAuth2Tokens } from 'arctic';
import { SocialError, type TokenGrant } from './social.types.ts';

/** A platform call's longest wait: a platform that does not answer is unreachable, not a hang. */
export const PLATFORM_TIMEOUT_MS = 20_000;

/** The platform's own words for an error answer, whatever its shape. */
export function platformDetail(body: unknown, fallback: string): string {
  if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 300);
  const value = (body ?? {}) as Record<string, unknown>;
  const error = value.error;
  const nested = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : null;
  const candidates = [value.error_description, nested?.message, value.detail, value.message, value.title, error];
  const found = candidates.find((candidate) => typeof candidate === 'string' && candidate.trim());
  return typeof found === 'string' ? found.slice(0, 300) : fallback;
}

/** The error a platform's answer means (its status and body), for a user to read. */
export function failureOf(
  platform: SocialPlatform,
  status: number,
  body: unknown,
  retryAfter: string | null,
  about: 'link' | 'post' = 'link',
): SocialError {
  const name = SOCIAL_PLATFORM_NAMES[platform];
  const detail = platformDetail(body, `HTTP ${status}`);
  if (status === 429 || status >= 500) {
    const seconds = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null;
    return new SocialError(SOCIAL_MESSAGES.unreachable(name, detail), 'unreachable', seconds);
  }
  const code = (body as { error?: unknown } | null)?.error;
  if (status === 401 || code === 'invalid_grant' || code === 'invalid_token') {
    return new SocialError(SOCIAL_MESSAGES.expired(name), 'expired');
  }
  const refused = about === 'post' ? SOCIAL_MESSAGES.postRefused : SOCIAL_MESSAGES.refused;
  return new SocialError(refused(name, detail), 'refused');
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A call to a platform: JSON (or text) on success, a SocialError with its reason otherwise
 * (unreachable, rate limited with its Retry-After, refused, expired). Never logs the request.
 */
export async function platformCall(
  platform: SocialPlatform,
  url: string | URL,
  init: RequestInit = {},
  about: 'link' | 'post' = 'link',
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SocialError(SOCIAL_MESSAGES.unreachable(SOCIAL_PLATFORM_NAMES[platform], reason), 'unreachable');
  }
  const body = await bodyOf(response);
  if (!response.ok) throw failureOf(platform, response.status, body, response.headers.get('retry-after'), about);
  return body;
}

/** An OAuth 2.0 token answer (any platform's JSON) as the link's tokens and their end. */
export function grantOf(data: unknown, previous?: { refreshToken?: string | null }): TokenGrant {
  const tokens = new OAuth2Tokens((data ?? {}) as object);
  const record = (data ?? {}) as Record<string, unknown>;
  const expiresAt = typeof record.expires_in === 'number' ? tokens.accessTokenExpiresAt() : null;
  return {
    tokens: {
      accessToken: tokens.accessToken(),
      // A refresh answer may omit the refresh token: the one held goes on.
      refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : (previous?.refreshToken ?? null),
    },
    expiresAt,
  };
}

/** A form body for a token call. */
export function form(values: Record<string, string>): URLSearchParams {
  return new URLSearchParams(values);
}

/** The callback's refusal by the user (error=access_denied, X's denied=…), if it is one. */
export function deniedBy(
  platform: SocialPlatform,
  query: Readonly<Record<string, string | undefined>>,
): SocialError | null {
  const name = SOCIAL_PLATFORM_NAMES[platform];
  if (query.denied !== undefined || query.error === 'access_denied' || query.error_reason === 'user_denied') {
    return new SocialError(SOCIAL_MESSAGES.refusedByUser(name), 'denied');
  }
  if (query.error) {
    return new SocialError(SOCIAL_MESSAGES.refused(name, query.error_description ?? query.error), 'refused');
  }
  return null;
}

/** The callback's `code`, or the refusal of a callback without one. */
export function codeOf(platform: SocialPlatform, query: Readonly<Record<string, string | undefined>>): string {
  const denied = deniedBy(platform, query);
  if (denied) throw denied;
  if (!query.code) {
    throw new SocialError(SOCIAL_MESSAGES.refused(SOCIAL_PLATFORM_NAMES[platform], 'no code in the answer'), 'refused');
  }
  return query.code;
}
