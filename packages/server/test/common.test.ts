import { paths } from '@regie/contract/api';
import { AUTH_MESSAGES, adminPayloadResponse, MARKER_NOTIFICATION_GROUPS } from '@regie/contract/auth';
import { markerSymbolId } from '@regie/contract/events';
import { renderMessage } from '@regie/contract/messages.render';
import { MODULES } from '@regie/contract/modules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markerTypes } from '../src/db/marker-types.table.ts';
import { sports } from '../src/db/sports.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    config: {
      googleAnalyticsToken: 'G-TEST123',
      publicUrl: 'https://cdn.example.test',
      cmsUrl: 'https://cms.example.test',
      environment: 'staging',
    },
  });
});
afterAll(() => ctx.close());

describe('GET /main-api/common/admin-payload', () => {
  it('gives modules, sports, storage layout, links and environment', async () => {
    const response = await ctx.request({ url: paths.adminPayload, token: await ctx.login('producer') });
    expect(response.statusCode).toBe(200);
    const payload = adminPayloadResponse.parse(response.json());
    expect(payload.modules).toHaveLength(MODULES.length);
    expect(payload.modules[0]).toEqual({ id: 1, code: 'RESTRAINED_ACCESS', name: 'Restrained access' });
    expect(payload.sports.map((sport) => sport.name)).toEqual([
      'Basketball',
      'Five-a-side',
      'Football',
      'Handball',
      'Rugby',
      'Tennis',
    ]);
    expect(payload.assetsUrl).toBe('https://cdn.example.test/assets');
    expect(payload.imagesUrl).toBe('https://cdn.example.test/images');
    expect(payload.aws).toEqual({
      prefix: {
        clips: {
          root: 'clips/',
          skins: 'clips/skins/',
          skinPreRoll: 'clips/skins/pre-roll/',
          skinPostRoll: 'clips/skins/post-roll/',
        },
      },
      buckets: { assets: 'regie-assets' },
    });
    expect(payload.markerNotificationGroups.map((group) => group.id)).toEqual(
      MARKER_NOTIFICATION_GROUPS.map((group) => group.id),
    );
    expect(payload.externalLinks).toEqual({ cmsUrl: 'https://cms.example.test', pushNotificationsUrl: null });
    expect(payload.environment).toBe('staging');
  });

  it("shows only global sports and the account's own", async () => {
    const response = await ctx.request({ url: paths.adminPayload, token: await ctx.login('simulcaster') });
    expect(response.json().sports.map((sport: { name: string }) => sport.name)).not.toContain('Five-a-side');
  });

  it('needs a token: without one it answers 401 as every call does, naming the token', async () => {
    const response = await ctx.request({ url: paths.adminPayload });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toContain('token');
  });

  it('answers a revoked token with 403 naming the token, in French too; other calls keep 401', async () => {
    const token = await ctx.login('producer');
    expect((await ctx.request({ method: 'DELETE', url: paths.logout, token })).statusCode).toBe(204);

    const payload = await ctx.request({ url: paths.adminPayload, token });
    expect(payload.statusCode).toBe(403);
    expect(payload.json().message).toBe(renderMessage(AUTH_MESSAGES.invalidToken));
    const french = await ctx.request({ url: paths.adminPayload, token, headers: { 'accept-language': 'fr' } });
    expect(french.statusCode).toBe(403);
    expect(french.json().message).toMatch(/token/);

    expect((await ctx.request({ url: paths.me, token })).statusCode).toBe(401);
  });
});

describe('GET /main-api/common/google-analytics-token', () => {
  it('gives the configured token', async () => {
    const response = await ctx.request({ url: paths.googleAnalyticsToken });
    expect(response.json()).toEqual({ token: 'G-TEST123' });
  });
});

describe('GET /api/health', () => {
  it('says ok', async () => {
    expect((await ctx.request({ url: paths.health })).json()).toEqual({ status: 'ok' });
  });
});

describe('GET /assets/markers/{sportId}/{filename}', () => {
  it("serves the sport's SVG sprite with cache headers", async () => {
    const [football] = await ctx.db.select().from(sports).where(eq(sports.name, 'Football'));
    const response = await ctx.request({ url: `/assets/markers/${football?.id}/football.svg` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toContain('max-age=');
    expect(response.body).toMatch(/^<svg[\s\S]*<symbol id="football-goal"/);
  });

  it("holds an icon for each of the demo's marker types of a sport, as the markers tab draws them (issue 40.1)", async () => {
    const typed = await ctx.db
      .select({ code: markerTypes.code, sportId: markerTypes.sportId, sprite: sports.svgSpriteFilename })
      .from(markerTypes)
      .innerJoin(sports, eq(sports.id, markerTypes.sportId));
    expect(typed.length).toBeGreaterThan(0);
    for (const type of typed) {
      const symbol = markerSymbolId(type.sprite, type.code);
      expect(symbol, `${type.code}`).not.toBeNull();
      const sprite = await ctx.request({ url: `/assets/markers/${type.sportId}/${type.sprite}` });
      expect(sprite.body, `${symbol} in ${type.sprite}`).toContain(`<symbol id="${symbol}"`);
    }
  });

  it('answers a JSON 404 for an unknown sport or another file name', async () => {
    const [football] = await ctx.db.select().from(sports).where(eq(sports.name, 'Football'));
    for (const url of [
      '/assets/markers/9999/football.svg',
      `/assets/markers/${football?.id}/rugby.svg`,
      `/assets/markers/${football?.id}/..%2F..%2Fpackage.json`,
    ]) {
      const response = await ctx.request({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().statusCode).toBe(404);
    }
  });
});

describe('GA token when not configured', () => {
  it('is null', async () => {
    const bare = await createTestContext();
    try {
      expect((await bare.request({ url: paths.googleAnalyticsToken })).json()).toEqual({ token: null });
    } finally {
      await bare.close();
    }
  });
});
