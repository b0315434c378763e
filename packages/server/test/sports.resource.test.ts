import { PLATFORM_ADMIN_ACCESS_LEVEL } from '@regie/contract/access';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

const SPORTS = '/main-api/sports';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("sports (tenancy 'shared')", () => {
  it("shows every account the platform's sports plus its own, never another account's", async () => {
    const producer = await ctx.login('producer');
    const names = (await ctx.request({ url: `${SPORTS}?limit=200`, token: producer })).json();
    expect(names.data.map((sport: { name: string }) => sport.name)).toEqual([
      'Basketball',
      'Five-a-side',
      'Football',
      'Handball',
      'Rugby',
      'Tennis',
    ]);
    const editor = await ctx.login('clipper');
    const other = (await ctx.request({ url: `${SPORTS}?limit=200`, token: editor })).json();
    expect(other.data.map((sport: { name: string }) => sport.name)).not.toContain('Five-a-side');
    expect(other.data.find((sport: { name: string }) => sport.name === 'Football').AccountId).toBeNull();
  });

  it("lets platform admins alone change the platform's sports", async () => {
    const producer = await ctx.login('producer');
    const football = (await ctx.request({ url: `${SPORTS}?search=football`, token: producer })).json().data[0];
    const refused = await ctx.request({
      method: 'PUT',
      url: `${SPORTS}/${football.id}`,
      token: producer,
      payload: { name: 'Soccer' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await ctx.request({ method: 'DELETE', url: `${SPORTS}/${football.id}`, token: producer })).statusCode).toBe(
      403,
    );

    // The demo admin has no sports role: an admin who also holds sport_player_write.
    const platform = await ctx.accountByName(DEMO_ACCOUNTS.platform);
    const admin = await ctx.buildUser({
      accountId: platform.id,
      roles: ['manage_customer_accounts', 'sport_player_write'],
      accessLevel: PLATFORM_ADMIN_ACCESS_LEVEL,
    });
    const adminToken = await ctx.login(admin.username, admin.password);
    const created = await ctx.request({
      method: 'POST',
      url: SPORTS,
      token: adminToken,
      payload: { name: 'Volleyball' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().AccountId).toBeNull();
    const duplicate = await ctx.request({
      method: 'POST',
      url: SPORTS,
      token: adminToken,
      payload: { name: 'Volleyball' },
    });
    expect(duplicate.statusCode).toBe(409);

    // Acting for the club, the same admin writes the club's own sports.
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    await ctx.actFor(adminToken, club);
    const clubSport = await ctx.request({
      method: 'POST',
      url: SPORTS,
      token: adminToken,
      accountKey: club.accountKey,
      payload: { name: 'Volleyball' },
    });
    expect(clubSport.statusCode, clubSport.body).toBe(201);
    expect(clubSport.json().AccountId).toBe(club.id);
  });

  it('accepts only the sprite files the server ships', async () => {
    const producer = await ctx.login('producer');
    const response = await ctx.request({
      method: 'POST',
      url: SPORTS,
      token: producer,
      payload: { name: 'Curling', svgSpriteFilename: '../../etc/passwd' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('svgSpriteFilename');
  });
});
