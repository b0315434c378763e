import { expect, test } from '@playwright/test';
import { actFor, actForClub, actingBanner, apiCall, apiSignIn, main, textField, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn, signIn } from './support.ts';

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

  await openSignedIn(page, 'usermanager', '/account/audit');
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

/**
 * Issue 26 point 2: the admin acts for the club with a reason; the banner says so on every page;
 * the tag they rename shows the change in its history as theirs, acting for the club; the audit
 * trail has the start with its reason; they stop acting from the banner. In read-only mode, the
 * same tag cannot be saved.
 */
test('an admin acts for the club with a reason, renames a tag under the banner, finds it in the trail, and stops', async ({
  page,
  request,
}) => {
  const producer = await apiSignIn(request, 'producer');
  const name = uniqueName('E2E acting tag');
  const tag = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/tags', { name, tagType: 'player' });
  const reason = uniqueName('Ticket');

  await signIn(page, 'admin');
  await actFor(page, 'riv', 'Olympique Riverside FC', { reason });
  const banner = actingBanner(page);
  await expect(banner).toContainText(`Reason: ${reason}`);
  await expect(banner.getByText('Read only', { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/account/tags/edit/${tag.id}`);
  await expect(banner).toContainText('Olympique Riverside FC');
  await textField(page, 'Name').fill(`${name} by the admin`);
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(textField(page, 'Name')).toHaveValue(`${name} by the admin`);
  await main(page).getByRole('button', { name: 'Show the history' }).click();
  const history = main(page).getByRole('table').filter({ hasText: 'Updated' });
  await expect(history.getByRole('row').nth(1)).toContainText('acting for the account');

  await page.goto('/account/audit');
  await expect(banner).toBeVisible();
  const filters = main(page).getByRole('form', { name: 'Filters' });
  await filters.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Started acting for the account' });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  // Other admins act too: this start is the row with this reason.
  const start = main(page).getByRole('table', { name: 'Audit entries' }).getByRole('row').filter({ hasText: reason });
  await expect(start).toContainText(`Reason: ${reason}`);
  await expect(start).toContainText('Olympique Riverside FC (#');
  await start.getByRole('button', { expanded: false }).click();
  await expect(main(page).getByRole('table', { name: /^Changes of entry / })).toContainText(reason);
  await expectNoSeriousA11yViolations(page);

  await banner.getByRole('button', { name: 'Stop acting' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Events' })).toHaveCount(
    0,
  );

  // Looking only: the same tag's form offers no way to save it.
  await actFor(page, 'riv', 'Olympique Riverside FC', { reason: `${reason} (read only)`, readOnly: true });
  await expect(banner.getByText('Read only', { exact: true })).toBeVisible();
  await page.goto(`/account/tags/edit/${tag.id}`);
  await expect(textField(page, 'Name')).toHaveValue(`${name} by the admin`);
  await expect(main(page).getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
});
