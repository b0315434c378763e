import { SOCIAL_PLATFORM_NAMES, type SocialPlatform } from '@regie/contract/social';
import { escapeXml as esc, LOCAL_ACCOUNT_NAME } from './fixtures.ts';
import type { Pair } from './oauth1.ts';

/**
 * The browser pages of the stand-ins: the consent page a user allows or cancels on, and the error
 * page a platform shows instead of redirecting when the request itself is wrong. Plain HTML that
 * works without script, labelled, usable with the keyboard alone; end-to-end tests click on it.
 */

const STYLE = [
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f4f5f7}',
  'main{max-width:30rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}',
  'h1{font-size:1.4rem;margin:0 0 1rem}h2{font-size:1rem;margin:1.5rem 0 .5rem}',
  '.account{display:flex;align-items:center;gap:.75rem}.account img{border-radius:50%}',
  'ul{padding-left:1.25rem}code{font-size:.9rem;word-break:break-all}',
  '.actions{display:flex;justify-content:flex-end;gap:.75rem;margin-top:2rem}',
  'button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #5f6368;background:#fff;color:#1a1a1a;cursor:pointer}',
  'button[value=allow]{background:#1a56db;border-color:#1a56db;color:#fff}',
  'button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}',
].join('');

/** Headers of every page: not cached, not framed (a consent page in a frame invites clickjacking). */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'",
} as const;

export interface ConsentPage {
  platform: SocialPlatform;
  /** Where the form posts: the page's own path (its query travels in the hidden inputs). */
  action: string;
  hidden: readonly Pair[];
  scopes: readonly string[];
  accountName: string;
  avatarUrl: string;
}

export function consentPage(page: ConsentPage): string {
  const title = `${SOCIAL_PLATFORM_NAMES[page.platform]} (local stand-in)`;
  const scopes = page.scopes.length > 0 ? page.scopes : ['Read your profile and publish on your behalf'];
  const hidden = page.hidden
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('');
  return document(
    title,
    [
      `<h1 id="title">${esc(title)}</h1>`,
      `<p class="account"><img src="${esc(page.avatarUrl)}" alt="" width="48" height="48">`,
      `<span>Signed in as <strong>${esc(page.accountName)}</strong></span></p>`,
      `<p id="summary">Regie wants to publish videos as ${esc(LOCAL_ACCOUNT_NAME)}.</p>`,
      '<h2 id="scopes">Regie asks for</h2>',
      `<ul aria-labelledby="scopes">${scopes.map((scope) => `<li><code>${esc(scope)}</code></li>`).join('')}</ul>`,
      `<form method="post" action="${esc(page.action)}" aria-labelledby="title" aria-describedby="summary">`,
      hidden,
      '<div class="actions">',
      '<button type="submit" name="decision" value="deny">Cancel</button>',
      '<button type="submit" name="decision" value="allow">Allow</button>',
      '</div></form>',
    ].join(''),
  );
}

/** What the platform shows for a request it cannot redirect back (bad client, redirect_uri, …). */
export function errorPage(platform: SocialPlatform, error: string, message: string): string {
  const title = `${SOCIAL_PLATFORM_NAMES[platform]} (local stand-in)`;
  return document(
    title,
    [`<h1>${esc(title)}</h1>`, `<h2 role="alert">Error 400: ${esc(error)}</h2>`, `<p>${esc(message)}</p>`].join(''),
  );
}

/** X's out-of-band flow (oauth_callback=oob): the PIN the user types into the app. */
export function pinPage(verifier: string): string {
  const title = 'X (local stand-in)';
  return document(
    title,
    [
      `<h1>${esc(title)}</h1>`,
      '<p id="pin-label">Enter this PIN in Regie to complete the authorization:</p>',
      `<p><code aria-labelledby="pin-label">${esc(verifier)}</code></p>`,
    ].join(''),
  );
}

function document(title: string, main: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title><style>${STYLE}</style></head>`,
    `<body><main>${main}</main></body></html>`,
  ].join('');
}
