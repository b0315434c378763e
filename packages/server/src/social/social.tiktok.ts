import { generateCodeVerifier } from 'arctic';
import { PLATFORM_ENDPOINTS, PLATFORM_SCOPES } from './social.endpoints.ts';
import { codeOf, form, platformCall } from './social.http.ts';
import { bearer, endpointUrl, formTokenCall, s256Challenge } from './social.oauth2.ts';
import type { PlatformClient, PlatformSetup } from './social.types.ts';

const paths = PLATFORM_ENDPOINTS.tiktok;

/**
 * TikTok: Login Kit for web (authorization code with PKCE; the app is a `client_key`), refresh
 * tokens, the user's info (open_id, display name, avatar); the Content Posting API's scopes.
 */
export function tiktokPlatform(setup: PlatformSetup): PlatformClient {
  const clientField = 'client_key';
  return {
    platform: 'tiktok',
    mode: setup.mode,
    async begin({ state, redirectUri }) {
      const verifier = generateCodeVerifier();
      const url = endpointUrl(setup, 'authorize', paths.authorize);
      url.searchParams.set('client_key', setup.clientId);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', PLATFORM_SCOPES.tiktok.join(','));
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', s256Challenge(verifier));
      url.searchParams.set('code_challenge_method', 'S256');
      return { url: url.toString(), secret: verifier };
    },
    async finish({ query, secret, redirectUri }) {
      const code = codeOf('tiktok', query);
      return formTokenCall(
        setup,
        { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: secret },
        { clientField },
      );
    },
    refresh(tokens) {
      if (!tokens.refreshToken) return null;
      return formTokenCall(
        setup,
        { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
        { clientField, previous: tokens },
      );
    },
    async revoke(tokens) {
      await platformCall('tiktok', endpointUrl(setup, 'token', paths.revoke), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form({ client_key: setup.clientId, client_secret: setup.clientSecret, token: tokens.accessToken }),
      });
    },
    async profile(tokens) {
      const url = endpointUrl(setup, 'api', paths.profile);
      url.searchParams.set('fields', 'open_id,display_name,avatar_url');
      const answer = (await platformCall('tiktok', url, { headers: bearer(tokens) })) as {
        data?: { user?: { open_id?: string; display_name?: string; avatar_url?: string } };
      };
      const user = answer.data?.user ?? {};
      return {
        externalId: String(user.open_id ?? ''),
        name: user.display_name ?? 'TikTok',
        pictureUrl: user.avatar_url ?? null,
      };
    },
  };
}
