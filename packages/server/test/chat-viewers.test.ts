import { randomBytes } from 'node:crypto';
import type { AuditEntry } from '@regie/contract/audit';
import {
  CHAT_MESSAGES,
  CHAT_VIEWER_HEADER,
  CHAT_VIEWER_TOKEN,
  type ChatPostRateLimit,
  chatPaths,
} from '@regie/contract/chat';
import type { Chat, ChatBan, ChatBans, ChatMessagesPage, PublicChat } from '@regie/contract/chat.schemas';
import { embedPaths } from '@regie/contract/embed';
import { renderMessage } from '@regie/contract/messages.render';
import type { ModuleCode } from '@regie/contract/modules';
import type { Role } from '@regie/contract/roles';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatViewerTokens } from '../src/chat/chat.viewer-tokens.ts';
import { auditReader } from './audit-trail-fixtures.ts';
import { askViewerToken, chatFan, viewerOf } from './chat-fixtures.ts';
import { createTestContext, type TestContext, testConfig } from './helpers.ts';
import { insertEvent, signIn } from './insights-fixtures.ts';

/**
 * Chat bans that hold (issue 40.13): the fan is the viewer of a token the server signs, a ban
 * holds the viewer and its address, the limits hold the signed viewer and the address, and a
 * moderator bans by message or by nickname.
 */

const MODULES: ModuleCode[] = ['SPORT_EVENTS', 'STREAM_CLIPPING', 'CHAT'];
const grants = (roles: Role[], modules: ModuleCode[] = MODULES) => ({ roles, modules });
/** Small limits, so that a test reaches them in a few calls; the defaults are in chat.test.ts. */
const LIMITS: ChatPostRateLimit = { perViewer: 3, perAddress: 10, tokensPerAddress: 5, windowMs: 60_000 };
/** The media secret of this file's app: the viewer tokens' key is derived from it. */
const mediaSecret = randomBytes(24).toString('hex');

let ctx: TestContext;
let producer: { token: string; accountId: number };
let address = 0;
const inject = (options: InjectOptions) => ctx.app.inject(options);
/** A network of its own for each fan or group of fans, so that tests do not meet each other's limits. */
const newAddress = () => {
  address += 1;
  return `198.51.100.${address}`;
};

beforeAll(async () => {
  ctx = await createTestContext({
    config: { videos: { ...testConfig().videos, mediaSecret } },
    dependencies: { chatPostRateLimit: LIMITS },
  });
  producer = await signIn(ctx, grants(['sport_player_write']));
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const staff = (method: Method, url: string, payload?: unknown, token = producer.token) =>
  ctx.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });

/** A published event of the producer's account with the chat on: its chat, embed token and page. */
async function chatEvent() {
  const eventId = await insertEvent(ctx, producer.accountId, { activatedModules: ['CHAT'] });
  const embed = await staff('GET', embedPaths.eventEmbed(eventId));
  expect(embed.statusCode, embed.body).toBe(200);
  const token = embed.json<{ url: string }>().url.split('/').pop() ?? '';
  const chat = await staff('GET', chatPaths.eventChat(eventId));
  expect(chat.statusCode, chat.body).toBe(200);
  const page = { kind: 'events', accountId: producer.accountId, id: eventId } as const;
  return { eventId, token, chatId: chat.json<Chat>().id, page };
}

/** A post with whatever viewer header (or none) a test gives. */
const postWith = (token: string, viewerToken: string | null, language = 'en', payload: object = {}) =>
  ctx.request({
    method: 'POST',
    url: chatPaths.public(token),
    payload: { nickname: 'Mallory', text: 'hello', ...payload },
    headers: { 'accept-language': language, ...(viewerToken === null ? {} : { [CHAT_VIEWER_HEADER]: viewerToken }) },
    remoteAddress: newAddress(),
  });

async function feed(chatId: number): Promise<ChatMessagesPage> {
  const response = await staff('GET', chatPaths.messages(chatId));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatMessagesPage>();
}

async function publicTexts(token: string): Promise<string[]> {
  const chat = (await ctx.request({ url: chatPaths.public(token) })).json<PublicChat>();
  return chat.open ? chat.messages.map((message) => message.text) : [];
}

describe('the signed viewer identity', () => {
  it('gives each ask a new viewer, signed for the page, never cached', async () => {
    const { token } = await chatEvent();
    const remoteAddress = newAddress();
    const first = await askViewerToken(inject, token, remoteAddress);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    const { viewerToken, viewerId } = viewerOf(first);
    expect(viewerId).toMatch(/^[0-9a-f-]{36}$/);
    const expiresAt = Date.parse(first.json<{ expiresAt: string }>().expiresAt);
    expect(Math.abs(expiresAt - Date.now() - CHAT_VIEWER_TOKEN.maxAgeMs)).toBeLessThan(5_000);
    const second = viewerOf(await askViewerToken(inject, token, remoteAddress));
    expect(second.viewerId).not.toBe(viewerId);
    expect(second.viewerToken).not.toBe(viewerToken);
    // No token for a page that does not exist, nor for a closed chat.
    expect((await askViewerToken(inject, 'forged.token', newAddress())).statusCode).toBe(404);
    const closed = await insertEvent(ctx, producer.accountId, { activatedModules: ['CHAT'], published: false });
    const closedToken = (await staff('GET', embedPaths.eventEmbed(closed)))
      .json<{ url: string }>()
      .url.split('/')
      .pop();
    const refused = await askViewerToken(inject, closedToken ?? '', newAddress());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(renderMessage(CHAT_MESSAGES.closed));
  });

  it("refuses a post without the server's token for this page: missing, unsigned, forged, tampered, expired or another page's (401)", async () => {
    const { token, page } = await chatEvent();
    const other = await chatEvent();
    const { viewerToken } = viewerOf(await askViewerToken(inject, token, newAddress()));
    const [id = '', issued = '', signature = ''] = viewerToken.split('.');

    const missing = await postWith(token, null);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(renderMessage(CHAT_MESSAGES.viewerTokenMissing));
    const inFrench = await postWith(token, null, 'fr');
    expect(inFrench.json().message).toBe(renderMessage(CHAT_MESSAGES.viewerTokenMissing, 'fr'));
    expect(inFrench.json().message).toMatch(/^Votre laissez-passer de chat manque/);

    const now = Math.floor(Date.now() / 1000);
    const swap = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const refusedTokens = {
      unsigned: `${crypto.randomUUID()}.${now}`,
      madeUp: `${crypto.randomUUID()}.${now}.${'A'.repeat(43)}`,
      // Signed with another key, as anyone without the server's secret would.
      forged: createChatViewerTokens(randomBytes(32)).issue(page).token,
      tamperedSignature: `${id}.${issued}.${swap}`,
      anotherViewer: `${crypto.randomUUID()}.${issued}.${signature}`,
      anotherTime: `${id}.${Number(issued) - 60}.${signature}`,
      // The server's own key, past the token's life.
      expired: createChatViewerTokens(mediaSecret).issue(page, Date.now() - CHAT_VIEWER_TOKEN.maxAgeMs - 60_000).token,
      anotherPage: viewerOf(await askViewerToken(inject, other.token, newAddress())).viewerToken,
      garbage: 'not a token at all',
    };
    for (const [kind, bad] of Object.entries(refusedTokens)) {
      const refused = await postWith(token, bad, 'fr');
      expect(refused.statusCode, kind).toBe(401);
      expect(refused.json().message, kind).toBe(renderMessage(CHAT_MESSAGES.viewerTokenInvalid, 'fr'));
    }
    // The same token, untouched, posts; one the server's key signed for the page does too.
    expect((await postWith(token, viewerToken)).statusCode).toBe(201);
    expect((await postWith(token, createChatViewerTokens(mediaSecret).issue(page).token)).statusCode).toBe(201);
    expect(await publicTexts(token)).toEqual(['hello', 'hello']);
  });

  it('no longer takes a viewer id from the page: refused in the body, and staff see the signed one', async () => {
    const { token, chatId } = await chatEvent();
    const chosen = crypto.randomUUID();
    // The call of the old page (its own viewer id, no token) is refused.
    const old = await postWith(token, null, 'en', { viewerId: chosen });
    expect(old.statusCode).toBe(400);
    const alice = chatFan(inject, token, { nickname: 'Alice', remoteAddress: newAddress() });
    expect((await alice.post('signed')).statusCode).toBe(201);
    const withId = await postWith(token, alice.viewerToken, 'en', { viewerId: chosen });
    expect(withId.statusCode).toBe(400);
    const messages = (await feed(chatId)).data;
    expect(messages.map((message) => [message.text, message.viewerId])).toEqual([['signed', alice.viewerId]]);
    expect(messages.map((message) => message.viewerId)).not.toContain(chosen);
  });
});

describe('bans that hold', () => {
  it("refuses a banned viewer's fresh token from the same address for the chat's lifetime, while fans who posted there before go on", async () => {
    const { token, chatId } = await chatEvent();
    const stadium = newAddress();
    const neighbour = chatFan(inject, token, { nickname: 'Neighbour', remoteAddress: stadium });
    expect((await neighbour.post('before the troll')).statusCode).toBe(201);
    const troll = chatFan(inject, token, { nickname: 'Troll', remoteAddress: stadium });
    expect((await troll.post('spam')).statusCode).toBe(201);

    // The moderator bans from the message: its author, by the viewer id the server signed.
    const message = (await feed(chatId)).data.find((item) => item.text === 'spam');
    expect(message?.viewerId).toBe(troll.viewerId);
    const banned = await staff('POST', chatPaths.bans(chatId), { viewerId: message?.viewerId });
    expect(banned.statusCode, banned.body).toBe(201);
    expect(banned.json<ChatBan>()).toMatchObject({ viewerId: troll.viewerId, nickname: 'Troll', addressBanned: true });
    expect(await publicTexts(token)).toEqual(['before the troll']);

    const again = await troll.post('still me');
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(renderMessage(CHAT_MESSAGES.banned));
    // A fresh token (storage cleared, another browser) from the same address: refused, in French too.
    const fresh = chatFan(inject, token, { nickname: 'Innocent', remoteAddress: stadium });
    const refused = await fresh.post('new me', 'fr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(renderMessage(CHAT_MESSAGES.addressBanned, 'fr'));
    expect(fresh.viewerId).not.toBe(troll.viewerId);
    // A fan who posted from that address before the ban goes on (a stadium's Wi-Fi is one address).
    expect((await neighbour.post('still here')).statusCode).toBe(201);
    // Another address, and another chat from the same address, are not banned.
    expect((await chatFan(inject, token, { remoteAddress: newAddress() }).post('elsewhere')).statusCode).toBe(201);
    const otherChat = await chatEvent();
    expect((await chatFan(inject, otherChat.token, { remoteAddress: stadium }).post('other match')).statusCode).toBe(
      201,
    );
    const list = (await staff('GET', chatPaths.bans(chatId))).json<ChatBans>().data;
    expect(list.map((ban) => [ban.nickname, ban.addressBanned])).toEqual([['Troll', true]]);

    // Lifting the ban frees the viewer and the address.
    expect((await staff('DELETE', chatPaths.ban(chatId, troll.viewerId))).statusCode).toBe(204);
    expect((await fresh.post('free again')).statusCode).toBe(201);
    expect((await troll.post('sorry')).statusCode).toBe(201);
  });

  it('bans by nickname every viewer who posted under it, case ignored, with their addresses, one entry each', async () => {
    const audit = auditReader(ctx);
    const { token, chatId } = await chatEvent();
    const addresses = [newAddress(), newAddress(), newAddress()];
    const trolls = [
      chatFan(inject, token, { nickname: 'Troll', remoteAddress: addresses[0] ?? '' }),
      chatFan(inject, token, { nickname: 'troll', remoteAddress: addresses[1] ?? '' }),
      chatFan(inject, token, { nickname: 'TROLL', remoteAddress: addresses[2] ?? '' }),
    ];
    for (const troll of trolls) expect((await troll.post('spam')).statusCode).toBe(201);
    const alice = chatFan(inject, token, { nickname: 'Alice', remoteAddress: newAddress() });
    expect((await alice.post('hi')).statusCode).toBe(201);

    const banned = await staff('POST', chatPaths.bansByNickname(chatId), { nickname: ' Troll ' });
    expect(banned.statusCode, banned.body).toBe(201);
    const bans = banned.json<ChatBans>().data;
    expect(bans.map((ban) => ban.viewerId).sort()).toEqual(trolls.map((troll) => troll.viewerId).sort());
    expect(bans.every((ban) => ban.addressBanned)).toBe(true);
    expect(await publicTexts(token)).toEqual(['hi']);
    for (const [index, troll] of trolls.entries()) {
      expect((await troll.post('again')).statusCode).toBe(403);
      const fresh = await chatFan(inject, token, { remoteAddress: addresses[index] ?? '' }).post('fresh');
      expect(fresh.statusCode).toBe(403);
    }
    expect((await alice.post('still here')).statusCode).toBe(201);

    const entries = (await audit(producer.accountId, { resource: 'chats', resourceId: chatId })).filter(
      (entry) => entry.action === 'ban',
    );
    const after = (entry: AuditEntry, field: string) => {
      const change = entry.changes[field];
      return change && 'after' in change ? change.after : undefined;
    };
    expect(entries.map((entry) => after(entry, 'viewerId')).sort()).toEqual(
      trolls.map((troll) => troll.viewerId).sort(),
    );
    expect(entries.map((entry) => after(entry, 'messagesHidden'))).toEqual([1, 1, 1]);
    expect(entries.map((entry) => after(entry, 'addressBanned'))).toEqual([true, true, true]);
    // The addresses themselves never reach the trail.
    for (const entry of entries) expect(JSON.stringify(entry)).not.toContain('198.51.100.');
    // Again: all banned, nothing left to hide, no new entry.
    expect((await staff('POST', chatPaths.bansByNickname(chatId), { nickname: 'troll' })).statusCode).toBe(201);
    const trail = await audit(producer.accountId, { resource: 'chats', resourceId: chatId });
    expect(trail.filter((entry) => entry.action === 'ban')).toHaveLength(3);

    const nobody = await ctx.request({
      method: 'POST',
      url: chatPaths.bansByNickname(chatId),
      token: producer.token,
      payload: { nickname: 'Nobody' },
      headers: { 'accept-language': 'fr' },
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(renderMessage(CHAT_MESSAGES.unknownNickname('Nobody'), 'fr'));
    expect((await staff('POST', chatPaths.bansByNickname(chatId), { nickname: 'x' })).statusCode).toBe(400);
    expect((await staff('POST', chatPaths.bansByNickname(chatId), { nickname: 'Troll', extra: 1 })).statusCode).toBe(
      400,
    );
  });

  it("lets no other account's moderator ban in this chat (404), and no one without the chat's roles (403)", async () => {
    const { token, chatId } = await chatEvent();
    const troll = chatFan(inject, token, { nickname: 'Troll', remoteAddress: newAddress() });
    expect((await troll.post('spam')).statusCode).toBe(201);
    const other = await signIn(ctx, grants(['sport_player_write']));
    const theirs = (method: Method, url: string, payload?: unknown) => staff(method, url, payload, other.token);
    expect((await theirs('POST', chatPaths.bansByNickname(chatId), { nickname: 'Troll' })).statusCode).toBe(404);
    expect((await theirs('POST', chatPaths.bans(chatId), { viewerId: troll.viewerId })).statusCode).toBe(404);
    expect((await theirs('GET', chatPaths.bans(chatId))).statusCode).toBe(404);
    const editor = await signIn(ctx, grants(['video_write'], ['VIDEOS', 'CHAT']), producer.accountId);
    const refused = await staff('POST', chatPaths.bansByNickname(chatId), { nickname: 'Troll' }, editor.token);
    expect(refused.statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: chatPaths.bansByNickname(chatId) })).statusCode).toBe(401);
    // Nothing was banned.
    expect((await staff('GET', chatPaths.bans(chatId))).json<ChatBans>().data).toEqual([]);
    expect((await troll.post('still here')).statusCode).toBe(201);
  });
});

describe('limits that hold', () => {
  it('holds the per-viewer limit to the signed viewer, and fresh tokens from one address to the per-address limit', async () => {
    const { token } = await chatEvent();
    const stadium = newAddress();
    const first = chatFan(inject, token, { remoteAddress: stadium });
    for (let index = 0; index < LIMITS.perViewer; index += 1) expect((await first.post('go')).statusCode).toBe(201);
    const held = await first.post('go');
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe(renderMessage(CHAT_MESSAGES.tooManyPostsOfViewer));
    // The same token again (a reload keeps it): still held.
    const reloaded = chatFan(inject, token, { remoteAddress: stadium, viewerToken: first.viewerToken });
    expect((await reloaded.post('go')).statusCode).toBe(429);
    // A fresh token is a new viewer with a budget of its own, but the address counts every post
    // of every token (refused ones too): 5 so far, then 4 of the second viewer, 1 of a third.
    const second = chatFan(inject, token, { remoteAddress: stadium });
    for (let index = 0; index < LIMITS.perViewer; index += 1) expect((await second.post('go')).statusCode).toBe(201);
    expect((await second.post('go')).json().message).toBe(renderMessage(CHAT_MESSAGES.tooManyPostsOfViewer));
    const third = chatFan(inject, token, { remoteAddress: stadium });
    expect((await third.post('go')).statusCode).toBe(201);
    const ceiling = await third.post('go', 'fr');
    expect(ceiling.statusCode).toBe(429);
    expect(ceiling.json().message).toBe(renderMessage(CHAT_MESSAGES.tooManyPosts, 'fr'));
    expect(ceiling.headers['retry-after']).toBe('60');
    expect((await chatFan(inject, token, { remoteAddress: stadium }).post('go')).statusCode).toBe(429);
    // Another address goes on.
    expect((await chatFan(inject, token, { remoteAddress: newAddress() }).post('go')).statusCode).toBe(201);
  });

  it(`gives at most ${LIMITS.tokensPerAddress} viewer tokens a minute to one address`, async () => {
    const { token } = await chatEvent();
    const remoteAddress = newAddress();
    for (let index = 0; index < LIMITS.tokensPerAddress; index += 1) {
      expect((await askViewerToken(inject, token, remoteAddress)).statusCode).toBe(201);
    }
    const refused = await inject({
      method: 'POST',
      url: chatPaths.publicViewer(token),
      remoteAddress,
      headers: { 'accept-language': 'fr' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(renderMessage(CHAT_MESSAGES.tooManyViewerTokens, 'fr'));
    expect(refused.headers['retry-after']).toBe('60');
    expect((await askViewerToken(inject, token, newAddress())).statusCode).toBe(201);
  });
});
