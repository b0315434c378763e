import { randomBytes } from 'node:crypto';
import { HEADER_ACCOUNT_KEY } from '@regie/contract/api';
import { HEADER_EMBED_TOKEN } from '@regie/contract/embed';
import { FAN_LIMITS, FAN_RATE_LIMIT, FANS_MESSAGES } from '@regie/contract/fans';
import { type FanMailText, fanAlreadySignedUpMail, fanConfirmMail } from '@regie/contract/fans.mail';
import type {
  FanConfirmBody,
  FanSelf,
  FanSessionResponse,
  FanSigninBody,
  FanSignupBody,
  FanSignupResponse,
} from '@regie/contract/fans.schemas';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashPassword, needsRehash, verifyPassword } from '../auth/password.service.ts';
import { hashToken } from '../auth/sessions.service.ts';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { type FanRowDb, fanSessions, fans } from '../db/fans.table.ts';
import { badRequest, forbidden, HttpError, unauthorized } from '../http/http.errors.ts';
import type { Limit } from '../http/rate-limiter.ts';
import type { Mailer } from '../mail/mail.types.ts';
import { type FanRef, recordActivity } from './fans.activities.ts';
import type { FanSessions, OpenFanSession } from './fans.sessions.ts';
import type { FanThrottle } from './fans.throttle.ts';

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

/** The account an embed page's token names (embed/embed.tokens.ts), null for a token not ours. */
export type EmbedAccountOf = (token: string) => number | null;

/**
 * The account a sign-up or sign-in names by its key (x-account-key), or, from an embed page, by
 * the page's token (x-embed-token: its club, without the key ever reaching a fan's page).
 */
export async function accountOfKey(db: Db, request: FastifyRequest, embedAccountOf?: EmbedAccountOf): Promise<number> {
  const header = request.headers[HEADER_ACCOUNT_KEY];
  const key = Array.isArray(header) ? header[0] : header;
  const embedHeader = request.headers[HEADER_EMBED_TOKEN];
  const embedToken = Array.isArray(embedHeader) ? embedHeader[0] : embedHeader;
  if (!key && embedToken && embedAccountOf) {
    const named = embedAccountOf(embedToken);
    const [account] =
      named === null ? [] : await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, named)).limit(1);
    if (!account) throw unauthorized(FANS_MESSAGES.accountUnknown);
    return account.id;
  }
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

/** A new confirmation code: the code for the mail, its hash and expiry for the fan's row. */
export function newConfirmation(now: Date = new Date()) {
  const token = `fanc_${randomBytes(24).toString('base64url')}`;
  const confirmExpiresAt = new Date(now.getTime() + FAN_LIMITS.confirmTtlMs);
  return { token, pending: { confirmTokenHash: hashToken(token), confirmExpiresAt } };
}

async function clubName(db: Db, accountId: number): Promise<string> {
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return account?.name ?? '';
}

/** Sends one of the fans' mails; one that cannot be sent is logged, not thrown: answers whether it went. */
async function sendFanMail(
  mailer: Mailer,
  log: FastifyBaseLogger,
  accountId: number,
  to: string,
  mail: FanMailText,
): Promise<boolean> {
  try {
    await mailer.send({ to, ...mail });
    return true;
  } catch (error) {
    log.warn({ err: error, accountId }, 'fans: mail not sent');
    return false;
  }
}

/**
 * The mail with the code that confirms a pending fan's address (POST confirm {token}), in the
 * fan's language: sent by the sign-up, and by the CRM when it adds a fan or corrects a pending
 * fan's email (fans.edit.ts). Answers whether it went.
 */
export async function sendConfirmationMail(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  fan: { accountId: number; email: string; language: string },
  token: string,
): Promise<boolean> {
  const language = fan.language === 'fr' ? 'fr' : 'en';
  const mail = fanConfirmMail(language, await clubName(db, fan.accountId), token, FAN_LIMITS.confirmTtlMs / 3_600_000);
  return sendFanMail(mailer, log, fan.accountId, fan.email, mail);
}

/**
 * Sign-up (contract fans.ts): the same answer whatever the email, after the same work (one
 * password hash, one insert, one mail). A new email becomes a fan pending confirmation with a
 * code by mail; a pending one gets the new password and a new code (the last sign-up wins, so
 * whoever reads the mailbox decides); a confirmed fan's email gets "someone tried to sign up".
 * A mail that cannot be sent is logged, never told: the answer would say which case it was.
 */
export async function signUp(
  db: Db,
  throttle: FanThrottle,
  mailer: Mailer,
  log: FastifyBaseLogger,
  accountId: number,
  body: FanSignupBody,
  client: Client,
): Promise<FanSignupResponse> {
  const key = { accountId, email: body.email, ip: client.ip };
  await throttle.assertSignupAllowed(key);
  await throttle.recordSignup(key);
  const passwordHash = await hashPassword(body.password);
  const { token, pending: code } = newConfirmation();
  const pending = { passwordHash, ...code };
  const { email, password: _password, ...profile } = body;
  const [created] = await db
    .insert(fans)
    .values({ ...profile, email, accountId, ...pending, confirmedAt: null })
    .onConflictDoUpdate({
      target: [fans.accountId, fans.email],
      set: { ...profile, ...pending },
      // A confirmed fan keeps everything: their password is theirs.
      setWhere: isNull(fans.confirmedAt),
    })
    .returning({ id: fans.id });
  if (created) {
    await sendConfirmationMail(db, mailer, log, { accountId, email, language: body.language }, token);
  } else {
    const [fan] = await db
      .select({ language: fans.language })
      .from(fans)
      .where(and(eq(fans.accountId, accountId), eq(fans.email, email)));
    const mail = fanAlreadySignedUpMail(fan?.language === 'fr' ? 'fr' : 'en', await clubName(db, accountId));
    await sendFanMail(mailer, log, accountId, email, mail);
  }
  return { email, confirmationSent: true };
}

/**
 * The code of the sign-up's mail, on the club's own key (another club's code is unknown here):
 * the fan is confirmed and signed in. A wrong code counts as a sign-in failure of the address.
 */
export async function confirmSignup(
  db: Db,
  throttle: FanThrottle,
  accountId: number,
  body: FanConfirmBody,
  client: Client,
) {
  const key = { accountId, email: '', ip: client.ip };
  await throttle.assertSigninAllowed(key);
  const now = new Date();
  const [fan] = await db
    .update(fans)
    .set({ confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(
      and(
        eq(fans.accountId, accountId),
        eq(fans.confirmTokenHash, hashToken(body.token)),
        gt(fans.confirmExpiresAt, now),
        isNull(fans.confirmedAt),
      ),
    )
    .returning();
  if (!fan) {
    await throttle.recordFailure(key);
    throw badRequest(FANS_MESSAGES.confirmationInvalid);
  }
  await recordActivity(db, { fanId: fan.id, accountId }, { type: 'signup', at: now });
  if (fan.isBlocked) throw forbidden(FANS_MESSAGES.blocked);
  return openSession(db, fan, client, now);
}

/**
 * Email + password, throttled on failures (fans.throttle.ts); a blocked fan is refused (403) even
 * with the right password, and so is one who has not confirmed their email yet. A hash made with
 * older parameters is replaced by one made with today's.
 */
export async function signIn(db: Db, throttle: FanThrottle, accountId: number, body: FanSigninBody, client: Client) {
  const key = { accountId, email: body.email, ip: client.ip };
  await throttle.assertSigninAllowed(key);
  const [fan] = await db
    .select()
    .from(fans)
    .where(and(eq(fans.accountId, accountId), eq(fans.email, body.email)))
    .limit(1);
  if (!(await verifyPassword(fan?.passwordHash ?? null, body.password)) || !fan) {
    await throttle.recordFailure(key);
    throw unauthorized(FANS_MESSAGES.badCredentials);
  }
  if (fan.isBlocked) throw forbidden(FANS_MESSAGES.blocked);
  if (!fan.confirmedAt) throw forbidden(FANS_MESSAGES.notConfirmed);
  if (needsRehash(fan.passwordHash)) {
    await db
      .update(fans)
      .set({ passwordHash: await hashPassword(body.password) })
      .where(eq(fans.id, fan.id));
  }
  const now = new Date();
  await recordActivity(db, { fanId: fan.id, accountId }, { type: 'signin', payload: { ip: client.ip }, at: now });
  return openSession(db, fan, client, now);
}

/** Ends the session, then drops it from every process's cache (fans.sessions.ts). */
export async function signOut(db: Db, sessions: FanSessions, fan: FanContext): Promise<void> {
  await db.update(fanSessions).set({ endedAt: new Date() }).where(eq(fanSessions.id, fan.sessionId));
  sessions.ended(fan.sessionId);
}

function bearer(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** The refusal of a fan call past its limit, with when to try again. */
export function tooManyFanCalls(windowMs: number = FAN_RATE_LIMIT.windowMs): HttpError {
  const seconds = Math.ceil(windowMs / 1000);
  return new HttpError(429, FANS_MESSAGES.tooManyCalls, { headers: { 'retry-after': String(seconds) } });
}

/**
 * The pre-handler of every signed-in fan call: an open fan session (401 otherwise, staff tokens
 * included: they are not in fan_sessions) of a fan who is not blocked (403), looked up once per
 * process and kept a short while (fans.sessions.ts).
 */
export function fanGuard(sessions: FanSessions, limiter?: Limit) {
  /** A call refused for its token counts against its address (a forger of tokens is stopped there). */
  const refused = async (request: FastifyRequest, error: HttpError): Promise<HttpError> =>
    limiter && !(await limiter.take(request.ip)) ? tooManyFanCalls() : error;
  return async function requireFan(request: FastifyRequest, reply?: FastifyReply): Promise<void> {
    // What a signed-in fan reads is theirs: no shared cache keeps it, and none answers another
    // fan with it (a proxy in front of the clubs' sites, a CDN).
    reply?.header('cache-control', 'private, no-store').header('vary', 'Authorization');
    const token = bearer(request);
    if (!token) throw await refused(request, unauthorized(FANS_MESSAGES.missingToken));
    let session: OpenFanSession;
    try {
      // Cached by the process once looked up (fans.sessions.ts): most calls cost no query here.
      session = await sessions.resolve(token);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) throw await refused(request, error);
      throw error;
    }
    // Counted per fan session: fans sharing an address are each allowed their own calls.
    if (limiter && !(await limiter.take(`fan-session:${session.sessionId}`))) throw tooManyFanCalls();
    // A key naming another club is a client mixing its clubs up: said, not answered for the token's.
    const header = request.headers[HEADER_ACCOUNT_KEY];
    const key = Array.isArray(header) ? header[0] : header;
    if (key && key !== session.accountKey) throw forbidden(FANS_MESSAGES.otherAccount);
    request.fan = { fanId: session.fanId, accountId: session.accountId, sessionId: session.sessionId };
  };
}

/** The guard's type: one per app (fans.plugin.ts), shared by the fans', games' and trivia's calls. */
export type RequireFan = ReturnType<typeof fanGuard>;

/** The fan of a request that went through requireFan. */
export function fanOf(request: FastifyRequest): FanContext {
  if (!request.fan) throw unauthorized(FANS_MESSAGES.missingToken);
  return request.fan;
}
