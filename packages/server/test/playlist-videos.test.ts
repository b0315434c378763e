import { playlistVideosPath } from '@regie/contract/resources/playlists';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistVideos } from '../src/db/playlists.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { auditReader } from './audit-trail-fixtures.ts';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';

/** A playlist's videos (playlist_videos) and a category's linked videos: real videos, one account. */

let ctx: TestContext;
let accountA: BuiltAccount;
let accountB: BuiltAccount;
let editorA: string;
let viewerA: string;
let editorB: string;
const ids: Record<string, number> = {};

async function video(title: string, accountId: number): Promise<number> {
  const [row] = await ctx.db.insert(videos).values({ title, accountId }).returning();
  if (!row) throw new Error('no video');
  return row.id;
}

async function playlist(token: string, name: string): Promise<number> {
  const response = await ctx.request({ method: 'POST', url: '/main-api/playlists', token, payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const put = (token: string, playlistId: number, videoIds: unknown) =>
  ctx.request({ method: 'PUT', url: playlistVideosPath(playlistId), token, payload: { videoIds } });

const titles = (records: { title: string }[]) => records.map((record) => record.title);

beforeAll(async () => {
  ctx = await createTestContext();
  accountA = await ctx.buildAccount({ modules: ['VIDEOS'] });
  accountB = await ctx.buildAccount({ modules: ['VIDEOS'] });
  const a = await ctx.buildUser({ accountId: accountA.id, roles: ['video_write'] });
  const readOnly = await ctx.buildUser({ accountId: accountA.id, roles: ['read_only'] });
  const b = await ctx.buildUser({ accountId: accountB.id, roles: ['video_write'] });
  editorA = await ctx.login(a.username, a.password);
  viewerA = await ctx.login(readOnly.username, readOnly.password);
  editorB = await ctx.login(b.username, b.password);
  for (const title of ['Kick-off', 'First goal', 'Half time']) ids[title] = await video(title, accountA.id);
  ids.foreign = await video('Their derby', accountB.id);
});
afterAll(() => ctx.close());

describe('PUT playlists/{id}/videos and expand=[Video]', () => {
  it('keeps the order given, for one playlist and for the list', async () => {
    const id = await playlist(editorA, 'Best of');
    const saved = await put(editorA, id, [ids['Half time'], ids['Kick-off'], ids['First goal']]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(titles(saved.json().data)).toEqual(['Half time', 'Kick-off', 'First goal']);
    const one = (await ctx.request({ url: `/main-api/playlists/${id}?expand=[Video]`, token: editorA })).json();
    expect(titles(one.Video)).toEqual(['Half time', 'Kick-off', 'First goal']);
    // Reorder and remove in one call.
    await put(editorA, id, [ids['First goal'], ids['Half time']]);
    const list = (
      await ctx.request({ url: '/main-api/playlists?expand=[Video]&search=Best of', token: editorA })
    ).json();
    expect(titles(list.data[0].Video)).toEqual(['First goal', 'Half time']);
    // The playlist's history holds each new list; the same list again adds nothing.
    await put(editorA, id, [ids['First goal'], ids['Half time']]);
    const history = await auditReader(ctx)(accountA.id, { resource: 'playlists', resourceId: id, action: 'update' });
    expect(history.map((entry) => entry.changes)).toEqual([
      {
        videoIds: {
          before: [ids['Half time'], ids['Kick-off'], ids['First goal']],
          after: [ids['First goal'], ids['Half time']],
        },
      },
      { videoIds: { before: [], after: [ids['Half time'], ids['Kick-off'], ids['First goal']] } },
    ]);
  });

  it("refuses another account's video, an unknown one and the same one twice, naming the entry", async () => {
    const id = await playlist(editorA, 'Strict');
    const foreign = await put(editorA, id, [ids['Kick-off'], ids.foreign]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ path: 'videoIds.1', message: `No video ${ids.foreign} in this account` }]);
    const twice = await put(editorA, id, [ids['Kick-off'], ids['Kick-off']]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([{ path: 'videoIds.1', message: `Video ${ids['Kick-off']} is listed twice` }]);
    expect((await put(editorA, id, [999_999])).statusCode).toBe(400);
    expect(await ctx.db.select().from(playlistVideos).where(eq(playlistVideos.playlistId, id))).toEqual([]);
  });

  it("hides a playlist from another account, and refuses a read-only user's change", async () => {
    const id = await playlist(editorA, 'Private');
    expect((await put(editorB, id, [ids.foreign])).statusCode).toBe(404);
    expect((await put(viewerA, id, [ids['Kick-off']])).statusCode).toBe(403);
  });

  it('loses a deleted video, and its links go with a deleted playlist', async () => {
    const id = await playlist(editorA, 'Short-lived');
    const doomed = await video('Doomed', accountA.id);
    await put(editorA, id, [doomed, ids['Kick-off']]);
    await ctx.db.delete(videos).where(eq(videos.id, doomed));
    const one = (await ctx.request({ url: `/main-api/playlists/${id}?expand=[Video]`, token: editorA })).json();
    expect(titles(one.Video)).toEqual(['Kick-off']);
    expect((await ctx.request({ method: 'DELETE', url: `/main-api/playlists/${id}`, token: editorA })).statusCode).toBe(
      204,
    );
    expect(await ctx.db.select().from(playlistVideos).where(eq(playlistVideos.playlistId, id))).toEqual([]);
  });
  it('lets an admin acting for the account set the videos; the AccountId the web app adds is ignored', async () => {
    const admin = await ctx.login('admin');
    await ctx.actFor(admin, accountA);
    const id = await playlist(editorA, 'Chosen by the platform');
    const response = await ctx.request({
      method: 'PUT',
      url: playlistVideosPath(id),
      token: admin,
      accountKey: accountA.accountKey,
      payload: { videoIds: [ids['Half time']], AccountId: accountB.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const one = (await ctx.request({ url: `/main-api/playlists/${id}?expand=[Video]`, token: editorA })).json();
    expect(titles(one.Video)).toEqual(['Half time']);
  });
});

describe("a category's linked videos", () => {
  it("links the account's videos, never another account's", async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/main-api/categories',
      token: editorA,
      payload: { name: 'Highlights' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const items = `/main-api/categories/${created.json().id}/items`;
    const linked = await ctx.request({
      method: 'POST',
      url: items,
      token: editorA,
      payload: { itemType: 'video', itemId: ids['First goal'] },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json().item).toMatchObject({ id: ids['First goal'], title: 'First goal' });
    const foreign = await ctx.request({
      method: 'POST',
      url: items,
      token: editorA,
      payload: { itemType: 'video', itemId: ids.foreign },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('itemId');
    const list = (await ctx.request({ url: items, token: editorA })).json();
    expect(list.data.map((link: { item: { title: string } }) => link.item.title)).toEqual(['First goal']);
  });

  it('drops the link when the video is deleted', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/main-api/categories',
      token: editorA,
      payload: { name: 'Soon gone' },
    });
    const items = `/main-api/categories/${created.json().id}/items`;
    const doomed = await video('Deleted later', accountA.id);
    const linked = await ctx.request({
      method: 'POST',
      url: items,
      token: editorA,
      payload: { itemType: 'video', itemId: doomed },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const deleted = await ctx.request({ method: 'DELETE', url: `/main-api/videos/${doomed}`, token: editorA });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await ctx.request({ url: items, token: editorA })).json()).toMatchObject({ data: [], total: 0 });
  });
});
