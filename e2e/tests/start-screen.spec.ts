import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// Spec §2's start screen (logo, 'Welcome', 'Loading') until the environment check passes: painted
// by the HTML itself on / and /check, in the page's language, before any of the app's code has
// arrived, then drawn by the app, which goes on to the page the user belongs on.

/** Holds the app's code back until `release()`: what shows meanwhile comes from the HTML alone. */
async function holdCode(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The start screen painted from the HTML, with its words in one language. */
async function expectStartScreen(page: Page, words: { welcome: string; loading: string }) {
  const early = page.locator('#first-paint');
  await expect(early.getByRole('img', { name: 'Regie' })).toBeVisible();
  await expect(early.getByRole('heading', { level: 1, name: words.welcome })).toBeVisible();
  await expect(early.getByRole('status', { name: words.loading })).toBeVisible();
}

async function visitor(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  return { context, page: await context.newPage() };
}

test('a visitor opening / sees the start screen before the code arrives, then the login page', async ({ browser }) => {
  for (const [locale, words, signInTitle] of [
    ['en-GB', { welcome: 'Welcome', loading: 'Loading' }, 'Sign in to Regie'],
    ['fr-FR', { welcome: 'Bienvenue', loading: 'Chargement' }, 'Connexion à Regie'],
  ] as const) {
    const { context, page } = await visitor(browser, locale);
    const release = await holdCode(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expectStartScreen(page, words);
    await expectNoSeriousA11yViolations(page);
    release();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: signInTitle })).toBeVisible();
    await expect(page.locator('#first-paint')).toHaveCount(0);
    await context.close();
  }
});

test('a signed-in user opening / sees the start screen, then goes to their homepage or lastpath', async ({ page }) => {
  await signIn(page, 'usermanager');
  await expect(page).toHaveURL(/\/account\/users\/list$/);
  const release = await holdCode(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expectStartScreen(page, { welcome: 'Welcome', loading: 'Loading' });
  await expectNoSeriousA11yViolations(page);
  release();
  await expect(page).toHaveURL(/\/account\/users\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

  await page.unrouteAll();
  await page.goto('/?lastpath=%2Faccount%2Fusers%2Fgroup%2Fnew');
  await expect(page).toHaveURL(/\/account\/users\/group\/new$/);
});

test('the session check shows the start screen, saying what it does, from the HTML alone', async ({ browser }) => {
  const { context, page } = await visitor(browser, 'fr-FR');
  const release = await holdCode(page);
  await page.goto('/check', { waitUntil: 'commit' });
  await expectStartScreen(page, { welcome: 'Bienvenue', loading: 'Chargement' });
  await expect(page.locator('#first-paint').getByText('Vérification de votre session')).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});
