import { PLATFORM_ENDPOINTS, PLATFORM_SCOPES } from './social.endpoints.ts';
import { codeOf, platformCall } from './social.http.ts';
import { bearer, endpointUrl, formTokenCall } from './social.oauth2.ts';
import type { PlatformClient, PlatformSetup } from './social.types.ts';

const paths = PLATFORM_ENDPOINTS.dailymotion;

/**
 * Dailymotion: OAuth 2.0 authorization code (no PKCE; the app's credentials in the form), a
 * refresh token; the account's /me (id, screen name, avatar). Publishes as the account.
 */
export function dailymotionPlatform(setup: PlatformSetup): PlatformClient {
  return {
    platform: 'dailymotion',
    mode: setup.mode,
    async begin({ state, redirectUri }) {
      const url = endpointUrl(setup, 'authorize', paths.authorize);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', setup.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', PLATFORM_SCOPES.dailymotion.join(' '));
      url.searchParams.set('state', state);
      // No PKCE here: the state alone ties the callback to this request.
      return { url: url.toString(), secret: state };
    },
    async finish({ query, redirectUri }) {
      const code = codeOf('dailymotion', query);
      return formTokenCall(setup, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    },
    refresh(tokens) {
      if (!tokens.refreshToken) return null;
      return formTokenCall(
        setup,
        { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
        { previous: tokens },
      );
    },
    async revoke(tokens) {
      await platformCall('dailymotion', endpointUrl(setup, 'api', paths.revoke), { headers: bearer(tokens) });
    },
    async profile(tokens) {
      const url = endpointUrl(setup, 'api', paths.profile);
      url.searchParams.set('fields', 'id,screenname,avatar_120_url');
      const me = (await platformCall('dailymotion', url, { headers: bearer(tokens) })) as {
        id?: string;
        screenname?: string;
        avatar_120_url?: string;
      };
      return {
        externalId: String(me.id ?? ''),
        name: me.screenname ?? 'Dailymotion',
        pictureUrl: me.avatar_120_url ?? null,
      };
    },
  };
}
