import { createHash } from 'node:crypto';
import { SOCIAL_MESSAGES, SOCIAL_PLATFORM_NAMES, type SocialPlatform } from '@regie/contract/social';
import { ArcticFetchError, OAuth2RequestError, UnexpectedResponseError } from 'arctic';
import { PLATFORM_ENDPOINTS } from './social.endpoints.ts';
import { form, grantOf, platformCall } from './social.http.ts';
import { type PlatformSetup, SocialError, type SocialTokens, type TokenGrant } from './social.types.ts';

/** The URL of one of the platform's calls (`role` says which origin serves it). */
export function endpointUrl(setup: PlatformSetup, role: 'authorize' | 'token' | 'api', path: string): URL {
  const base = role === 'authorize' ? setup.authorizeBase : role === 'token' ? setup.tokenBase : setup.apiBase;
  return new URL(`${base.replace(/\/+$/, '')}${path}`);
}

/** The SocialError an arctic call's failure means. */
export function arcticFailure(platform: SocialPlatform, error: unknown): SocialError {
  const name = SOCIAL_PLATFORM_NAMES[platform];
  if (error instanceof SocialError) return error;
  if (error instanceof OAuth2RequestError) {
    if (error.code === 'invalid_grant') return new SocialError(SOCIAL_MESSAGES.expired(name), 'expired');
    if (error.code === 'access_denied') return new SocialError(SOCIAL_MESSAGES.refusedByUser(name), 'denied');
    return new SocialError(SOCIAL_MESSAGES.refused(name, error.description ?? error.code), 'refused');
  }
  if (error instanceof UnexpectedResponseError && error.status < 500 && error.status !== 429) {
    return new SocialError(SOCIAL_MESSAGES.refused(name, `HTTP ${error.status}`), 'refused');
  }
  const reason =
    error instanceof ArcticFetchError
      ? String(error.cause ?? error.message)
      : error instanceof Error
        ? error.message
        : String(error);
  return new SocialError(SOCIAL_MESSAGES.unreachable(name, reason), 'unreachable');
}

/**
 * An OAuth 2.0 token call where the platform wants the app's credentials in the form (Dailymotion,
 * TikTok: `client_key`): the code's exchange or a refresh, as the link's tokens.
 */
export async function formTokenCall(
  setup: PlatformSetup,
  values: Record<string, string>,
  options: { clientField?: string; previous?: SocialTokens } = {},
): Promise<TokenGrant> {
  const body = form({
    ...values,
    [options.clientField ?? 'client_id']: setup.clientId,
    client_secret: setup.clientSecret,
  });
  const answer = await platformCall(
    setup.platform,
    endpointUrl(setup, 'token', PLATFORM_ENDPOINTS[setup.platform].token),
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    },
  );
  return grantOf(answer, options.previous);
}

/** The Authorization header of a bearer token. */
export const bearer = (tokens: SocialTokens) => ({
  authorization: `Bearer ${tokens.accessToken}`,
  accept: 'application/json',
});

/** PKCE's S256 code challenge of a verifier (RFC 7636 §4.2). */
export const s256Challenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
