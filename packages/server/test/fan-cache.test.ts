import { get } from 'node:http';
import { chatPaths } from '@regie/contract/chat';
import type { Chat, ChatMessagesPage } from '@regie/contract/chat.schemas';
import { embedPaths } from '@regie/contract/embed';
import { fanPublicPaths } from '@regie/contract/fans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_REVALIDATE, PUBLIC_SHORT } from '../src/http/http.cache.ts';
import { chatFan } from './chat-fixtures.ts';
import { signUpConfirmed } from './fan-auth-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { insertEvent, insertVideo, signIn } from './insights-fixtures.ts';

/**
 * The fan side's caching (issue 28 point 2): the embed page's data and its chat read carry an
 * ETag and a short shared-cache life, answer 304 to a client that has them, change as soon as
 * staff change what they show, and the fan's own data is never for a shared cache.
 */

let ctx: TestContext;
let producer: { token: string; accountId: number; accountKey: string };
let address = 0;
let baseUrl = '';

beforeAll(async () => {
  ctx = await createTestContext();
  // The public reads go over HTTP, as a crowd's do: through the front cache (http/front.cache.ts).
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  producer = await signIn(ctx, {
    roles: ['sport_player_write', 'use_crm'],
    modules: ['SPORT_EVENTS', 'STREAM_CLIPPING', 'CHAT', 'FANS_CRM'],
  });
});
afterAll(() => ctx.close());

const remoteAddress = () => `198.51.100.${(address++ % 250) + 1}`;

async function embedToken(eventId: number, token = producer.token): Promise<string> {
  const response = await ctx.request({ url: embedPaths.eventEmbed(eventId), token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url.split('/').pop() ?? '';
}

interface Read {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body as JSON (an object: the reads here answer objects). */
  json<T = { messages: { text: string }[] }>(): T;
}

/** A GET over HTTP to the listening app (the front cache answers before Fastify when it can). */
function read(url: string, headers: Record<string, string> = {}): Promise<Read> {
  return new Promise((resolve, reject) => {
    get(`${baseUrl}${url}`, { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({
          statusCode: response.statusCode ?? 0,
          headers: response.headers,
          body,
          json: () => JSON.parse(body),
        }),
      );
    }).on('error', reject);
  });
}

/** Answers served from the front cache so far (its Prometheus counter). */
async function frontHits(): Promise<number> {
  const text = await ctx.app.metrics.registry.getSingleMetricAsString('regie_front_cache_hits_total');
  return Number(/regie_front_cache_hits_total (\d+)/.exec(text)?.[1] ?? 0);
}

describe('the embed page’s data', () => {
  it('is named by an ETag, cacheable briefly by shared caches, and 304 for a client that has it', async () => {
    const videoId = await insertVideo(ctx, producer.accountId);
    const eventId = await insertEvent(ctx, producer.accountId, { videoId });
    const url = embedPaths.player(await embedToken(eventId));
    const first = await read(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ state: 'replay', available: true, title: 'Derby' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe(PUBLIC_SHORT);

    // A second viewer gets the same bytes, so the same ETag (the signed URLs hold within their
    // step), from the front cache: the route is not run again.
    const hits = await frontHits();
    const second = await read(url);
    expect(second.headers.etag).toBe(etag);
    expect(second.headers['cache-control']).toBe(PUBLIC_SHORT);
    expect(second.body).toBe(first.body);
    expect(await frontHits()).toBe(hits + 1);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await read(url, { 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    expect((await read(url, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    // Another language is another answer.
    expect((await read(`${url}?lang=fr`)).headers.etag).toBeDefined();
  });

  it('changes at once when staff change the event, and an unpublished one is no longer shown', async () => {
    const videoId = await insertVideo(ctx, producer.accountId);
    const eventId = await insertEvent(ctx, producer.accountId, { videoId });
    const url = embedPaths.player(await embedToken(eventId));
    const before = await read(url);
    expect(before.json()).toMatchObject({ state: 'replay', available: true });

    const unpublished = await ctx.request({
      method: 'PUT',
      url: `/main-api/events/${eventId}`,
      token: producer.token,
      payload: { published: false },
    });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    const after = await read(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ state: 'unavailable', available: false, reason: 'not_published', title: null });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('never answers an error with a cache header', async () => {
    const response = await read(embedPaths.player('nothing.here'));
    expect(response.statusCode).toBe(404);
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['cache-control']).toBeUndefined();
  });
});

describe('the embed page’s chat read', () => {
  async function chatEvent() {
    const eventId = await insertEvent(ctx, producer.accountId, { activatedModules: ['CHAT'] });
    const token = await embedToken(eventId);
    const chat = await ctx.request({ url: chatPaths.eventChat(eventId), token: producer.token });
    expect(chat.statusCode, chat.body).toBe(200);
    return { token, chatId: chat.json<Chat>().id };
  }
  const post = (token: string, text: string) =>
    chatFan((options) => ctx.app.inject(options), token, { remoteAddress: remoteAddress() }).post(text);

  it('shows a fan’s message at the next read, and a hidden one leaves it at once', async () => {
    const { token, chatId } = await chatEvent();
    const url = chatPaths.public(token);
    const empty = await read(url);
    expect(empty.json()).toMatchObject({ open: true, messages: [] });
    expect(empty.headers['cache-control']).toBe(PUBLIC_SHORT);

    expect((await post(token, 'Allez!')).statusCode).toBe(201);
    const posted = await read(url, { 'if-none-match': String(empty.headers.etag) });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().messages.map((message: { text: string }) => message.text)).toEqual(['Allez!']);
    expect((await read(url, { 'if-none-match': String(posted.headers.etag) })).statusCode).toBe(304);

    const messages = await ctx.request({ url: chatPaths.messages(chatId), token: producer.token });
    const [message] = messages.json<ChatMessagesPage>().data;
    const hidden = await ctx.request({
      method: 'PUT',
      url: chatPaths.message(chatId, message?.id ?? 0),
      token: producer.token,
      payload: { state: 'hidden' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const after = await read(url, { 'if-none-match': String(posted.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json().messages).toEqual([]);
  });

  it('keeps each page’s answer to its page: another account’s chat is another answer', async () => {
    const mine = await chatEvent();
    expect((await post(mine.token, 'Ours')).statusCode).toBe(201);
    const other = await signIn(ctx, { roles: ['sport_player_write'], modules: ['SPORT_EVENTS', 'CHAT'] });
    const theirEvent = await insertEvent(ctx, other.accountId, { activatedModules: ['CHAT'] });
    const theirs = await read(chatPaths.public(await embedToken(theirEvent, other.token)));
    expect(theirs.json()).toMatchObject({ open: true, messages: [] });
    const ours = await read(chatPaths.public(mine.token));
    expect(ours.json().messages.map((message: { text: string }) => message.text)).toEqual(['Ours']);
  });
});

describe('the fan’s own data', () => {
  it('is for the fan’s browser only (private, by Authorization), with an ETag and 304', async () => {
    const body = { email: `cache.${Date.now()}@example.com`, password: 'goal-goal-goal', nickname: 'cachefan' };
    const { token } = await signUpConfirmed(ctx, producer.accountKey, body, remoteAddress());
    const me = await ctx.request({ url: fanPublicPaths.me, token, remoteAddress: remoteAddress() });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.headers['cache-control']).toBe(PRIVATE_REVALIDATE);
    expect(me.headers.vary).toMatch(/authorization/i);
    const again = await ctx.request({
      url: fanPublicPaths.me,
      token,
      remoteAddress: remoteAddress(),
      headers: { 'if-none-match': String(me.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Signed out, the same ETag gets a 401, not the fan's data.
    const anonymous = await ctx.request({
      url: fanPublicPaths.me,
      remoteAddress: remoteAddress(),
      headers: { 'if-none-match': String(me.headers.etag) },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
