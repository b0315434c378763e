import { Agent } from 'node:http';
import { SOCIAL_MESSAGES } from '@regie/contract/social';
import { ApiRequestError, ApiResponseError, TwitterApi } from 'twitter-api-v2';
import { PLATFORM_ENDPOINTS } from './social.endpoints.ts';
import { deniedBy, failureOf } from './social.http.ts';
import { endpointUrl } from './social.oauth2.ts';
import { type PlatformClient, type PlatformSetup, SocialError, type SocialTokens } from './social.types.ts';

const paths = PLATFORM_ENDPOINTS.twitter;

/** The SocialError a twitter-api-v2 failure means. */
function failure(error: unknown): SocialError {
  if (error instanceof SocialError) return error;
  if (error instanceof ApiResponseError) {
    const retryAfter = error.headers?.['retry-after'];
    return failureOf('twitter', error.code, error.data, typeof retryAfter === 'string' ? retryAfter : null);
  }
  const reason = error instanceof ApiRequestError ? error.requestError.message : String(error);
  return new SocialError(SOCIAL_MESSAGES.unreachable('X', reason), 'unreachable');
}

/**
 * X: the three-legged OAuth 1.0a the spec's accessToken + tokenSecret imply, signed by
 * twitter-api-v2 (request_token → the user's consent → access_token); the account from API v2
 * /users/me. Its tokens do not expire and do not refresh; "Disconnect" invalidates them.
 */
export function twitterPlatform(setup: PlatformSetup): PlatformClient {
  // The library calls https.request; a plain-HTTP base (the local stand-in) needs an http agent.
  const settings = setup.tokenBase.startsWith('http:') ? { httpAgent: new Agent() } : {};
  const client = (token?: { key: string; secret: string }) =>
    new TwitterApi(
      {
        appKey: setup.clientId,
        appSecret: setup.clientSecret,
        ...(token ? { accessToken: token.key, accessSecret: token.secret } : {}),
      },
      settings,
    );
  const user = (tokens: SocialTokens) => client({ key: tokens.accessToken, secret: tokens.tokenSecret ?? '' });
  const form = { forceParseMode: 'url' as const };
  return {
    platform: 'twitter',
    mode: setup.mode,
    async begin({ redirectUri }) {
      try {
        const answer = (await client().post(
          endpointUrl(setup, 'token', paths.requestToken ?? '').toString(),
          { oauth_callback: redirectUri },
          form,
        )) as { oauth_token?: string; oauth_token_secret?: string };
        if (!answer.oauth_token || !answer.oauth_token_secret) {
          throw new SocialError(SOCIAL_MESSAGES.refused('X', 'no request token in the answer'), 'refused');
        }
        const url = endpointUrl(setup, 'authorize', paths.authorize);
        url.searchParams.set('oauth_token', answer.oauth_token);
        return { url: url.toString(), secret: answer.oauth_token_secret, requestToken: answer.oauth_token };
      } catch (error) {
        throw failure(error);
      }
    },
    async finish({ query, secret, requestToken }) {
      const denied = deniedBy('twitter', query);
      if (denied) throw denied;
      if (!query.oauth_verifier || !query.oauth_token || query.oauth_token !== requestToken) {
        throw new SocialError(SOCIAL_MESSAGES.requestExpired, 'refused');
      }
      try {
        const answer = (await client({ key: query.oauth_token, secret }).post(
          endpointUrl(setup, 'token', paths.token).toString(),
          { oauth_token: query.oauth_token, oauth_verifier: query.oauth_verifier },
          form,
        )) as { oauth_token?: string; oauth_token_secret?: string };
        if (!answer.oauth_token || !answer.oauth_token_secret) {
          throw new SocialError(SOCIAL_MESSAGES.refused('X', 'no access token in the answer'), 'refused');
        }
        return { tokens: { accessToken: answer.oauth_token, tokenSecret: answer.oauth_token_secret }, expiresAt: null };
      } catch (error) {
        throw failure(error);
      }
    },
    refresh: () => null,
    async revoke(tokens) {
      try {
        await user(tokens).post(endpointUrl(setup, 'api', paths.revoke).toString(), {});
      } catch (error) {
        throw failure(error);
      }
    },
    async profile(tokens) {
      try {
        const me = (await user(tokens).get(endpointUrl(setup, 'api', paths.profile).toString(), {
          'user.fields': 'profile_image_url',
        })) as { data?: { id?: string; name?: string; username?: string; profile_image_url?: string } };
        const data = me.data ?? {};
        return {
          externalId: String(data.id ?? ''),
          name: data.username ? `@${data.username}` : (data.name ?? 'X'),
          pictureUrl: data.profile_image_url ?? null,
        };
      } catch (error) {
        throw failure(error);
      }
    },
  };
}
