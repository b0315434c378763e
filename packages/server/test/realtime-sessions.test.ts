import { ACTING_MESSAGES, actingPaths } from '@regie/contract/acting';
import { paths } from '@regie/contract/api';
import { AUTH_MESSAGES } from '@regie/contract/auth';
import { renderMessage } from '@regie/contract/messages.render';
import { REALTIME_CLOSE } from '@regie/contract/realtime';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/auth/sessions.service.ts';
import { sessions } from '../src/db/sessions.table.ts';
import { createMemoryHub, type RealtimeHub } from '../src/realtime/realtime.hub.ts';
import { createSessionWatch } from '../src/realtime/realtime.sessions.ts';
import { registerRealtimeSocket } from '../src/realtime/realtime.socket.ts';
import { type BuiltUser, createTestContext, type TestContext } from './helpers.ts';
import { RealtimeClient } from './realtime-client.ts';

/** A socket whose session ends later (sign-out, expiry) is closed, and gets no more events. */

let ctx: TestContext;
let server: FastifyInstance;
let url: string;
let hub: RealtimeHub;
let editor: BuiltUser;
const clients: RealtimeClient[] = [];
/** The sweep period of the socket under test: short, so the tests stay quick. */
const CHECK_MS = 150;

function client(): RealtimeClient {
  const created = new RealtimeClient(url);
  clients.push(created);
  return created;
}

async function signIn(): Promise<{ token: string; sessionId: number }> {
  const token = await ctx.login(editor.username, editor.password);
  const [row] = await ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  if (!row) throw new Error('no session row');
  return { token, sessionId: row.id };
}

/** Resolves with the close, or with null when the socket is still open after `ms`. */
function closedWithin(socket: RealtimeClient, ms: number) {
  return Promise.race([socket.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await ctx.buildAccount();
  editor = await ctx.buildUser({ accountId: account.id, roles: ['video_write'] });
  hub = createMemoryHub();
  server = Fastify();
  await registerRealtimeSocket(server, { db: ctx.db, hub, sessionCheckMs: CHECK_MS });
  url = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const open of clients.splice(0)) open.close();
});
afterAll(async () => {
  await server.close();
  await ctx.close();
});

describe('an open socket whose session ends', () => {
  it('is closed as unauthorized soon after its user signs out', async () => {
    const { token } = await signIn();
    const socket = await client().connect({ token });
    const other = await client().connect({ token: (await signIn()).token });
    const logout = await ctx.request({ method: 'DELETE', url: paths.logout, token });
    expect(logout.statusCode).toBe(204);
    expect(await closedWithin(socket, CHECK_MS * 10)).toEqual({
      code: REALTIME_CLOSE.unauthorized,
      reason: renderMessage(AUTH_MESSAGES.invalidToken),
    });
    // The same user's other session stays connected.
    expect(await closedWithin(other, CHECK_MS * 3)).toBeNull();
  });

  it('is closed when its session expires', async () => {
    const { token, sessionId } = await signIn();
    const socket = await client().connect({ token });
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.id, sessionId));
    expect(await closedWithin(socket, CHECK_MS * 10)).toEqual({
      code: REALTIME_CLOSE.unauthorized,
      reason: renderMessage(AUTH_MESSAGES.expiredToken),
    });
  });

  it('gets no event published after the sign-out, even before the sweep noticed', async () => {
    let clock = Date.now();
    const ended: string[] = [];
    // No timer sweep within the test: only the check before an event can notice.
    const watch = createSessionWatch(ctx.db, { checkMs: 60_000, onError: () => undefined, now: () => clock });
    try {
      const { token, sessionId } = await signIn();
      watch.watch(sessionId, (reason) => ended.push(reason));
      expect(watch.live(sessionId)).toBe(true);
      await ctx.request({ method: 'DELETE', url: paths.logout, token });
      // Within the cache's freshness the answer costs no query...
      expect(watch.live(sessionId)).toBe(true);
      // ...past it, one check sees the revocation.
      clock += 60_000;
      expect(await watch.live(sessionId)).toBe(false);
      expect(ended).toEqual([renderMessage(AUTH_MESSAGES.invalidToken)]);
      expect(watch.live(sessionId)).toBe(false);
    } finally {
      watch.stop();
    }
  });

  it('is closed as forbidden once the admin stops acting for its account, and the own account’s stays (issue 26)', async () => {
    const adminToken = await ctx.login('admin');
    const accountKey = await ctx.actFor(adminToken, { id: editor.accountId });
    const acting = await client().connect({ token: adminToken, accountKey });
    const own = await client().connect({ token: adminToken });
    const stop = await ctx.request({ method: 'DELETE', url: actingPaths.acting, token: adminToken });
    expect(stop.statusCode).toBe(204);
    expect(await closedWithin(acting, CHECK_MS * 10)).toEqual({
      code: REALTIME_CLOSE.forbidden,
      reason: renderMessage(ACTING_MESSAGES.required),
    });
    expect(await closedWithin(own, CHECK_MS * 3)).toBeNull();
  });

  it('keeps receiving events while its session is live', async () => {
    const { token } = await signIn();
    const socket = await client().connect({ token }, ['/admin/**']);
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 3));
    await hub.publish(`${editor.accountId}/admin/messages`, { type: 'toast', payload: { text: 'still here' } });
    const event = await socket.waitFor((message) => message.topic === '/admin/messages');
    expect(event.payload).toEqual({ text: 'still here' });
  });
});
