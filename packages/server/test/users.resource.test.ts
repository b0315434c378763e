import { paths, USERS_API } from '@regie/contract/api';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { renderMessage } from '@regie/contract/messages.render';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/users.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

const USERS = `${USERS_API}/users`;

let ctx: TestContext;
let managerToken: string;
let clubGroups: { id: number; name: string }[];
beforeAll(async () => {
  ctx = await createTestContext();
  managerToken = await ctx.login('usermanager');
  const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
  clubGroups = (await ctx.request({ url: paths.accountGroups(club.id), token: managerToken })).json();
});
afterAll(() => ctx.close());

const production = () => clubGroups.find((group) => group.name === 'Production')?.id ?? 0;
const create = (payload: Record<string, unknown>, token = managerToken) =>
  ctx.request({ method: 'POST', url: USERS, token, payload });

describe('users (resource)', () => {
  it('stores a hash, never returns the password, and the new user can sign in', async () => {
    const password = 'a brand new password';
    const response = await create({
      username: '  New.Editor@Club ',
      name: 'New Editor',
      password,
      groups: [production()],
      meta: { language: 'fr' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ username: 'new.editor@club', accessLevel: 0, meta: { language: 'fr' } });
    expect(user.groups).toEqual([production()]);
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordHash');

    const [stored] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.passwordHash).not.toContain(password);

    for (const url of [`${USERS}/${user.id}`, `${USERS}?search=new.editor`, `${paths.search('users')}?search=editor`]) {
      const body = (await ctx.request({ url, token: managerToken })).body;
      expect(body, url).not.toContain('argon2');
      expect(body, url).not.toMatch(/password/i);
    }

    const token = await ctx.login('NEW.EDITOR@club', password);
    const me = (await ctx.request({ url: paths.me, token })).json();
    expect(me.Roles.map((role: { name: string }) => role.name)).toContain('sport_player_write');
    // The groups set through the resource are the ones users/{id}/groups shows.
    const groups = (await ctx.request({ url: paths.userGroups(user.id), token: managerToken })).json();
    expect(groups.map((group: { id: number }) => group.id)).toEqual([production()]);
  });

  it('changes the password on PUT, and keeps it when the body leaves it out', async () => {
    const user = (await create({ username: 'pw.changer', name: 'Changer', password: 'first password 1' })).json();
    const renamed = await ctx.request({
      method: 'PUT',
      url: `${USERS}/${user.id}`,
      token: managerToken,
      payload: { name: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    await ctx.login('pw.changer', 'first password 1');
    const changed = await ctx.request({
      method: 'PUT',
      url: `${USERS}/${user.id}`,
      token: managerToken,
      payload: { password: 'second password 2' },
    });
    expect(changed.statusCode).toBe(200);
    await ctx.login('pw.changer', 'second password 2');
  });

  it('refuses a password under 10 characters and a taken username, whatever its case', async () => {
    const short = await create({ username: 'shorty', name: 'Short', password: '123456789' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].path).toBe('password');
    const taken = await create({ username: 'Producer', name: 'Clone', password: 'long enough password' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'This username is already used', errors: [{ path: 'username' }] });
  });

  it('lets only platform admins give an access level above 0 or an admin group', async () => {
    const level = await create({
      username: 'climber',
      name: 'Climber',
      password: 'long enough password',
      accessLevel: 1,
    });
    expect(level.statusCode).toBe(403);
    const platform = await ctx.accountByName(DEMO_ACCOUNTS.platform);
    const admin = await ctx.login('admin');
    const adminGroups = (await ctx.request({ url: paths.accountGroups(platform.id), token: admin })).json();
    const byAdmin = await create(
      {
        username: 'second.admin',
        name: 'Second',
        password: 'long enough password',
        accessLevel: 1,
        groups: [adminGroups[0].id],
      },
      admin,
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json()).toMatchObject({ accessLevel: 1, AccountId: platform.id });
  });

  it('keeps platform admins out of reach of user managers who are not admins', async () => {
    const platform = await ctx.accountByName(DEMO_ACCOUNTS.platform);
    const manager = await ctx.buildUser({ accountId: platform.id, roles: ['manage_users'] });
    const token = await ctx.login(manager.username, manager.password);
    const admin = (await ctx.request({ url: `${USERS}?search=admin`, token })).json().data[0];
    expect(admin.username).toBe('admin');
    const takeover = await ctx.request({
      method: 'PUT',
      url: `${USERS}/${admin.id}`,
      token,
      payload: { password: 'i own you now, admin' },
    });
    expect(takeover.statusCode).toBe(403);
    expect((await ctx.request({ method: 'DELETE', url: `${USERS}/${admin.id}`, token })).statusCode).toBe(403);
    await ctx.login('admin');
  });

  it("refuses another account's groups", async () => {
    const events = await ctx.accountByName(DEMO_ACCOUNTS.events);
    const eventsGroups = (
      await ctx.request({ url: paths.accountGroups(events.id), token: await ctx.login('admin') })
    ).json();
    const response = await create({
      username: 'group.thief',
      name: 'Thief',
      password: 'long enough password',
      groups: [eventsGroups[0].id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'groups', message: `Unknown groups: ${eventsGroups[0].id}` }]);
  });

  it('filters by group and expands Groups', async () => {
    const list = (await ctx.request({ url: `${USERS}?groups=${production()}`, token: managerToken })).json();
    expect(list.data.map((user: { username: string }) => user.username)).toContain('producer');
    expect(list.data.every((user: { groups: number[] }) => user.groups.includes(production()))).toBe(true);
    const producer = list.data.find((user: { username: string }) => user.username === 'producer');
    const expanded = (
      await ctx.request({ url: `${USERS}/${producer.id}?expand=[Groups]`, token: managerToken })
    ).json();
    expect(expanded.Groups).toEqual([expect.objectContaining({ id: production(), name: 'Production' })]);
  });

  it('does not let users delete themselves', async () => {
    const me = (await ctx.request({ url: paths.me, token: managerToken })).json();
    const response = await ctx.request({ method: 'DELETE', url: `${USERS}/${me.id}`, token: managerToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(renderMessage(HTTP_MESSAGES.deleteSelf));
  });
});
