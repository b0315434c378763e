import { paths, USERS_API } from '@regie/contract/api';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { renderMessage } from '@regie/contract/messages.render';
import { THEME_PRIMARY_COLOR } from '@regie/contract/ui';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sports } from '../src/db/sports.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

const ACCOUNTS = `${USERS_API}/accounts`;

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.login('admin');
});
afterAll(() => ctx.close());

const create = (payload: Record<string, unknown>, token = adminToken) =>
  ctx.request({ method: 'POST', url: ACCOUNTS, token, payload });

describe('accounts (resource)', () => {
  it('makes the account key and fills the config defaults', async () => {
    const response = await create({ name: 'Northern Lights FC', modules: ['VIDEOS', 'SPORT_EVENTS'] });
    expect(response.statusCode, response.body).toBe(201);
    const account = response.json();
    expect(account.accountKey).toMatch(/^[a-f0-9]{24}$/);
    expect(account.AccountId).toBeNull();
    expect(account.config).toEqual({
      theme: { primaryColor: THEME_PRIMARY_COLOR, logo: null },
      languages: { available: ['en', 'fr'], default: 'en' },
      contactEmail: null,
      timezone: 'Europe/Paris',
      sportId: null,
      auditRetentionDays: 400,
      geoBlocking: { mode: 'block', countries: [], unknownAddresses: 'allow' },
    });
    const modules = (await ctx.request({ url: paths.accountModules(account.id), token: adminToken })).json();
    expect(modules.map((module: { code: string }) => module.code)).toEqual(['VIDEOS', 'SPORT_EVENTS']);

    // The key is the server's: never accepted in a body.
    const forged = await ctx.request({
      method: 'PUT',
      url: `${ACCOUNTS}/${account.id}`,
      token: adminToken,
      payload: { accountKey: 'mine' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors).toEqual([{ path: 'accountKey', message: 'Unknown field' }]);
  });

  it('validates module codes against the contract and the config against its schema', async () => {
    const modules = await create({ name: 'Bad modules', modules: ['VIDEOS', 'TELEPORT'] });
    expect(modules.statusCode).toBe(400);
    expect(modules.json().errors.map((error: { path: string }) => error.path)).toEqual(['modules.1']);
    const colour = await create({ name: 'Bad colour', config: { theme: { primaryColor: 'blue' } } });
    expect(colour.statusCode).toBe(400);
    expect(colour.json().errors[0]).toEqual({
      path: 'config.theme.primaryColor',
      message: 'Use a colour like #0ACAFF',
    });
    const language = await create({
      name: 'Bad language',
      config: { languages: { available: ['fr'], default: 'en' } },
    });
    expect(language.statusCode).toBe(400);
    const good = await create({ name: 'Red club', config: { theme: { primaryColor: '#FF0000' }, timezone: 'UTC' } });
    expect(good.json().config).toMatchObject({ theme: { primaryColor: '#FF0000' }, timezone: 'UTC' });
  });

  it('is for platform admins with access level 1 only', async () => {
    const lowAdmin = await ctx.buildUser({ roles: ['manage_customer_accounts'], accessLevel: 0 });
    const lowToken = await ctx.login(lowAdmin.username, lowAdmin.password);
    expect((await ctx.request({ url: ACCOUNTS, token: lowToken })).statusCode).toBe(403);
    expect((await ctx.request({ url: ACCOUNTS, token: await ctx.login('usermanager') })).statusCode).toBe(403);
    const list = (await ctx.request({ url: `${ACCOUNTS}?sort=name&limit=200`, token: adminToken })).json();
    expect(list.data.map((account: { name: string }) => account.name)).toContain(DEMO_ACCOUNTS.club);
  });

  it('filters by module and expands Groups', async () => {
    const list = (await ctx.request({ url: `${ACCOUNTS}?modules=SIMULCAST`, token: adminToken })).json();
    expect(list.data.map((account: { name: string }) => account.name)).toContain(DEMO_ACCOUNTS.events);
    expect(list.data.every((account: { modules: string[] }) => account.modules.includes('SIMULCAST'))).toBe(true);
    const events = await ctx.accountByName(DEMO_ACCOUNTS.events);
    const expanded = (
      await ctx.request({ url: `${ACCOUNTS}/${events.id}?expand=[Groups,Users]`, token: adminToken })
    ).json();
    expect(expanded.Groups.map((group: { name: string }) => group.name)).toEqual([
      'Clipping desk',
      'Conference desk',
      'Live operators',
      'Live production',
      'Simulcast operators',
    ]);
    expect(expanded.Users.map((user: { username: string }) => user.username).sort()).toEqual([
      'clipper',
      'simulcaster',
    ]);
  });

  it("reads an account with the spec's Groups, Roles and Modules, expanded or not (issue 40.4)", async () => {
    const events = await ctx.accountByName(DEMO_ACCOUNTS.events);
    const read = await ctx.request({ url: `${ACCOUNTS}/${events.id}`, token: adminToken });
    expect(read.statusCode).toBe(200);
    const account = read.json();
    expect(account.Groups.length).toBe(5);
    expect(account.Groups.every((group: { id: unknown }) => typeof group.id === 'number')).toBe(true);
    expect(account.Roles.map((role: { name: string }) => role.name)).toContain('simulcast_write');
    expect(account.Modules).toContainEqual({ id: 9, code: 'SIMULCAST', name: 'Simulcast' });
    expect(account.Modules.map((module: { code: string }) => module.code).sort()).toEqual([...account.modules].sort());
    // The extra fields stay: the codes the form edits.
    expect(account.modules).toContain('SIMULCAST');
    // Expanding what is always there is no error; an unknown name still is.
    const expanded = await ctx.request({ url: `${ACCOUNTS}/${events.id}?expand=[Modules,Roles]`, token: adminToken });
    expect(expanded.statusCode).toBe(200);
    expect(expanded.json().Modules).toEqual(account.Modules);
    const unknown = await ctx.request({ url: `${ACCOUNTS}/${events.id}?expand=Nope`, token: adminToken });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Modules');
    // A list carries Modules too; Groups and Roles when expanded.
    const list = (await ctx.request({ url: `${ACCOUNTS}?modules=SIMULCAST`, token: adminToken })).json();
    expect(list.data[0].Modules.length).toBeGreaterThan(0);
    expect(list.data[0].Groups).toBeUndefined();
  });

  it('refuses to delete the admin’s own account, or one that still has users', async () => {
    const platform = await ctx.accountByName(DEMO_ACCOUNTS.platform);
    const own = await ctx.request({ method: 'DELETE', url: `${ACCOUNTS}/${platform.id}`, token: adminToken });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(renderMessage(HTTP_MESSAGES.deleteOwnAccount));
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    const used = await ctx.request({ method: 'DELETE', url: `${ACCOUNTS}/${club.id}`, token: adminToken });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('This account is still in use and cannot be deleted');
  });

  it("lists the sports one account sees, the choices of its config's sport, to customer managers only", async () => {
    const mine = await ctx.buildAccount();
    const other = await ctx.buildAccount();
    await ctx.db.insert(sports).values([
      { name: 'Zorbing', accountId: mine.id },
      { name: 'Aa polo', accountId: other.id },
    ]);
    const platformSports = await ctx.db.select({ name: sports.name }).from(sports).where(isNull(sports.accountId));
    expect(platformSports.length).toBeGreaterThan(0);
    // The admin acts for the platform account, which owns no sport: the answer is the edited account's.
    const response = await ctx.request({ url: paths.accountSports(mine.id), token: adminToken });
    expect(response.statusCode, response.body).toBe(200);
    const names = response.json().map((sport: { name: string }) => sport.name);
    expect(names).toEqual(
      [...platformSports.map((sport) => sport.name), 'Zorbing'].sort((a, b) => a.localeCompare(b, 'en')),
    );
    expect(names).not.toContain('Aa polo');
    expect(Object.keys(response.json()[0]).sort()).toEqual(['id', 'name', 'svgSpriteFilename']);

    const unknown = await ctx.request({ url: paths.accountSports(2_000_000), token: adminToken });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(renderMessage(HTTP_MESSAGES.accountNotFound(2_000_000)));
    const lowAdmin = await ctx.buildUser({ roles: ['manage_customer_accounts'], accessLevel: 0 });
    const lowToken = await ctx.login(lowAdmin.username, lowAdmin.password);
    expect((await ctx.request({ url: paths.accountSports(mine.id), token: lowToken })).statusCode).toBe(403);
    const manager = await ctx.login('usermanager');
    expect((await ctx.request({ url: paths.accountSports(mine.id), token: manager })).statusCode).toBe(403);
    expect((await ctx.request({ url: paths.accountSports(mine.id) })).statusCode).toBe(401);
  });
});
