import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// Issue 8 (mobile LCP): a signed-in page's frame and title are painted by the HTML's own script
// as soon as the HTML is in, before any of the app's code is even asked for, and the layout then
// draws them in the very same place.

/** Where a heading's text sits on screen (the box of its glyphs, which LCP measures). */
function textBox(heading: Locator) {
  return heading.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
}

/**
 * The same page opened again with none of the app's code: the HTML and the stylesheet alone, or
 * (withoutStylesheet) the HTML alone, which must be enough to paint the frame.
 */
async function withoutCode(page: Page, path: string, { withoutStylesheet = false } = {}): Promise<Page> {
  const bare = await page.context().newPage();
  await bare.route(withoutStylesheet ? /\/assets\/.*\.(js|css)$/ : /\/assets\/.*\.js$/, (route) => route.abort());
  await bare.goto(path);
  return bare;
}

test('a signed-in page shows its place, its title and a spinner before its code arrives, where the layout draws them', async ({
  page,
}) => {
  await signIn(page, 'usermanager');
  await expect(page).toHaveURL(/\/account\/users\/list$/);
  const title = page.getByRole('heading', { level: 1, name: 'Users' });
  await expect(page.getByRole('tab', { name: 'List' })).toBeVisible();
  const drawn = await textBox(title);

  const bare = await withoutCode(page, '/account/users/list');
  const early = bare.getByRole('heading', { level: 1, name: 'Users' });
  await expect(early).toBeVisible();
  await expect(bare.getByText('Account', { exact: true })).toBeVisible();
  await expect(bare.getByRole('status', { name: 'Loading' })).toBeVisible();
  expect(await textBox(early)).toEqual(drawn);
  await expectNoSeriousA11yViolations(bare);

  // The HTML alone (no stylesheet yet) paints it in the same place, in the same type.
  const htmlOnly = await withoutCode(page, '/account/users/list', { withoutStylesheet: true });
  const earliest = htmlOnly.getByRole('heading', { level: 1, name: 'Users' });
  await expect(earliest).toBeVisible();
  expect(await textBox(earliest)).toEqual(drawn);
});

test('the app’s code is asked for once the frame or the login page is on screen', async ({ page }) => {
  /** When the page first painted, and when it asked for its code's entry (ms since it started). */
  const timings = (target: Page) =>
    target.evaluate(() => {
      const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? null;
      const entry = performance
        .getEntriesByType('resource')
        .find((resource) => /\/assets\/index-[^/]+\.js$/.test(resource.name));
      return { paint, entry: entry?.startTime ?? null };
    });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  const visitor = await timings(page);
  expect(visitor.paint).not.toBeNull();
  expect(visitor.entry).toBeGreaterThan(visitor.paint ?? Number.POSITIVE_INFINITY);

  await signIn(page, 'usermanager');
  await page.goto('/account/users/list');
  await expect(page.getByRole('tab', { name: 'List' })).toBeVisible();
  const signedIn = await timings(page);
  expect(signedIn.paint).not.toBeNull();
  expect(signedIn.entry).toBeGreaterThan(signedIn.paint ?? Number.POSITIVE_INFINITY);
});

test('the app’s first render replaces the early frame: one frame on screen, never two', async ({ page }) => {
  await signIn(page, 'usermanager');
  await page.goto('/account/users/list');
  await expect(page.getByRole('tab', { name: 'List' })).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('the early frame speaks the user’s language', async ({ page }) => {
  await signIn(page, 'clipper');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const path = new URL(page.url()).pathname;
  const title = page.getByRole('heading', { level: 1 });
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  const name = await title.textContent();

  const bare = await withoutCode(page, path);
  await expect(bare.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(bare.getByRole('heading', { level: 1 })).toHaveText(name ?? '');
  await expect(bare.getByRole('status', { name: 'Chargement' })).toBeVisible();
});

test('no frame is painted for a visitor who is not signed in, nor outside the tree', async ({ page }) => {
  const bare = await withoutCode(page, '/account/users/list');
  await expect(bare.locator('#first-paint')).toBeEmpty();
  await signIn(page, 'usermanager');
  const unknown = await withoutCode(page, '/no/such/screen');
  await expect(unknown.locator('#first-paint')).toBeEmpty();
});

test('a visitor sees the login page before its code arrives, where the app draws it, in their language', async ({
  browser,
}) => {
  for (const [locale, title, field] of [
    ['en-GB', 'Sign in to Regie', 'Username'],
    ['fr-FR', 'Connexion à Regie', 'Identifiant'],
  ] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/login');
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(page.getByLabel(field)).toBeFocused();
    const drawn = { title: await textBox(heading), field: await page.getByLabel(field).boundingBox() };

    const bare = await withoutCode(page, '/login');
    const early = bare.locator('#first-paint');
    await expect(early.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await textBox(early.getByRole('heading', { level: 1 }))).toEqual(drawn.title);
    expect(await early.locator('input[name="username"]').boundingBox()).toEqual(drawn.field);
    // It takes no input: what is typed waits for the app's own form.
    await expect(early).toHaveJSProperty('inert', true);
    await context.close();
  }
});

test('what a visitor types goes to the app’s login form and signs them in', async ({ page }) => {
  // The app's code held back a moment: the early copy is on screen while the person starts typing.
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.locator('#first-paint h1')).toBeVisible();
  await signIn(page, 'usermanager');
  await expect(page).toHaveURL(/\/account\/users\/list$/);
});
