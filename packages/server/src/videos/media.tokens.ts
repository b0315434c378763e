import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  DOWNLOAD_LINK_TTL_SECONDS,
  MEDIA_PATH,
  MEDIA_TOKEN_PARAM,
  MEDIA_TOKEN_STEP_SECONDS,
  MEDIA_TOKEN_TTL_SECONDS,
} from '@regie/contract/videos';
import { parseMediaKey } from './videos.keys.ts';

/**
 * Signed media tokens (`?t=` on /media URLs): `{expires}.{signature}`, the signature an HMAC of
 * the video's folder and the expiry, so a token opens one video's files and nothing else. The
 * expiry is rounded up to the next MEDIA_TOKEN_STEP_SECONDS, so a video's URLs stay the same for
 * that long (browsers cache segments and posters) and stay valid MEDIA_TOKEN_TTL_SECONDS at least.
 */
export interface MediaTokens {
  /**
   * With a `scope` (a viewer's country, geo/geo.scope.ts): `{expires}.{scope}.{signature}`, the
   * scope signed too; the media route then serves it only to a viewer of that country.
   */
  sign(accountId: number, videoId: number, nowMs?: number, scope?: string): string;
  verify(token: string, accountId: number, videoId: number, nowMs?: number): boolean;
  /** A download link's token: opens one video's original for DOWNLOAD_LINK_TTL_SECONDS. */
  signDownload(accountId: number, videoId: number, nowMs?: number): { token: string; expires: number };
  verifyDownload(token: string, accountId: number, videoId: number, nowMs?: number): boolean;
}

export function createMediaTokens(secret: string | Buffer): MediaTokens {
  // A purpose prefix keeps the two kinds apart: a playback token never opens the original.
  const signed = (purpose: string) => (accountId: number, videoId: number, expires: number, scope?: string) =>
    createHmac('sha256', secret)
      .update(`${purpose}videos/${accountId}/${videoId}/:${expires}${scope ? `:${scope}` : ''}`)
      .digest('base64url')
      .slice(0, 32);
  const signature = signed('');
  const downloadSignature = signed('download:');
  const check = (make: typeof signature, token: string, accountId: number, videoId: number, nowMs: number) => {
    const match = SIGNED_TOKEN.exec(token);
    if (!match?.[1] || !match[3]) return false;
    const expires = Number(match[1]);
    if (expires * 1000 <= nowMs) return false;
    const expected = Buffer.from(make(accountId, videoId, expires, match[2]));
    const given = Buffer.from(match[3]);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  return {
    signDownload(accountId, videoId, nowMs = Date.now()) {
      const expires = Math.floor(nowMs / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
      return { token: `${expires}.${downloadSignature(accountId, videoId, expires)}`, expires };
    },
    verifyDownload: (token, accountId, videoId, nowMs = Date.now()) =>
      check(downloadSignature, token, accountId, videoId, nowMs),
    sign(accountId, videoId, nowMs = Date.now(), scope) {
      const now = Math.floor(nowMs / 1000);
      const expires =
        (Math.floor(now / MEDIA_TOKEN_STEP_SECONDS) + 1) * MEDIA_TOKEN_STEP_SECONDS + MEDIA_TOKEN_TTL_SECONDS;
      return `${expires}.${scope ? `${scope}.` : ''}${signature(accountId, videoId, expires, scope)}`;
    },
    verify: (token, accountId, videoId, nowMs = Date.now()) => check(signature, token, accountId, videoId, nowMs),
  };
}

/**
 * A signed token: its expiry, its scope if any (a viewer's country, and fan session:
 * playback/viewer-scope.ts), its signature.
 */
export const SIGNED_TOKEN = /^([0-9]{1,12})\.(?:([A-Z]{2}(?:f[0-9]{1,12})?)\.)?([A-Za-z0-9_-]{32})$/;

/** The scope a token was signed for (a viewer's country and session), or null: anyone holding it. */
export function tokenScope(token: string): string | null {
  return SIGNED_TOKEN.exec(token)?.[2] ?? null;
}

/** `{publicUrl}/media/{key}?t=…` for a video's media key (for one viewer's scope, if given); the plain path for any other key. */
export function mediaUrlOf(tokens: MediaTokens, publicUrl: string): (key: string, scope?: string) => string {
  return (key, scope) => {
    const parsed = parseMediaKey(key);
    const url = `${publicUrl}${MEDIA_PATH}/${key}`;
    return parsed
      ? `${url}?${MEDIA_TOKEN_PARAM}=${tokens.sign(parsed.accountId, parsed.videoId, undefined, scope)}`
      : url;
  };
}
