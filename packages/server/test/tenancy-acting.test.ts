import { PLATFORM_ADMIN_ACCESS_LEVEL } from '@regie/contract/access';
import { paths } from '@regie/contract/api';
import { AUTH_MESSAGES } from '@regie/contract/auth';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { renderMessage } from '@regie/contract/messages.render';
import type { Role } from '@regie/contract/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tags } from '../src/db/tags.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * Spec §6: acting for another account is the platform administrator's power (manage_customer_accounts
 * at the platform's access level). Every other combination sending another account's key is refused
 * on every kind of call, and nothing is stored.
 */
let ctx: TestContext;
let club: { id: number; accountKey: string };
beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.accountByName(DEMO_ACCOUNTS.club);
});
afterAll(() => ctx.close());

const everyRole: Role[] = ['manage_customer_accounts', 'manage_users', 'sport_player_write', 'video_write'];
const combinations: { who: string; roles: Role[]; accessLevel: number }[] = [
  { who: 'a customer user holding manage_customer_accounts at level 0', roles: everyRole, accessLevel: 0 },
  {
    who: 'a user at the platform level without manage_customer_accounts',
    roles: ['manage_users', 'sport_player_write', 'video_write'],
    accessLevel: PLATFORM_ADMIN_ACCESS_LEVEL,
  },
  { who: 'a plain user', roles: ['sport_player_write', 'video_write'], accessLevel: 0 },
];

describe.each(combinations)('another account key sent by $who', ({ roles, accessLevel }) => {
  let token: string;
  beforeAll(async () => {
    const user = await ctx.buildUser({ roles, accessLevel, modules: ['SPORT_EVENTS', 'VIDEOS'] });
    token = await ctx.login(user.username, user.password);
  });

  it.each([
    ['its context', paths.meContext],
    ['its videos', '/main-api/videos'],
    ['its users', '/users-service-api/users'],
    ['its tags', '/main-api/tags'],
  ])('is refused %s', async (_what, url) => {
    const response = await ctx.request({ url, token, accountKey: club.accountKey });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(renderMessage(AUTH_MESSAGES.notAuthorised));
  });

  it('creates nothing in that account', async () => {
    const name = `intruder-${accessLevel}-${roles.length}`;
    const response = await ctx.request({
      method: 'POST',
      url: '/main-api/tags',
      token,
      accountKey: club.accountKey,
      payload: { name, tagType: 'other', AccountId: club.id },
    });
    expect(response.statusCode).toBe(403);
    expect(await ctx.db.select().from(tags).where(eq(tags.name, name))).toEqual([]);
  });

  it('keeps its own account working', async () => {
    const response = await ctx.request({ url: paths.meContext, token });
    expect(response.statusCode).toBe(200);
    expect(response.json().simulated).toBe(false);
  });
});

describe('the platform administrator', () => {
  it('acts for the account: its context, videos, users and a new tag stored in it', async () => {
    const token = await ctx.login('admin');
    await ctx.actFor(token, club, { reason: 'Ticket 4711: tags missing' });
    const context = await ctx.request({ url: paths.meContext, token, accountKey: club.accountKey });
    expect(context.json()).toMatchObject({
      simulated: true,
      account: { id: club.id },
      acting: { reason: 'Ticket 4711: tags missing', readOnly: false },
    });
    for (const url of ['/main-api/videos', '/users-service-api/users']) {
      expect((await ctx.request({ url, token, accountKey: club.accountKey })).statusCode).toBe(200);
    }
    const created = await ctx.request({
      method: 'POST',
      url: '/main-api/tags',
      token,
      accountKey: club.accountKey,
      payload: { name: 'acted-for', tagType: 'other', AccountId: club.id },
    });
    expect(created.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(tags).where(eq(tags.name, 'acted-for'));
    expect(row?.accountId).toBe(club.id);
  });

  it('reports isAdmin only for the platform administrator', async () => {
    const customer = await ctx.buildUser({ roles: everyRole, accessLevel: 0 });
    const token = await ctx.login(customer.username, customer.password);
    expect((await ctx.request({ url: paths.me, token })).json().isAdmin).toBe(false);
    expect((await ctx.request({ url: paths.me, token: await ctx.login('admin') })).json().isAdmin).toBe(true);
  });
});
