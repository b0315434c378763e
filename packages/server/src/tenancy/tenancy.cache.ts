import { isPlatformAdmin } from '@regie/contract/access';
import { AUTH_MESSAGES, TOKEN_TTL_MS } from '@regie/contract/auth';
import { eq } from 'drizzle-orm';
import { hashToken, REFRESH_EVERY_MS } from '../auth/sessions.service.ts';
import type { Cache } from '../cache/cache.service.ts';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/sessions.table.ts';
import { actingRequired, forbidden, unauthorized } from '../http/http.errors.ts';
import { prepareSignedInQuery, type SignedInRow } from './tenancy.query.ts';
import type { RequestAccount, RequestContext, RequestUser } from './tenancy.service.ts';

/**
 * Tags of a cached signed-in context: purging one drops every context it is part of, in every
 * process (the cache's purges go through the realtime hub).
 */
export const AUTH_TAGS = {
  session: (sessionId: number) => `session:${sessionId}`,
  user: (userId: number) => `user:${userId}`,
  account: (accountId: number) => `account:${accountId}`,
} as const;

export interface SignedIn {
  sessionId: number;
  context: RequestContext;
}

interface CachedSignedIn extends SignedIn {
  expiresAt: number;
  lastSeenAt: number;
}

type AccountColumns = SignedInRow['account'];

function toAccount(row: AccountColumns, accountRoles: string[]): RequestAccount {
  return {
    id: row.id,
    name: row.name,
    accountKey: row.accountKey,
    modules: row.modules,
    roles: accountRoles,
    sportId: row.sportId === null ? null : Number(row.sportId),
  };
}

/** The row of the one statement → the request's context, refusing what spec §5 refuses. */
function toSignedIn(row: SignedInRow | undefined, accountKey: string | undefined, now: number): CachedSignedIn {
  // Unknown token, or its user was deleted (sessions go with their user).
  if (!row || row.session.revokedAt || row.user.disabled) throw unauthorized(AUTH_MESSAGES.invalidToken);
  const expiresAt = row.session.expiresAt.getTime();
  if (expiresAt <= now) throw unauthorized(AUTH_MESSAGES.expiredToken);
  const ownAccount = toAccount(row.account, row.accountRoles);
  const user: RequestUser = {
    id: row.user.id,
    username: row.user.username,
    name: row.user.name,
    roles: row.userRoles,
    accountId: row.user.accountId,
    accessLevel: row.user.accessLevel,
    isAdmin: isPlatformAdmin({ roles: row.userRoles, accessLevel: row.user.accessLevel }),
  };
  const signedIn = { sessionId: row.session.id, expiresAt, lastSeenAt: row.session.lastSeenAt.getTime() };
  if (accountKey === undefined || accountKey === '' || accountKey === ownAccount.accountKey) {
    return { ...signedIn, context: { user, ownAccount, account: ownAccount, simulated: false, acting: null } };
  }
  if (!user.isAdmin || !row.acting) throw forbidden();
  // Issue 26: acting for an account needs an open acting session for it, opened with a reason.
  if (!row.actingSession) throw actingRequired();
  const account = toAccount(row.acting, row.actingRoles);
  return { ...signedIn, context: { user, ownAccount, account, simulated: true, acting: row.actingSession } };
}

function tagsOf({ sessionId, context }: CachedSignedIn): string[] {
  return [
    AUTH_TAGS.session(sessionId),
    AUTH_TAGS.user(context.user.id),
    AUTH_TAGS.account(context.ownAccount.id),
    AUTH_TAGS.account(context.account.id),
  ];
}

/** token + x-account-key → the request's session and context (401/403 as spec §6 says). */
export type ResolveSignedIn = ((token: string, accountKey: string | undefined) => Promise<SignedIn>) & {
  /**
   * The same answer at once, without a promise, when the token's context is cached and loaded
   * (undefined otherwise): every call of a signed-in screen after its first. Throws as resolve
   * rejects (an expired token).
   */
  cached: (token: string, accountKey: string | undefined) => SignedIn | undefined;
};

const cacheKey = (tokenHash: string, accountKey: string | undefined) => `${tokenHash}|${accountKey ?? ''}`;

/**
 * token + x-account-key → the request's session and context. A token seen within the cache's
 * TTL costs no query; otherwise one prepared statement. The sliding expiry is still written at
 * most once a minute, without making the request wait for it.
 */
export function createSignedInResolver(
  db: Db,
  cache: Cache,
  onError: (error: unknown) => void,
  now: () => number = Date.now,
): ResolveSignedIn {
  const query = prepareSignedInQuery(db);
  /** A cached entry, still valid: its expiry checked and slid. */
  const checked = (cached: CachedSignedIn): SignedIn => {
    const at = now();
    if (cached.expiresAt <= at) throw unauthorized(AUTH_MESSAGES.expiredToken);
    if (at - cached.lastSeenAt > REFRESH_EVERY_MS) {
      // Shared by every request holding this entry: the next ones do not write again.
      cached.lastSeenAt = at;
      cached.expiresAt = at + TOKEN_TTL_MS;
      db.update(sessions)
        .set({ lastSeenAt: new Date(at), expiresAt: new Date(cached.expiresAt) })
        .where(eq(sessions.id, cached.sessionId))
        .catch(onError);
    }
    return cached;
  };
  const resolve = async (token: string, accountKey: string | undefined): Promise<SignedIn> => {
    const tokenHash = hashToken(token);
    const cached = await cache.getOrLoad(
      cacheKey(tokenHash, accountKey),
      async () =>
        toSignedIn((await query.execute({ tokenHash, accountKey: accountKey ?? null }))[0], accountKey, now()),
      { tags: tagsOf },
    );
    return checked(cached);
  };
  const cached = (token: string, accountKey: string | undefined): SignedIn | undefined => {
    const known = cache.peek<CachedSignedIn>(cacheKey(hashToken(token), accountKey));
    return known && checked(known);
  };
  return Object.assign(resolve, { cached });
}
