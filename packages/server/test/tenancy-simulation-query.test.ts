import { paths } from '@regie/contract/api';
import { AUTH_MESSAGES, meContextResponse } from '@regie/contract/auth';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { jobPaths } from '@regie/contract/jobs';
import { renderMessage } from '@regie/contract/messages.render';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/accounts.table.ts';
import { sports } from '../src/db/sports.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * Spec §6: while an admin acts for an account, every query carries that account's AccountId and
 * SportId. Every call accepts them; another account's AccountId is refused; SportId narrows as
 * sportId does, keeping the records about every sport (issues 24.1, 40.3).
 */
let ctx: TestContext;
let adminToken: string;
let single: { id: number; accountKey: string };
let several: { id: number; accountKey: string };
let other: { id: number; accountKey: string };
let sportId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.login('admin');
  single = await ctx.buildAccount({
    modules: ['SPORT_EVENTS', 'VIDEOS'],
    roles: ['sport_player_write', 'video_write'],
  });
  several = await ctx.buildAccount({ modules: ['SPORT_EVENTS'] });
  other = await ctx.buildAccount();
  const [sport] = await ctx.db.insert(sports).values({ name: 'Rugby', accountId: single.id }).returning();
  sportId = sport?.id ?? 0;
  await ctx.db.insert(sports).values([
    { name: 'Handball', accountId: several.id },
    { name: 'Volley', accountId: several.id },
  ]);
});
afterAll(() => ctx.close());

/** The admin acting for the account (issue 26: opened first, which ends acting for the previous one). */
async function asAdminFor(account: { id: number; accountKey: string }, url: string) {
  await ctx.actFor(adminToken, account);
  return ctx.request({ url, token: adminToken, accountKey: account.accountKey });
}

/** The sport the account is about, set as an admin does on its config tab. */
async function setSport(account: { id: number }, id: number | null): Promise<void> {
  const response = await ctx.request({
    method: 'PUT',
    url: `/users-service-api/accounts/${account.id}`,
    token: adminToken,
    payload: { config: { sportId: id } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('the simulated account in queries', () => {
  it("gives the account's SportId in the context: the sport its config names, if it sees it", async () => {
    await setSport(single, sportId);
    const one = meContextResponse.parse((await asAdminFor(single, paths.meContext)).json());
    expect(one.account.SportId).toBe(sportId);
    // Owning several sports, or one, says nothing of what the account is about: none configured.
    const many = meContextResponse.parse((await asAdminFor(several, paths.meContext)).json());
    expect(many.account.SportId).toBeNull();
    const own = meContextResponse.parse((await ctx.request({ url: paths.meContext, token: adminToken })).json());
    expect(own.account.SportId).toBeNull();
  });

  it("gives the account's own sport to its users too, for the new records they make (issue 40.2)", async () => {
    await setSport(single, sportId);
    const member = await ctx.buildUser({ accountId: single.id, roles: ['video_write'] });
    const token = await ctx.login(member.username, member.password);
    const context = meContextResponse.parse((await ctx.request({ url: paths.meContext, token })).json());
    // Not acting: no SportId added to queries, but the sport a new event or video starts at.
    expect(context.account).toMatchObject({ SportId: null, sportId });
    const acting = meContextResponse.parse((await asAdminFor(single, paths.meContext)).json());
    expect(acting.account).toMatchObject({ SportId: sportId, sportId });
  });

  it("refuses as an account's sport one it does not see, and keeps the one it had", async () => {
    const [foreign] = await ctx.db.insert(sports).values({ name: 'Polo', accountId: other.id }).returning();
    for (const id of [foreign?.id ?? 0, 2_000_000]) {
      const response = await ctx.request({
        method: 'PUT',
        url: `/users-service-api/accounts/${single.id}`,
        token: adminToken,
        payload: { config: { sportId: id } },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'config.sportId', message: renderMessage(HTTP_MESSAGES.accountSportNotSeen(id)) },
      ]);
    }
    const context = meContextResponse.parse((await asAdminFor(single, paths.meContext)).json());
    expect(context.account.SportId).toBe(sportId);
    // A config saved again with the sport it has is not checked again (a sport deleted since
    // must not block the rest of the config); the context then drops the sport it no longer sees.
    await ctx.db
      .update(accounts)
      .set({ config: { sportId: foreign?.id } })
      .where(eq(accounts.id, several.id));
    const again = await ctx.request({
      method: 'PUT',
      url: `/users-service-api/accounts/${several.id}`,
      token: adminToken,
      payload: { config: { sportId: foreign?.id, timezone: 'Europe/London' } },
    });
    expect(again.statusCode, again.body).toBe(200);
    const unseen = meContextResponse.parse((await asAdminFor(several, paths.meContext)).json());
    expect(unseen.account.SportId).toBeNull();
  });

  it('narrows a list by SportId as by sportId, whatever the sport, keeping records without a sport', async () => {
    const [football] = await ctx.db.select().from(sports).where(eq(sports.name, 'Football')).limit(1);
    const ids = async (query: string) =>
      (await asAdminFor(single, `/main-api/videos?limit=200&${query}`))
        .json<{ data: { id: number }[] }>()
        .data.map((row) => row.id)
        .sort((a, b) => a - b);
    const made = await ctx.db
      .insert(videos)
      .values([
        { title: 'Of its sport', accountId: single.id, sportId },
        { title: 'Without a sport', accountId: single.id },
        { title: 'Of another sport', accountId: single.id, sportId: football?.id ?? null },
      ])
      .returning();
    const [ofItsSport, withoutSport, ofAnother] = made.map((row) => row.id);
    await setSport(single, sportId);
    expect(await ids(`AccountId=${single.id}&SportId=${sportId}`)).toEqual([ofItsSport, withoutSport]);
    // Issue 40.3: another sport narrows to that sport (it answered everything), an unknown one to
    // the records about every sport only.
    expect(await ids(`AccountId=${single.id}&SportId=${football?.id}`)).toEqual([withoutSport, ofAnother]);
    expect(await ids('SportId=999999')).toEqual([withoutSport]);
    // The user's own choice of sport is the declared filter: that sport's records only.
    expect(await ids(`sportId=${football?.id}`)).toEqual([ofAnother]);
    // The account's configured sport does not matter.
    await setSport(single, null);
    expect(await ids(`AccountId=${single.id}&SportId=${sportId}`)).toEqual([ofItsSport, withoutSport]);
    await setSport(single, sportId);
    // A SportId that names no record is refused, saying which field.
    const wrong = await asAdminFor(single, '/main-api/videos?SportId=football');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('SportId');
  });

  it('accepts AccountId and SportId on resource lists and on calls whose queries are strict', async () => {
    const query = `AccountId=${single.id}&SportId=${sportId}`;
    const list = await asAdminFor(single, `/main-api/sports?${query}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { id: number }) => row.id)).toContain(sportId);
    for (const url of [
      `${jobPaths.jobs}?state=waiting&${query}`,
      `/main-api/videos?${query}`,
      `${paths.meContext}?${query}`,
    ]) {
      const response = await asAdminFor(single, url);
      expect(response.statusCode, url).toBe(200);
    }
  });

  it("refuses another account's AccountId while acting for one, storing and showing nothing of it", async () => {
    for (const url of [`/main-api/sports?AccountId=${other.id}`, `${jobPaths.jobs}?AccountId=${other.id}`]) {
      const response = await asAdminFor(single, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(renderMessage(AUTH_MESSAGES.notAuthorised));
    }
  });
});
