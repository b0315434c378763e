import { expect, test } from '@playwright/test';
import { deleteRecord, expectInList, main, save, setSwitch, textField, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin');
});

test("on 'new' only the first tab of a customer is enabled; once created, every tab is", async ({ page }) => {
  const name = uniqueName('E2E customer');
  await page.goto('/account/customers/new');
  await expect(page).toHaveURL('/account/customers/new/infos');
  const tabs = page.getByRole('tablist', { name: 'Page sections' });
  await expect(tabs.getByRole('tab', { name: 'Information' })).toBeEnabled();
  await expect(tabs.getByRole('tab', { name: 'Information' })).toHaveAttribute('aria-selected', 'true');
  for (const tab of ['Modules', 'Configuration', 'Cache'])
    await expect(tabs.getByRole('tab', { name: tab })).toBeDisabled();
  await expect(main(page).getByRole('textbox', { name: 'Account key' })).toHaveCount(0);

  await textField(page, 'Name').fill(name);
  await save(page);
  await expect(page).toHaveURL(/\/account\/customers\/edit\/\d+\/infos$/);
  for (const tab of ['Information', 'Modules', 'Configuration', 'Cache']) {
    await expect(tabs.getByRole('tab', { name: tab })).toBeEnabled();
  }
  await expect(main(page).getByRole('textbox', { name: 'Account key' })).toHaveValue(/^[0-9a-f]{16,}$/);
  await expect(main(page).getByRole('button', { name: 'Copy the account key' })).toBeVisible();

  // Modules: grouped switches, saved with the form.
  await tabs.getByRole('tab', { name: 'Modules' }).click();
  await expect(page).toHaveURL(/\/modules$/);
  await expect(main(page).getByText('0 of 60 modules on')).toBeVisible();
  await setSwitch(main(page).getByRole('switch', { name: /^Chat/ }), true);
  await setSwitch(main(page).getByRole('switch', { name: /^Sport events/ }), true);
  await expect(main(page).getByText('2 of 60 modules on')).toBeVisible();
  await save(page);
  await page.reload();
  await expect(main(page).getByRole('switch', { name: /^Chat/ })).toBeChecked();

  // Configuration: the theme colour defaults to #0ACAFF and is checked as it is typed.
  await tabs.getByRole('tab', { name: 'Configuration' }).click();
  const colour = main(page).getByRole('textbox', { name: /^Primary colour/ });
  await expect(colour).toHaveValue('#0ACAFF');
  await colour.fill('#12');
  await expect(main(page).getByText('Use a colour like #0ACAFF')).toBeVisible();
  await colour.fill('#112233');
  await save(page);

  // Cache: purge this account's start-up data.
  await tabs.getByRole('tab', { name: 'Cache' }).click();
  const mine = main(page).getByRole('region', { name: 'This account’s start-up data' });
  await mine.getByRole('button', { name: 'Purge' }).click();
  await expect(main(page).getByText('Requested', { exact: true }).first()).toBeVisible();
  await expect(mine.getByRole('status')).toContainText(/admin-payload:\d+ purged/);

  await tabs.getByRole('tab', { name: 'Information' }).click();
  await deleteRecord(page, /\/account\/customers\/list/);
  await expectInList(page, name, false);
});

test('the customers list and a customer’s modules tab have no serious accessibility violation', async ({ page }) => {
  await page.goto('/account/customers/list');
  await expect(main(page).getByRole('link', { name: 'Olympique Riverside FC' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await main(page).getByRole('link', { name: 'Olympique Riverside FC' }).click();
  await page.getByRole('tab', { name: 'Modules' }).click();
  await expect(main(page).getByRole('switch', { name: /^Chat/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a customer’s configuration shows its sport, among those it sees, without accessibility violation', async ({
  page,
}) => {
  await page.goto('/account/customers/list');
  await main(page).getByRole('link', { name: 'Olympique Riverside FC' }).click();
  await page.getByRole('tab', { name: 'Configuration' }).click();
  await expect(page).toHaveURL(/\/account\/customers\/edit\/\d+\/config$/);
  // The seed makes the club a football club.
  const sport = main(page).getByRole('combobox', { name: 'Sport of the account' });
  await expect(sport).toHaveValue('Football');
  await expect(sport).toBeEnabled();
  await expect(main(page).getByText('An administrator acting for this account sees its lists narrowed')).toBeVisible();
  await sport.click();
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option', { name: 'No single sport' })).toBeVisible();
  await expect(listbox.getByRole('option', { name: 'Football' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
  await expectNoSeriousA11yViolations(page);
});

test('an admin purges every cache, then one account’s start-up data, from the admin tools', async ({ page }) => {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Admin tools' }).click();
  await page.getByRole('navigation', { name: 'Section menu' }).getByRole('link', { name: 'Purge cache' }).click();
  await expect(page).toHaveURL('/admin-tools/purge-cache');
  const card = main(page).getByRole('region', { name: 'Purge a server cache' });
  const purge = card.getByRole('button', { name: 'Purge' });

  await card.getByRole('radio', { name: 'Everything' }).check();
  await expect(card.getByText('all', { exact: true })).toBeVisible();
  await purge.click();
  await expect(main(page).getByText('Requested', { exact: true }).first()).toBeVisible();
  await expect(card.getByRole('status')).toContainText('all purged');

  await card.getByRole('radio', { name: 'One account’s start-up data' }).check();
  await expect(purge).toBeDisabled();
  await card.getByRole('textbox', { name: 'Account' }).fill('riv');
  await page.getByRole('option', { name: 'Olympique Riverside FC' }).click();
  await expect(card.getByText(/^admin-payload:\d+$/)).toBeVisible();
  await purge.click();
  await expect(card.getByRole('status')).toContainText(/admin-payload:\d+ purged/);
});
