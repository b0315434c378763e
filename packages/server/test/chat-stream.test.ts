import { randomBytes } from 'node:crypto';
import { get, type IncomingMessage } from 'node:http';
import { CHAT_STREAM, chatPaths, chatTopic } from '@regie/contract/chat';
import type { Chat, ChatMessagesPage, PublicChat } from '@regie/contract/chat.schemas';
import { embedPaths } from '@regie/contract/embed';
import type { ModuleCode } from '@regie/contract/modules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { RealtimeHub } from '../src/realtime/realtime.hub.ts';
import { chatFan } from './chat-fixtures.ts';
import { createTestContext, type TestContext, testConfig } from './helpers.ts';
import { crossProcessHubs } from './hub-fixtures.ts';
import { insertEvent, signIn } from './insights-fixtures.ts';

/**
 * The fans' chat stream (Server-Sent Events) on a real server read by a real HTTP client:
 * messages and moderation arrive as they happen, a reconnecting fan gets exactly what they
 * missed, one chat never hears another's, and the streams end when the app closes.
 */

const MODULES: ModuleCode[] = ['SPORT_EVENTS', 'STREAM_CLIPPING', 'CHAT'];
// One media secret for every app of the file: an embed token made by one is valid on the other.
const mediaSecret = randomBytes(24).toString('hex');
const config = () => ({ videos: { ...testConfig().videos, mediaSecret } });

let ctx: TestContext;
let baseUrl: string;
let producer: { token: string; accountId: number };
let address = 0;

beforeAll(async () => {
  // No periodic check here: a stream this process closes is closed by the write itself.
  ctx = await createTestContext({ config: config(), dependencies: { chatOpenCheckMs: 3_600_000 } });
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  producer = await signIn(ctx, { roles: ['sport_player_write'], modules: MODULES });
});
afterAll(() => ctx.close());

interface StreamEvent {
  id: string;
  type: string;
  data: unknown;
}

/** A fan's stream read as the browser's EventSource would: events by blank lines, `id:` kept. */
class StreamReader {
  readonly events: StreamEvent[] = [];
  retry: number | null = null;
  status = 0;
  readonly ended: Promise<void>;
  private response: IncomingMessage | null = null;
  private waiters: (() => void)[] = [];

  constructor(url: string, lastEventId?: string) {
    this.ended = new Promise((resolve, reject) => {
      const request = get(url, { headers: lastEventId ? { 'last-event-id': lastEventId } : {} }, (response) => {
        this.response = response;
        this.status = response.statusCode ?? 0;
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            this.take(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
          }
          this.wake();
        });
        response.on('end', () => {
          this.wake();
          resolve();
        });
        response.on('close', resolve);
      });
      request.on('error', reject);
    });
  }

  private take(block: string): void {
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
    }
    if (fields.has('retry')) this.retry = Number(fields.get('retry'));
    const type = fields.get('event');
    if (type) this.events.push({ id: fields.get('id') ?? '', type, data: JSON.parse(fields.get('data') ?? 'null') });
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Resolves once an event matching `test` has arrived (the test's own timeout bounds the wait). */
  async until(test: (event: StreamEvent) => boolean): Promise<StreamEvent> {
    for (;;) {
      const found = this.events.find(test);
      if (found) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Resolves once the server has answered and listens for the chat (its `retry:` hint has come). */
  async opened(): Promise<void> {
    while (this.retry === null) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.response?.destroy();
  }
}

const isText = (text: string) => (event: StreamEvent) =>
  event.type === 'message' && (event.data as { text?: string }).text === text;

/** A published event with the chat on: its embed token and chat id. */
async function chatEvent(owner = producer) {
  const eventId = await insertEvent(ctx, owner.accountId, { activatedModules: ['CHAT'] });
  const embed = await ctx.request({ url: embedPaths.eventEmbed(eventId), token: owner.token });
  expect(embed.statusCode, embed.body).toBe(200);
  const token = embed.json<{ url: string }>().url.split('/').pop() ?? '';
  const chat = await ctx.request({ url: chatPaths.eventChat(eventId), token: owner.token });
  return { eventId, token, chatId: chat.json<Chat>().id };
}

/** A new fan posts through `app` (with a viewer token that app signed: chat-fixtures.ts). */
async function post(token: string, text: string, app: App = ctx.app) {
  address += 1;
  const fan = chatFan((options) => app.inject(options), token, { remoteAddress: `203.0.113.${address % 250}` });
  const response = await fan.post(text);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}

async function moderate(chatId: number, messageId: number, body: object, token = producer.token) {
  const response = await ctx.request({
    method: 'PUT',
    url: chatPaths.message(chatId, messageId),
    token,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function readChat(token: string) {
  const response = await ctx.request({ url: chatPaths.public(token) });
  const chat = response.json<PublicChat>();
  if (!chat.open) throw new Error('the chat should be open');
  return chat;
}

/** Staff unpublish the event (through the file's app): its chat is no longer open to fans. */
async function unpublish(eventId: number) {
  const response = await ctx.request({
    method: 'PUT',
    url: `/main-api/events/${eventId}`,
    token: producer.token,
    payload: { published: false },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const streamUrl = (base: string, token: string, query = '') => `${base}${chatPaths.publicStream(token)}${query}`;

describe('the fans’ chat stream', () => {
  it('pushes a posted message, then a moderator’s hide, pin and restore, each with a cursor', async () => {
    const { token, chatId } = await chatEvent();
    const stream = new StreamReader(streamUrl(baseUrl, token, `?cursor=${(await readChat(token)).cursor}`));
    try {
      await stream.opened();
      const posted = await post(token, 'Allez !');
      const arrived = await stream.until(isText('Allez !'));
      expect(stream.status).toBe(200);
      expect(stream.retry).toBe(CHAT_STREAM.retryMs);
      expect(arrived.data).toMatchObject({ id: posted.id, nickname: 'Fan', pinned: false });
      expect(arrived.id).toMatch(new RegExp(`^${posted.id}-\\d+$`));

      await moderate(chatId, posted.id, { pinned: true });
      const pinned = await stream.until((event) => event.type === 'updated');
      expect(pinned.data).toMatchObject({ id: posted.id, pinned: true });
      await moderate(chatId, posted.id, { state: 'hidden' });
      expect((await stream.until((event) => event.type === 'hidden')).data).toEqual({ id: posted.id });
      await moderate(chatId, posted.id, { state: 'visible' });
      await stream.until((event) => event.type === 'updated' && event !== pinned);
      expect(stream.events.map((event) => event.type)).toEqual(['message', 'updated', 'hidden', 'updated']);
      expect(stream.events.at(-1)?.data).toMatchObject({ id: posted.id, text: 'Allez !', pinned: true });
      // Staff-only fields never reach fans.
      expect(JSON.stringify(stream.events)).not.toContain('viewerId');
    } finally {
      stream.close();
    }
  });

  it('sends a reconnecting fan exactly what they missed since their Last-Event-ID', async () => {
    const { token, chatId } = await chatEvent();
    const first = new StreamReader(streamUrl(baseUrl, token));
    await first.opened();
    const seen = await post(token, 'one');
    const last = await first.until(isText('one'));
    first.close();
    await first.ended;

    const two = await post(token, 'two');
    const three = await post(token, 'three');
    const gone = await post(token, 'gone');
    await moderate(chatId, gone.id, { state: 'hidden' });
    await moderate(chatId, seen.id, { state: 'hidden' });

    const again = new StreamReader(streamUrl(baseUrl, token), last.id);
    try {
      // A live message after the replay: everything before it is the replay.
      await again.until((event) => event.type === 'hidden');
      await post(token, 'live');
      await again.until(isText('live'));
      const replay = again.events.slice(0, -1).map((event) => [event.type, event.data]);
      expect(replay).toEqual([
        ['message', expect.objectContaining({ id: two.id, text: 'two' })],
        ['message', expect.objectContaining({ id: three.id, text: 'three' })],
        ['hidden', { id: seen.id }],
      ]);
      // The cursor moved on: resuming from the last event gives nothing again.
      const latest = again.events.at(-1)?.id ?? '';
      again.close();
      const third = new StreamReader(streamUrl(baseUrl, token), latest);
      await third.opened();
      await post(token, 'after');
      await third.until(isText('after'));
      expect(third.events.map((event) => event.type)).toEqual(['message']);
      third.close();
    } finally {
      again.close();
    }
  });

  it('starts from the read’s cursor: a message written between the read and the stream is not lost', async () => {
    const { token, chatId } = await chatEvent();
    const before = await post(token, 'read');
    const { cursor, messages } = await readChat(token);
    expect(messages.map((message) => message.id)).toEqual([before.id]);
    const between = await post(token, 'between');
    await moderate(chatId, before.id, { pinned: true });
    const stream = new StreamReader(streamUrl(baseUrl, token, `?cursor=${cursor}`));
    try {
      await stream.until((event) => event.type === 'updated');
      expect(stream.events.map((event) => [event.type, (event.data as { id: number }).id])).toEqual([
        ['message', between.id],
        ['updated', before.id],
      ]);
    } finally {
      stream.close();
    }
  });

  it('never sends one club’s chat to another club’s fans', async () => {
    const other = await signIn(ctx, { roles: ['sport_player_write'], modules: MODULES });
    const clubA = await chatEvent();
    const clubB = await chatEvent(other);
    const streamA = new StreamReader(streamUrl(baseUrl, clubA.token));
    const streamB = new StreamReader(streamUrl(baseUrl, clubB.token));
    try {
      await streamA.opened();
      await streamB.opened();
      await post(clubB.token, 'B only');
      await streamB.until(isText('B only'));
      await post(clubA.token, 'A only');
      await streamA.until(isText('A only'));
      expect(streamA.events.map((event) => (event.data as { text: string }).text)).toEqual(['A only']);
      expect(streamB.events.map((event) => (event.data as { text: string }).text)).toEqual(['B only']);
    } finally {
      streamA.close();
      streamB.close();
    }
  });

  it('answers a closed chat with one closed event, and a bad cursor or token with a 4xx', async () => {
    const eventId = await insertEvent(ctx, producer.accountId, { activatedModules: ['CHAT'], published: false });
    const embed = await ctx.request({ url: embedPaths.eventEmbed(eventId), token: producer.token });
    const token = embed.json<{ url: string }>().url.split('/').pop() ?? '';
    const closed = new StreamReader(streamUrl(baseUrl, token));
    await closed.ended;
    expect(closed.events.map((event) => event.type)).toEqual(['closed']);

    const open = await chatEvent();
    const bad = await ctx.request({ url: chatPaths.publicStream(open.token), headers: { 'last-event-id': 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('The chat cursor must be a message id and a time');
    expect((await ctx.request({ url: `${chatPaths.publicStream(open.token)}?cursor=1` })).statusCode).toBe(400);
    expect((await ctx.request({ url: chatPaths.publicStream('forged') })).statusCode).toBe(404);
  });

  it('ends a fan’s stream with a closed event as soon as staff unpublish the event', async () => {
    const { eventId, token } = await chatEvent();
    const fan = new StreamReader(streamUrl(baseUrl, token));
    await fan.opened();
    await post(token, 'before the whistle');
    await fan.until(isText('before the whistle'));
    await unpublish(eventId);
    // By the write itself (this app's periodic check is an hour away).
    await fan.ended;
    expect(fan.events.map((event) => event.type)).toEqual(['message', 'closed']);
    // Its id is the fan's cursor: a page that reconnects later resumes after the last message.
    expect(fan.events[1]?.id).toBe(fan.events[0]?.id);
  });

  it('staff still read every message, hidden or not, with the same ids', async () => {
    const { token, chatId } = await chatEvent();
    const posted = await post(token, 'counted');
    const page = await ctx.request({ url: chatPaths.messages(chatId), token: producer.token });
    expect(page.json<ChatMessagesPage>().data.map((message) => message.id)).toEqual([posted.id]);
  });
});

describe('across API processes', () => {
  let hubs: [RealtimeHub, RealtimeHub];
  let one: App;
  let two: App;
  let twoUrl: string;
  let closedTwo = false;
  const subscribed: string[] = [];
  const resyncs: (() => void)[] = [];

  beforeAll(async () => {
    hubs = await crossProcessHubs(ctx.databaseUrl);
    const counted: RealtimeHub = {
      ...hubs[1],
      subscribe: (pattern, listener) => {
        subscribed.push(pattern);
        return hubs[1].subscribe(pattern, listener);
      },
      onResync: (listener) => {
        resyncs.push(listener);
        return hubs[1].onResync(listener);
      },
    };
    const shared = { ...ctx.database, migrate: async () => undefined, close: async () => undefined };
    one = await buildApp(testConfig(config()), { database: shared, hub: hubs[0] });
    two = await buildApp(testConfig(config()), { database: shared, hub: counted, chatOpenCheckMs: 100 });
    twoUrl = await two.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await one?.close();
    if (!closedTwo) await two?.close();
    await Promise.all((hubs ?? []).map((hub) => hub.close()));
  });

  it('delivers a message posted on one process to the fans of another, with one subscription per chat', async () => {
    const { eventId, token } = await chatEvent();
    const fans = [0, 1, 2].map(() => new StreamReader(streamUrl(twoUrl, token)));
    try {
      for (const fan of fans) await fan.opened();
      await post(token, 'first', one);
      for (const fan of fans) await fan.until(isText('first'));
      expect(subscribed.filter((pattern) => pattern === `${producer.accountId}${chatTopic(eventId)}`)).toHaveLength(1);
    } finally {
      for (const fan of fans) fan.close();
    }
  });

  it('after the hub may have lost events, sends each chat’s fans what came since', async () => {
    const { token } = await chatEvent();
    const fan = new StreamReader(streamUrl(twoUrl, token));
    try {
      await fan.opened();
      await post(token, 'heard', one);
      await fan.until(isText('heard'));
      // Posted on a process whose hub process two does not hear: an event lost on the way.
      await post(token, 'lost', ctx.app);
      for (const resync of resyncs) resync();
      await fan.until(isText('lost'));
      expect(fan.events.map((event) => [event.type, (event.data as { text: string }).text])).toEqual([
        ['message', 'heard'],
        ['message', 'lost'],
      ]);
    } finally {
      fan.close();
    }
  });

  it('closes the fans’ streams of an event unpublished through another process at its next check', async () => {
    const { eventId, token } = await chatEvent();
    const fan = new StreamReader(streamUrl(twoUrl, token));
    await fan.opened();
    // Unpublished through process one (the file's app): process two hears nothing of it but its check.
    await unpublish(eventId);
    await fan.ended;
    expect(fan.events.map((event) => event.type)).toEqual(['closed']);
  });

  it('ends its streams when the app closes, and the close does not wait for them', async () => {
    const { token } = await chatEvent();
    const fan = new StreamReader(streamUrl(twoUrl, token));
    await fan.opened();
    await post(token, 'before close', one);
    await fan.until(isText('before close'));
    closedTwo = true;
    await two.close();
    await fan.ended;
    expect(fan.events.map((event) => event.type)).toEqual(['message']);
  });
});
