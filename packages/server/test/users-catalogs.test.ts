import { modulesCatalogResponse, rolesCatalogResponse } from '@regie/contract/accounts';
import { paths } from '@regie/contract/api';
import { meResponse } from '@regie/contract/auth';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { MODULES } from '@regie/contract/modules';
import { ROLES } from '@regie/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ACCOUNTS = '/users-service-api/accounts';

describe('the roles and modules catalogues (spec §3, §7)', () => {
  it('lists every role with the modules that allow it, to any signed-in user', async () => {
    const response = await ctx.request({ url: paths.roles, token: await ctx.login('viewer') });
    expect(response.statusCode).toBe(200);
    const roles = rolesCatalogResponse.parse(response.json());
    expect(roles.map((role) => role.name).sort()).toEqual([...ROLES].sort());
    expect(roles.find((role) => role.name === 'simulcast_write')?.modules).toEqual(['SIMULCAST']);
  });

  it('lists every numbered module', async () => {
    const response = await ctx.request({ url: paths.modules, token: await ctx.login('viewer') });
    expect(response.statusCode).toBe(200);
    const modules = modulesCatalogResponse.parse(response.json());
    expect(modules).toHaveLength(MODULES.length);
    expect(modules.find((module) => module.code === 'DASHBOARD')).toMatchObject({ id: 25 });
  });

  it('asks a visitor to sign in', async () => {
    expect((await ctx.request({ url: paths.roles })).statusCode).toBe(401);
    expect((await ctx.request({ url: paths.modules })).statusCode).toBe(401);
  });
});

describe("an account's Roles, collected from its groups (spec §3)", () => {
  it('expands with expand=[Roles], alone or with Groups', async () => {
    const token = await ctx.login('admin');
    const events = await ctx.accountByName(DEMO_ACCOUNTS.events);
    const response = await ctx.request({ url: `${ACCOUNTS}/${events.id}?expand=[Roles,Groups]`, token });
    expect(response.statusCode).toBe(200);
    const account = response.json();
    const fromGroups = new Set<string>(account.Groups.flatMap((group: { roles: string[] }) => group.roles));
    expect(account.Roles).toEqual([...fromGroups].sort().map((name) => ({ name })));
    expect(account.Roles).toContainEqual({ name: 'simulcast_write' });

    const list = await ctx.request({ url: `${ACCOUNTS}?expand=[Roles]&limit=200`, token });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((row: { id: number }) => row.id === events.id);
    expect(listed.Roles).toEqual(account.Roles);
  });
});

describe('users/{id}/groups', () => {
  it('lets any user read their own groups, and still refuses another user’s', async () => {
    const token = await ctx.login('producer');
    const me = meResponse.parse((await ctx.request({ url: paths.me, token })).json());
    const own = await ctx.request({ url: paths.userGroups(me.id), token });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(me.Groups);

    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    const colleague = await ctx.buildUser({ accountId: club.id, roles: ['video_write'] });
    expect((await ctx.request({ url: paths.userGroups(colleague.id), token })).statusCode).toBe(403);
  });

  it('lets an admin acting for an account still read their own groups', async () => {
    const token = await ctx.login('admin');
    const me = meResponse.parse((await ctx.request({ url: paths.me, token })).json());
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    await ctx.actFor(token, club);
    const response = await ctx.request({ url: paths.userGroups(me.id), token, accountKey: club.accountKey });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(me.Groups);
  });
});
