import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_TOKEN_STEP_SECONDS, MEDIA_TOKEN_TTL_SECONDS } from '@regie/contract/videos';

/**
 * Signed `?t=` tokens of an input's live media (playlists and segments), like the videos' (media.tokens.ts):
 * `{expires}.{signature}`, an HMAC of the input's folder and the expiry under its own purpose
 * prefix, so a video's token never opens an input's live and the other way round.
 */
export interface LiveTokens {
  sign(accountId: number, inputId: number, nowMs?: number): string;
  verify(token: string, accountId: number, inputId: number, nowMs?: number): boolean;
}

export function createLiveTokens(secret: string | Buffer): LiveTokens {
  const signature = (accountId: number, inputId: number, expires: number) =>
    createHmac('sha256', secret).update(`live:${accountId}/${inputId}/:${expires}`).digest('base64url').slice(0, 32);
  return {
    sign(accountId, inputId, nowMs = Date.now()) {
      const now = Math.floor(nowMs / 1000);
      const expires =
        (Math.floor(now / MEDIA_TOKEN_STEP_SECONDS) + 1) * MEDIA_TOKEN_STEP_SECONDS + MEDIA_TOKEN_TTL_SECONDS;
      return `${expires}.${signature(accountId, inputId, expires)}`;
    },
    verify(token, accountId, inputId, nowMs = Date.now()) {
      const match = /^([0-9]{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
      if (!match?.[1] || !match[2]) return false;
      const expires = Number(match[1]);
      if (expires * 1000 <= nowMs) return false;
      const expected = Buffer.from(signature(accountId, inputId, expires));
      const given = Buffer.from(match[2]);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
