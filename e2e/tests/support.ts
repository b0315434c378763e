import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { API_VERSION, HEADER_ACCEPT_VERSION, HEADER_ACCOUNT_KEY, paths } from '@regie/contract/api';
import { STORAGE_KEYS } from '@regie/contract/ui';

export const DEMO_PASSWORD = 'regie-demo';

/** Signs in through the login form, the way a person does. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel(/^(Username|Identifiant)/).fill(username);
  await page.getByLabel(/^(Password|Mot de passe)/).fill(password);
  await page.getByRole('button', { name: /^(Sign in|Se connecter)$/ }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Opens `path` already signed in as `username`: the session the sign-in form would store (the login
 * answer, the profile and the context) is fetched through the API and written into the page's
 * localStorage before the app starts. For tests about a screen, not about signing in (those use
 * `signIn`): the app starts once, at `path`, instead of at the form, then the landing page, then
 * `path` (two seconds a test here, three times that on a loaded CI machine).
 */
export async function openSignedIn(page: Page, username: string, path: string, password = DEMO_PASSWORD) {
  const request = page.context().request;
  const login = await request.post(paths.login, { data: { username, password } });
  expect(login.status(), `sign-in of ${username}`).toBe(200);
  const answer = (await login.json()) as { accessToken: string; accountKey: string };
  const headers = {
    Authorization: `Bearer ${answer.accessToken}`,
    [HEADER_ACCOUNT_KEY]: answer.accountKey,
    [HEADER_ACCEPT_VERSION]: API_VERSION,
  };
  const [me, context] = await Promise.all(
    [paths.me, paths.meContext].map(async (path) => {
      const response = await request.get(path, { headers });
      expect(response.status(), `${path} of ${username}`).toBe(200);
      return (await response.json()) as object;
    }),
  );
  // The session user as the app builds it (packages/web session-store.ts mergeSessionUser).
  const session = JSON.stringify({ ...answer, ...me, ...context });
  // A same-origin document that starts no app, to write the app's storage into.
  await page.goto('/api/health');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.session, session] as const);
  await page.goto(path);
}

/**
 * Waits until the page's finite animations and transitions are over (a message fading in or out):
 * axe measures the colours on screen, and a half-transparent text fails contrast for a moment.
 */
export async function settleAnimations(page: Page): Promise<void> {
  // Bounded: a transition started again and again (a value updated live) never settles, and the
  // scan is checked twice anyway (expectNoSeriousA11yViolations).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/** The serious and critical violations axe finds on the page as it is now. */
async function seriousViolations(page: Page) {
  await settleAnimations(page);
  // Only the violations are wanted: axe then skips building a selector and an HTML excerpt for
  // every node that passed (a quarter of a scan's time on the users list).
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

/**
 * Fails on any serious or critical accessibility violation. A violation found once is checked
 * again after the page settled: a notification fading in while axe reads the page (its text at
 * half opacity) is not the page's contrast; a real violation is still there the second time.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const first = await seriousViolations(page);
  if (first.length === 0) return;
  await page.waitForTimeout(500);
  expect(await seriousViolations(page)).toEqual([]);
}
