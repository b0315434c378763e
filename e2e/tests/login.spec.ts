import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

test.describe('the login page in English', () => {
  test.use({ locale: 'en-GB' });

  test('keeps submit disabled until both fields are valid and says what is missing', async ({ page }) => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Sign in' });
    await expect(submit).toBeDisabled();
    const username = page.getByLabel(/^Username/);
    await username.fill('someone');
    await username.fill('   ');
    await username.blur();
    await expect(page.getByText('Username required')).toBeVisible();
    const password = page.getByLabel(/^Password/);
    await password.fill('x');
    await password.fill('');
    await password.blur();
    await expect(page.getByText('Password required')).toBeVisible();
    await expect(submit).toBeDisabled();
    await expect(page.getByText(/2013\s*-\s*2022/)).toBeVisible();
  });

  test("says 'Login failed' for a wrong password and lets the person try again", async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel(/^Username/).fill('viewer');
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel(/^Password/).fill('regie-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account\/settings\/infos$/);
  });

  test('has no serious accessibility violation', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('the login page in French', () => {
  test.use({ locale: 'fr-FR' });

  test('validates and fails in French', async ({ page }) => {
    await page.goto('/login');
    const username = page.getByLabel(/^Identifiant/);
    await username.fill('a');
    await username.fill('');
    await username.blur();
    await expect(page.getByText('Identifiant requis')).toBeVisible();
    const password = page.getByLabel(/^Mot de passe/);
    await password.fill('a');
    await password.fill('');
    await password.blur();
    await expect(page.getByText('Mot de passe requis')).toBeVisible();
    await username.fill('viewer');
    await password.fill('wrong-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Échec de la connexion')).toBeVisible();
  });
});

test('an already signed-in person who opens /login goes straight to their home', async ({ page }) => {
  await signIn(page, 'usermanager');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/account\/users\/list$/);
});
