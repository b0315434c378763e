import { type ShareTarget, VIDEO_MESSAGES } from '@regie/contract/videos';
import type { VideosConfig } from '../config.ts';
import { dailymotionAdapter } from './share.dailymotion.ts';
import { facebookAdapter } from './share.facebook.ts';
import { twitterAdapter } from './share.twitter.ts';
import { type ShareAdapter, ShareError } from './share.types.ts';
import { youtubeAdapter } from './share.youtube.ts';

/**
 * Sharing a video to a social platform (spec §7 "POST videos/{id}/share/{target}"). Each target
 * is an adapter behind this interface, talking to its platform with the platform's client
 * library (googleapis, twitter-api-v2) or, where none exists for Node (Facebook, Dailymotion),
 * with its documented HTTP API. Every base URL is configurable (REGIE_<TARGET>_API_URL), which is
 * how tests point the real clients at a local platform. A target without app credentials is
 * not configured: sharing to it answers 503 and nothing is queued.
 */

/** A target whose app credentials are missing. */
function notConfigured(target: ShareTarget, linked: ShareAdapter['linked']): ShareAdapter {
  return {
    target,
    configured: false,
    linked,
    share: () => Promise.reject(new ShareError(VIDEO_MESSAGES.shareNotConfigured(target), true)),
  };
}

const LINKED: Readonly<Record<ShareTarget, ShareAdapter['linked']>> = {
  youtube: (oauth) => Boolean(oauth.google?.accessToken && oauth.google.refreshToken),
  facebook: (oauth) => Boolean(oauth.facebook?.accessToken),
  twitter: (oauth) => Boolean(oauth.twitter?.accessToken && oauth.twitter.tokenSecret),
  dailymotion: (oauth) => Boolean(oauth.dailymotion?.accessToken),
};

const FACTORIES = {
  youtube: youtubeAdapter,
  facebook: facebookAdapter,
  twitter: twitterAdapter,
  dailymotion: dailymotionAdapter,
} as const;

export type ShareAdapters = Readonly<Record<ShareTarget, ShareAdapter>>;

export function createShareAdapters(config: Pick<VideosConfig, 'share'>): ShareAdapters {
  const adapter = (target: ShareTarget): ShareAdapter => {
    const credentials = config.share[target];
    return credentials
      ? { target, configured: true, linked: LINKED[target], share: FACTORIES[target](credentials) }
      : notConfigured(target, LINKED[target]);
  };
  return {
    youtube: adapter('youtube'),
    facebook: adapter('facebook'),
    twitter: adapter('twitter'),
    dailymotion: adapter('dailymotion'),
  };
}
