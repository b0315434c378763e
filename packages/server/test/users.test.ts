import { paths } from '@regie/contract/api';
import { meContextResponse, meResponse, oauthResponse } from '@regie/contract/auth';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/users.table.ts';
import { auditReader } from './audit-trail-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET users/me', () => {
  it("returns the user's profile, own roles, groups and account modules", async () => {
    const token = await ctx.login('producer');
    const response = await ctx.request({ url: paths.me, token });
    expect(response.statusCode).toBe(200);
    const me = meResponse.parse(response.json());
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    expect(me).toMatchObject({
      username: 'producer',
      name: 'Camille Laurent',
      AccountId: club.id,
      accountId: club.id,
      accountKey: club.accountKey,
      accountName: DEMO_ACCOUNTS.club,
      accessLevel: 0,
      isAdmin: false,
      meta: { language: 'en' },
    });
    expect(me.Roles.map((role) => role.name)).toEqual([
      'conf_player_write',
      'liveclipping_write',
      'sport_player_write',
      'use_cms',
      'use_push_notifications',
    ]);
    expect(me.Groups).toEqual([expect.objectContaining({ name: 'Production', AccountId: club.id })]);
    expect(me.Modules.map((module) => module.code)).toContain('DASHBOARD');
    expect(me.Modules.find((module) => module.code === 'DASHBOARD')).toEqual({
      id: 25,
      code: 'DASHBOARD',
      name: 'Dashboard',
    });
  });

  it('marks the platform admin', async () => {
    const response = await ctx.request({ url: paths.me, token: await ctx.login('admin') });
    expect(response.json()).toMatchObject({ isAdmin: true, accessLevel: 1, accountName: DEMO_ACCOUNTS.platform });
  });
});

describe('GET users/me/context', () => {
  it('gives languages and the landing route', async () => {
    const response = await ctx.request({ url: paths.meContext, token: await ctx.login('clipper') });
    expect(response.json()).toMatchObject({
      simulated: false,
      roles: ['clip_only', 'liveclipping_write'],
      languages: {
        available: [
          { id: 1, code: 'en', name: 'English' },
          { id: 2, code: 'fr', name: 'Français' },
        ],
        default: 'en',
      },
      homepage: '/account/clip-skins',
    });
  });

  it("carries the user's own groups, the same as users/me, also while an admin simulates an account", async () => {
    for (const username of ['clipper', 'admin']) {
      const token = await ctx.login(username);
      const me = meResponse.parse((await ctx.request({ url: paths.me, token })).json());
      expect(me.Groups.length).toBeGreaterThan(0);
      const context = meContextResponse.parse((await ctx.request({ url: paths.meContext, token })).json());
      expect(context.Groups).toEqual(me.Groups);
    }
    const admin = await ctx.login('admin');
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    const adminMe = meResponse.parse((await ctx.request({ url: paths.me, token: admin })).json());
    await ctx.actFor(admin, club);
    const simulating = await ctx.request({ url: paths.meContext, token: admin, accountKey: club.accountKey });
    expect(simulating.json()).toMatchObject({ simulated: true, Groups: adminMe.Groups });
  });
});

describe('GET users/me/oauth', () => {
  it('says which social accounts are linked without sending any token', async () => {
    const response = await ctx.request({ url: paths.meOauth, token: await ctx.login('producer') });
    expect(oauthResponse.parse(response.json())).toEqual({
      facebook: { connected: true, pageId: '1024' },
      dailymotion: { connected: false },
      twitter: { connected: false },
      google: { connected: false },
    });
    expect(response.body).not.toContain('demo-facebook-token');
  });
});

describe('PUT users/me', () => {
  it('stores the language, returns the merged meta, and users/me shows it', async () => {
    const { username, password, id } = await ctx.buildUser();
    const token = await ctx.login(username, password);
    await ctx.db
      .update(users)
      .set({ meta: { language: 'en', theme: 'dark' } })
      .where(eq(users.id, id));

    const response = await ctx.request({ method: 'PUT', url: paths.me, token, payload: { meta: { language: 'fr' } } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ meta: { language: 'fr', theme: 'dark' } });
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(stored?.meta).toEqual({ language: 'fr', theme: 'dark' });
    expect((await ctx.request({ url: paths.me, token })).json().meta).toEqual({ language: 'fr', theme: 'dark' });

    // A meta without language keeps the stored one.
    const partial = await ctx.request({ method: 'PUT', url: paths.me, token, payload: { meta: {} } });
    expect(partial.json()).toEqual({ meta: { language: 'fr', theme: 'dark' } });
    // One entry on the user, for the change only (the empty call changed nothing).
    const [built] = await ctx.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, id));
    const history = await auditReader(ctx)(built?.accountId ?? 0, { resource: 'users', resourceId: id });
    expect(history.map((entry) => [entry.action, entry.userId, entry.changes])).toEqual([
      ['update', id, { 'meta.language': { before: 'en', after: 'fr' } }],
    ]);
  });

  it('refuses any key but the known preferences, naming it, and stores nothing (issue 24.10)', async () => {
    const { username, password, id } = await ctx.buildUser();
    const token = await ctx.login(username, password);
    for (const meta of [{ accessLevel: 1 }, { isAdmin: true, language: 'fr' }, { roles: ['admin'] }, { theme: 'x' }]) {
      const response = await ctx.request({ method: 'PUT', url: paths.me, token, payload: { meta } });
      expect(response.statusCode, JSON.stringify(meta)).toBe(400);
      const unknown = Object.keys(meta).filter((key) => key !== 'language');
      expect(response.json().errors).toEqual(unknown.map((key) => ({ path: `meta.${key}`, message: 'Unknown field' })));
    }
    const french = await ctx.request({
      method: 'PUT',
      url: paths.me,
      token,
      payload: { meta: { accessLevel: 1 } },
      headers: { 'accept-language': 'fr' },
    });
    expect(french.json().errors).toEqual([{ path: 'meta.accessLevel', message: 'Champ inconnu' }]);
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(stored?.meta).toEqual({});
    const kept = await ctx.request({ method: 'PUT', url: paths.me, token, payload: { meta: { language: 'fr' } } });
    expect(kept.json()).toEqual({ meta: { language: 'fr' } });
  });

  it('refuses an unknown language with a field error and keeps the stored meta', async () => {
    const { username, password, id } = await ctx.buildUser();
    const token = await ctx.login(username, password);
    const response = await ctx.request({ method: 'PUT', url: paths.me, token, payload: { meta: { language: 'de' } } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Validation failed',
      errors: [{ path: 'meta.language', message: expect.stringContaining('en') }],
    });
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(stored?.meta).toEqual({});
  });
});

describe('groups, roles and members', () => {
  it('needs manage_users or manage_customer_accounts', async () => {
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    const response = await ctx.request({ url: paths.accountGroups(club.id), token: await ctx.login('producer') });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Action not authorised !');
  });

  it("lets a user manager walk their own account's groups, roles and members", async () => {
    const token = await ctx.login('usermanager');
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    const groups = (await ctx.request({ url: paths.accountGroups(club.id), token })).json();
    const production = groups.find((group: { name: string }) => group.name === 'Production');
    expect(production.Roles.map((role: { name: string }) => role.name)).toEqual([
      'conf_player_write',
      'liveclipping_write',
      'sport_player_write',
      'use_cms',
      'use_push_notifications',
    ]);
    const roles = (await ctx.request({ url: paths.groupRoles(production.id), token })).json();
    expect(roles).toEqual(production.Roles);
    const members = (await ctx.request({ url: paths.groupUsers(production.id), token })).json();
    expect(members).toEqual([{ id: expect.any(Number), username: 'producer', name: 'Camille Laurent' }]);
    const owners = (await ctx.request({ url: paths.groupAccounts(production.id), token })).json();
    expect(owners).toEqual([{ id: club.id, name: DEMO_ACCOUNTS.club }]);
    const userGroups = (await ctx.request({ url: paths.userGroups(members[0].id), token })).json();
    expect(userGroups).toEqual([{ id: production.id, name: 'Production', AccountId: club.id }]);
    const modules = (await ctx.request({ url: paths.accountModules(club.id), token })).json();
    expect(modules.map((module: { code: string }) => module.code)).toContain('ADDON_TRIVIA');
  });

  it("answers 404 for another account's user, group or account, and for unknown ids", async () => {
    const token = await ctx.login('usermanager');
    const events = await ctx.accountByName(DEMO_ACCOUNTS.events);
    const stranger = await ctx.buildUser({ accountId: events.id, roles: ['video_write'] });
    const eventsGroups = (
      await ctx.request({ url: paths.accountGroups(events.id), token: await ctx.login('admin') })
    ).json();
    const urls = [
      paths.userGroups(stranger.id),
      paths.groupRoles(eventsGroups[0].id),
      paths.groupUsers(eventsGroups[0].id),
      paths.groupAccounts(eventsGroups[0].id),
      paths.accountModules(events.id),
      paths.accountGroups(events.id),
      paths.userGroups(999_999),
      paths.groupRoles(999_999),
    ];
    for (const url of urls) {
      const response = await ctx.request({ url, token });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('refuses an id that is not a number', async () => {
    const response = await ctx.request({ url: paths.groupRoles('abc'), token: await ctx.login('usermanager') });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('id');
  });
});
