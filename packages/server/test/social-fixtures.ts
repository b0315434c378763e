import { type SocialPlatform, socialPaths } from '@regie/contract/social';
import { expect } from 'vitest';
import type { TestContext } from './helpers.ts';

/**
 * Linking a platform's local stand-in as a browser would (issue 41): connect, the consent page's
 * form answered, the callback followed. The app must listen (the server calls the stand-in).
 */

const decode = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

export const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
};

/** The browser at the platform's consent page: it answers, and answers where it is sent back. */
export async function consent(ctx: Pick<TestContext, 'app'>, authorizeUrl: string, decision: 'allow' | 'deny') {
  const page = await ctx.app.inject({ method: 'GET', url: pathOf(authorizeUrl) });
  expect(page.statusCode, page.body).toBe(200);
  expect(page.body).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
  const action = decode(page.body.match(/<form method="post" action="([^"]*)"/)?.[1] ?? '');
  const fields = [...page.body.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(
    (match) => [decode(match[1] ?? ''), decode(match[2] ?? '')] as [string, string],
  );
  const answered = await ctx.app.inject({
    method: 'POST',
    url: pathOf(action || authorizeUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams([...fields, ['decision', decision]]).toString(),
  });
  expect(answered.statusCode, answered.body).toBe(302);
  return String(answered.headers.location);
}

/** Connect, consent, callback: answers where the callback sent the browser back in the app. */
export async function linkPlatform(
  ctx: Pick<TestContext, 'app' | 'request'>,
  token: string,
  platform: SocialPlatform,
  decision: 'allow' | 'deny' = 'allow',
): Promise<URL> {
  const started = await ctx.request({
    method: 'POST',
    url: socialPaths.connect(platform),
    token,
    payload: { returnTo: '/account/settings/social-networks' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const back = await consent(ctx, started.json<{ authorizeUrl: string }>().authorizeUrl, decision);
  expect(pathOf(back).startsWith(socialPaths.callback(platform))).toBe(true);
  const done = await ctx.app.inject({ method: 'GET', url: pathOf(back) });
  expect(done.statusCode, done.body).toBe(302);
  return new URL(String(done.headers.location), 'http://localhost');
}
