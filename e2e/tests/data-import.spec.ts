import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { main } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/** The hand-made openfootball season of the API tests: 12 fixtures, 4 teams, 6 matchdays. */
const SEASON = join(import.meta.dirname, '../../packages/server/test/fixtures/data-import/football.json');

test('a producer previews an openfootball season, imports it and reads the report', async ({ page }) => {
  // Three accessibility scans and a job on a shared machine.
  test.setTimeout(420_000);
  await openSignedIn(page, 'producer', '/data-import/ipfl');
  const screen = main(page);
  await expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveValue(/openfootball/);
  await expectNoSeriousA11yViolations(page);

  await screen
    .locator('input[type=file]')
    .setInputFiles({ name: 'football.json', mimeType: 'application/json', buffer: await readFile(SEASON) });
  await screen.getByRole('button', { name: 'Preview' }).click();
  const preview = screen.getByTestId('import-preview');
  await expect(preview.getByTestId('count-fixtures')).toHaveText('12');
  await expect(preview.getByTestId('count-teams')).toHaveText('4');
  // Each name has its select: create it, or pick an existing record; the keyboard reaches them.
  await expect(preview.getByRole('combobox', { name: /Record for team “Harbour Town”/ })).toBeVisible();
  await expect(preview.getByRole('row', { name: /Olympique Riverside FC – Harbour Town/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await screen.getByRole('button', { name: 'Import' }).click();
  const report = screen.getByTestId('import-report');
  // The job waits for the worker, which may be encoding the demo videos first.
  await expect(report).toBeVisible({ timeout: 180_000 });
  await expect(screen.getByText('Import finished')).toBeVisible();
  // Created the first time, unchanged when the test runs again on the same data.
  const fixtures = report.getByRole('row', { name: /^Fixtures/ }).getByRole('cell');
  await expect(fixtures).toHaveText(['Fixtures', /^(12|0)$/, '0', /^(0|12)$/]);
  await expect(report.getByText('No row was refused.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
