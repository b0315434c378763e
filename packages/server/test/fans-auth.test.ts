import { readFile } from 'node:fs/promises';
import { hash } from '@node-rs/argon2';
import { FAN_AUTH_LIMITS, FANS_MESSAGES, fanPublicPaths } from '@regie/contract/fans';
import type { FanSessionResponse } from '@regie/contract/fans.schemas';
import { type MailOutboxResponse, mailPaths } from '@regie/contract/mail';
import { renderMessage } from '@regie/contract/messages.render';
import { ADMIN_ROLE } from '@regie/contract/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.service.ts';
import { fans } from '../src/db/fans.table.ts';
import { confirmationCode, lastMailTo, signUpConfirmed } from './fan-auth-fixtures.ts';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';

/**
 * The fans' sign-up, confirmation and sign-in under a crowd (issue 28.6): sign-up never tells
 * whether an email is a fan's (the mail does), a code confirms on its own club only, a stadium's
 * fans sign in behind one address while one email guessed at, or a spray from one address, is
 * stopped with 429 and Retry-After.
 */

let ctx: TestContext;
let club: BuiltAccount;
let rival: BuiltAccount;
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.31.${Math.floor(addresses / 250)}.${addresses % 250}`;
};
let emails = 0;
const freshEmail = (prefix = 'fan') => {
  emails += 1;
  return `${prefix}${emails}@auth.example`;
};
const PASSWORD = 'goal-goal-goal';

beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.buildAccount({ modules: ['FANS_CRM'] });
  rival = await ctx.buildAccount({ modules: ['FANS_CRM'] });
});
afterAll(() => ctx.close());

type Body = Record<string, unknown>;
const call = (url: string, payload: Body, remoteAddress = nextAddress(), accountKey = club.accountKey) =>
  ctx.request({ method: 'POST', url, accountKey, payload, remoteAddress });
const signUp = (payload: Body, remoteAddress?: string, accountKey?: string) =>
  call(fanPublicPaths.signup, payload, remoteAddress, accountKey);
const signIn = (email: string, password: string, remoteAddress?: string, accountKey?: string) =>
  call(fanPublicPaths.signin, { email, password }, remoteAddress, accountKey);
const confirm = (token: string, accountKey?: string) => call(fanPublicPaths.confirm, { token }, undefined, accountKey);

/** Fans made straight in the database, confirmed, all with one hash of PASSWORD. */
async function confirmedFans(count: number, prefix: string): Promise<string[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const rows = Array.from({ length: count }, (_, index) => ({
    accountId: club.id,
    email: `${prefix}${index}@crowd.example`,
    nickname: `${prefix}${index}`,
    passwordHash,
    confirmedAt: new Date(),
  }));
  await ctx.db.insert(fans).values(rows);
  return rows.map((row) => row.email);
}

describe('sign-up', () => {
  it('answers a fan’s email exactly as a new one, and tells each by mail', async () => {
    const fan = await signUpConfirmed(ctx, club.accountKey, {
      email: freshEmail(),
      password: PASSWORD,
      nickname: 'first',
    });
    const taken = await signUp({ email: fan.fan.email.toUpperCase(), password: 'intruder-pass', nickname: 'copycat' });
    const newcomer = freshEmail();
    const fresh = await signUp({ email: newcomer, password: PASSWORD, nickname: 'newcomer' });

    expect(taken.statusCode).toBe(202);
    expect(fresh.statusCode).toBe(202);
    expect(taken.json()).toEqual({ email: fan.fan.email, confirmationSent: true });
    expect(fresh.json()).toEqual({ email: newcomer, confirmationSent: true });
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());

    // The fan is told someone tried; the newcomer gets a code.
    const warning = lastMailTo(ctx, fan.fan.email);
    expect(warning.subject).toContain('Sign-up attempt');
    expect(warning.text).toContain('already has a fan account');
    expect(warning.text).not.toMatch(/fanc_/);
    expect(lastMailTo(ctx, newcomer).subject).toContain('Confirm your sign-up');
    expect(confirmationCode(ctx, newcomer)).toMatch(/^fanc_/);
    // Both are real messages in the outbox folder.
    const eml = await readFile(warning.file, 'utf8');
    expect(eml).toMatch(new RegExp(`^To: ${fan.fan.email}$`, 'm'));

    // The fan's password did not change; the intruder's does not sign in.
    expect((await signIn(fan.fan.email, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(fan.fan.email, 'intruder-pass')).statusCode).toBe(401);
  });

  it('keeps an unconfirmed fan out until the code confirms them, and signs them in', async () => {
    const email = freshEmail();
    expect((await signUp({ email, password: PASSWORD, nickname: 'pending', language: 'fr' })).statusCode).toBe(202);
    expect(lastMailTo(ctx, email).subject).toContain('Confirmez votre inscription');
    const early = await signIn(email, PASSWORD);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(renderMessage(FANS_MESSAGES.notConfirmed, 'en'));

    const code = confirmationCode(ctx, email);
    const confirmed = await confirm(code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const session = confirmed.json<FanSessionResponse>();
    expect(session.fan).toMatchObject({ email, nickname: 'pending', language: 'fr' });
    expect(
      (await ctx.request({ url: fanPublicPaths.me, token: session.token, remoteAddress: nextAddress() })).statusCode,
    ).toBe(200);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    // A code works once.
    const again = await confirm(code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(renderMessage(FANS_MESSAGES.confirmationInvalid, 'en'));
  });

  it('lets the last sign-up of a pending email win: its password, its code', async () => {
    const email = freshEmail();
    await signUp({ email, password: 'first-password', nickname: 'early' });
    const firstCode = confirmationCode(ctx, email);
    await signUp({ email, password: 'second-password', nickname: 'later' });
    const secondCode = confirmationCode(ctx, email);
    expect(secondCode).not.toBe(firstCode);
    expect((await confirm(firstCode)).statusCode).toBe(400);
    const confirmed = await confirm(secondCode);
    expect(confirmed.json<FanSessionResponse>().fan.nickname).toBe('later');
    expect((await signIn(email, 'first-password')).statusCode).toBe(401);
    expect((await signIn(email, 'second-password')).statusCode).toBe(200);
  });

  it('confirms a code on its own club only', async () => {
    const email = freshEmail();
    await signUp({ email, password: PASSWORD, nickname: 'clubfan' });
    const code = confirmationCode(ctx, email);
    const elsewhere = await confirm(code, rival.accountKey);
    expect(elsewhere.statusCode).toBe(400);
    expect((await signIn(email, PASSWORD, undefined, rival.accountKey)).statusCode).toBe(401);
    const home = await confirm(code);
    expect(home.statusCode).toBe(200);
    const [row] = await ctx.db.select({ accountId: fans.accountId }).from(fans).where(eq(fans.email, email));
    expect(row?.accountId).toBe(club.id);
  });

  it('refuses a fan call naming another club by x-account-key (403), in the fan’s language', async () => {
    const email = freshEmail();
    await signUp({ email, password: PASSWORD, nickname: 'keyed' });
    const session = (await confirm(confirmationCode(ctx, email))).json<FanSessionResponse>();
    const me = (accountKey?: string, headers: Record<string, string> = {}) =>
      ctx.request({
        url: fanPublicPaths.me,
        token: session.token,
        remoteAddress: nextAddress(),
        headers,
        ...(accountKey ? { accountKey } : {}),
      });
    expect((await me()).statusCode).toBe(200);
    expect((await me(club.accountKey)).statusCode).toBe(200);
    const mixed = await me(rival.accountKey);
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json().message).toBe(renderMessage(FANS_MESSAGES.otherAccount, 'en'));
    const french = await me(rival.accountKey, { 'accept-language': 'fr' });
    expect(french.json().message).toBe(renderMessage(FANS_MESSAGES.otherAccount, 'fr'));
  });

  it('sends at most FAN_AUTH_LIMITS.signupsPerEmail mails to one address in the window', async () => {
    const email = freshEmail();
    for (let index = 0; index < FAN_AUTH_LIMITS.signupsPerEmail; index += 1) {
      expect((await signUp({ email, password: PASSWORD, nickname: 'again' })).statusCode).toBe(202);
    }
    const limited = await signUp({ email, password: PASSWORD, nickname: 'again' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(ctx.app.mailer.recent().filter((mail) => mail.to === email)).toHaveLength(FAN_AUTH_LIMITS.signupsPerEmail);
  });
});

describe('the local outbox', () => {
  it('shows the platform admins the last mails, and nobody else', async () => {
    const email = freshEmail('outbox');
    await signUp({ email, password: PASSWORD, nickname: 'outboxed' });
    const admin = await ctx.buildUser({ roles: [ADMIN_ROLE] });
    const adminToken = await ctx.login(admin.username, admin.password);
    const read = await ctx.request({
      url: `${mailPaths.outbox}?to=${encodeURIComponent(email.toUpperCase())}`,
      token: adminToken,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const outbox = read.json<MailOutboxResponse>();
    expect(outbox.smtp).toBe(false);
    expect(outbox.data.map((mail) => mail.to)).toEqual([email]);
    expect(outbox.data[0]?.text).toContain(confirmationCode(ctx, email));
    const staff = await ctx.buildUser({ accountId: club.id, roles: ['use_crm'] });
    const staffToken = await ctx.login(staff.username, staff.password);
    expect((await ctx.request({ url: mailPaths.outbox, token: staffToken })).statusCode).toBe(403);
  });
});

describe('sign-in under a crowd', () => {
  it('signs in 200 fans from one address', { timeout: 120_000 }, async () => {
    const stadium = '203.0.113.200';
    const crowd = await confirmedFans(200, 'crowd');
    const codes: number[] = [];
    for (const email of crowd) codes.push((await signIn(email, PASSWORD, stadium)).statusCode);
    expect(codes.filter((code) => code !== 200)).toEqual([]);
  });

  it('locks one email after 10 failures from one address, with Retry-After, not the others', async () => {
    const [target, neighbour] = await confirmedFans(2, 'target');
    if (!target || !neighbour) throw new Error('fans not made');
    const address = '203.0.113.10';
    for (let index = 0; index < FAN_AUTH_LIMITS.failuresPerAddressAndEmail; index += 1) {
      expect((await signIn(target, 'wrong-guess', address)).statusCode).toBe(401);
    }
    const locked = await signIn(target, PASSWORD, address);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toBe(renderMessage(FANS_MESSAGES.tooManySignins(15), 'en'));
    // The neighbour on the same address, and the fan from another address, still sign in.
    expect((await signIn(neighbour, PASSWORD, address)).statusCode).toBe(200);
    expect((await signIn(target, PASSWORD, '203.0.113.11')).statusCode).toBe(200);
  });

  it('locks an email guessed at from many addresses', { timeout: 60_000 }, async () => {
    const [target] = await confirmedFans(1, 'spread');
    if (!target) throw new Error('fan not made');
    for (let index = 0; index < FAN_AUTH_LIMITS.failuresPerEmail; index += 1) {
      expect((await signIn(target, 'wrong-guess')).statusCode).toBe(401);
    }
    const locked = await signIn(target, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stops a spray over many emails from one address at the high ceiling', { timeout: 180_000 }, async () => {
    const [bystander] = await confirmedFans(1, 'bystander');
    if (!bystander) throw new Error('fan not made');
    const sprayer = '203.0.113.66';
    // Twenty guesses at a time, each awaited before the next twenty: all counted before the check below.
    const codes: number[] = [];
    for (let start = 0; start < FAN_AUTH_LIMITS.failuresPerAddress; start += 20) {
      const batch = Array.from({ length: Math.min(20, FAN_AUTH_LIMITS.failuresPerAddress - start) }, (_, offset) =>
        signIn(`sprayed${start + offset}@crowd.example`, 'password1', sprayer),
      );
      codes.push(...(await Promise.all(batch)).map((response) => response.statusCode));
    }
    expect(codes).toHaveLength(FAN_AUTH_LIMITS.failuresPerAddress);
    expect(codes.filter((code) => code !== 401)).toEqual([]);
    const stopped = await signIn(bystander, PASSWORD, sprayer);
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(bystander, PASSWORD, '203.0.113.67')).statusCode).toBe(200);
  });

  it('rehashes a password hashed with older parameters at the next sign-in', async () => {
    const email = freshEmail('legacy');
    const old = await hash(PASSWORD, { memoryCost: 4096, timeCost: 3, parallelism: 1 });
    await ctx.db
      .insert(fans)
      .values({ accountId: club.id, email, nickname: 'legacy', passwordHash: old, confirmedAt: new Date() });
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    const [row] = await ctx.db.select({ passwordHash: fans.passwordHash }).from(fans).where(eq(fans.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });
});
