import { CHAT_VIEWER_HEADER, CHAT_VIEWER_STORAGE_KEY, chatPaths } from '@regie/contract/chat';
import { describe, expect, it } from 'vitest';
import { createViewerPass } from './embed-chat-viewer.ts';

/** A server that issues numbered tokens; `asked` counts the issues. */
function issuer(status = 201) {
  const calls: { url: string; language: string | undefined }[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), language: (init?.headers as Record<string, string>)['accept-language'] });
    if (status !== 201) return new Response(JSON.stringify({ message: 'Ce chat est fermé' }), { status });
    return new Response(JSON.stringify({ viewerToken: `token-${calls.length}`, expiresAt: '2026-01-02T00:00:00Z' }), {
      status: 201,
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** A post that answers `statuses` in turn, recording the viewer header it was sent with. */
function poster(...statuses: number[]) {
  const sent: (string | undefined)[] = [];
  const send = async (headers: Record<string, string>) => {
    sent.push(headers[CHAT_VIEWER_HEADER]);
    return new Response('{}', { status: statuses.shift() ?? 201 });
  };
  return { send, sent };
}

describe("the embed page's viewer token", () => {
  it('asks for a token at the first post only, sends it in its header and keeps it for the next view', async () => {
    const server = issuer();
    const storage = memoryStorage();
    const pass = createViewerPass('page-token', 'fr', { fetch: server.fetch, storage });
    const post = poster();
    expect((await pass.post(post.send))?.status).toBe(201);
    expect((await pass.post(post.send))?.status).toBe(201);
    expect(server.calls).toEqual([{ url: chatPaths.publicViewer('page-token'), language: 'fr' }]);
    expect(post.sent).toEqual(['token-1', 'token-1']);
    expect(storage.items.get(`${CHAT_VIEWER_STORAGE_KEY}:page-token`)).toBe('token-1');
    // A reload: the kept token, no new ask.
    const reloaded = createViewerPass('page-token', 'fr', { fetch: server.fetch, storage });
    await reloaded.post(post.send);
    expect(server.calls).toHaveLength(1);
    expect(post.sent.at(-1)).toBe('token-1');
    // Another page of the same site has a token of its own.
    await createViewerPass('other-page', 'fr', { fetch: server.fetch, storage }).post(post.send);
    expect(post.sent.at(-1)).toBe('token-2');
  });

  it('replaces a token the server refuses (401) once, and gives up after', async () => {
    const server = issuer();
    const storage = memoryStorage();
    storage.setItem(`${CHAT_VIEWER_STORAGE_KEY}:page-token`, 'expired');
    const pass = createViewerPass('page-token', 'en', { fetch: server.fetch, storage });
    const post = poster(401, 201);
    expect((await pass.post(post.send))?.status).toBe(201);
    expect(post.sent).toEqual(['expired', 'token-1']);
    expect(storage.getItem(`${CHAT_VIEWER_STORAGE_KEY}:page-token`)).toBe('token-1');
    const refused = poster(401, 401, 201);
    expect((await pass.post(refused.send))?.status).toBe(401);
    expect(refused.sent).toHaveLength(2);
  });

  it("answers the issue's refusal (a closed chat) without posting, and works without storage", async () => {
    const post = poster();
    const closed = createViewerPass('page-token', 'fr', { fetch: issuer(403).fetch, storage: null });
    const refusal = await closed.post(post.send);
    expect(refusal?.status).toBe(403);
    expect(await refusal?.json()).toEqual({ message: 'Ce chat est fermé' });
    expect(post.sent).toEqual([]);
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    };
    const server = issuer();
    const pass = createViewerPass('page-token', 'fr', { fetch: server.fetch, storage: blocked });
    await pass.post(post.send);
    await pass.post(post.send);
    expect(post.sent).toEqual(['token-1', 'token-1']);
  });
});
