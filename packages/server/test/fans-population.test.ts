import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@regie/contract/demo';
import { FAN_LIMITS, fanPaths, fanPublicPaths } from '@regie/contract/fans';
import type { FansResponse } from '@regie/contract/fans.schemas';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fans } from '../src/db/fans.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * The demo's whole fan population (issue 13): the only file on the template holding all 50 000
 * fans (createTestContext's demoFans: 'all'); the others hold a share of them (pglite-template.ts).
 */
let ctx: TestContext;

// The first file of a run asking for the whole population builds its template (about 25 s on a
// quiet machine, several times that on a loaded one): a generous time for it.
beforeAll(async () => {
  ctx = await createTestContext({ demoFans: 'all' });
}, 600_000);
afterAll(async () => {
  await ctx?.close();
});

const staff = (url: string, token: string) => ctx.request({ method: 'GET', url, token });

describe('the demo fans', () => {
  it('are at least 50 000, sign in with the demo password, and their last activity is their lastActiveAt', async () => {
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    const [counted] = await ctx.db.select({ total: count() }).from(fans);
    expect(counted?.total).toBeGreaterThanOrEqual(50_000);
    const signedIn = await ctx.request({
      method: 'POST',
      url: fanPublicPaths.signin,
      accountKey: club.accountKey,
      remoteAddress: '10.9.0.1',
      payload: { email: 'zoe.brown.1@fans.example', password: DEMO_PASSWORD },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const [mismatched] = await ctx.db
      .select({ wrong: count() })
      .from(fans)
      .where(
        and(
          like(fans.email, '%@fans.example'),
          sql`${fans.lastActiveAt} is distinct from (select max(a.at) from fan_activities a where a.fan_id = ${fans.id})`,
        ),
      );
    expect(mismatched?.wrong).toBe(0);
  });
});

describe('the fans list at size', () => {
  it('counts up to FAN_LIMITS.listCountMax, says when there are more, and counts all on demand', async () => {
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    const [inClub] = await ctx.db.select({ total: count() }).from(fans).where(eq(fans.accountId, club.id));
    expect(inClub?.total).toBeGreaterThan(FAN_LIMITS.listCountMax);
    const token = await ctx.login('crm', DEMO_PASSWORD);
    const capped = (await staff(`${fanPaths.list}?limit=5`, token)).json<FansResponse>();
    expect(capped).toMatchObject({ total: FAN_LIMITS.listCountMax, totalCapped: true });
    expect(capped.data).toHaveLength(5);
    const exact = (await staff(`${fanPaths.list}?limit=1&exactTotal=true`, token)).json<FansResponse>();
    expect(exact).toMatchObject({ total: inClub?.total, totalCapped: false });
    // Under the cap the count is exact without asking.
    const few = (await staff(`${fanPaths.list}?limit=1&search=zoe.brown.1@`, token)).json<FansResponse>();
    expect(few.totalCapped).toBe(false);
    expect(few.total).toBeGreaterThanOrEqual(1);
    expect(few.total).toBeLessThan(FAN_LIMITS.listCountMax);
  });
});
