import { expect, test } from '@playwright/test';
import { actForClub, apiCall, apiSignIn, main, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

/**
 * Issue 26 (first slice): the producer renames a tag; the club's user manager finds who did it in
 * the audit trail, with the field's before and after; an admin acting for the club reads the
 * tag's history on its edit page.
 */
test('a user manager reads who renamed a tag in the audit trail; an admin acting for the club sees its history', async ({
  page,
  request,
}) => {
  const producer = await apiSignIn(request, 'producer');
  const name = uniqueName('E2E audited tag');
  const tag = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/tags', { name, tagType: 'player' });
  await apiCall(request, producer, 'PUT', `/main-api/tags/${tag.id}`, { name: `${name} v2` });

  await signIn(page, 'usermanager');
  await page.goto('/account/audit');
  const filters = main(page).getByRole('form', { name: 'Filters' });
  await filters.getByRole('combobox', { name: 'Resource' }).selectOption({ label: 'Tags' });
  await filters.getByRole('textbox', { name: 'Record id' }).fill(String(tag.id));
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  const rows = main(page).getByRole('table', { name: 'Audit entries' }).getByRole('row');
  // A header row, the rename, then the creation (newest first).
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Updated');
  await expect(rows.nth(2)).toContainText('Created');
  await expect(rows.nth(1)).toContainText('Camille');
  await rows.nth(1).getByRole('button', { expanded: false }).click();
  const diff = main(page).getByRole('table', { name: /^Changes of entry / });
  await expect(diff.getByRole('row', { name: new RegExp(`name\\s+${name}\\s+${name} v2`, 'i') })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const admin = await page.context().browser()?.newContext();
  if (!admin) throw new Error('no browser');
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin');
  await actForClub(adminPage);
  await adminPage.goto(`/account/tags/edit/${tag.id}`);
  await main(adminPage).getByRole('button', { name: 'Show the history' }).click();
  const history = main(adminPage).getByRole('table').filter({ hasText: 'Updated' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expectNoSeriousA11yViolations(adminPage);
  await admin.close();
});
