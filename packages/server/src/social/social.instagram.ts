import { PLATFORM_ENDPOINTS } from './social.endpoints.ts';
import { graphPlatform, pagesOf } from './social.facebook.ts';
import { platformCall } from './social.http.ts';
import { bearer, endpointUrl } from './social.oauth2.ts';
import type { PlatformClient, PlatformSetup, PlatformTarget } from './social.types.ts';

/** The Graph API's version prefix, as the profile call has it (`/v21.0`). */
const GRAPH_VERSION = PLATFORM_ENDPOINTS.instagram.profile.replace(/\/me$/, '');

/**
 * Instagram (Graph API, professional accounts): linked through Facebook Login; it publishes to
 * the Instagram business account behind one of the user's pages, with that page's token
 * (containers then publish, see the publishing side).
 */
export function instagramPlatform(setup: PlatformSetup): PlatformClient {
  return graphPlatform('instagram', setup, async (tokens) => {
    const pages = await pagesOf('instagram', setup, tokens);
    const accounts: PlatformTarget[] = [];
    for (const page of pages) {
      const id = page.instagram_business_account?.id;
      if (!id) continue;
      const url = endpointUrl(setup, 'api', `${GRAPH_VERSION}/${encodeURIComponent(id)}`);
      url.searchParams.set('fields', 'id,username,profile_picture_url');
      const account = (await platformCall('instagram', url, { headers: bearer(tokens) })) as {
        username?: string;
        profile_picture_url?: string;
      };
      accounts.push({
        id,
        name: account.username ? `@${account.username}` : id,
        pictureUrl: account.profile_picture_url ?? null,
        ...(page.access_token ? { token: page.access_token } : {}),
      });
    }
    return accounts;
  });
}
