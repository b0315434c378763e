import { FANS_MESSAGES, fanPaths, fanPublicPaths } from '@regie/contract/fans';
import type { FanDetail, FanSaved } from '@regie/contract/fans.schemas';
import { renderMessage } from '@regie/contract/messages.render';
import type { ModuleCode } from '@regie/contract/modules';
import type { Role } from '@regie/contract/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fans } from '../src/db/fans.table.ts';
import { tags } from '../src/db/tags.table.ts';
import { auditReader } from './audit-trail-fixtures.ts';
import { confirmationCode, lastMailTo, signUpConfirmed } from './fan-auth-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { signIn } from './insights-fixtures.ts';

/** The CRM adds a fan by hand and corrects a fan's details (issue 40.5). */

const CRM: { roles: Role[]; modules: ModuleCode[] } = { roles: ['use_crm'], modules: ['FANS_CRM'] };

let ctx: TestContext;
let crm: { token: string; accountId: number; accountKey: string };
let other: { token: string; accountId: number; accountKey: string };
let audit: ReturnType<typeof auditReader>;

beforeAll(async () => {
  ctx = await createTestContext();
  crm = await signIn(ctx, CRM);
  other = await signIn(ctx, CRM);
  audit = auditReader(ctx);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: unknown, token = crm.token, language?: string) =>
  ctx.request({
    method,
    url,
    token,
    ...(payload === undefined ? {} : { payload }),
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });

let emails = 0;
const newEmail = (prefix = 'added') => {
  emails += 1;
  return `${prefix}${emails}@crm.test`;
};

async function addFan(body: Record<string, unknown> = {}): Promise<FanSaved> {
  const response = await call('POST', fanPaths.list, { email: newEmail(), ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FanSaved>();
}

/** A fan who signed up and confirmed on the CRM's account, with the password they chose. */
async function confirmedFan(email = newEmail('signed')) {
  const session = await signUpConfirmed(ctx, crm.accountKey, { email, password: 'goal-goal-goal', nickname: 'signed' });
  return session.fan;
}

describe('POST fans: a fan added by hand', () => {
  it('creates a pending fan in the account and sends the sign-up’s confirmation mail, audited', async () => {
    const [vip] = await ctx.db
      .insert(tags)
      .values({ name: 'Stadium desk', accountId: crm.accountId, tagType: 'fans' })
      .returning({ id: tags.id });
    if (!vip) throw new Error('tag not inserted');
    const response = await call('POST', fanPaths.list, {
      email: 'Walk.In@CRM.test',
      firstName: 'Élodie',
      lastName: 'Martin',
      marketingConsent: true,
      tagIds: [vip.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const fan = response.json<FanSaved>();
    expect(fan).toMatchObject({
      email: 'walk.in@crm.test',
      nickname: 'walk.in',
      firstName: 'Élodie',
      lastName: 'Martin',
      language: 'en',
      marketingConsent: true,
      partnersConsent: false,
      confirmed: false,
      isBlocked: false,
      confirmationSent: true,
    });
    const [stored] = await ctx.db.select().from(fans).where(eq(fans.id, fan.id));
    expect(stored?.accountId).toBe(crm.accountId);

    // The sign-up's own mail, whose code confirms the fan as a sign-up's does.
    const mail = lastMailTo(ctx, 'walk.in@crm.test');
    expect(mail.subject).toMatch(/^Confirm your sign-up at /);
    const confirmed = await ctx.request({
      method: 'POST',
      url: fanPublicPaths.confirm,
      accountKey: crm.accountKey,
      payload: { token: confirmationCode(ctx, 'walk.in@crm.test') },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call('GET', fanPaths.fan(fan.id))).json<FanDetail>().confirmed).toBe(true);
    expect((await call('GET', fanPaths.tags(fan.id))).json().data).toEqual([
      { id: vip.id, name: 'Stadium desk', tagType: 'fans' },
    ]);

    const [entry] = await audit(crm.accountId, { resource: 'fans', resourceId: fan.id });
    expect(entry).toMatchObject({
      action: 'create',
      changes: {
        // Who the fan is: named as set, never copied into the trail (an erasure must not leave it there).
        email: { changed: true },
        firstName: { changed: true },
        lastName: { changed: true },
        nickname: { changed: true },
        language: { before: null, after: 'en' },
        marketingConsent: { before: null, after: true },
        partnersConsent: { before: null, after: false },
        tags: { before: null, after: [{ id: vip.id, name: 'Stadium desk' }] },
      },
    });
    expect(entry?.userId).not.toBeNull();
    expect(JSON.stringify(entry)).not.toContain('walk.in@crm.test');
  });

  it('mails a French fan in French', async () => {
    const fan = await addFan({ nickname: 'zozo', language: 'fr' });
    expect(fan.nickname).toBe('zozo');
    expect(lastMailTo(ctx, fan.email).subject).toMatch(/^Confirmez votre inscription chez /);
  });

  it('refuses an email another fan of the account has (409 on the field), in English and French', async () => {
    const signed = await confirmedFan();
    const taken = await call('POST', fanPaths.list, { email: signed.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    const message = renderMessage(FANS_MESSAGES.emailTaken, 'en');
    expect(taken.json()).toMatchObject({ message, errors: [{ path: 'email', message }] });
    const inFrench = await call('POST', fanPaths.list, { email: signed.email }, crm.token, 'fr');
    expect(inFrench.json()).toMatchObject({
      message: 'Un autre fan de ce compte a déjà cette adresse e-mail',
      errors: [{ path: 'email', message: 'Un autre fan de ce compte a déjà cette adresse e-mail' }],
    });
    // A pending sign-up is someone's too.
    const pending = await addFan();
    expect((await call('POST', fanPaths.list, { email: pending.email })).statusCode).toBe(409);
    // Another account may have the same email: another fan.
    expect((await call('POST', fanPaths.list, { email: signed.email }, other.token)).statusCode).toBe(201);
  });

  it('refuses an invalid email on its field, in English and French, and creates nothing', async () => {
    const bad = await call('POST', fanPaths.list, { email: 'not-an-email', firstName: 'Nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ path: 'email', message: 'Enter a valid email address' });
    const inFrench = await call('POST', fanPaths.list, { email: 'not-an-email' }, crm.token, 'fr');
    expect(inFrench.json().errors).toContainEqual({ path: 'email', message: 'Saisissez une adresse e-mail valide' });
    expect((await call('POST', fanPaths.list, { firstName: 'No email' })).statusCode).toBe(400);
    expect(await ctx.db.select().from(fans).where(eq(fans.firstName, 'Nope'))).toEqual([]);
  });

  it('refuses another account’s tag (404) and creates nothing', async () => {
    const [theirs] = await ctx.db
      .insert(tags)
      .values({ name: 'Theirs', accountId: other.accountId, tagType: 'fans' })
      .returning({ id: tags.id });
    if (!theirs) throw new Error('tag not inserted');
    const email = newEmail();
    const refused = await call('POST', fanPaths.list, { email, tagIds: [theirs.id] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(renderMessage(FANS_MESSAGES.tagNotFound(theirs.id), 'en'));
    expect(await ctx.db.select().from(fans).where(eq(fans.email, email))).toEqual([]);
  });
});

describe('PUT fans/{id}: a fan’s details corrected', () => {
  it('corrects a confirmed fan’s names, email and consents: still confirmed, signs in with the new email', async () => {
    const signed = await confirmedFan();
    const email = newEmail('corrected');
    const response = await call('PUT', fanPaths.fan(signed.id), {
      email: email.toUpperCase(),
      firstName: 'Zoé',
      lastName: 'Durand',
      marketingConsent: true,
      partnersConsent: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<FanSaved>()).toMatchObject({
      id: signed.id,
      email,
      firstName: 'Zoé',
      lastName: 'Durand',
      nickname: 'signed',
      marketingConsent: true,
      partnersConsent: true,
      confirmed: true,
      confirmationSent: false,
    });
    // No code for a confirmed fan: nothing was mailed to the new address.
    expect(ctx.app.mailer.recent().some((mail) => mail.to === email)).toBe(false);
    const signedIn = await ctx.request({
      method: 'POST',
      url: fanPublicPaths.signin,
      accountKey: crm.accountKey,
      payload: { email, password: 'goal-goal-goal' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    const [entry] = await audit(crm.accountId, { resource: 'fans', resourceId: signed.id });
    expect(entry).toMatchObject({ action: 'update', resourceId: signed.id, accountId: crm.accountId });
    expect(entry?.changes).toEqual({
      email: { changed: true },
      firstName: { changed: true },
      lastName: { changed: true },
      marketingConsent: { before: false, after: true },
      partnersConsent: { before: false, after: true },
    });
    expect(JSON.stringify(entry)).not.toContain(email);
  });

  it('changes only the fields sent, and records nothing when nothing changed', async () => {
    const fan = await addFan({ firstName: 'Kept', lastName: 'Same' });
    const consent = await call('PUT', fanPaths.fan(fan.id), { partnersConsent: true });
    expect(consent.json()).toMatchObject({ firstName: 'Kept', lastName: 'Same', partnersConsent: true });
    const unchanged = await call('PUT', fanPaths.fan(fan.id), { firstName: 'Kept', partnersConsent: true });
    expect(unchanged.statusCode).toBe(200);
    expect((await call('PUT', fanPaths.fan(fan.id), {})).statusCode).toBe(200);
    const history = await audit(crm.accountId, { resource: 'fans', resourceId: fan.id });
    expect(history.map((entry) => [entry.action, entry.changes])).toEqual([
      ['update', { partnersConsent: { before: false, after: true } }],
      ['create', expect.any(Object)],
    ]);
    const refused = await call('PUT', fanPaths.fan(fan.id), { nickname: 'x', country: 'France', surname: 'No' });
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['country', 'nickname', 'surname']);
  });

  it('sends a pending fan’s new email a new code; the code of the mistyped address stops working', async () => {
    const fan = await addFan({ email: 'typo@crm.tset' });
    const oldCode = confirmationCode(ctx, 'typo@crm.tset');
    const email = newEmail('fixed');
    const response = await call('PUT', fanPaths.fan(fan.id), { email });
    expect(response.json<FanSaved>()).toMatchObject({ email, confirmed: false, confirmationSent: true });
    const newCode = confirmationCode(ctx, email);
    expect(newCode).not.toBe(oldCode);
    const confirm = (token: string) =>
      ctx.request({ method: 'POST', url: fanPublicPaths.confirm, accountKey: crm.accountKey, payload: { token } });
    expect((await confirm(oldCode)).statusCode).toBe(400);
    expect((await confirm(newCode)).statusCode).toBe(200);
  });

  it('refuses an email another fan of the account has (409 on the field)', async () => {
    const signed = await confirmedFan();
    const fan = await addFan();
    const taken = await call('PUT', fanPaths.fan(fan.id), { email: signed.email }, crm.token, 'fr');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([
      { path: 'email', message: 'Un autre fan de ce compte a déjà cette adresse e-mail' },
    ]);
    expect((await call('GET', fanPaths.fan(fan.id))).json().email).toBe(fan.email);
    const bad = await call('PUT', fanPaths.fan(fan.id), { email: 'nope@' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ path: 'email', message: 'Enter a valid email address' });
  });

  it('does not know another account’s fan (404), in English and French', async () => {
    const fan = await addFan();
    const refused = await call('PUT', fanPaths.fan(fan.id), { firstName: 'Hijack' }, other.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(`Fan ${fan.id} not found`);
    const inFrench = await call('PUT', fanPaths.fan(fan.id), { firstName: 'Hijack' }, other.token, 'fr');
    expect(inFrench.json().message).toBe(`Fan ${fan.id} introuvable`);
    expect((await call('PUT', fanPaths.fan(2_000_000_000), { firstName: 'Nobody' })).statusCode).toBe(404);
    expect((await call('GET', fanPaths.fan(fan.id))).json().firstName).toBe('');
  });
});

describe('who may add and correct fans', () => {
  it('refuses read_only CRM users and users without use_crm (403), and changes nothing', async () => {
    const fan = await addFan();
    const readOnly = await ctx.buildUser({ accountId: crm.accountId, roles: ['use_crm', 'read_only'] });
    const reader = await ctx.login(readOnly.username, readOnly.password);
    const editor = await ctx.buildUser({ accountId: crm.accountId, roles: ['video_write'] });
    const notCrm = await ctx.login(editor.username, editor.password);
    for (const token of [reader, notCrm]) {
      const email = newEmail('refused');
      expect((await call('POST', fanPaths.list, { email }, token)).statusCode).toBe(403);
      expect(await ctx.db.select().from(fans).where(eq(fans.email, email))).toEqual([]);
      expect((await call('PUT', fanPaths.fan(fan.id), { firstName: 'Refused' }, token)).statusCode).toBe(403);
    }
    // The read-only user still reads the fan.
    expect((await call('GET', fanPaths.fan(fan.id), undefined, reader)).json().firstName).toBe('');
  });
});
