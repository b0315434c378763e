import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  actForClub,
  apiCall,
  apiSignIn,
  demoReplayVideoId,
  main,
  markerRows,
  READY_TIMEOUT_MS,
  seekTo,
  uniqueName,
} from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn, signIn } from './support.ts';

/**
 * The match clock (issue 25 point 4): a StatsBomb match file imported into an event whose kick-offs
 * are not set yet waits; Alt + 1 at the player's position sets the first half's kick-off and the
 * imported goal appears 18:04 after it; a kick-off set later moves it. Then the parser mapping
 * admin tool: provider, sport and mode in the URL, a key mapped to a marker type and saved.
 */

test.describe.configure({ mode: 'serial' });

const MATCH_FILE = join(
  import.meta.dirname,
  '..',
  '..',
  'packages',
  'server',
  'test',
  'fixtures',
  'feeds',
  'match.statsbomb.json',
);

/** m:ss.t as the markers list writes a time. */
function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = (seconds - minutes * 60).toFixed(1).padStart(4, '0');
  return `${minutes}:${rest}`;
}

test('Alt + 1 sets the first kick-off at the player: the imported goal appears and moves with it', async ({
  page,
  request,
}) => {
  test.setTimeout(READY_TIMEOUT_MS + 120_000);
  const session = await apiSignIn(request, 'producer');
  const videoId = await demoReplayVideoId(request, session);
  const event = await apiCall<{ id: number }>(request, session, 'POST', '/main-api/events', {
    name: uniqueName('E2E imported match'),
    videoId,
  });
  const { jobId } = await apiCall<{ jobId: number }>(request, session, 'POST', '/data-providers-service-api/import', {
    provider: 'statsbomb',
    eventId: event.id,
    document: JSON.parse(readFileSync(MATCH_FILE, 'utf8')),
  });
  await expect
    .poll(async () => (await apiCall<{ state: string }>(request, session, 'GET', `/main-api/jobs/${jobId}`)).state, {
      timeout: 60_000,
    })
    .toBe('done');

  await openSignedIn(page, 'producer', `/events/sports/edit/${event.id}/markers`);
  const panel = main(page).getByRole('region', { name: 'Match clock' });
  await expect(panel.getByRole('button', { name: /Kick-off 1st half/ })).toBeEnabled();
  // Every match event waits for its period's kick-off: no marker yet.
  await expect(main(page).getByText('No markers yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await seekTo(page, 2);
  await page.keyboard.press('Alt+1');
  await expect(page.getByText('Match clock saved: imported markers moved')).toBeVisible();
  // The label is an input's value (no text of the row): the row is found by its go-to button's name.
  const goal = markerRows(page).filter({ has: page.getByRole('button', { name: /^Go to Goal: Jordan Miles at / }) });
  await expect(goal).toContainText(clock(2 + 1084.3));
  await expect(panel.getByRole('textbox', { name: '1st half starts at (s)', exact: true })).toHaveValue('2');

  // Typed afterwards: the goal moves with the kick-off, on this page as on any other.
  const field = panel.getByRole('textbox', { name: '1st half starts at (s)', exact: true });
  await field.fill('7.5');
  await panel.getByRole('button', { name: 'Save the match clock' }).click();
  await expect(goal).toContainText(clock(7.5 + 1084.3));
  await expect(goal).not.toContainText(clock(2 + 1084.3));
});

test('the parser mapping tool: provider, sport and mode in the URL, a key mapped and saved', async ({ page }) => {
  await signIn(page, 'admin');
  // The parser mapping is the account's: act for the club (its sports, its marker types).
  await actForClub(page);
  await page.goto('/admin-tools/parser-mapping');
  await expect(main(page).getByText('Choose a provider, a sport and a mode.')).toBeVisible();
  await main(page).getByRole('combobox', { name: 'Provider', exact: true }).click();
  await page.getByRole('option', { name: 'statsbomb' }).click();
  await expect(page).toHaveURL(/\/admin-tools\/parser-mapping\/statsbomb$/);
  await main(page).getByRole('combobox', { name: 'Sport', exact: true }).click();
  await page.getByRole('option', { name: 'Football' }).first().click();
  await main(page).getByRole('combobox', { name: 'Mode', exact: true }).click();
  // The live mode: the club's replay imports (import-flow.spec, beside this file) keep their mapping.
  await page.getByRole('option', { name: 'Live', exact: true }).click();
  await expect(page).toHaveURL(/\/admin-tools\/parser-mapping\/statsbomb\/\d+\/live$/);

  const table = main(page).getByTestId('parser-mapping-table');
  const goalRow = table.getByRole('row').filter({ hasText: 'Shot:Goal' }).first();
  await expect(goalRow).toContainText('Goal');
  const saved = main(page).getByRole('combobox', { name: 'Marker type of Shot:Saved', exact: true });
  await expect(saved).toHaveValue('Nothing');
  await expectNoSeriousA11yViolations(page);

  await saved.click();
  await page.getByRole('option', { name: 'Big chance', exact: true }).click();
  await main(page).getByRole('button', { name: 'Save the mapping' }).click();
  await expect(page.getByText('Parser mapping saved')).toBeVisible();
  await expect(
    table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Shot:Saved', exact: true }) }),
  ).toContainText('account');
  // A reload keeps the choices (the URL) and the mapping (saved).
  await page.reload();
  const reloaded = main(page).getByRole('combobox', { name: 'Marker type of Shot:Saved', exact: true });
  await expect(reloaded).toHaveValue('Big chance');
  // Back as it was: the club's mapping is shared by every file (and by this test's retry).
  await reloaded.click();
  await page.getByRole('option', { name: 'Nothing', exact: true }).click();
  await main(page).getByRole('button', { name: 'Save the mapping' }).click();
  await expect(page.getByText('Parser mapping saved')).toBeVisible();
});
