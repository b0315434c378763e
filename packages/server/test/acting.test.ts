import { READ_ONLY_KEPT_WRITES } from '@regie/contract/access';
import { ACTING_LIMITS, ACTING_MESSAGES, type ActingSession, actingPaths } from '@regie/contract/acting';
import { HEADER_ACCOUNT_KEY, paths } from '@regie/contract/api';
import { type AuditPage, auditPaths } from '@regie/contract/audit';
import { AUTH_MESSAGES, meContextResponse } from '@regie/contract/auth';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import type { Message } from '@regie/contract/messages';
import { renderMessage } from '@regie/contract/messages.render';
import { queryPaths } from '@regie/contract/query-builder';
import { LOCAL_CHECKOUT_PATH } from '@regie/contract/viewer-access';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WriteRoute } from '../src/audit/audit.declared.ts';
import { hashToken } from '../src/auth/sessions.service.ts';
import { auditEntries } from '../src/db/audit.table.ts';
import { actingSessions, sessions } from '../src/db/sessions.table.ts';
import { tags } from '../src/db/tags.table.ts';
import { users } from '../src/db/users.table.ts';
import { LOCAL_SOCIAL_PREFIX } from '../src/social/social.endpoints.ts';
import { type BuiltAccount, createTestContext, type RequestOptions, type TestContext } from './helpers.ts';

/**
 * Issue 26 point 2: a platform administrator acts for a customer account only through an acting
 * session opened with a reason (POST users/me/acting), for the session that opened it; the start
 * and the end are in the account's trail; read-only acting refuses every write.
 */
let ctx: TestContext;
const writeRoutes: WriteRoute[] = [];
let club: BuiltAccount;
let events: BuiltAccount;
let platform: BuiltAccount;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestContext({ dependencies: { writeRoutes } });
  club = await ctx.accountByName(DEMO_ACCOUNTS.club);
  events = await ctx.accountByName(DEMO_ACCOUNTS.events);
  platform = await ctx.accountByName(DEMO_ACCOUNTS.platform);
  const [admin] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminId = admin?.id ?? 0;
});
afterAll(() => ctx.close());

const act = (token: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'POST', url: actingPaths.acting, token, payload, headers });
const stopActing = (token: string) => ctx.request({ method: 'DELETE', url: actingPaths.acting, token });
const contextOf = (token: string, accountKey: string, headers: Record<string, string> = {}) =>
  ctx.request({ url: paths.meContext, token, accountKey, headers });

/** The 403 of another account's key without an open acting session for it, in `language`. */
function expectActingRequired(response: Awaited<ReturnType<typeof ctx.request>>, language = 'en') {
  expect(response.statusCode, response.body).toBe(403);
  const message = renderMessage(ACTING_MESSAGES.required, language);
  expect(response.json()).toMatchObject({ message, errors: [{ path: HEADER_ACCOUNT_KEY, message }] });
}

/** A 400 naming `path` with `message`, in `language`. */
function expectFieldError(
  response: Awaited<ReturnType<typeof ctx.request>>,
  path: string,
  message: Message,
  lang = 'en',
) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().errors).toContainEqual({ path, message: renderMessage(message, lang) });
}

/** The admin's acting entries, oldest first, after entry `afterId`. */
async function actingEntriesSince(afterId: bigint) {
  const rows = await ctx.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.userId, adminId), inArray(auditEntries.action, ['acting-start', 'acting-end'])))
    .orderBy(desc(auditEntries.id))
    .limit(50);
  return rows.filter((row) => row.id > afterId).reverse();
}

async function lastEntryId(): Promise<bigint> {
  const [row] = await ctx.db.select({ id: auditEntries.id }).from(auditEntries).orderBy(desc(auditEntries.id)).limit(1);
  return row?.id ?? 0n;
}

/** The open acting sessions of the token's session. */
async function openActingOf(token: string) {
  return ctx.db
    .select({ accountId: actingSessions.accountId, reason: actingSessions.reason })
    .from(actingSessions)
    .innerJoin(sessions, eq(sessions.id, actingSessions.sessionId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(actingSessions.endedAt)));
}

describe('acting for an account with a reason', () => {
  let token: string;
  let tagId: number;
  const reason = 'Ticket 4242: the club’s tags are missing';
  beforeAll(async () => {
    token = await ctx.login('admin');
  });

  it('opens it (201) and the key then works: context with the reason, a write stored in the account', async () => {
    const opened = await act(token, { accountId: club.id, reason });
    expect(opened.statusCode, opened.body).toBe(201);
    const session = opened.json<ActingSession>();
    expect(session).toMatchObject({
      accountId: club.id,
      accountName: DEMO_ACCOUNTS.club,
      accountKey: club.accountKey,
      reason,
      readOnly: false,
    });
    expect(Number.isNaN(Date.parse(session.startedAt))).toBe(false);
    const context = meContextResponse.parse((await contextOf(token, club.accountKey)).json());
    expect(context).toMatchObject({ simulated: true, account: { id: club.id } });
    expect(context.acting).toEqual({ reason, readOnly: false, startedAt: session.startedAt });
    // Without the key the admin is themself, not acting.
    expect((await ctx.request({ url: paths.meContext, token })).json().acting).toBeNull();

    const created = await ctx.request({
      method: 'POST',
      url: '/main-api/tags',
      token,
      accountKey: club.accountKey,
      payload: { name: 'Made while acting', tagType: 'team' },
    });
    expect(created.statusCode, created.body).toBe(201);
    tagId = Number(created.json().id);
    const [row] = await ctx.db.select().from(tags).where(eq(tags.id, tagId));
    expect(row?.accountId).toBe(club.id);
  });

  it('records the start and the change with the acting admin, in the account’s trail', async () => {
    const [start] = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'acting-start'), eq(auditEntries.accountId, club.id)))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(start).toMatchObject({
      userId: adminId,
      actingAdminId: adminId,
      resource: 'accounts',
      resourceId: club.id,
      changes: { reason: { before: null, after: reason }, readOnly: { before: null, after: false } },
    });
    const [change] = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.resource, 'tags'), eq(auditEntries.resourceId, tagId)));
    expect(change).toMatchObject({ action: 'create', userId: adminId, actingAdminId: adminId, accountId: club.id });
  });

  it('shows the club’s manage_users holder the entries, without the administrator’s address', async () => {
    const manager = await ctx.login('usermanager');
    const read = async (query: string) => {
      const response = await ctx.request({ url: `${auditPaths.list}?${query}&limit=200`, token: manager });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AuditPage>().data;
    };
    const [change] = await read(`resource=tags&resourceId=${tagId}`);
    expect(change).toMatchObject({ action: 'create', actingAdminId: adminId, accountId: club.id, ip: null });
    const starts = await read(`resource=accounts&resourceId=${club.id}&action=acting-start`);
    expect(starts).toContainEqual(
      expect.objectContaining({
        userId: adminId,
        actingAdminId: adminId,
        accountId: club.id,
        changes: { reason: { before: null, after: reason }, readOnly: { before: null, after: false } },
      }),
    );
    expect(starts.every((entry) => entry.ip === null)).toBe(true);
    // A platform administrator reading the same entry sees the address.
    const asAdmin = await ctx.request({
      url: `${auditPaths.list}?resource=tags&resourceId=${tagId}`,
      token: await ctx.login('admin'),
    });
    expect(asAdmin.json<AuditPage>().data[0]?.ip).toBe('127.0.0.1');
  });
});

describe('another account’s key without an open acting session', () => {
  it('is refused with a 403 naming the header, in English and in French', async () => {
    const token = await ctx.login('admin');
    expectActingRequired(await contextOf(token, club.accountKey));
    expectActingRequired(await contextOf(token, club.accountKey, { 'accept-language': 'fr' }), 'fr');
    expect(renderMessage(ACTING_MESSAGES.required, 'fr')).not.toBe(renderMessage(ACTING_MESSAGES.required));
    // A write too, which stores nothing.
    const write = await ctx.request({
      method: 'POST',
      url: '/main-api/tags',
      token,
      accountKey: club.accountKey,
      payload: { name: 'Never stored', tagType: 'team' },
    });
    expectActingRequired(write);
    expect(await ctx.db.select().from(tags).where(eq(tags.name, 'Never stored'))).toEqual([]);
    // Another session's acting does not count for this one.
    const other = await ctx.login('admin');
    await ctx.actFor(other, club);
    expect((await contextOf(other, club.accountKey)).statusCode).toBe(200);
    expectActingRequired(await contextOf(token, club.accountKey));
  });

  it('is refused after DELETE, which writes acting-end (and a second DELETE changes nothing)', async () => {
    const token = await ctx.login('admin');
    await ctx.actFor(token, club, { reason: 'Before the DELETE' });
    const since = await lastEntryId();
    expect((await stopActing(token)).statusCode).toBe(204);
    expectActingRequired(await contextOf(token, club.accountKey));
    expect(await openActingOf(token)).toEqual([]);
    const ended = await actingEntriesSince(since);
    expect(ended).toMatchObject([
      {
        action: 'acting-end',
        accountId: club.id,
        resource: 'accounts',
        resourceId: club.id,
        changes: { reason: { before: 'Before the DELETE', after: null } },
      },
    ]);
    expect((await stopActing(token)).statusCode).toBe(204);
    expect(await actingEntriesSince(since)).toHaveLength(1);
  });

  it('is refused for the previous account after acting for another: acting-end then acting-start', async () => {
    const token = await ctx.login('admin');
    await ctx.actFor(token, club, { reason: 'First the club' });
    const since = await lastEntryId();
    await ctx.actFor(token, events, { reason: 'Then the events' });
    expectActingRequired(await contextOf(token, club.accountKey));
    expect((await contextOf(token, events.accountKey)).statusCode).toBe(200);
    const entries = await actingEntriesSince(since);
    expect(entries.map((entry) => [entry.action, entry.accountId])).toEqual([
      ['acting-end', club.id],
      ['acting-start', events.id],
    ]);
    expect(await openActingOf(token)).toEqual([{ accountId: events.id, reason: 'Then the events' }]);
  });

  it('is refused after signing out, which wrote acting-end: the next session must act again', async () => {
    const token = await ctx.login('admin');
    await ctx.actFor(token, club, { reason: 'Until I sign out' });
    const since = await lastEntryId();
    expect((await ctx.request({ method: 'DELETE', url: paths.logout, token })).statusCode).toBe(204);
    const entries = await actingEntriesSince(since);
    expect(entries).toMatchObject([{ action: 'acting-end', accountId: club.id, resourceId: club.id }]);
    expect(await openActingOf(token)).toEqual([]);
    expect((await contextOf(token, club.accountKey)).statusCode).toBe(401);
    const next = await ctx.login('admin');
    expectActingRequired(await contextOf(next, club.accountKey));
  });
});

describe('opening acting', () => {
  let token: string;
  beforeAll(async () => {
    token = await ctx.login('admin');
  });

  it('needs a reason: 400 on the field, in French too', async () => {
    for (const reason of ['', '   ']) {
      expectFieldError(await act(token, { accountId: club.id, reason }), 'reason', ACTING_MESSAGES.reasonRequired);
      const french = await act(token, { accountId: club.id, reason }, { 'accept-language': 'fr' });
      expectFieldError(french, 'reason', ACTING_MESSAGES.reasonRequired, 'fr');
    }
    expect((await act(token, { accountId: club.id })).statusCode).toBe(400);
    expect(await openActingOf(token)).toEqual([]);
  });

  it('refuses a reason too long, and takes one at the limit', async () => {
    const long = 'x'.repeat(ACTING_LIMITS.reasonMax + 1);
    expectFieldError(await act(token, { accountId: club.id, reason: long }), 'reason', ACTING_MESSAGES.reasonTooLong);
    const atLimit = await act(token, { accountId: club.id, reason: long.slice(1) });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    expect((await stopActing(token)).statusCode).toBe(204);
  });

  it('refuses the admin’s own account (400) and an unknown account (404)', async () => {
    const own = await act(token, { accountId: platform.id, reason: 'Mine' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(renderMessage(ACTING_MESSAGES.ownAccount));
    const unknown = await act(token, { accountId: 2_000_000, reason: 'Nobody' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(renderMessage(ACTING_MESSAGES.accountNotFound(2_000_000)));
    expect(await openActingOf(token)).toEqual([]);
  });

  it('is refused to a customer user holding manage_customer_accounts at level 0', async () => {
    const customer = await ctx.buildUser({ accountId: club.id, roles: ['manage_customer_accounts'], accessLevel: 0 });
    const customerToken = await ctx.login(customer.username, customer.password);
    const response = await act(customerToken, { accountId: events.id, reason: 'Curious' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(renderMessage(AUTH_MESSAGES.notAuthorised));
    expect(await openActingOf(customerToken)).toEqual([]);
    expect((await stopActing(customerToken)).statusCode).toBe(403);
  });
});

describe('read-only acting', () => {
  let token: string;
  beforeAll(async () => {
    token = await ctx.login('admin');
    await ctx.actFor(token, club, { reason: 'Looking only', readOnly: true });
  });

  it('reads, and says it is read-only', async () => {
    const context = meContextResponse.parse((await contextOf(token, club.accountKey)).json());
    expect(context.acting).toMatchObject({ reason: 'Looking only', readOnly: true });
    for (const url of ['/main-api/tags', '/main-api/videos', '/users-service-api/users']) {
      const response = await ctx.request({ url, token, accountKey: club.accountKey });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('refuses a valid write that acting would allow, and stores nothing', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/main-api/tags',
      token,
      accountKey: club.accountKey,
      payload: { name: 'Read-only attempt', tagType: 'team' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(renderMessage(AUTH_MESSAGES.notAuthorised));
    expect(await ctx.db.select().from(tags).where(eq(tags.name, 'Read-only attempt'))).toEqual([]);
  });

  it('refuses every write route of the app but the kept ones and the public ones', async () => {
    const kept = (route: WriteRoute) =>
      READ_ONLY_KEPT_WRITES.some((write) => write.method === route.method && write.path === route.url);
    const routes = [...new Map(writeRoutes.map((route) => [`${route.method} ${route.url}`, route])).values()];
    expect(routes.length).toBeGreaterThan(200);
    const publicRoutes: string[] = [];
    const accepted: string[] = [];
    let tried = 0;
    for (const route of routes) {
      // The fans' own API signs fans in with fan tokens: no staff session, no acting. The local
      // social stand-ins and the local payment provider's page are other web sites (a platform's
      // API, a payment page): no session either.
      const elsewhere = [`${LOCAL_SOCIAL_PREFIX}/`, `${LOCAL_CHECKOUT_PATH}/`].some((prefix) =>
        route.url.startsWith(prefix),
      );
      if (kept(route) || route.url.startsWith('/api/fan/') || elsewhere) continue;
      const url = route.url.replace(/:\w+(\([^)]*\))?/g, '1').replace(/\*/g, 'x');
      const call: RequestOptions = { method: route.method as RequestOptions['method'], url };
      // A route that answers without a token is public (fans, embeds, public games, sign-in):
      // there is no signed-in user whose acting could be read-only.
      const anonymous = await ctx.request(call);
      if (anonymous.statusCode !== 401) {
        publicRoutes.push(`${route.method} ${route.url}`);
        continue;
      }
      tried += 1;
      const response = await ctx.request({ ...call, token, accountKey: club.accountKey, payload: {} });
      if (response.statusCode !== 403) accepted.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(accepted).toEqual([]);
    expect(tried).toBeGreaterThan(150);
    // The routes that answer without a token are the public ones (signing in, the embeds), nothing else.
    const isPublic = (route: string) => route === `POST ${paths.login}` || route.includes(' /main-api/embed/');
    expect(publicRoutes.filter((route) => !isPublic(route))).toEqual([]);
    expect(publicRoutes).toContain(`POST ${paths.login}`);
  });

  it('keeps the kept writes: the admin’s preferences, a query builder read, stopping', async () => {
    const meta = await ctx.request({
      method: 'PUT',
      url: paths.me,
      token,
      accountKey: club.accountKey,
      payload: { meta: { language: 'en' } },
    });
    expect(meta.statusCode, meta.body).toBe(200);
    const query = await ctx.request({
      method: 'POST',
      url: queryPaths.run,
      token,
      accountKey: club.accountKey,
      payload: { entity: 'fans', query: { combinator: 'and', rules: [] }, limit: 1 },
    });
    expect(query.statusCode, query.body).toBe(200);
    // Stopping is sent with the admin's own key (no key): it works in read-only mode too.
    expect((await stopActing(token)).statusCode).toBe(204);
    expectActingRequired(await contextOf(token, club.accountKey));
  });
});

describe('the signed-in cache', () => {
  it('lets the key work right after acting opens, and refuses it right after it ends', async () => {
    const token = await ctx.login('admin');
    expectActingRequired(await contextOf(token, events.accountKey));
    // Cached with the admin's own context too.
    expect((await ctx.request({ url: paths.meContext, token })).statusCode).toBe(200);
    await ctx.actFor(token, events);
    expect((await contextOf(token, events.accountKey)).statusCode).toBe(200);
    expect((await contextOf(token, events.accountKey)).statusCode).toBe(200);
    expect((await stopActing(token)).statusCode).toBe(204);
    expectActingRequired(await contextOf(token, events.accountKey));
    // Opened again, for a while read-only: the mode is the new one at once.
    await ctx.actFor(token, events, { readOnly: true });
    expect(meContextResponse.parse((await contextOf(token, events.accountKey)).json()).acting?.readOnly).toBe(true);
    await ctx.actFor(token, events, { readOnly: false });
    expect(meContextResponse.parse((await contextOf(token, events.accountKey)).json()).acting?.readOnly).toBe(false);
  });
});

describe('two openings at once on one session', () => {
  it('both answer 201 and exactly one acting session stays open, the one whose key works', async () => {
    const token = await ctx.login('admin');
    const answers = await Promise.all([
      act(token, { accountId: club.id, reason: 'At once: club' }),
      act(token, { accountId: events.id, reason: 'At once: events' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const open = await openActingOf(token);
    expect(open).toHaveLength(1);
    const [still] = open;
    const [kept, ended] = still?.accountId === club.id ? [club, events] : [events, club];
    expect((await contextOf(token, kept.accountKey)).statusCode).toBe(200);
    expectActingRequired(await contextOf(token, ended.accountKey));
  });
});
