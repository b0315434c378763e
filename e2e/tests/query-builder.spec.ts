import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { main } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * The admins' query builder (admin-tools/query-builder): a filter built with the mouse and the
 * keyboard, run, its rows in the table, then grouped by account with their count and exported.
 */
test('an admin builds a query, runs it, groups it and exports it', async ({ page }) => {
  await openSignedIn(page, 'admin', '/admin-tools/query-builder');
  const screen = main(page);
  await expect(screen.getByRole('heading', { name: 'Query builder', level: 1 })).toBeVisible();
  await expect(screen.getByText('Run the query to see its results.')).toBeVisible();

  await screen.getByRole('combobox', { name: 'Records' }).selectOption({ label: 'Users' });
  await screen.getByRole('button', { name: 'Add a rule' }).click();
  await screen.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Username' });
  await screen.getByRole('combobox', { name: 'Operator' }).selectOption({ label: 'contains' });
  // The value typed and the query run from the keyboard.
  await screen.getByRole('textbox', { name: 'Value — Username' }).focus();
  await page.keyboard.type('producer');
  await screen.getByRole('button', { name: 'Run the query' }).focus();
  await page.keyboard.press('Enter');

  const table = screen.getByTestId('query-results');
  await expect(screen.getByRole('status').filter({ hasText: '1 rows' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Username' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'producer', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await screen.getByRole('combobox', { name: 'Group by' }).selectOption({ label: 'Account' });
  await screen.getByRole('button', { name: 'Run the query' }).click();
  await expect(table.getByRole('columnheader', { name: 'Count', exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Account' })).toBeVisible();
  await expect(table.getByRole('cell', { name: '1', exact: true })).toBeVisible();

  const download = page.waitForEvent('download');
  await screen.getByRole('button', { name: 'Export as CSV' }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
  expect(lines[0]).toBe('account,count');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^.+,1$/);

  // A range on a number: two named inputs.
  await screen.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Access level' });
  await screen.getByRole('combobox', { name: 'Operator' }).selectOption({ label: 'is between' });
  await screen.getByRole('spinbutton', { name: 'From — Access level' }).fill('0');
  await screen.getByRole('spinbutton', { name: 'To — Access level' }).fill('9');
  await screen.getByRole('combobox', { name: 'Group by' }).selectOption({ label: 'No grouping' });
  await screen.getByRole('button', { name: 'Run the query' }).click();
  await expect(table.getByRole('columnheader', { name: 'Access level' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
