import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

/**
 * Issue 24 (7): the club's producer holds use_cms and use_push_notifications, so both external
 * entries are in the menu; the test server sets neither REGIE_CMS_URL nor REGIE_PUSH_URL, so each
 * opens the in-app page that names the variable to set.
 */
test('the producer’s CMS and push-notification entries say which variable sets their address', async ({ page }) => {
  await signIn(page, 'producer');
  for (const [name, path, variable] of [
    ['Content management', '/cms', 'REGIE_CMS_URL'],
    ['Push notifications', '/push-notifications', 'REGIE_PUSH_URL'],
  ] as const) {
    const entry = page.getByRole('link', { name, exact: true });
    await expect(entry).toBeVisible();
    await expect(entry).not.toHaveAttribute('target', '_blank');
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name, exact: true, level: 2 })).toBeVisible();
    await expect(main.getByText(`set the server’s ${variable} environment variable`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
