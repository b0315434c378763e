import { once } from 'node:events';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatRow } from '../db/chat.table.ts';
import type { Db } from '../db/database.ts';
import { type ChatStreams, createChatStreams } from './chat.stream.ts';

/**
 * The streams' check that their chats are still open, on a real HTTP server and client: an
 * event unpublished elsewhere reaches its fans as `closed` at the next periodic check, a write
 * here at once; a chat still open keeps its fans.
 */

const chatOf = (id: number, accountId: number) => ({ id, accountId, eventId: id }) as ChatRow;

let server: Server | null = null;
let streams: ChatStreams | null = null;
afterEach(async () => {
  streams?.close();
  server?.close();
  server = null;
  streams = null;
});

/** A server streaming `chats` by id (`/1`, `/2`) with a fan cursor of 7-1000; answers its URL. */
async function serve(chats: ChatRow[], isOpen: (chat: ChatRow) => Promise<boolean>, openCheckMs: number) {
  const made = createChatStreams({ db: {} as Db, hub: null, isOpen, onError: () => undefined, openCheckMs });
  streams = made;
  server = createServer((request, response) => {
    const chat = chats.find((candidate) => `/${candidate.id}` === request.url);
    if (!chat) return void response.writeHead(404).end();
    void made.open(chat, response, async () => ({ cursor: { lastMessageId: 7, changedAtMs: 1000 }, missed: [] }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A fan's stream: the text received, and a promise of its end. */
async function listen(url: string) {
  const response = await new Promise<IncomingMessage>((resolve, reject) => get(url, resolve).on('error', reject));
  const fan = { text: '', ended: once(response, 'end') };
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    fan.text += chunk;
  });
  return fan;
}

describe('chat streams of a chat that closes', () => {
  it('end with a closed event, carrying the fan’s cursor, at the next periodic check', async () => {
    let open = true;
    const url = await serve([chatOf(1, 10)], async () => open, 50);
    const fan = await listen(`${url}/1`);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(fan.text).not.toContain('event: closed');
    open = false;
    await fan.ended;
    expect(fan.text).toContain('id: 7-1000\nevent: closed\ndata: {}\n\n');
    expect(streams?.stats()).toEqual({ chats: 0, fans: 0 });
  });

  it('are checked at once for the account that wrote, and only its chats close', async () => {
    const closedIds = new Set<number>();
    const url = await serve([chatOf(1, 10), chatOf(2, 20)], async (chat) => !closedIds.has(chat.id), 60_000);
    const ours = await listen(`${url}/1`);
    const theirs = await listen(`${url}/2`);
    closedIds.add(1);
    closedIds.add(2);
    await streams?.recheck(10);
    await ours.ended;
    expect(ours.text).toContain('event: closed');
    // The other account wrote nothing: its chat is read again only at the periodic check.
    expect(theirs.text).not.toContain('event: closed');
    expect(streams?.stats()).toEqual({ chats: 1, fans: 1 });
  });

  it('read once more when asked again during a read, so a write during the check is not missed', async () => {
    let reads = 0;
    let answer: (open: boolean) => void = () => undefined;
    const url = await serve(
      [chatOf(1, 10)],
      () => {
        reads += 1;
        return new Promise<boolean>((resolve) => {
          answer = resolve;
        });
      },
      60_000,
    );
    const fan = await listen(`${url}/1`);
    const first = streams?.recheck(10);
    await streams?.recheck(10);
    expect(reads).toBe(1);
    answer(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads).toBe(2);
    answer(false);
    await first;
    await fan.ended;
    expect(fan.text).toContain('event: closed');
  });
});
