import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { SPEAKERS_CSV_PATH } from '@regie/contract/resources/speakers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

/** The speakers' CSV export and the platform FAQ. */

let ctx: TestContext;
let organiser: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const events = await ctx.accountByName(DEMO_ACCOUNTS.events);
  const user = await ctx.buildUser({ accountId: events.id, roles: ['conf_player_write'] });
  organiser = await ctx.login(user.username, user.password);
});
afterAll(() => ctx.close());

describe('GET speakers/account/csv', () => {
  it("exports the account's speakers as a CSV attachment, escaping what needs it", async () => {
    const tricky = await ctx.request({
      method: 'POST',
      url: '/main-api/speakers',
      token: organiser,
      payload: { name: 'Zoé "Zed" Martin', company: 'Acme, Inc.', bio: 'Line one\nLine two', title: '=HYPERLINK("x")' },
    });
    expect(tricky.statusCode, tricky.body).toBe(201);
    const response = await ctx.request({ url: SPEAKERS_CSV_PATH, token: organiser });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="speakers-summit-live-events-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = response.body;
    expect(text.startsWith('\uFEFFid,name,title,company,email,bio,picture,createdAt,updatedAt\r\n')).toBe(true);
    const names = text
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[1]);
    expect(names.slice(0, 4)).toEqual(['Amara Nwosu', 'Jonathan Reyes', 'Marc-Antoine Dubois', 'Sofia Lindqvist']);
    expect(text).toContain(`,"Zoé ""Zed"" Martin","'=HYPERLINK(""x"")","Acme, Inc.",,"Line one\nLine two",,`);
  });

  it('exports nothing of another account, and refuses users without conf_player_write', async () => {
    const producer = await ctx.login('producer');
    const club = await ctx.request({ url: SPEAKERS_CSV_PATH, token: producer });
    expect(club.statusCode).toBe(200);
    expect(club.body).toBe('\uFEFFid,name,title,company,email,bio,picture,createdAt,updatedAt\r\n');
    expect((await ctx.request({ url: SPEAKERS_CSV_PATH, token: await ctx.login('editor') })).statusCode).toBe(403);
  });
});

describe('the FAQ', () => {
  it('is read by every signed-in user, read_only and no role at all included', async () => {
    const nobody = await ctx.buildUser({ roles: [] });
    for (const token of [await ctx.login(nobody.username, nobody.password), await ctx.login('viewer')]) {
      const entries = (await ctx.request({ url: '/main-api/faq', token })).json();
      expect(entries.total).toBe(4);
      expect(entries.data[0]).toMatchObject({ question: 'How do I add a marker type?', AccountId: null, position: 1 });
    }
    expect((await ctx.request({ url: '/main-api/faq' })).statusCode).toBe(401);
  });

  it('is written by platform admins only, for every account', async () => {
    const producer = await ctx.login('producer');
    const refused = await ctx.request({
      method: 'POST',
      url: '/main-api/faq',
      token: producer,
      payload: { question: 'Mine?', answer: 'No.' },
    });
    expect(refused.statusCode).toBe(403);
    const admin = await ctx.login('admin');
    const created = await ctx.request({
      method: 'POST',
      url: '/main-api/faq',
      token: admin,
      payload: { question: 'Where are the release notes?', answer: 'Under Help.', position: 9 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().AccountId).toBeNull();
    const seen = (await ctx.request({ url: '/main-api/faq?search=release notes', token: producer })).json();
    expect(seen.total).toBe(1);
    const french = (
      await ctx.request({ url: `/main-api/faq/${seen.data[0].id}/translations`, token: producer })
    ).json();
    expect(french).toEqual([]);
  });

  it('shows unpublished entries to its writers only: list, one, search and translations', async () => {
    const admin = await ctx.login('admin');
    const draft = await ctx.request({
      method: 'POST',
      url: '/main-api/faq',
      token: admin,
      payload: { question: 'A draft about the new player', answer: 'Not yet.', published: false },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().id;
    const nobody = await ctx.buildUser({ roles: [] });
    for (const token of [
      await ctx.login('viewer'),
      await ctx.login('producer'),
      await ctx.login(nobody.username, nobody.password),
    ]) {
      const list = (await ctx.request({ url: '/main-api/faq?limit=100', token })).json();
      expect(list.data.map((entry: { published: boolean }) => entry.published)).not.toContain(false);
      expect((await ctx.request({ url: '/main-api/faq?published=false', token })).json().total).toBe(0);
      expect((await ctx.request({ url: `/main-api/faq/${id}`, token })).statusCode).toBe(404);
      expect((await ctx.request({ url: `/main-api/faq/${id}/translations`, token })).statusCode).toBe(404);
      expect((await ctx.request({ url: '/main-api/search/faq?search=draft about', token })).json()).toEqual([]);
    }
    const all = (await ctx.request({ url: '/main-api/faq?published=false', token: admin })).json();
    expect(all.data.map((entry: { id: number }) => entry.id)).toEqual([id]);
    expect((await ctx.request({ url: `/main-api/faq/${id}`, token: admin })).json().published).toBe(false);
    const found = (await ctx.request({ url: '/main-api/search/faq?search=draft about', token: admin })).json();
    expect(found.map((entry: { id: number }) => entry.id)).toEqual([id]);
  });
});
