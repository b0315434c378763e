import { paths } from '@regie/contract/api';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { jobPaths } from '@regie/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

/** Spec §6 read_only, as the contract decides it (access.ts READ_ONLY_ROLE). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const VIDEOS = '/main-api/videos';
const USERS = '/users-service-api/users';
const TAGS = '/main-api/tags';

describe('read_only', () => {
  it('grants no access of its own: the demo viewer reads neither videos nor users', async () => {
    const token = await ctx.login('viewer');
    expect((await ctx.request({ url: VIDEOS, token })).statusCode).toBe(403);
    expect((await ctx.request({ url: USERS, token })).statusCode).toBe(403);
    // What needs no role stays: one's profile.
    expect((await ctx.request({ url: paths.me, token })).statusCode).toBe(200);
  });

  it('takes writing away where another role gives access: reads, never writes', async () => {
    const account = await ctx.buildAccount({ modules: ['VIDEOS', 'SPORT_EVENTS', 'TAGS'] });
    const user = await ctx.buildUser({
      accountId: account.id,
      roles: ['video_write', 'sport_player_write', 'read_only'],
    });
    const token = await ctx.login(user.username, user.password);
    expect((await ctx.request({ url: VIDEOS, token })).statusCode).toBe(200);
    expect((await ctx.request({ url: TAGS, token })).statusCode).toBe(200);
    const writes = [
      { method: 'POST', url: TAGS, payload: { name: 'Derby' } },
      { method: 'POST', url: videoImportUrl(), payload: { url: 'https://example.test/a.mp4', name: 'A' } },
      { method: 'DELETE', url: `${jobPaths.jobs}?resourceType=Video&resourceId=1` },
    ] as const;
    for (const write of writes) {
      const response = await ctx.request({ token, ...write });
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
    }
    expect((await ctx.request({ url: TAGS, token })).json().total).toBe(0);
    // Their own preferences and signing out stay theirs.
    const meta = await ctx.request({ method: 'PUT', url: paths.me, token, payload: { meta: { language: 'fr' } } });
    expect(meta.statusCode).toBe(200);
    expect((await ctx.request({ method: 'DELETE', url: paths.logout, token })).statusCode).toBe(204);
  });

  it('is the person’s: an admin acting for an account with a read_only group still writes for it', async () => {
    const admin = await ctx.login('admin');
    const basketball = await ctx.accountByName(DEMO_ACCOUNTS.basketball);
    await ctx.actFor(admin, basketball);
    const response = await ctx.request({
      method: 'POST',
      url: '/users-service-api/groups',
      token: admin,
      accountKey: basketball.accountKey,
      payload: { name: 'Scouts' },
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

function videoImportUrl(): string {
  return `${VIDEOS}/import-url`;
}
