import { fanPaths, fanPublicPaths } from '@regie/contract/fans';
import type { FanSessionResponse, FanSignupResponse } from '@regie/contract/fans.schemas';
import { and, eq, sql } from 'drizzle-orm';
import { accounts } from '../src/db/accounts.table.ts';
import { fans } from '../src/db/fans.table.ts';
import type { SentMail } from '../src/mail/mail.types.ts';
import type { TestContext } from './helpers.ts';

/** The fans' sign-up by mail (issue 28.6): what the tests read in the app's local outbox. */

/** The newest mail the app sent to this address (the local outbox), or a failure naming it. */
export function lastMailTo(ctx: TestContext, to: string): SentMail {
  const mail = ctx.app.mailer.recent().find((sent) => sent.to === to);
  if (!mail) throw new Error(`no mail to ${to} in the outbox`);
  return mail;
}

/** The confirmation code of the newest mail to this address. */
export function confirmationCode(ctx: TestContext, to: string): string {
  const code = /fanc_[\w-]+/.exec(lastMailTo(ctx, to).text)?.[0];
  if (!code) throw new Error(`the last mail to ${to} holds no confirmation code`);
  return code;
}

export interface FanSignup {
  email: string;
  password: string;
  nickname: string;
  [field: string]: unknown;
}

/** Signs up (202), reads the code the mail brought and confirms it: the fan's first session. */
export async function signUpConfirmed(
  ctx: TestContext,
  accountKey: string,
  body: FanSignup,
  remoteAddress?: string,
): Promise<FanSessionResponse> {
  const from = remoteAddress ? { remoteAddress } : {};
  const signup = await ctx.request({ method: 'POST', url: fanPublicPaths.signup, accountKey, payload: body, ...from });
  if (signup.statusCode !== 202) throw new Error(`sign-up: ${signup.statusCode} ${signup.body}`);
  const { email } = signup.json<FanSignupResponse>();
  const token = confirmationCode(ctx, email);
  const confirm = await ctx.request({
    method: 'POST',
    url: fanPublicPaths.confirm,
    accountKey,
    payload: { token },
    ...from,
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
  return confirm.json<FanSessionResponse>();
}

const crmTokens = new WeakMap<TestContext, Map<number, string>>();

/**
 * Blocks (or unblocks) a fan as the CRM does (PUT the extended fan, use_crm in an account with
 * FANS_CRM): the way a fan is blocked, which drops their cached sessions in every process.
 * The fan's account gets FANS_CRM and a CRM user the first time.
 */
export async function blockThroughCrm(ctx: TestContext, fanId: number, isBlocked = true): Promise<void> {
  const [fan] = await ctx.db.select({ accountId: fans.accountId }).from(fans).where(eq(fans.id, fanId));
  if (!fan) throw new Error(`no fan ${fanId}`);
  const tokens = crmTokens.get(ctx) ?? new Map<number, string>();
  crmTokens.set(ctx, tokens);
  let token = tokens.get(fan.accountId);
  if (!token) {
    await ctx.db
      .update(accounts)
      .set({ modules: sql`array_append(${accounts.modules}, 'FANS_CRM')` })
      .where(and(eq(accounts.id, fan.accountId), sql`not ('FANS_CRM' = any(${accounts.modules}))`));
    const user = await ctx.buildUser({ accountId: fan.accountId, roles: ['use_crm'] });
    token = await ctx.login(user.username, user.password);
    tokens.set(fan.accountId, token);
  }
  const response = await ctx.request({ method: 'PUT', url: fanPaths.extended(fanId), token, payload: { isBlocked } });
  if (response.statusCode !== 200) throw new Error(`fan ${fanId} not blocked: ${response.body}`);
}
