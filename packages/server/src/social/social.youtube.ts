import { CodeChallengeMethod, generateCodeVerifier, OAuth2Client } from 'arctic';
import { PLATFORM_ENDPOINTS, PLATFORM_SCOPES } from './social.endpoints.ts';
import { codeOf, grantOf, platformCall } from './social.http.ts';
import { arcticFailure, bearer, endpointUrl } from './social.oauth2.ts';
import type { PlatformClient, PlatformSetup } from './social.types.ts';

const paths = PLATFORM_ENDPOINTS.youtube;

interface Channel {
  id?: string;
  snippet?: { title?: string; thumbnails?: { default?: { url?: string } } };
}

/**
 * YouTube: Google's OAuth 2.0 for web server apps (authorization code with PKCE, offline access:
 * a refresh token), with arctic's OAuth 2.0 client; the Google account's profile, and the
 * YouTube channels it can publish to (Data API v3 channels?mine=true).
 */
export function youtubePlatform(setup: PlatformSetup): PlatformClient {
  const client = (redirectUri: string | null) => new OAuth2Client(setup.clientId, setup.clientSecret, redirectUri);
  const tokenUrl = endpointUrl(setup, 'token', paths.token).toString();
  return {
    platform: 'youtube',
    mode: setup.mode,
    async begin({ state, redirectUri }) {
      const verifier = generateCodeVerifier();
      const url = client(redirectUri).createAuthorizationURLWithPKCE(
        endpointUrl(setup, 'authorize', paths.authorize).toString(),
        state,
        CodeChallengeMethod.S256,
        verifier,
        [...PLATFORM_SCOPES.youtube],
      );
      // A refresh token, and asked again each time (Google gives it on the first consent only).
      url.searchParams.set('access_type', 'offline');
      url.searchParams.set('prompt', 'consent');
      return { url: url.toString(), secret: verifier };
    },
    async finish({ query, secret, redirectUri }) {
      const code = codeOf('youtube', query);
      try {
        return grantOf((await client(redirectUri).validateAuthorizationCode(tokenUrl, code, secret)).data);
      } catch (error) {
        throw arcticFailure('youtube', error);
      }
    },
    refresh(tokens) {
      const refreshToken = tokens.refreshToken;
      if (!refreshToken) return null;
      return client(null)
        .refreshAccessToken(tokenUrl, refreshToken, [])
        .then((answer) => grantOf(answer.data, tokens))
        .catch((error: unknown) => {
          throw arcticFailure('youtube', error);
        });
    },
    async revoke(tokens) {
      const url = endpointUrl(setup, 'token', paths.revoke);
      await platformCall('youtube', url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: tokens.refreshToken ?? tokens.accessToken }),
      });
    },
    async profile(tokens) {
      const me = (await platformCall('youtube', endpointUrl(setup, 'api', paths.profile), {
        headers: bearer(tokens),
      })) as { sub?: string; name?: string; picture?: string };
      return { externalId: String(me.sub ?? ''), name: me.name ?? 'YouTube', pictureUrl: me.picture ?? null };
    },
    async targets(tokens) {
      const url = endpointUrl(setup, 'api', paths.targets ?? '');
      url.searchParams.set('part', 'snippet');
      url.searchParams.set('mine', 'true');
      const answer = (await platformCall('youtube', url, { headers: bearer(tokens) })) as { items?: Channel[] };
      return (answer.items ?? [])
        .filter((channel): channel is Channel & { id: string } => typeof channel.id === 'string')
        .map((channel) => ({
          id: channel.id,
          name: channel.snippet?.title ?? channel.id,
          pictureUrl: channel.snippet?.thumbnails?.default?.url ?? null,
        }));
    },
  };
}
