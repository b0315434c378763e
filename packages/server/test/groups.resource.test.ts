import { paths, USERS_API } from '@regie/contract/api';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

const GROUPS = `${USERS_API}/groups`;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('groups (resource)', () => {
  it('offers only roles whose modules the account has (contract rolesAvailableFor)', async () => {
    // The club has SPORT_EVENTS and VIDEOS, not WARREN (the news).
    const token = await ctx.login('usermanager');
    const refused = await ctx.request({
      method: 'POST',
      url: GROUPS,
      token,
      payload: { name: 'Newsroom', roles: ['video_write', 'use_news'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'roles', message: expect.stringMatching(/^Role use_news needs one of the modules WARREN/) },
    ]);
    const unknown = await ctx.request({ method: 'POST', url: GROUPS, token, payload: { name: 'X', roles: ['root'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('roles.0');

    const accepted = await ctx.request({
      method: 'POST',
      url: GROUPS,
      token,
      payload: { name: 'Editors', roles: ['video_write', 'read_only', 'manage_users'] },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const group = accepted.json();
    expect(group.roles).toEqual(['manage_users', 'read_only', 'video_write']);
    const roles = (await ctx.request({ url: paths.groupRoles(group.id), token })).json();
    expect(roles.map((role: { name: string }) => role.name)).toEqual(['manage_users', 'read_only', 'video_write']);
  });

  it('sets members among the account users; GET groups/{id}/users shows them', async () => {
    const token = await ctx.login('usermanager');
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    const member = await ctx.buildUser({ accountId: club.id, name: 'Member One' });
    const stranger = await ctx.buildUser();
    const refused = await ctx.request({
      method: 'POST',
      url: GROUPS,
      token,
      payload: { name: 'Crew', users: [member.id, stranger.id] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toEqual({ path: 'users', message: `Unknown users: ${stranger.id}` });
    const created = await ctx.request({
      method: 'POST',
      url: GROUPS,
      token,
      payload: { name: 'Crew', users: [member.id] },
    });
    expect(created.statusCode).toBe(201);
    const members = (await ctx.request({ url: paths.groupUsers(created.json().id), token })).json();
    expect(members).toEqual([{ id: member.id, username: member.username, name: 'Member One' }]);
    const renamed = await ctx.request({
      method: 'PUT',
      url: `${GROUPS}/${created.json().id}`,
      token,
      payload: { name: 'Crew 2' },
    });
    // Members stay when the body leaves them out.
    expect(renamed.json()).toMatchObject({ name: 'Crew 2', users: [member.id] });
  });

  it('keeps the platform admin role to platform admins', async () => {
    const token = await ctx.login('usermanager');
    const response = await ctx.request({
      method: 'POST',
      url: GROUPS,
      token,
      payload: { name: 'Takeover', roles: ['manage_customer_accounts'] },
    });
    expect(response.statusCode).toBe(403);
    const platform = await ctx.accountByName(DEMO_ACCOUNTS.platform);
    const manager = await ctx.buildUser({ accountId: platform.id, roles: ['manage_users'] });
    const managerToken = await ctx.login(manager.username, manager.password);
    const groups = (await ctx.request({ url: `${GROUPS}?search=Platform`, token: managerToken })).json();
    const adminGroup = groups.data.find((group: { roles: string[] }) =>
      group.roles.includes('manage_customer_accounts'),
    );
    for (const [method, payload] of [
      ['PUT', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const attempt = await ctx.request({ method, url: `${GROUPS}/${adminGroup.id}`, token: managerToken, payload });
      expect(attempt.statusCode, method).toBe(403);
    }
  });

  it('lets an admin acting for an account create its groups there', async () => {
    const events = await ctx.accountByName(DEMO_ACCOUNTS.events);
    const token = await ctx.login('admin');
    await ctx.actFor(token, events);
    const response = await ctx.request({
      method: 'POST',
      url: GROUPS,
      token,
      accountKey: events.accountKey,
      payload: { name: 'Night shift', roles: ['simulcast_write'], AccountId: 1 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().AccountId).toBe(events.id);
  });
});
