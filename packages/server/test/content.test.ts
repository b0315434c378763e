import { renderMessage } from '@regie/contract/messages.render';
import { MODULE_CODES } from '@regie/contract/modules';
import { ITEM_LINK_MESSAGES } from '@regie/contract/resources/item-links';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../src/resources/resources.registry.ts';
import type { ResourceEntry } from '../src/resources/resources.types.ts';
import { auditReader } from './audit-trail-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * Categories' linked items, on a registry without videos: a type whose resource is not served
 * cannot be linked. Playlists' real videos: playlist-videos.test.ts.
 */

/** The registry without videos; playlists' Video relation then waits for them (pending). */
function withoutVideos(): ResourceEntry[] {
  return RESOURCES.filter((entry) => entry.definition.name !== 'videos').map((entry) => {
    const video = entry.definition.relations?.Video;
    if (!video) return entry;
    return { ...entry, definition: { ...entry.definition, relations: { Video: { ...video, pending: true } } } };
  });
}

let ctx: TestContext;
let editor: string;
let stranger: string;
let readOnly: string;
beforeAll(async () => {
  ctx = await createTestContext({
    dependencies: { resources: withoutVideos() },
  });
  editor = await ctx.login('editor');
  const club = await ctx.accountByName('Olympique Riverside FC');
  // read_only takes writing away from a content editor (spec §6, contract READ_ONLY_ROLE).
  const viewer = await ctx.buildUser({ accountId: club.id, roles: ['use_cms', 'read_only'] });
  readOnly = await ctx.login(viewer.username, viewer.password);
  const other = await ctx.buildUser({ roles: ['video_write'], modules: [...MODULE_CODES] });
  stranger = await ctx.login(other.username, other.password);
});
afterAll(() => ctx.close());

const post = (url: string, token: string, payload: unknown) => ctx.request({ method: 'POST', url, token, payload });
const byName = async (resource: string, name: string, token = editor) =>
  (await ctx.request({ url: `/main-api/${resource}?search=${encodeURIComponent(name)}`, token })).json().data[0];

describe("a category's linked items", () => {
  it('lists the demo playlist linked to Highlights, presented as a playlist', async () => {
    const highlights = await byName('categories', 'Highlights');
    const items = (await ctx.request({ url: `/main-api/categories/${highlights.id}/items`, token: editor })).json();
    expect(items).toMatchObject({ total: 1, offset: 0, nextCursor: null });
    expect(items.data[0]).toMatchObject({ itemType: 'playlist', position: 0, item: { name: 'Best goals 2025-2026' } });
    expect(
      (await ctx.request({ url: `/main-api/categories/${highlights.id}/items`, token: readOnly })).statusCode,
    ).toBe(200);
  });

  it('links a playlist once, after the last item, and unlinks it', async () => {
    const interviews = await byName('categories', 'Interviews');
    const playlist = await byName('playlists', 'Behind the scenes');
    const url = `/main-api/categories/${interviews.id}/items`;
    const linked = await post(url, editor, { itemType: 'playlist', itemId: playlist.id });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json()).toMatchObject({ position: 0, item: { id: playlist.id } });
    const again = await post(url, editor, { itemType: 'playlist', itemId: playlist.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(renderMessage(ITEM_LINK_MESSAGES.duplicate));
    const academy = await byName('playlists', 'Academy');
    expect((await post(url, editor, { itemType: 'playlist', itemId: academy.id })).json().position).toBe(1);
    const removed = await ctx.request({ method: 'DELETE', url: `${url}/${linked.json().id}`, token: editor });
    expect(removed.statusCode).toBe(204);
    expect((await ctx.request({ method: 'DELETE', url: `${url}/${linked.json().id}`, token: editor })).statusCode).toBe(
      404,
    );
    expect((await post(url, readOnly, { itemType: 'playlist', itemId: playlist.id })).statusCode).toBe(403);
    // The category's history: each link and unlink (the refused duplicate wrote nothing).
    const club = await ctx.accountByName('Olympique Riverside FC');
    const history = await auditReader(ctx)(club.id, { resource: 'categories', resourceId: interviews.id });
    const link = { linkId: linked.json().id, itemType: 'playlist', itemId: playlist.id, position: 0 };
    expect(history.slice(0, 3).map((entry) => [entry.action, entry.changes])).toEqual([
      ['update', { items: { before: link, after: null } }],
      ['update', { items: { before: null, after: expect.objectContaining({ itemId: academy.id, position: 1 }) } }],
      ['update', { items: { before: null, after: link } }],
    ]);
  });

  it("refuses another account's playlist, and videos until they are served", async () => {
    const highlights = await byName('categories', 'Highlights');
    const url = `/main-api/categories/${highlights.id}/items`;
    const foreign = (await post('/main-api/playlists', stranger, { name: 'Foreign reel' })).json();
    const refused = await post(url, editor, { itemType: 'playlist', itemId: foreign.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toEqual({
      path: 'itemId',
      message: renderMessage(ITEM_LINK_MESSAGES.unknownItem('playlist', foreign.id)),
    });
    const video = await post(url, editor, { itemType: 'video', itemId: 1 });
    expect(video.statusCode).toBe(400);
    expect(video.json().message).toBe(renderMessage(ITEM_LINK_MESSAGES.notServed('video')));
    expect((await post(url, editor, { itemType: 'event', itemId: 1 })).statusCode).toBe(400);
    expect((await ctx.request({ url, token: stranger })).statusCode).toBe(404);
  });

  it('drops the links of a deleted playlist', async () => {
    const highlights = await byName('categories', 'Highlights');
    const url = `/main-api/categories/${highlights.id}/items`;
    const playlist = (await post('/main-api/playlists', editor, { name: 'Gone soon' })).json();
    expect((await post(url, editor, { itemType: 'playlist', itemId: playlist.id })).statusCode).toBe(201);
    const before = (await ctx.request({ url, token: editor })).json().total;
    expect(
      (await ctx.request({ method: 'DELETE', url: `/main-api/playlists/${playlist.id}`, token: editor })).statusCode,
    ).toBe(204);
    expect((await ctx.request({ url, token: editor })).json().total).toBe(before - 1);
  });
});

describe('subcategories', () => {
  it("lists a category's subcategories with categoryId=, and keeps a category with subcategories", async () => {
    const highlights = await byName('categories', 'Highlights');
    const subs = (
      await ctx.request({ url: `/main-api/subcategories?categoryId=${highlights.id}`, token: editor })
    ).json();
    expect(subs.data.map((sub: { name: string }) => sub.name)).toEqual(['Goals of the week', 'Match highlights']);
    const refused = await ctx.request({
      method: 'DELETE',
      url: `/main-api/categories/${highlights.id}`,
      token: editor,
    });
    expect(refused.statusCode).toBe(409);
  });
});
