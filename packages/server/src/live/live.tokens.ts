import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_TOKEN_STEP_SECONDS, MEDIA_TOKEN_TTL_SECONDS } from '@regie/contract/videos';
import { SIGNED_TOKEN } from '../videos/media.tokens.ts';
import type { ContentRef } from './program.ts';

/**
 * Signed `?t=` tokens of an input's live media (playlists and segments), like the videos' (media.tokens.ts):
 * `{expires}.{signature}`, an HMAC of the input's folder and the expiry under its own purpose
 * prefix, so a video's token never opens an input's live and the other way round.
 */
export interface LiveTokens {
  /** With a `scope` (a viewer's country), signed into the token: served only to a viewer of that country. */
  sign(accountId: number, inputId: number, nowMs?: number, scope?: string): string;
  verify(token: string, accountId: number, inputId: number, nowMs?: number): boolean;
  /** The same for the program of an event or conference (its live and DVR playlists). */
  signProgram(accountId: number, content: ContentRef, nowMs?: number, scope?: string): string;
  verifyProgram(token: string, accountId: number, content: ContentRef, nowMs?: number): boolean;
}

/** Checked tokens kept at most (live.tokens verify). */
export const VERIFIED_KEPT = 10_000;

export function createLiveTokens(secret: string | Buffer): LiveTokens {
  const signature = (folder: string, expires: number, scope?: string) =>
    createHmac('sha256', secret)
      .update(`live:${folder}:${expires}${scope ? `:${scope}` : ''}`)
      .digest('base64url')
      .slice(0, 32);
  const sign = (folder: string, nowMs: number, scope?: string) => {
    const now = Math.floor(nowMs / 1000);
    const expires =
      (Math.floor(now / MEDIA_TOKEN_STEP_SECONDS) + 1) * MEDIA_TOKEN_STEP_SECONDS + MEDIA_TOKEN_TTL_SECONDS;
    return `${expires}.${scope ? `${scope}.` : ''}${signature(folder, expires, scope)}`;
  };
  // Tokens are the same for everyone within a step (MEDIA_TOKEN_STEP_SECONDS): a crowd asking
  // for a playlist every segment sends a few of them. One checked is kept until it expires (its
  // HMAC was the costliest part of a playlist read), valid ones only, VERIFIED_KEPT at most.
  const verified = new Map<string, number>();
  const verify = (token: string, folder: string, nowMs: number) => {
    const key = `${folder} ${token}`;
    const expiresMs = verified.get(key);
    if (expiresMs !== undefined) {
      if (expiresMs > nowMs) return true;
      verified.delete(key);
      return false;
    }
    if (!check(token, folder, nowMs)) return false;
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(key, Number(token.slice(0, token.indexOf('.'))) * 1000);
    return true;
  };
  const check = (token: string, folder: string, nowMs: number) => {
    const match = SIGNED_TOKEN.exec(token);
    if (!match?.[1] || !match[3]) return false;
    const expires = Number(match[1]);
    if (expires * 1000 <= nowMs) return false;
    const expected = Buffer.from(signature(folder, expires, match[2]));
    const given = Buffer.from(match[3]);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  const inputFolder = (accountId: number, inputId: number) => `${accountId}/${inputId}/`;
  const programFolder = (accountId: number, content: ContentRef) =>
    `${accountId}/program/${content.kind}/${content.id}/`;
  return {
    sign: (accountId, inputId, nowMs = Date.now(), scope) => sign(inputFolder(accountId, inputId), nowMs, scope),
    verify: (token, accountId, inputId, nowMs = Date.now()) => verify(token, inputFolder(accountId, inputId), nowMs),
    signProgram: (accountId, content, nowMs = Date.now(), scope) =>
      sign(programFolder(accountId, content), nowMs, scope),
    verifyProgram: (token, accountId, content, nowMs = Date.now()) =>
      verify(token, programFolder(accountId, content), nowMs),
  };
}
