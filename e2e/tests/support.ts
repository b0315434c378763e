import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
  const results = await new AxeBuilder({ page }).analyze();
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
