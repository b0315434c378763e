import type { SocialPlatform } from '@regie/contract/social';
import type { SocialConfig } from '../config.ts';
import { LOCAL_SOCIAL_CLIENT } from './local/local-social.ts';
import { dailymotionPlatform } from './social.dailymotion.ts';
import { LOCAL_SOCIAL_PREFIX, PLATFORM_ENDPOINTS } from './social.endpoints.ts';
import { facebookPlatform } from './social.facebook.ts';
import { instagramPlatform } from './social.instagram.ts';
import { tiktokPlatform } from './social.tiktok.ts';
import { twitterPlatform } from './social.twitter.ts';
import type { PlatformClient, PlatformSetup } from './social.types.ts';
import { youtubePlatform } from './social.youtube.ts';

const FACTORIES: Readonly<Record<SocialPlatform, (setup: PlatformSetup) => PlatformClient>> = {
  youtube: youtubePlatform,
  facebook: facebookPlatform,
  instagram: instagramPlatform,
  twitter: twitterPlatform,
  dailymotion: dailymotionPlatform,
  tiktok: tiktokPlatform,
};

export type PlatformMode = 'real' | 'local' | 'off';

export interface SocialPlatforms {
  mode(platform: SocialPlatform): PlatformMode;
  /**
   * The platform's client; `browserOrigin` is where the user's browser reaches this server (the
   * local stand-in's consent page is served there). Null when the platform is off.
   */
  client(platform: SocialPlatform, browserOrigin: string): PlatformClient | null;
  /** The app and the origins a platform's calls go to (its publisher's too); null when off. */
  setup(platform: SocialPlatform, browserOrigin: string): PlatformSetup | null;
}

/**
 * The platforms of this server (issue 41 point 4): one file each behind PlatformClient. With the
 * platform's app credentials (REGIE_<PLATFORM>_…) the client talks to the platform (or to
 * REGIE_<PLATFORM>_OAUTH_URL); without them, while REGIE_SOCIAL_LOCAL is on, to this server's
 * local stand-in (social/local), reached at `selfOrigin()` for the server's own calls.
 */
export function createSocialPlatforms(config: SocialConfig, selfOrigin: () => string | null): SocialPlatforms {
  const mode = (platform: SocialPlatform): PlatformMode =>
    config.apps[platform] ? 'real' : config.local ? 'local' : 'off';
  return {
    mode,
    setup(platform, browserOrigin) {
      const app = config.apps[platform];
      if (app) {
        const base = PLATFORM_ENDPOINTS[platform].base;
        return {
          platform,
          mode: 'real',
          clientId: app.clientId,
          clientSecret: app.clientSecret,
          authorizeBase: app.baseUrl ?? base.authorize,
          tokenBase: app.baseUrl ?? base.token,
          apiBase: app.baseUrl ?? base.api,
        };
      }
      const self = selfOrigin();
      if (!config.local || !self) return null;
      const local = `${LOCAL_SOCIAL_PREFIX}/${platform}`;
      return {
        platform,
        mode: 'local',
        // The stand-ins' own app credentials: no secret, nothing real is behind them.
        ...LOCAL_SOCIAL_CLIENT,
        authorizeBase: `${browserOrigin || self}${local}`,
        tokenBase: `${self}${local}`,
        apiBase: `${self}${local}`,
      };
    },
    client(platform, browserOrigin) {
      const setup = this.setup(platform, browserOrigin);
      return setup ? FACTORIES[platform](setup) : null;
    },
  };
}
