import type { SocialPlatform } from '@regie/contract/social';
import { generateCodeVerifier } from 'arctic';
import { PLATFORM_ENDPOINTS, PLATFORM_SCOPES } from './social.endpoints.ts';
import { codeOf, grantOf, platformCall } from './social.http.ts';
import { bearer, endpointUrl, s256Challenge } from './social.oauth2.ts';
import type { PlatformClient, PlatformSetup, PlatformTarget, SocialTokens, TokenGrant } from './social.types.ts';

interface Page {
  id?: string;
  name?: string;
  access_token?: string;
  picture?: { data?: { url?: string } };
  instagram_business_account?: { id?: string };
}

/** The Graph API's list of the user's pages, each with its own page token. */
export async function pagesOf(platform: SocialPlatform, setup: PlatformSetup, tokens: SocialTokens): Promise<Page[]> {
  const url = endpointUrl(setup, 'api', PLATFORM_ENDPOINTS[platform].targets ?? '');
  url.searchParams.set('fields', 'id,name,access_token,picture,instagram_business_account');
  const answer = (await platformCall(platform, url, { headers: bearer(tokens) })) as { data?: Page[] };
  return (answer.data ?? []).filter((page) => typeof page.id === 'string');
}

/**
 * Facebook Login's manual flow (authorization code with PKCE), shared by Facebook and Instagram
 * (an Instagram professional account is reached through the Facebook page behind it): the code
 * traded for a user token, then for a long-lived one (fb_exchange_token, 60 days), which
 * "refreshes" the same way; the pages come with their own tokens, which do not expire.
 */
export function graphPlatform(
  platform: 'facebook' | 'instagram',
  setup: PlatformSetup,
  targets: (tokens: SocialTokens) => Promise<PlatformTarget[]>,
): PlatformClient {
  const paths = PLATFORM_ENDPOINTS[platform];
  const tokenCall = async (values: Record<string, string>, previous?: SocialTokens): Promise<TokenGrant> => {
    const url = endpointUrl(setup, 'token', paths.token);
    for (const [name, value] of Object.entries({
      ...values,
      client_id: setup.clientId,
      client_secret: setup.clientSecret,
    })) {
      url.searchParams.set(name, value);
    }
    const grant = grantOf(await platformCall(platform, url, { headers: { accept: 'application/json' } }), previous);
    // A page token chosen before stays with the link.
    return { ...grant, tokens: { ...grant.tokens, targetToken: previous?.targetToken ?? null } };
  };
  const longLived = (tokens: SocialTokens) =>
    tokenCall({ grant_type: 'fb_exchange_token', fb_exchange_token: tokens.accessToken }, tokens);
  return {
    platform,
    mode: setup.mode,
    async begin({ state, redirectUri }) {
      const verifier = generateCodeVerifier();
      const url = endpointUrl(setup, 'authorize', paths.authorize);
      url.searchParams.set('client_id', setup.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', PLATFORM_SCOPES[platform].join(','));
      url.searchParams.set('code_challenge', s256Challenge(verifier));
      url.searchParams.set('code_challenge_method', 'S256');
      return { url: url.toString(), secret: verifier };
    },
    async finish({ query, secret, redirectUri }) {
      const code = codeOf(platform, query);
      const short = await tokenCall({ redirect_uri: redirectUri, code, code_verifier: secret });
      return longLived(short.tokens);
    },
    refresh: (tokens) => longLived(tokens),
    async revoke(tokens) {
      await platformCall(platform, endpointUrl(setup, 'api', paths.revoke), {
        method: 'DELETE',
        headers: bearer(tokens),
      });
    },
    async profile(tokens) {
      const url = endpointUrl(setup, 'api', paths.profile);
      url.searchParams.set('fields', 'id,name,picture');
      const me = (await platformCall(platform, url, { headers: bearer(tokens) })) as Page;
      return {
        externalId: String(me.id ?? ''),
        name: me.name ?? 'Facebook',
        pictureUrl: me.picture?.data?.url ?? null,
      };
    },
    targets,
  };
}

/** Facebook: publishes to one of the user's pages, with that page's token. */
export function facebookPlatform(setup: PlatformSetup): PlatformClient {
  return graphPlatform('facebook', setup, async (tokens) =>
    (await pagesOf('facebook', setup, tokens)).map((page) => ({
      id: String(page.id),
      name: page.name ?? String(page.id),
      pictureUrl: page.picture?.data?.url ?? null,
      ...(page.access_token ? { token: page.access_token } : {}),
    })),
  );
}
