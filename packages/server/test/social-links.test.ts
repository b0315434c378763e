import { randomBytes } from 'node:crypto';
import { AUDIT_ACTIONS } from '@regie/contract/audit';
import { DEMO_PASSWORD } from '@regie/contract/demo';
import { renderMessage } from '@regie/contract/messages.render';
import { MODULE_CODES } from '@regie/contract/modules';
import {
  SOCIAL_MESSAGES,
  SOCIAL_MODULE,
  SOCIAL_PLATFORMS,
  type SocialLink,
  type SocialPlatform,
  type SocialPlatformStatus,
  type SocialTarget,
  socialPaths,
} from '@regie/contract/social';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/db/audit.table.ts';
import { socialLinks } from '../src/db/social-links.table.ts';
import { seedDemoSocialLinks } from '../src/seed/social.seed.ts';
import { createLocalSocialFaults, type LocalSocialFaults } from '../src/social/local/local-social.ts';
import { createTestContext, type TestContext, testConfig } from './helpers.ts';
import { linkPlatform } from './social-fixtures.ts';

/**
 * Linking social accounts (issue 41 points 1, 4, 5, 6): each platform's whole flow against its
 * local stand-in (the consent page answered as a browser would), the page or channel chosen,
 * refresh before expiry, a link the platform refused or rate limited, an administrator disabling
 * a link, disconnect; never a token out; another account's user sees and touches nothing.
 */

let ctx: TestContext;
const mediaSecret = randomBytes(24).toString('hex');
let faults: LocalSocialFaults;
const tokens: Record<string, string> = {};

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  as: string,
  payload?: unknown,
  language?: string,
) {
  return ctx.request({
    method,
    url,
    token: tokens[as] ?? '',
    ...(payload === undefined ? {} : { payload }),
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });
}

/** Connect, consent, callback as the producer's (or another's) browser. */
const link = (platform: SocialPlatform, as: string, decision: 'allow' | 'deny' = 'allow') =>
  linkPlatform(ctx, tokens[as] ?? '', platform, decision);

async function statusOf(platform: SocialPlatform, as = 'producer'): Promise<SocialPlatformStatus> {
  const listed = await call('GET', socialPaths.links, as);
  expect(listed.statusCode, listed.body).toBe(200);
  const found = listed.json<{ data: SocialPlatformStatus[] }>().data.find((entry) => entry.platform === platform);
  if (!found) throw new Error(`${platform} not listed`);
  return found;
}

beforeAll(async () => {
  faults = createLocalSocialFaults();
  ctx = await createTestContext({
    config: { videos: { ...testConfig().videos, mediaSecret } },
    dependencies: { socialFaults: faults },
  });
  // The stand-ins are another web site the server calls over HTTP: the app listens.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const account = await ctx.buildAccount({ modules: [...MODULE_CODES] });
  const producer = await ctx.buildUser({ accountId: account.id, name: 'Pat Producer', roles: ['liveclipping_write'] });
  const admin = await ctx.buildUser({ accountId: account.id, name: 'Ada Admin', roles: ['manage_users'] });
  const other = await ctx.buildUser({ modules: [...MODULE_CODES], roles: ['manage_users'], name: 'Otto Other' });
  const noModule = await ctx.buildUser({ modules: MODULE_CODES.filter((code) => code !== SOCIAL_MODULE) });
  for (const [name, user] of Object.entries({ producer, admin, other, noModule })) {
    tokens[name] = await ctx.login(user.username, user.password);
  }
}, 60_000);
afterAll(() => ctx.close());

describe('linking a social account', () => {
  it('lists every platform as linkable through its local stand-in, nothing linked yet', async () => {
    const listed = await call('GET', socialPaths.links, 'producer');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ data: SocialPlatformStatus[] }>().data).toEqual(
      SOCIAL_PLATFORMS.map((platform) => ({ platform, mode: 'local', link: null })),
    );
  });

  it('links YouTube: consent, code with PKCE, the Google account, then the channel chosen', async () => {
    const back = await link('youtube', 'producer');
    expect(back.pathname).toBe('/account/settings/social-networks');
    expect(back.searchParams.get('linked')).toBe('youtube');
    const { link: linked } = await statusOf('youtube');
    expect(linked).toMatchObject({
      platform: 'youtube',
      state: 'active',
      reason: null,
      accountName: 'Riverside FC Media',
      needsTarget: true,
      local: true,
      userName: 'Pat Producer',
    });
    expect(linked?.pictureUrl).toMatch(/\/local-social\/youtube\//);
    const targets = await call('GET', socialPaths.targets('youtube'), 'producer');
    expect(targets.statusCode, targets.body).toBe(200);
    const channels = targets.json<{ data: SocialTarget[] }>().data;
    expect(channels.map((channel) => channel.name)).toEqual(['Riverside FC', 'Riverside FC Women']);
    const chosen = await call('PUT', socialPaths.target('youtube'), 'producer', { id: channels[1]?.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<SocialLink>()).toMatchObject({ targetName: 'Riverside FC Women', needsTarget: false });
    const unknown = await call('PUT', socialPaths.target('youtube'), 'producer', { id: 'UCnope' });
    expect(unknown.statusCode).toBe(400);

    // Sealed at rest: no token in the row, none in any answer.
    const [row] = await ctx.db.select().from(socialLinks).where(eq(socialLinks.platform, 'youtube'));
    expect(row?.sealedTokens).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(await statusOf('youtube'))).not.toMatch(/token/i);
    const oauth = await call('GET', '/users-service-api/users/me/oauth', 'producer');
    expect(oauth.json()).toMatchObject({ google: { connected: true } });
  });

  it('refreshes the access token before it expires, and keeps the link', async () => {
    const [before] = await ctx.db.select().from(socialLinks).where(eq(socialLinks.platform, 'youtube'));
    const soon = new Date(Date.now() + 60_000);
    await ctx.db
      .update(socialLinks)
      .set({ expiresAt: soon })
      .where(eq(socialLinks.id, before?.id ?? 0));
    const targets = await call('GET', socialPaths.targets('youtube'), 'producer');
    expect(targets.statusCode, targets.body).toBe(200);
    const [after] = await ctx.db.select().from(socialLinks).where(eq(socialLinks.platform, 'youtube'));
    expect(after?.expiresAt?.getTime()).toBeGreaterThan(soon.getTime() + 30 * 60_000);
    expect(after?.sealedTokens).not.toBe(before?.sealedTokens);
  });

  it('says when a platform rate limits, with its Retry-After, and keeps the link', async () => {
    faults.rateLimited.set('youtube', { calls: 1, retryAfterSeconds: 30 });
    const limited = await call('GET', socialPaths.targets('youtube'), 'producer');
    expect(limited.statusCode).toBe(503);
    expect(limited.headers['retry-after']).toBe('30');
    expect(limited.json().message).toMatch(/^YouTube could not be reached: /);
    expect((await statusOf('youtube')).link?.state).toBe('active');
  });

  it('shows Reconnect with the reason when the app was removed on the platform', async () => {
    faults.revokedApps.add('youtube');
    const refused = await call('GET', socialPaths.targets('youtube'), 'producer', undefined, 'fr');
    expect(refused.statusCode).toBe(502);
    const { link: broken } = await statusOf('youtube');
    expect(broken?.state).toBe('expired');
    expect(broken?.reason).toBe(renderMessage(SOCIAL_MESSAGES.expired('YouTube'), 'en'));
    faults.revokedApps.delete('youtube');
    // Linked again: active, the same channel kept.
    await link('youtube', 'producer');
    expect((await statusOf('youtube')).link).toMatchObject({ state: 'active', targetName: 'Riverside FC Women' });
  });

  it('links a Facebook page, the Instagram business account behind it, X, Dailymotion and TikTok', async () => {
    await link('facebook', 'producer');
    const pages = (await call('GET', socialPaths.targets('facebook'), 'producer')).json<{ data: SocialTarget[] }>()
      .data;
    expect(pages.map((page) => page.name)).toEqual(['Riverside FC', 'Riverside FC Academy']);
    expect((await call('PUT', socialPaths.target('facebook'), 'producer', { id: pages[0]?.id })).statusCode).toBe(200);
    expect((await call('GET', '/users-service-api/users/me/oauth', 'producer')).json()).toMatchObject({
      facebook: { connected: true, pageId: pages[0]?.id },
    });

    await link('instagram', 'producer');
    const accounts = (await call('GET', socialPaths.targets('instagram'), 'producer')).json<{ data: SocialTarget[] }>();
    expect(accounts.data).toEqual([expect.objectContaining({ id: '17841400000000001', name: '@riversidefc' })]);
    expect(
      (await call('PUT', socialPaths.target('instagram'), 'producer', { id: '17841400000000001' })).statusCode,
    ).toBe(200);

    for (const platform of ['twitter', 'dailymotion', 'tiktok'] as const) {
      const back = await link(platform, 'producer');
      expect(back.searchParams.get('linked'), back.toString()).toBe(platform);
      const { link: linked } = await statusOf(platform);
      expect(linked).toMatchObject({ state: 'active', needsTarget: false, local: true });
      expect(linked?.accountName).toMatch(/Riverside|riversidefc/);
      const none = await call('GET', socialPaths.targets(platform), 'producer');
      expect(none.statusCode).toBe(400);
    }
  });

  it('returns to the app with the reason when the user cancels or the request is stale', async () => {
    const denied = await link('tiktok', 'admin', 'deny');
    expect(denied.searchParams.get('linkError')).toBe(renderMessage(SOCIAL_MESSAGES.refusedByUser('TikTok'), 'en'));
    expect((await statusOf('tiktok', 'admin')).link).toBeNull();
    const stale = await ctx.app.inject({ method: 'GET', url: `${socialPaths.callback('tiktok')}?code=x&state=forged` });
    expect(new URL(String(stale.headers.location), 'http://localhost').searchParams.get('linkError')).toBe(
      renderMessage(SOCIAL_MESSAGES.requestExpired, 'en'),
    );
  });

  it('lets an administrator of the account see every link and disable one, never a token', async () => {
    const listed = await call('GET', socialPaths.accountLinks, 'admin');
    expect(listed.statusCode, listed.body).toBe(200);
    const links = listed.json<{ data: SocialLink[] }>().data;
    expect(links.map((entry) => entry.platform)).toEqual([
      'youtube',
      'facebook',
      'instagram',
      'twitter',
      'dailymotion',
      'tiktok',
    ]);
    expect(listed.body).not.toMatch(/accessToken|refreshToken|sealed/);
    expect((await call('GET', socialPaths.accountLinks, 'producer')).statusCode).toBe(403);

    const youtube = links.find((entry) => entry.platform === 'youtube');
    const disabled = await call('PUT', socialPaths.accountLink(youtube?.id), 'admin', { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<SocialLink>()).toMatchObject({ state: 'disabled' });
    expect((await statusOf('youtube')).link?.reason).toBe(renderMessage(SOCIAL_MESSAGES.disabled, 'en'));
    expect((await call('GET', socialPaths.targets('youtube'), 'producer')).statusCode).toBe(502);
    expect(
      (await call('PUT', socialPaths.accountLink(youtube?.id), 'admin', { disabled: false })).json(),
    ).toMatchObject({
      state: 'active',
    });
  });

  it('disconnects: the platform revokes the tokens, the link is gone, both in the audit trail', async () => {
    const removed = await call('DELETE', socialPaths.link('dailymotion'), 'producer');
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await statusOf('dailymotion')).link).toBeNull();
    expect((await call('DELETE', socialPaths.link('dailymotion'), 'producer')).statusCode).toBe(404);
    const entries = await ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.resource, 'social-links')));
    const actions = new Set(entries.map((entry) => entry.action));
    expect(AUDIT_ACTIONS).toContain('link');
    expect([...actions].sort()).toEqual(['link', 'unlink', 'update']);
  });

  it('keeps every link to its own account and needs the Social sharing module', async () => {
    expect((await statusOf('youtube', 'other')).link).toBeNull();
    const othersAdmin = await call('GET', socialPaths.accountLinks, 'other');
    expect(othersAdmin.json<{ data: SocialLink[] }>().data).toEqual([]);
    const [row] = await ctx.db.select().from(socialLinks).where(eq(socialLinks.platform, 'youtube'));
    expect((await call('PUT', socialPaths.accountLink(row?.id), 'other', { disabled: true })).statusCode).toBe(404);
    expect((await call('DELETE', socialPaths.link('youtube'), 'other')).statusCode).toBe(404);

    const refused = await call('GET', socialPaths.links, 'noModule', undefined, 'fr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(renderMessage(SOCIAL_MESSAGES.moduleInactive, 'fr'));
    const unknown = await call('POST', socialPaths.connect('myspace' as SocialPlatform), 'producer', {});
    expect(unknown.statusCode).toBe(400);
  });

  it('starts the demo with every platform linked for the producer and the clipper, usable at once', async () => {
    expect(await seedDemoSocialLinks(ctx.db, mediaSecret)).toBe(12);
    tokens.demoProducer = await ctx.login('producer', DEMO_PASSWORD);
    const listed = await call('GET', socialPaths.links, 'demoProducer');
    const links = listed.json<{ data: SocialPlatformStatus[] }>().data.map((entry) => entry.link);
    expect(links.map((entry) => [entry?.platform, entry?.state, entry?.needsTarget])).toEqual(
      SOCIAL_PLATFORMS.map((platform) => [platform, 'active', false]),
    );
    expect(links.find((entry) => entry?.platform === 'facebook')?.targetName).toBe('Riverside FC');
    // The stand-in takes the tokens the seed made: the channels are listed with them.
    const channels = await call('GET', socialPaths.targets('youtube'), 'demoProducer');
    expect(channels.statusCode, channels.body).toBe(200);
    expect(channels.json<{ data: SocialTarget[] }>().data).toHaveLength(2);
  });
});
