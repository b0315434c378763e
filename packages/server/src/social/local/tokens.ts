import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SocialPlatform } from '@regie/contract/social';

/**
 * The stand-ins' codes and tokens carry their own state, signed, so that any Regie process can
 * check one another process issued: `base64url(JSON payload) + '.' + base64url(HMAC-SHA256(key,
 * encoded payload))`. Only revocation and single use live in memory (see local-social.ts).
 * Times (`exp`) are in seconds since the epoch, like a JWT's.
 */

/** An authorization code: who consented, to what, and what the token call must repeat. */
export interface CodePayload {
  k: 'code';
  p: SocialPlatform;
  u: string;
  /** The PKCE S256 challenge, or null when the client sent none. */
  ch: string | null;
  ru: string;
  sc: string[];
  exp: number;
  /** Google: access_type=offline was asked, so the exchange gives a refresh token. */
  off?: 1;
  /** A nonce: two consents in the same second still give two codes (each single use). */
  n: string;
}

/** An access token. `g` is the grant (one consent) it belongs to; revoking one revokes the grant. */
export interface AccessPayload {
  k: 'access';
  p: SocialPlatform;
  u: string;
  g: string;
  /** Absent: never expires (X tokens, Facebook page tokens). */
  exp?: number;
  /** Facebook/Instagram: the page this page access token acts as. */
  pg?: string;
}

export interface RefreshPayload {
  k: 'refresh';
  p: SocialPlatform;
  u: string;
  g: string;
  /** The scopes granted, to answer them again on refresh. */
  sc: string[];
}

/** X: an OAuth 1.0a request token, before the user consented. */
export interface RequestPayload {
  k: 'request';
  p: 'twitter';
  /** The oauth_callback the consumer gave ('oob' for the PIN flow). */
  cb: string;
  exp: number;
  /** A nonce, as for codes. */
  n: string;
}

export type TokenPayload = CodePayload | AccessPayload | RefreshPayload | RequestPayload;

/** A token read back: its payload and its signature (the key of the in-memory revocation sets). */
export interface ReadToken<P extends TokenPayload = TokenPayload> {
  payload: P;
  signature: string;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{2,4096}\.[A-Za-z0-9_-]{43}$/;

/** The signing key, derived so that the server secret itself never signs anything readable. */
export function tokenKey(secret: string | Buffer): Buffer {
  return createHmac('sha256', secret).update('local-social-tokens').digest();
}

export function signToken(key: Buffer, payload: TokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(key, body)}`;
}

/** The payload of a token this key signed, or null (malformed, forged, or not a payload). */
export function readToken(key: Buffer, token: string | undefined | null): ReadToken | null {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const [body = '', signature = ''] = token.split('.');
  if (!sameText(signature, mac(key, body))) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!isPayload(payload)) return null;
    return { payload, signature };
  } catch {
    return null;
  }
}

/** True when a payload with an `exp` is past it. */
export function isExpired(payload: TokenPayload, nowMs: number): boolean {
  return 'exp' in payload && payload.exp !== undefined && payload.exp * 1000 <= nowMs;
}

/** A fresh grant id: the tokens of one consent share it. */
export function newGrant(): string {
  return randomBytes(9).toString('base64url');
}

/** A nonce that makes a code or request token unique. */
export function nonce(): string {
  return randomBytes(6).toString('base64url');
}

/** A value derived from a token that only this key can produce (X token secrets, verifiers). */
export function derive(key: Buffer, purpose: string, value: string): string {
  return createHmac('sha256', key).update(`${purpose}:${value}`).digest('base64url');
}

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Constant-time string equality, whatever the lengths (both are hashed first). */
export function sameText(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}

function mac(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

function isPayload(value: unknown): value is TokenPayload {
  if (typeof value !== 'object' || value === null) return false;
  const { k, p, u } = value as Record<string, unknown>;
  const kinds = ['code', 'access', 'refresh', 'request'];
  return (
    typeof k === 'string' && kinds.includes(k) && typeof p === 'string' && (k === 'request' || typeof u === 'string')
  );
}
