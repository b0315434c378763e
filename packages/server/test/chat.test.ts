import {
  CHAT_EVENTS,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_POST_RATE_LIMIT,
  CHAT_VIEWER_HEADER,
  chatPaths,
} from '@regie/contract/chat';
import type { Chat, ChatBan, ChatMessage, ChatMessagesPage, PublicChat } from '@regie/contract/chat.schemas';
import { DEMO_PASSWORD } from '@regie/contract/demo';
import { embedPaths } from '@regie/contract/embed';
import { renderMessage } from '@regie/contract/messages.render';
import type { ModuleCode } from '@regie/contract/modules';
import { eventTopic } from '@regie/contract/realtime';
import type { Role } from '@regie/contract/roles';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/events.table.ts';
import { DEMO_MATCH_NAME } from '../src/seed/markers.seed.ts';
import { auditReader } from './audit-trail-fixtures.ts';
import { askViewerToken, chatFan, viewerOf } from './chat-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { insertEvent, signIn } from './insights-fixtures.ts';
import { RealtimeClient } from './realtime-client.ts';

/** The event chat: staff calls (chats/{id}…), the fans' public calls on the embed token, live events. */

const MODULES: ModuleCode[] = ['SPORT_EVENTS', 'STREAM_CLIPPING', 'CHAT'];
const grants = (roles: Role[], modules: ModuleCode[] = MODULES) => ({ roles, modules });

let ctx: TestContext;
let baseUrl: string;
let producer: { token: string; accountId: number };
const clients: RealtimeClient[] = [];
let address = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  producer = await signIn(ctx, grants(['sport_player_write']));
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const staff = (method: Method, url: string, token = producer.token, payload?: unknown) =>
  ctx.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });

/** A published event with the chat on, its chat and its embed token. */
async function chatEvent(values: Partial<typeof events.$inferInsert> = {}) {
  const eventId = await insertEvent(ctx, producer.accountId, { activatedModules: ['CHAT'], ...values });
  const embed = await staff('GET', embedPaths.eventEmbed(eventId));
  expect(embed.statusCode, embed.body).toBe(200);
  const token = embed.json<{ url: string }>().url.split('/').pop() ?? '';
  const chat = await staff('GET', chatPaths.eventChat(eventId));
  return { eventId, token, chat: chat.statusCode === 200 ? chat.json<Chat>() : null };
}

/**
 * A fan with a viewer token of their own, asked for at their first post (chat-fixtures.ts). Each
 * fan posts from an address of their own, so the per-address limit and address bans stay out of
 * the way.
 */
function fan(token: string, nickname = 'Fan') {
  address += 1;
  return chatFan(inject, token, { nickname, remoteAddress: `198.51.100.${address % 250}` });
}
const inject = (options: InjectOptions) => ctx.app.inject(options);

async function readPublic(token: string): Promise<PublicChat> {
  const response = await ctx.request({ url: chatPaths.public(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublicChat>();
}
const publicTexts = async (token: string) => {
  const chat = await readPublic(token);
  return chat.open ? chat.messages.map((message) => message.text) : null;
};

async function page(chatId: number, query = ''): Promise<ChatMessagesPage> {
  const response = await staff('GET', `${chatPaths.messages(chatId)}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatMessagesPage>();
}

describe('staff access', () => {
  it('opens the chat to the event staff of the account only', async () => {
    const { eventId, chat } = await chatEvent();
    expect(chat).toMatchObject({ eventId, slowModeSeconds: 0, blockedWords: [], accountBlockedWords: [] });
    const id = chat?.id ?? 0;
    const liveClipper = await signIn(ctx, grants(['liveclipping_write']), producer.accountId);
    expect((await staff('GET', chatPaths.messages(id), liveClipper.token)).statusCode).toBe(200);
    // The same chat on a second call.
    expect((await staff('GET', chatPaths.eventChat(eventId))).json<Chat>().id).toBe(id);

    const clipOnly = await signIn(ctx, grants(['clip_only']), producer.accountId);
    const editor = await signIn(ctx, grants(['video_write'], ['VIDEOS', 'CHAT']), producer.accountId);
    for (const token of [clipOnly.token, editor.token]) {
      expect((await staff('GET', chatPaths.eventChat(eventId), token)).statusCode).toBe(403);
      expect((await staff('GET', chatPaths.messages(id), token)).statusCode).toBe(403);
      expect((await staff('GET', chatPaths.chat(id), token)).statusCode).toBe(403);
      expect((await staff('PUT', chatPaths.message(id, 1), token, { state: 'hidden' })).statusCode).toBe(403);
      expect((await staff('GET', chatPaths.bans(id), token)).statusCode).toBe(403);
      expect((await staff('PUT', chatPaths.accountWords, token, { words: ['x'] })).statusCode).toBe(403);
    }
    const other = await signIn(ctx, grants(['sport_player_write']));
    expect((await staff('GET', chatPaths.eventChat(eventId), other.token)).statusCode).toBe(404);
    expect((await staff('GET', chatPaths.messages(id), other.token)).statusCode).toBe(404);
    expect((await staff('PUT', chatPaths.chat(id), other.token, { slowModeSeconds: 5 })).statusCode).toBe(404);
    expect((await staff('GET', chatPaths.chat(id), other.token)).statusCode).toBe(404);
    expect((await staff('POST', chatPaths.bans(id), other.token, { viewerId: crypto.randomUUID() })).statusCode).toBe(
      404,
    );
    expect((await ctx.request({ url: chatPaths.messages(id) })).statusCode).toBe(401);
  });

  it('refuses an event without the CHAT module switched on, and an account without it', async () => {
    const { eventId, chat } = await chatEvent();
    await ctx.db
      .update(events)
      .set({ activatedModules: ['MARKERS'] })
      .where(eq(events.id, eventId));
    const refused = await staff('GET', chatPaths.eventChat(eventId));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(renderMessage(CHAT_MESSAGES.inactive));
    expect((await staff('GET', chatPaths.messages(chat?.id ?? 0))).statusCode).toBe(403);
    const noModule = await signIn(ctx, grants(['sport_player_write'], ['SPORT_EVENTS']));
    expect((await staff('GET', chatPaths.eventChat(eventId), noModule.token)).statusCode).toBe(403);
  });
});

describe('fans post, staff moderate', () => {
  it('shows a fan message to staff and fans; hidden it leaves the public chat, restored it comes back', async () => {
    const { token, chat } = await chatEvent();
    const id = chat?.id ?? 0;
    const alice = fan(token, 'Alice');
    const posted = await alice.post('  What a goal!  ');
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ nickname: 'Alice', text: 'What a goal!', pinned: false });
    expect(posted.json()).not.toHaveProperty('viewerId');

    const seen = await page(id);
    expect(seen.data).toHaveLength(1);
    const message = seen.data[0];
    // The fans see the message's id, the one staff use: the public id by which their page
    // resumes its event stream and drops a hidden message (it tells no more than the chat's
    // order, which fans see anyway); never the viewer id of the author.
    expect(posted.json<{ id: number }>().id).toBe(message?.id);
    const read = await readPublic(token);
    expect(read.open && read.messages.map((item) => item.id)).toEqual([message?.id]);
    expect(message).toMatchObject({
      nickname: 'Alice',
      text: 'What a goal!',
      state: 'visible',
      viewerId: alice.viewerId,
    });
    expect(message?.fanId).toBeNull();
    expect(await publicTexts(token)).toEqual(['What a goal!']);

    const hidden = await staff('PUT', chatPaths.message(id, message?.id ?? 0), producer.token, { state: 'hidden' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<ChatMessage>().state).toBe('hidden');
    expect(await publicTexts(token)).toEqual([]);
    expect((await page(id, '?state=hidden')).data.map((item) => item.id)).toEqual([message?.id]);
    expect((await page(id, '?state=visible')).data).toEqual([]);

    await staff('PUT', chatPaths.message(id, message?.id ?? 0), producer.token, { state: 'visible' });
    expect(await publicTexts(token)).toEqual(['What a goal!']);
  });

  it(`pins up to ${CHAT_LIMITS.pinnedMax} messages, shown pinned to fans`, async () => {
    const { token, chat } = await chatEvent();
    const id = chat?.id ?? 0;
    for (const text of ['one', 'two', 'three', 'four']) expect((await fan(token).post(text)).statusCode).toBe(201);
    const ids = (await page(id)).data.map((message) => message.id).reverse();
    for (const messageId of ids.slice(0, 3)) {
      const pinned = await staff('PUT', chatPaths.message(id, messageId), producer.token, { pinned: true });
      expect(pinned.json<ChatMessage>().pinned).toBe(true);
    }
    const fourth = await staff('PUT', chatPaths.message(id, ids[3] ?? 0), producer.token, { pinned: true });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(renderMessage(CHAT_MESSAGES.tooManyPinned));
    expect((await page(id)).pinned.map((message) => message.text)).toEqual(['three', 'two', 'one']);
    const open = await readPublic(token);
    expect(open.open && open.messages.filter((message) => message.pinned).map((message) => message.text)).toEqual([
      'one',
      'two',
      'three',
    ]);
    await staff('PUT', chatPaths.message(id, ids[0] ?? 0), producer.token, { pinned: false });
    expect((await page(id)).pinned.map((message) => message.text)).toEqual(['three', 'two']);
  });

  it('pages newest first, then older with before, and what came since with after', async () => {
    const { token, chat } = await chatEvent();
    const id = chat?.id ?? 0;
    for (const text of ['m1', 'm2', 'm3', 'm4', 'm5']) await fan(token).post(text);
    const first = await page(id, '?limit=2');
    expect(first.data.map((message) => message.text)).toEqual(['m5', 'm4']);
    expect(first.hasMore).toBe(true);
    const older = await page(id, `?limit=2&before=${first.data[1]?.id}`);
    expect(older.data.map((message) => message.text)).toEqual(['m3', 'm2']);
    const last = await page(id, `?limit=2&before=${older.data[1]?.id}`);
    expect(last.data.map((message) => message.text)).toEqual(['m1']);
    expect(last.hasMore).toBe(false);
    const since = await page(id, `?after=${older.data[0]?.id}`);
    expect(since.data.map((message) => message.text)).toEqual(['m4', 'm5']);
    expect((await staff('GET', `${chatPaths.messages(id)}?before=1&after=2`)).statusCode).toBe(400);
    expect((await staff('GET', `${chatPaths.messages(id)}?limit=1000`)).statusCode).toBe(400);
    expect((await staff('PUT', chatPaths.message(id, 999_999), producer.token, { state: 'hidden' })).statusCode).toBe(
      404,
    );
    const nothing = await staff('PUT', chatPaths.message(id, first.data[0]?.id ?? 0), producer.token, {});
    expect(nothing.statusCode).toBe(400);
  });
});

describe('slow mode, bans and the word filter', () => {
  it('makes a fan wait between messages in slow mode, in their language', async () => {
    const { token, chat } = await chatEvent();
    const id = chat?.id ?? 0;
    const changed = await staff('PUT', chatPaths.chat(id), producer.token, { slowModeSeconds: 30 });
    expect(changed.json<Chat>().slowModeSeconds).toBe(30);
    // The chat read alone (spec §3 chats/{id}) is what the settings call answered.
    const read = await staff('GET', chatPaths.chat(id), producer.token);
    expect(read.statusCode).toBe(200);
    expect(read.json<Chat>()).toEqual(changed.json<Chat>());
    expect(await readPublic(token)).toMatchObject({ open: true, slowModeSeconds: 30 });
    const bob = fan(token);
    expect((await bob.post('first')).statusCode).toBe(201);
    const early = await bob.post('second', 'fr');
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(/^Mode lent activé : attendez (29|30) s/);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    // Another fan is not held back by Bob.
    expect((await fan(token).post('me too')).statusCode).toBe(201);
    expect((await staff('PUT', chatPaths.chat(id), producer.token, { slowModeSeconds: -1 })).statusCode).toBe(400);
    await staff('PUT', chatPaths.chat(id), producer.token, { slowModeSeconds: 0 });
    expect((await bob.post('second')).statusCode).toBe(201);
  });

  it('bans a fan by viewer id: their messages go, their posts are refused, until the ban is lifted', async () => {
    const { token, chat } = await chatEvent();
    const id = chat?.id ?? 0;
    const troll = fan(token, 'Troll');
    await troll.post('spam 1');
    await troll.post('spam 2');
    await fan(token).post('hello');
    const banned = await staff('POST', chatPaths.bans(id), producer.token, { viewerId: troll.viewerId });
    expect(banned.statusCode, banned.body).toBe(201);
    expect(banned.json<ChatBan>()).toMatchObject({ viewerId: troll.viewerId, nickname: 'Troll' });
    expect(await publicTexts(token)).toEqual(['hello']);
    expect((await page(id)).data.filter((message) => message.banned).map((message) => message.state)).toEqual([
      'hidden',
      'hidden',
    ]);

    const refused = await troll.post('let me in', 'fr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(renderMessage(CHAT_MESSAGES.banned, 'fr'));
    expect((await troll.post('let me in')).json().message).toBe(renderMessage(CHAT_MESSAGES.banned));
    const list = await staff('GET', chatPaths.bans(id));
    expect(list.json<{ data: ChatBan[] }>().data.map((ban) => ban.viewerId)).toEqual([troll.viewerId]);

    expect((await staff('DELETE', chatPaths.ban(id, troll.viewerId))).statusCode).toBe(204);
    expect((await troll.post('sorry')).statusCode).toBe(201);
    expect((await staff('DELETE', chatPaths.ban(id, troll.viewerId))).statusCode).toBe(404);
    const unknown = await staff('POST', chatPaths.bans(id), producer.token, { viewerId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect((await staff('POST', chatPaths.bans(id), producer.token, { viewerId: 'not-a-uuid' })).statusCode).toBe(400);
  });

  it("refuses messages holding a word of the account's or the event's filter, whole words, any case or accent", async () => {
    const { token, chat } = await chatEvent();
    const id = chat?.id ?? 0;
    const account = await staff('PUT', chatPaths.accountWords, producer.token, { words: [' Arnaque ', 'arnaque'] });
    expect(account.json()).toEqual({ words: ['arnaque'] });
    const event = await staff('PUT', chatPaths.chat(id), producer.token, { blockedWords: ['Spoiler alert'] });
    expect(event.json<Chat>()).toMatchObject({ blockedWords: ['spoiler alert'], accountBlockedWords: ['arnaque'] });

    const carol = fan(token);
    const scam = await carol.post('Total ARNAQUÉ, this match!', 'fr');
    expect(scam.statusCode).toBe(400);
    expect(scam.json().message).toBe(renderMessage(CHAT_MESSAGES.blockedWord, 'fr'));
    expect((await carol.post('huge spoiler...   ALERT here')).statusCode).toBe(400);
    // Whole words only: 'spoilers alerted' holds neither.
    expect((await carol.post('no spoilers alerted')).statusCode).toBe(201);
    const nickname = await fan(token, 'Mr Arnaque').post('hi');
    expect(nickname.json().message).toBe(renderMessage(CHAT_MESSAGES.blockedNickname));
    expect(await publicTexts(token)).toEqual(['no spoilers alerted']);
    expect((await staff('GET', chatPaths.accountWords)).json()).toEqual({ words: ['arnaque'] });
    // Another account's filter is its own.
    const other = await signIn(ctx, grants(['sport_player_write']));
    expect((await staff('GET', chatPaths.accountWords, other.token)).json()).toEqual({ words: [] });
    const tooLong = await staff('PUT', chatPaths.accountWords, producer.token, { words: ['x'.repeat(41)] });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('the audit trail of the moderation', () => {
  it('records settings, the word filter, a hidden message and a ban, never a repeat that changes nothing', async () => {
    const audit = auditReader(ctx);
    const { token, chat } = await chatEvent();
    const chatId = chat?.id ?? 0;
    expect((await staff('PUT', chatPaths.chat(chatId), producer.token, { slowModeSeconds: 7 })).statusCode).toBe(200);
    expect((await staff('PUT', chatPaths.chat(chatId), producer.token, { slowModeSeconds: 7 })).statusCode).toBe(200);
    const spammer = fan(token, 'Spammer');
    const posted = await spammer.post('buy cheap tickets');
    expect(posted.statusCode, posted.body).toBe(201);
    const [message] = (await page(chatId)).data;
    const messageId = message?.id ?? 0;
    expect(
      (await staff('PUT', chatPaths.message(chatId, messageId), producer.token, { state: 'hidden' })).statusCode,
    ).toBe(200);
    expect(
      (await staff('PUT', chatPaths.message(chatId, messageId), producer.token, { state: 'hidden' })).statusCode,
    ).toBe(200);
    const [hidden, ...again] = await audit(producer.accountId, { resource: 'chat-messages', resourceId: messageId });
    expect(again).toEqual([]);
    expect(hidden).toMatchObject({
      action: 'hide',
      accountId: producer.accountId,
      changes: { state: { before: 'visible', after: 'hidden' } },
    });

    expect(
      (await staff('POST', chatPaths.bans(chatId), producer.token, { viewerId: spammer.viewerId })).statusCode,
    ).toBe(201);
    expect(
      (await staff('POST', chatPaths.bans(chatId), producer.token, { viewerId: spammer.viewerId })).statusCode,
    ).toBe(201);
    expect((await staff('DELETE', chatPaths.ban(chatId, spammer.viewerId), producer.token)).statusCode).toBe(204);
    const history = await audit(producer.accountId, { resource: 'chats', resourceId: chatId });
    expect(history.map((entry) => [entry.action, entry.changes])).toEqual([
      [
        'unban',
        {
          viewerId: { before: spammer.viewerId, after: null },
          nickname: { before: 'Spammer', after: null },
          fanId: { before: null, after: null },
          addressBanned: { before: true, after: false },
        },
      ],
      [
        'ban',
        {
          viewerId: { before: null, after: spammer.viewerId },
          nickname: { before: null, after: 'Spammer' },
          fanId: { before: null, after: null },
          messagesHidden: { before: null, after: 0 },
          addressBanned: { before: null, after: true },
        },
      ],
      ['update', { slowModeSeconds: { before: 0, after: 7 } }],
    ]);

    // The account's words as earlier tests left them.
    const wordsBefore = (await staff('GET', chatPaths.accountWords)).json().words;
    const words = await staff('PUT', chatPaths.accountWords, producer.token, { words: ['Scalper'] });
    expect(words.statusCode).toBe(200);
    const [filter] = await audit(producer.accountId, { resource: 'chat-word-filter' });
    expect(filter).toMatchObject({
      action: 'update',
      resourceId: null,
      changes: { words: { before: wordsBefore, after: ['scalper'] } },
    });
  });
});

describe('the public chat', () => {
  it('is closed while the event is unpublished or has no chat, and unknown for a forged token', async () => {
    const unpublished = await chatEvent({ published: false });
    expect(await readPublic(unpublished.token)).toEqual({ open: false });
    const closed = await fan(unpublished.token).post('anyone?', 'fr');
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(renderMessage(CHAT_MESSAGES.closed, 'fr'));

    const noChat = await chatEvent({ activatedModules: [] });
    expect(await readPublic(noChat.token)).toEqual({ open: false });
    expect((await fan(noChat.token).post('anyone?')).statusCode).toBe(403);

    expect((await ctx.request({ url: chatPaths.public('forged.token') })).statusCode).toBe(404);
  });

  it('refuses bad posts with a clear 400, a viewer id chosen by the page among them', async () => {
    const { token } = await chatEvent();
    const { viewerToken, viewerId } = viewerOf(await askViewerToken(inject, token, '192.0.2.99'));
    const post = (payload: Record<string, unknown>) =>
      ctx.request({
        method: 'POST',
        url: chatPaths.public(token),
        payload,
        headers: { [CHAT_VIEWER_HEADER]: viewerToken },
        remoteAddress: '192.0.2.99',
      });
    const base = { nickname: 'Dan', text: 'hi' };
    expect((await post({ ...base, nickname: 'D' })).statusCode).toBe(400);
    expect((await post({ ...base, text: '   ' })).statusCode).toBe(400);
    expect((await post({ ...base, text: 'x'.repeat(CHAT_LIMITS.textMax + 1) })).statusCode).toBe(400);
    // The fan is the token's viewer: a viewer id in the body (even the token's own) is refused.
    expect((await post({ ...base, viewerId })).statusCode).toBe(400);
    expect((await post({ ...base, viewerId: crypto.randomUUID() })).statusCode).toBe(400);
    expect((await post(base)).statusCode).toBe(201);
  });

  it(`takes at most ${CHAT_POST_RATE_LIMIT.perViewer} posts a minute from a fan, while others on the same address go on`, async () => {
    const { token } = await chatEvent();
    const remoteAddress = '203.0.113.250';
    const eve = chatFan(inject, token, { nickname: 'Eve', remoteAddress });
    for (let index = 0; index < CHAT_POST_RATE_LIMIT.perViewer; index += 1)
      expect((await eve.post('flood')).statusCode).toBe(201);
    const refused = await eve.post('flood');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(renderMessage(CHAT_MESSAGES.tooManyPostsOfViewer));
    expect(refused.headers['retry-after']).toBe('60');
    // The stadium's Wi-Fi is one address: the other fans behind it still post.
    expect((await chatFan(inject, token, { remoteAddress }).post('me too')).statusCode).toBe(201);
  });
});

describe('live', () => {
  it("sends fans' messages and moderation to the event's staff over the realtime channel", async () => {
    const { eventId, token, chat } = await chatEvent();
    const client = new RealtimeClient(baseUrl);
    clients.push(client);
    await client.connect({ token: producer.token }, [eventTopic(eventId)]);
    await fan(token, 'Live').post('instant');
    const created = await client.waitFor((message) => message.type === CHAT_EVENTS.created);
    expect(created.topic).toBe(eventTopic(eventId));
    expect(created.payload).toMatchObject({ message: { nickname: 'Live', text: 'instant', state: 'visible' } });
    const messageId = (await page(chat?.id ?? 0)).data[0]?.id ?? 0;
    await staff('PUT', chatPaths.message(chat?.id ?? 0, messageId), producer.token, { state: 'hidden' });
    const updated = await client.waitFor((message) => message.type === CHAT_EVENTS.updated);
    expect(updated.payload).toMatchObject({ message: { id: messageId, state: 'hidden' } });
  });
});

describe('the demo match', () => {
  it('has a chat with fan messages, one hidden and one pinned, and a word filter', async () => {
    const [match] = await ctx.db.select().from(events).where(eq(events.name, DEMO_MATCH_NAME));
    const token = await ctx.login('producer', DEMO_PASSWORD);
    const chat = await staff('GET', chatPaths.eventChat(match?.id ?? 0), token);
    expect(chat.statusCode, chat.body).toBe(200);
    expect(chat.json<Chat>().blockedWords.length).toBeGreaterThan(0);
    const messages = await staff('GET', chatPaths.messages(chat.json<Chat>().id), token);
    const page = messages.json<ChatMessagesPage>();
    expect(page.data.length).toBeGreaterThanOrEqual(5);
    expect(page.data.filter((message) => message.state === 'hidden')).toHaveLength(1);
    expect(page.pinned).toHaveLength(1);
  });
});
