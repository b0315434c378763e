import { expect, test } from '@playwright/test';
import { actForClub, main } from './flows.ts';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin');
});

test('an admin acting for the club previews, then generates a round robin’s events, and generating again changes nothing', async ({
  page,
}) => {
  // Act for the club: the generator works on the account acted for.
  await actForClub(page);

  await page.goto('/admin-tools/generate-events');
  const form = main(page).getByRole('region', { name: 'Generate a season’s events' });
  await expect(form).toBeVisible();
  const preview = form.getByRole('button', { name: 'Preview' });
  await expect(preview).toBeDisabled();

  await form.getByLabel('Competition', { exact: true }).click();
  await page.getByRole('option', { name: 'Riverside League' }).click();
  await form.getByLabel('Season', { exact: true }).click();
  await page.getByRole('option', { name: '2026-2027' }).click();
  await form.getByRole('radio', { name: /^Round robin/ }).check();

  const challengers = form.getByLabel('Challengers', { exact: true });
  for (const team of ['Harbour City', 'Northbridge United', 'Olympique Riverside FC']) {
    await challengers.click();
    await page.getByRole('option', { name: team }).click();
  }
  await page.keyboard.press('Escape');
  await form.getByLabel('First round’s date').fill('2031-08-16');
  await form.getByLabel('Time zone', { exact: true }).fill('Europe/London');
  await page.getByRole('option', { name: 'Europe/London' }).click();
  await form.getByRole('radio', { name: 'Home and away' }).check();

  await preview.click();
  const previewTable = main(page).getByRole('region', { name: 'Preview: nothing is written yet' });
  await expect(previewTable.getByRole('row')).toHaveCount(7);
  await expect(previewTable.getByRole('status')).toContainText(/6 (created|updated|unchanged)/);
  await expectNoSeriousA11yViolations(page);

  await form.getByRole('button', { name: 'Generate' }).click();
  const generated = main(page).getByRole('region', { name: 'Generated' });
  await expect(generated.getByRole('row')).toHaveCount(7);
  await expect(generated.getByRole('cell', { name: 'Harbour City' }).first()).toBeVisible();

  await preview.click();
  await expect(previewTable.getByRole('status')).toHaveText('0 created, 0 updated, 6 unchanged, 0 refused');
  await expect(previewTable.getByText('Unchanged', { exact: true })).toHaveCount(6);
});

test('the generator says what is missing, keyboard first', async ({ page }) => {
  await page.goto('/admin-tools/generate-events');
  const form = main(page).getByRole('region', { name: 'Generate a season’s events' });
  await expect(form.getByLabel('Season', { exact: true })).toBeDisabled();
  await expect(form.getByText('Choose a competition first')).toBeVisible();
  await form.getByLabel('Competition', { exact: true }).focus();
  await expect(form.getByLabel('Competition', { exact: true })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});
