import { paths } from '@regie/contract/api';
import { type AuditEntry, type AuditPage, auditPaths } from '@regie/contract/audit';
import { lifecyclePaths } from '@regie/contract/lifecycle';
import { MODULE_CODES } from '@regie/contract/modules';
import type { Role } from '@regie/contract/roles';
import { type Simulcast, type SimulcastTarget, simulcastPaths } from '@regie/contract/simulcast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';

/**
 * Issue 26 point 1 on the media and live routes: going live and ending it, a simulcast's targets
 * (whose stream keys never reach the trail) and a cache purge each leave the entry a user of the
 * account finds in the audit screen and in the record's History.
 */
let ctx: TestContext;
let account: BuiltAccount;
const tokens: Record<string, string> = {};
const TARGET_KEY = 'live_987654321_AUDITKEY';

async function user(name: string, roles: Role[]) {
  const built = await ctx.buildUser({ accountId: account.id, roles });
  tokens[name] = await ctx.login(built.username, built.password);
}

async function call(as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return ctx.request({ method, url, token: tokens[as] ?? '', ...(payload === undefined ? {} : { payload }) });
}

/** A record's entries, newest first, as the account's user manager reads them. */
async function historyOf(resource: string, resourceId: number): Promise<AuditEntry[]> {
  const response = await call('manager', 'GET', `${auditPaths.list}?resource=${resource}&resourceId=${resourceId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>().data;
}

beforeAll(async () => {
  ctx = await createTestContext();
  account = await ctx.buildAccount({ modules: [...MODULE_CODES] });
  await user('producer', ['sport_player_write']);
  await user('operator', ['simulcast_write']);
  await user('manager', ['manage_users']);
});
afterAll(() => ctx.close());

describe('the audit trail of the live', () => {
  it('records going live and ending it on the event, with its state before and after', async () => {
    const made = await call('producer', 'POST', '/main-api/events', { name: 'Audited final', state: 'upcoming' });
    expect(made.statusCode, made.body).toBe(201);
    const eventId = made.json<{ id: number }>().id;
    for (const transition of ['start-live', 'process-end-live'] as const) {
      const body = transition === 'start-live' ? { withoutCamera: true } : undefined;
      const moved = await call('producer', 'POST', lifecyclePaths.transition('events', eventId, transition), body);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const [ended, started] = await historyOf('events', eventId);
    expect(started).toMatchObject({
      action: 'go-live',
      resource: 'events',
      resourceId: eventId,
      accountId: account.id,
      changes: { state: { before: 'upcoming', after: 'live' } },
    });
    expect(ended).toMatchObject({
      action: 'end-live',
      changes: {
        state: { before: 'live', after: 'replay' },
        transition: { before: null, after: 'process-end-live' },
      },
    });
    // No live engine in this app, so no replay made: the entry names none.
    expect(ended?.changes.replayVideoId).toBeUndefined();
  });

  it("records a simulcast's targets, started and stopped, and never their stream key", async () => {
    const created = await call('operator', 'POST', simulcastPaths.list(), { name: 'Audited restream' });
    expect(created.statusCode, created.body).toBe(201);
    const simulcast = created.json<Simulcast>();
    const added = await call('operator', 'POST', simulcastPaths.targets(simulcast.id), {
      name: 'YouTube',
      url: 'rtmps://a.rtmp.youtube.com/live2',
      streamKey: TARGET_KEY,
    });
    expect(added.statusCode, added.body).toBe(201);
    const target = added.json<SimulcastTarget>();
    const rekeyed = await call('operator', 'PUT', simulcastPaths.target(simulcast.id, target.id), {
      streamKey: `${TARGET_KEY}2`,
    });
    expect(rekeyed.statusCode, rekeyed.body).toBe(200);
    for (const action of ['start', 'stop'] as const) {
      const response = await call('operator', 'POST', simulcastPaths[action](simulcast.id, target.id));
      expect(response.statusCode, response.body).toBe(200);
    }

    expect(await historyOf('simulcasts', simulcast.id)).toMatchObject([
      { action: 'create', accountId: account.id, changes: { name: { before: null, after: 'Audited restream' } } },
    ]);
    const entries = await historyOf('simulcast-targets', target.id);
    expect(entries.map((entry) => entry.action)).toEqual(['stop', 'start', 'update', 'create']);
    expect(entries[0]?.changes).toEqual({ running: { before: true, after: false } });
    expect(entries[2]?.changes).toEqual({ streamKey: { changed: true } });
    expect(entries[3]?.changes).toMatchObject({
      simulcastId: { before: null, after: simulcast.id },
      url: { before: null, after: 'rtmps://a.rtmp.youtube.com/live2' },
      streamKey: { changed: true },
    });
    expect(JSON.stringify(entries)).not.toContain('AUDITKEY');
  });
});

describe('the audit trail of a cache purge', () => {
  it("records who purged one account's payload, for that account", async () => {
    const admin = await ctx.login('admin');
    const purged = await ctx.request({
      method: 'DELETE',
      url: paths.cachePurge(`admin-payload:${account.id}`),
      token: admin,
    });
    expect(purged.statusCode, purged.body).toBe(200);
    const response = await call('manager', 'GET', `${auditPaths.list}?resource=cache&action=purge`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AuditPage>().data).toMatchObject([
      {
        action: 'purge',
        resource: 'cache',
        resourceId: null,
        accountId: account.id,
        userName: expect.any(String),
        changes: { key: { before: null, after: `admin-payload:${account.id}` } },
      },
    ]);
  });
});
