import type { SocialPlatform } from '@regie/contract/social';
import { LOCAL_SOCIAL_PREFIX } from '../social.endpoints.ts';
import type { SocialTokens } from '../social.types.ts';
import {
  LOCAL_CHANNELS,
  LOCAL_INSTAGRAM_ACCOUNT,
  LOCAL_PAGES,
  LOCAL_USERNAME,
  localAccountName,
  localUserId,
} from './fixtures.ts';
import { derive, newGrant, signToken, tokenKey } from './tokens.ts';

/** A link as the local stand-in would have made it: its tokens, account and chosen target. */
export interface LocalGrant {
  tokens: SocialTokens;
  expiresAt: Date | null;
  externalId: string;
  accountName: string;
  pictureUrl: string;
  target: { id: string; name: string } | null;
}

/** Seconds each platform's access token lives (as the stand-ins answer them). */
const LIFETIMES: Partial<Record<SocialPlatform, number>> = {
  youtube: 3599,
  dailymotion: 36_000,
  tiktok: 86_400,
  facebook: 5_184_000,
  instagram: 5_184_000,
};

const picture = (platform: SocialPlatform, id?: string) =>
  `${LOCAL_SOCIAL_PREFIX}/${platform}/avatar.svg${id ? `?id=${encodeURIComponent(id)}` : ''}`;

/**
 * The grant a user would get by linking `platform`'s local stand-in and choosing its first page
 * or channel, signed with the server's secret so the stand-in accepts it: the demo's links
 * (seed/social.seed.ts), made without a browser.
 */
export function localGrant(secret: string | Buffer, platform: SocialPlatform, nowMs = Date.now()): LocalGrant {
  const key = tokenKey(secret);
  const user = localUserId(platform);
  const grant = newGrant();
  const lifetime = LIFETIMES[platform];
  const now = Math.floor(nowMs / 1000);
  const access = signToken(key, {
    k: 'access',
    p: platform,
    u: user,
    g: grant,
    ...(lifetime ? { exp: now + lifetime } : {}),
  });
  const refreshes = platform === 'youtube' || platform === 'dailymotion' || platform === 'tiktok';
  const base = {
    expiresAt: lifetime ? new Date((now + lifetime) * 1000) : null,
    externalId: user,
    accountName: platform === 'twitter' ? `@${LOCAL_USERNAME}` : localAccountName(platform),
    pictureUrl: picture(platform),
  };
  const tokens: SocialTokens = {
    accessToken: access,
    refreshToken: refreshes ? signToken(key, { k: 'refresh', p: platform, u: user, g: grant, sc: [] }) : null,
    tokenSecret: platform === 'twitter' ? derive(key, 'secret', access) : null,
  };
  if (platform === 'youtube') {
    const channel = LOCAL_CHANNELS[0];
    return { ...base, tokens, target: channel ? { id: channel.id, name: channel.title } : null };
  }
  if (platform === 'facebook' || platform === 'instagram') {
    const page = LOCAL_PAGES[0];
    const pageToken = page ? signToken(key, { k: 'access', p: platform, u: user, g: grant, pg: page.id }) : null;
    const target =
      platform === 'facebook'
        ? page && { id: page.id, name: page.name }
        : { id: LOCAL_INSTAGRAM_ACCOUNT.id, name: `@${LOCAL_INSTAGRAM_ACCOUNT.username}` };
    return { ...base, tokens: { ...tokens, targetToken: pageToken }, target: target ?? null };
  }
  return { ...base, tokens, target: null };
}
