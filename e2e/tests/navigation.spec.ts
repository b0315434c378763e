import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '@regie/contract/demo';
import { actFor } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn, signIn } from './support.ts';

test.describe('each demo user lands on the screen their roles call for', () => {
  for (const user of DEMO_USERS) {
    test(`${user.username} → ${user.landing}`, async ({ page }) => {
      await signIn(page, user.username);
      await expect(page).toHaveURL(new RegExp(`${user.landing.replace(/\//g, '\\/')}(/[a-z-]+)?$`));
    });
  }
});

test('a deep link while signed out goes through /login?lastpath=… and back after sign-in', async ({ page }) => {
  await page.goto('/account/users/list');
  await expect(page).toHaveURL(/\/login\?lastpath=%2Faccount%2Fusers%2Flist$/);
  await signIn(page, 'usermanager');
  await expect(page).toHaveURL(/\/account\/users\/list$/);
});

test('a route the user may not open sends them to /notauthorized', async ({ page }) => {
  await openSignedIn(page, 'viewer', '/account/customers/list');
  await expect(page).toHaveURL(/\/notauthorized\?nextPathname=%2Faccount%2Fcustomers%2Flist$/);
});

test("an unknown address shows 'Not Found'", async ({ page }) => {
  await openSignedIn(page, 'viewer', '/no/such/screen');
  await expect(page.getByText('Not Found')).toBeVisible();
});

test('signing out ends the session', async ({ page }) => {
  await signIn(page, 'editor');
  await page.getByRole('button', { name: /^logout - / }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/medias/videos/list');
  await expect(page).toHaveURL(/\/login\?lastpath=/);
});

test('the menu shows only what the roles and modules allow', async ({ page }) => {
  await signIn(page, 'viewer');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admin tools' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Media' })).toHaveCount(0);
});

test('an admin switching account sees that account’s menu, and back after exit', async ({ page }) => {
  await signIn(page, 'admin');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Admin tools' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Events' })).toHaveCount(0);

  await actFor(page, 'riv', 'Olympique Riverside FC');
  await expect(menu.getByRole('link', { name: 'Events' })).toBeVisible();
  // The admin tools stay: they work on the account acted for (contract AccessRule.platformAdmin).
  await expect(menu.getByRole('link', { name: 'Admin tools' })).toBeVisible();

  await page.getByRole('button', { name: /Exit|Leave/ }).click();
  await expect(menu.getByRole('link', { name: 'Events' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Admin tools' })).toBeVisible();
});

test("the account search says 'No match found' when nothing matches", async ({ page }) => {
  await signIn(page, 'admin');
  const selector = page.getByLabel('Select an account');
  await selector.first().fill('zzzqqq');
  await expect(page.getByText('No match found')).toBeVisible();
});

test('the clipper works in French', async ({ page }) => {
  await signIn(page, 'clipper');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(
    page.getByRole('navigation', { name: /Menu principal|Main menu/ }).getByRole('link', { name: 'Compte' }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^logout - / }).or(page.getByRole('button', { name: /^déconnexion - / })),
  ).toBeVisible();
});

test('the layout has no serious accessibility violation', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("an admin acting for an account sends its AccountId and SportId with every list's query (spec §6)", async ({
  page,
}) => {
  await signIn(page, 'admin');
  const context = page.waitForResponse((response) => response.url().includes('/users-service-api/users/me/context'));
  await actFor(page, 'riv', 'Olympique Riverside FC');
  const { account } = await (await context).json();
  const list = page.waitForRequest((request) => new URL(request.url()).pathname === '/main-api/tags');
  await page.goto('/account/tags/list');
  const query = new URL((await list).url()).searchParams;
  expect(query.get('AccountId')).toBe(String(account.id));
  expect(query.get('SportId')).toBe(account.SportId === null ? null : String(account.SportId));
  await expect(page.getByRole('table')).toBeVisible();
});
