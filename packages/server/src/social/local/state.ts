import type { SocialPlatform } from '@regie/contract/social';
import {
  type AccessPayload,
  isExpired,
  type ReadToken,
  type RefreshPayload,
  readToken,
  signToken,
  type TokenPayload,
  tokenKey,
} from './tokens.ts';

/**
 * What one plugin instance keeps in memory. Codes and tokens are signed and self-contained, so
 * they work across processes; what a token cannot say about itself — that it was used, revoked,
 * or that the test made its platform misbehave — lives here, in this process only. The stand-ins
 * are for tests and demos: a token revoked on one process is still good on another.
 */

/** Faults a test injects into the stand-ins (never reachable over HTTP). */
export interface LocalSocialFaults {
  /** Platforms whose app the user removed: every token of theirs is refused (revoked app). */
  revokedApps: Set<SocialPlatform>;
  /** Platforms answering 429 with Retry-After (seconds) to their next N calls. */
  rateLimited: Map<SocialPlatform, { calls: number; retryAfterSeconds: number }>;
  /** Platforms answering 503 to their next N calls. */
  unavailable: Map<SocialPlatform, number>;
}

export function createLocalSocialFaults(): LocalSocialFaults {
  return { revokedApps: new Set(), rateLimited: new Map(), unavailable: new Map() };
}

/** A fault to answer instead of the call, if the test queued one for the platform (and uses it up). */
export type Fault = { kind: 'rate-limited'; retryAfterSeconds: number } | { kind: 'unavailable' };

export function takeFault(faults: LocalSocialFaults, platform: SocialPlatform): Fault | null {
  const limited = faults.rateLimited.get(platform);
  if (limited && limited.calls > 0) {
    if (limited.calls <= 1) faults.rateLimited.delete(platform);
    else faults.rateLimited.set(platform, { ...limited, calls: limited.calls - 1 });
    return { kind: 'rate-limited', retryAfterSeconds: limited.retryAfterSeconds };
  }
  const down = faults.unavailable.get(platform) ?? 0;
  if (down > 0) {
    if (down <= 1) faults.unavailable.delete(platform);
    else faults.unavailable.set(platform, down - 1);
    return { kind: 'unavailable' };
  }
  return null;
}

export interface LocalClient {
  clientId: string;
  clientSecret: string;
}

export interface LocalState {
  key: Buffer;
  client: LocalClient;
  /** Milliseconds since the epoch. */
  now: () => number;
  faults: LocalSocialFaults;
  /** Single-use things already used (codes, X request tokens): signature → expiry (s). */
  used: Map<string, number>;
  revokedSignatures: Set<string>;
  /** `${platform}:${user}:${grant}`: every token of a revoked grant is refused. */
  revokedGrants: Set<string>;
}

export function createState(
  secret: string | Buffer,
  client: LocalClient,
  now: () => number,
  faults: LocalSocialFaults,
): LocalState {
  return {
    key: tokenKey(secret),
    client,
    now,
    faults,
    used: new Map(),
    revokedSignatures: new Set(),
    revokedGrants: new Set(),
  };
}

export const nowSeconds = (state: LocalState) => Math.floor(state.now() / 1000);

export function sign(state: LocalState, payload: TokenPayload): string {
  return signToken(state.key, payload);
}

/** Marks a single-use token used; false when it already was. Forgets expired entries as it goes. */
export function useOnce(state: LocalState, signature: string, exp: number): boolean {
  if (state.used.has(signature)) return false;
  if (state.used.size > 1000) {
    const now = nowSeconds(state);
    for (const [key, until] of state.used) if (until <= now) state.used.delete(key);
  }
  state.used.set(signature, exp);
  return true;
}

const grantKey = (payload: { p: string; u: string; g: string }) => `${payload.p}:${payload.u}:${payload.g}`;

/** Revokes a token and every token of its grant (its refresh tokens, its page tokens). */
export function revoke(state: LocalState, token: ReadToken<AccessPayload | RefreshPayload>): void {
  state.revokedSignatures.add(token.signature);
  state.revokedGrants.add(grantKey(token.payload));
}

/** Why a token is refused, in words a platform would use; null when it is good. */
export type Refusal = 'invalid' | 'expired' | 'revoked';

/** Reads an access or refresh token of a platform and checks it is still good. */
export function checkToken<K extends 'access' | 'refresh'>(
  state: LocalState,
  platform: SocialPlatform,
  kind: K,
  token: string | null | undefined,
): { ok: true; token: ReadToken<K extends 'access' ? AccessPayload : RefreshPayload> } | { ok: false; why: Refusal } {
  const read = readToken(state.key, token);
  if (!read || read.payload.k !== kind || read.payload.p !== platform) return { ok: false, why: 'invalid' };
  const payload = read.payload as AccessPayload | RefreshPayload;
  if (
    state.faults.revokedApps.has(platform) ||
    state.revokedSignatures.has(read.signature) ||
    state.revokedGrants.has(grantKey(payload))
  ) {
    return { ok: false, why: 'revoked' };
  }
  if (isExpired(payload, state.now())) return { ok: false, why: 'expired' };
  return { ok: true, token: read as ReadToken<K extends 'access' ? AccessPayload : RefreshPayload> };
}
