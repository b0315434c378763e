import { randomBytes } from 'node:crypto';
import { HEADER_ACCOUNT_KEY } from '@regie/contract/api';
import { FAN_LIMITS, FANS_MESSAGES } from '@regie/contract/fans';
import type { FanSelf, FanSessionResponse, FanSigninBody, FanSignupBody } from '@regie/contract/fans.schemas';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertNotThrottled, type LoginAttempt, recordFailure } from '../auth/login-throttle.service.ts';
import { hashPassword, verifyPassword } from '../auth/password.service.ts';
import { hashToken } from '../auth/sessions.service.ts';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { type FanRowDb, fanSessions, fans } from '../db/fans.table.ts';
import { forbidden, HttpError, unauthorized } from '../http/http.errors.ts';
import { type FanRef, recordActivity } from './fans.activities.ts';

/** A signed-in fan's request (set by requireFan). */
export interface FanContext extends FanRef {
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireFan on the public fan calls; null everywhere else. */
    fan: FanContext | null;
  }
}

export function decorateFanRequests(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('fan')) app.decorateRequest('fan', null);
}

/** Sessions are extended on use, written at most once a minute. */
const REFRESH_EVERY_MS = 60_000;

export function presentSelf(row: FanRowDb): FanSelf {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    firstName: row.firstName,
    lastName: row.lastName,
    country: row.country,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The account a sign-up or sign-in names by its key (x-account-key). */
export async function accountOfKey(db: Db, request: FastifyRequest): Promise<number> {
  const header = request.headers[HEADER_ACCOUNT_KEY];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) throw unauthorized(FANS_MESSAGES.accountUnknown);
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountKey, key)).limit(1);
  if (!account) throw unauthorized(FANS_MESSAGES.accountUnknown);
  return account.id;
}

interface Client {
  ip: string;
  userAgent: string;
}

export function clientOf(request: FastifyRequest): Client {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300) };
}

async function openSession(db: Db, fan: FanRowDb, client: Client, now: Date): Promise<FanSessionResponse> {
  const token = `fan_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + FAN_LIMITS.sessionTtlMs);
  await db.insert(fanSessions).values({
    tokenHash: hashToken(token),
    fanId: fan.id,
    accountId: fan.accountId,
    ip: client.ip,
    userAgent: client.userAgent,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt: expiresAt.toISOString(), fan: presentSelf(fan) };
}

/** Signs a new fan up and in (409 when the email is taken in this account). */
export async function signUp(db: Db, accountId: number, body: FanSignupBody, client: Client) {
  const passwordHash = await hashPassword(body.password);
  const [fan] = await db
    .insert(fans)
    .values({ ...body, accountId, passwordHash })
    .onConflictDoNothing({ target: [fans.accountId, fans.email] })
    .returning();
  if (!fan) throw new HttpError(409, FANS_MESSAGES.emailTaken);
  const now = new Date();
  await recordActivity(db, { fanId: fan.id, accountId }, { type: 'signup', at: now });
  return openSession(db, fan, client, now);
}

/**
 * Email + password, throttled like the staff's sign-in (same table and limits, the key prefixed
 * by the account); a blocked fan is refused (403) even with the right password.
 */
export async function signIn(db: Db, accountId: number, body: FanSigninBody, client: Client) {
  const attempt: LoginAttempt = { username: `fan:${accountId}:${body.email}`, ip: client.ip };
  await assertNotThrottled(db, attempt);
  const [fan] = await db
    .select()
    .from(fans)
    .where(and(eq(fans.accountId, accountId), eq(fans.email, body.email)))
    .limit(1);
  if (!(await verifyPassword(fan?.passwordHash ?? null, body.password)) || !fan) {
    await recordFailure(db, attempt);
    throw unauthorized(FANS_MESSAGES.badCredentials);
  }
  if (fan.isBlocked) throw forbidden(FANS_MESSAGES.blocked);
  const now = new Date();
  await recordActivity(db, { fanId: fan.id, accountId }, { type: 'signin', payload: { ip: client.ip }, at: now });
  return openSession(db, fan, client, now);
}

export async function signOut(db: Db, fan: FanContext): Promise<void> {
  await db.update(fanSessions).set({ endedAt: new Date() }).where(eq(fanSessions.id, fan.sessionId));
}

function bearer(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * The pre-handler of every signed-in fan call: an open fan session (401 otherwise, staff tokens
 * included: they are not in fan_sessions) of a fan who is not blocked (403).
 */
export function fanGuard(db: Db) {
  return async function requireFan(request: FastifyRequest): Promise<void> {
    const token = bearer(request);
    if (!token) throw unauthorized(FANS_MESSAGES.missingToken);
    const now = new Date();
    const [found] = await db
      .select({
        sessionId: fanSessions.id,
        lastSeenAt: fanSessions.lastSeenAt,
        fanId: fans.id,
        accountId: fans.accountId,
        isBlocked: fans.isBlocked,
      })
      .from(fanSessions)
      .innerJoin(fans, eq(fans.id, fanSessions.fanId))
      .where(
        and(eq(fanSessions.tokenHash, hashToken(token)), isNull(fanSessions.endedAt), gt(fanSessions.expiresAt, now)),
      )
      .limit(1);
    if (!found) throw unauthorized(FANS_MESSAGES.signedOut);
    if (found.isBlocked) throw forbidden(FANS_MESSAGES.blocked);
    if (now.getTime() - found.lastSeenAt.getTime() > REFRESH_EVERY_MS) {
      await db.update(fanSessions).set({ lastSeenAt: now }).where(eq(fanSessions.id, found.sessionId));
    }
    request.fan = { fanId: found.fanId, accountId: found.accountId, sessionId: found.sessionId };
  };
}

/** The fan of a request that went through requireFan. */
export function fanOf(request: FastifyRequest): FanContext {
  if (!request.fan) throw unauthorized(FANS_MESSAGES.missingToken);
  return request.fan;
}
