import { paths } from '@regie/contract/api';
import { AUTH_MESSAGES, meContextResponse } from '@regie/contract/auth';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { renderMessage } from '@regie/contract/messages.render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
let adminToken: string;
let producerToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.login('admin');
  // Every call below that sends another account's key acts for Summit Live Events (issue 26).
  await ctx.actFor(adminToken, await ctx.accountByName(DEMO_ACCOUNTS.events));
  producerToken = await ctx.login('producer');
});
afterAll(() => ctx.close());

describe('Accept-Version', () => {
  it('takes a request without Accept-Version as v6', async () => {
    expect((await ctx.request({ url: paths.me, token: producerToken })).statusCode).toBe(200);
  });

  it('accepts v6', async () => {
    const response = await ctx.request({ url: paths.me, token: producerToken, headers: { 'accept-version': 'v6' } });
    expect(response.statusCode).toBe(200);
  });

  it('refuses any other version with 400, before authentication', async () => {
    const response = await ctx.request({ url: paths.me, headers: { 'accept-version': 'v5' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: "Unsupported API version 'v5': this API serves v6",
    });
  });
});

describe('x-account-key', () => {
  it("acts for the user's own account without the header or with its own key", async () => {
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    for (const accountKey of [undefined, club.accountKey]) {
      const response = await ctx.request({
        url: paths.meContext,
        token: producerToken,
        ...(accountKey ? { accountKey } : {}),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ account: { id: club.id }, simulated: false });
    }
  });

  it("refuses a customer user another account's key or an unknown key", async () => {
    const events = await ctx.accountByName(DEMO_ACCOUNTS.events);
    for (const accountKey of [events.accountKey, 'no-such-key']) {
      const response = await ctx.request({ url: paths.meContext, token: producerToken, accountKey });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: renderMessage(AUTH_MESSAGES.notAuthorised),
      });
    }
  });

  it("lets an admin act for another account: that account's roles, modules and landing", async () => {
    const events = await ctx.accountByName(DEMO_ACCOUNTS.events);
    const response = await ctx.request({ url: paths.meContext, token: adminToken, accountKey: events.accountKey });
    expect(response.statusCode).toBe(200);
    const context = meContextResponse.parse(response.json());
    expect(context.simulated).toBe(true);
    expect(context.account).toEqual({
      id: events.id,
      name: DEMO_ACCOUNTS.events,
      accountKey: events.accountKey,
      SportId: null,
      sportId: null,
    });
    expect(context.roles).toEqual([
      'clip_only',
      'conf_player_write',
      'liveclipping_write',
      'simulcast_write',
      'sport_player_write',
      'use_stream',
    ]);
    expect(context.modules).toContain('SIMULCAST');
    expect(context.modules).not.toContain('DASHBOARD');
    expect(context.homepage).toBe('/events/simulcasts/list');
  });

  it('refuses an admin an unknown account key', async () => {
    const response = await ctx.request({ url: paths.meContext, token: adminToken, accountKey: 'no-such-key' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(renderMessage(AUTH_MESSAGES.notAuthorised));
  });

  it('keeps users/me about the admin themself while simulating', async () => {
    const events = await ctx.accountByName(DEMO_ACCOUNTS.events);
    const response = await ctx.request({ url: paths.me, token: adminToken, accountKey: events.accountKey });
    expect(response.json()).toMatchObject({ username: 'admin', accountName: DEMO_ACCOUNTS.platform, isAdmin: true });
  });
});

describe('scoped reads', () => {
  it('lets an admin simulating account A read A, and answers 404 for account B', async () => {
    const events = await ctx.accountByName(DEMO_ACCOUNTS.events);
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    const own = await ctx.request({
      url: paths.accountGroups(events.id),
      token: adminToken,
      accountKey: events.accountKey,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().map((group: { name: string }) => group.name)).toEqual([
      'Clipping desk',
      'Conference desk',
      'Live operators',
      'Live production',
      'Simulcast operators',
    ]);

    const other = await ctx.request({
      url: paths.accountGroups(club.id),
      token: adminToken,
      accountKey: events.accountKey,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ statusCode: 404, error: 'Not Found', message: `Account ${club.id} not found` });
  });

  it('lets an admin who is not simulating read any account', async () => {
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    const response = await ctx.request({ url: paths.accountModules(club.id), token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((module: { code: string }) => module.code)).toContain('DASHBOARD');
  });
});
