import { expect, type Page, test } from '@playwright/test';
import { asTemporaryUser, main, save, textField, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * Sport events (events/sports): a producer creates a match, fills its info, and walks its tabs:
 * challengers in order, a theme with its live preview, modules that unlock tabs; the list's
 * filters; the screens in French.
 */

test.describe.configure({ mode: 'serial' });

function tab(page: Page, name: string | RegExp) {
  return page.getByRole('tab', { name });
}

async function openTab(page: Page, name: string) {
  await tab(page, name).click();
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
}

const eventName = uniqueName('E2E match');
let eventPath = '';

test('a producer creates an event, orders its challengers, picks a theme and activates modules', async ({ page }) => {
  await openSignedIn(page, 'producer', '/events/sports/new');
  // On a new event only info is enabled.
  await expect(tab(page, 'Info')).toBeEnabled();
  await expect(tab(page, 'Theme')).toBeDisabled();
  await expect(tab(page, 'Challengers')).toBeDisabled();

  await textField(page, 'Name').fill(eventName);
  await main(page).getByLabel('Competition').fill('Riverside Lea');
  await page.getByRole('option', { name: 'Riverside League' }).click();
  await main(page).getByRole('combobox', { name: 'Season', exact: true }).click();
  await page.getByRole('option', { name: '2026-2027' }).click();
  await main(page).getByRole('combobox', { name: 'Round', exact: true }).click();
  await page.getByRole('option', { name: 'Matchday 3' }).click();
  await textField(page, 'Venue').fill('Riverside Park');
  await main(page).getByRole('combobox', { name: 'State', exact: true }).click();
  await page.getByRole('option', { name: 'Upcoming', exact: true }).click();
  await expectNoSeriousA11yViolations(page);
  await save(page);
  await expect(page).toHaveURL(/\/events\/sports\/edit\/\d+/);
  eventPath = new URL(page.url()).pathname.replace(/\/info$/, '');

  // The info is stored: a reload shows the round of the chosen season.
  await page.reload();
  await expect(main(page).getByLabel('Round', { exact: true })).toHaveValue('Matchday 3');
  await expect(textField(page, 'Venue')).toHaveValue('Riverside Park');
  await expectNoSeriousA11yViolations(page);

  // Saved, the tabs open, except those whose modules the event has not activated, which say why.
  await expect(tab(page, 'Theme')).toBeEnabled();
  await expect(tab(page, /^Chat/)).toBeDisabled();
  await expect(tab(page, /^Chat/)).toHaveAttribute('title', 'Needs Chat, which this event has not activated.');
  await expect(tab(page, /^360/)).toHaveAttribute('title', /Immersive \(360\) and Cloud stream/);

  // Challengers: found by name, ordered with the keyboard-reachable buttons, kept after a reload.
  await openTab(page, 'Challengers');
  const picker = main(page).getByRole('combobox', { name: 'Add a challenger' });
  await picker.fill('Harbour');
  await page.getByRole('option', { name: 'Harbour City' }).click();
  await expect(main(page).getByTestId('event-challenger')).toHaveCount(1);
  await picker.fill('Olympique');
  await page.getByRole('option', { name: 'Olympique Riverside FC' }).click();
  await expect(main(page).getByTestId('event-challenger')).toHaveCount(2);
  await main(page).getByRole('button', { name: 'Move Olympique Riverside FC up' }).click();
  await expect(main(page).getByTestId('event-challenger').first()).toContainText('Olympique Riverside FC');
  await page.reload();
  const rows = main(page).getByTestId('event-challenger');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Olympique Riverside FC');
  await expect(rows.nth(1)).toContainText('Harbour City');
  await expect(main(page).getByRole('button', { name: 'Events of Harbour City' })).toHaveText(/Events: \d+/);
  await expectNoSeriousA11yViolations(page);

  // Theme: the preview takes the chosen theme's colours before saving.
  await openTab(page, 'Theme');
  const preview = main(page).getByTestId('player-preview');
  await main(page).getByRole('radio', { name: 'Cup nights' }).check();
  await expect(preview).toHaveAttribute('data-primary', '#F5B700');
  await main(page).getByRole('radio', { name: 'Riverside blue' }).check();
  await expect(preview).toHaveAttribute('data-primary', '#0ACAFF');
  await save(page);
  await page.reload();
  await expect(main(page).getByRole('radio', { name: 'Riverside blue' })).toBeChecked();

  // Settings: the account's modules only, each saying what it brings; Chat unlocks its tab.
  await openTab(page, 'Settings');
  await expect(main(page).getByRole('checkbox', { name: 'Multicam' })).toHaveCount(0);
  await expect(main(page).getByText(/Fans can chat beside the player/)).toBeVisible();
  await main(page).getByRole('checkbox', { name: 'Chat' }).check();
  await save(page);
  await expect(tab(page, /^Chat/)).toBeEnabled();
  await expect(tab(page, /^Multicam/)).toBeDisabled();
  await expect(tab(page, /^Multicam/)).toHaveAttribute('title', /Multicam/);
});

test('the list filters by state, competition and start date, with state badges', async ({ page }) => {
  await openSignedIn(page, 'producer', `/events/sports/list?search=${encodeURIComponent(eventName)}&state=upcoming`);
  const row = main(page).getByRole('row', { name: new RegExp(eventName) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Upcoming', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The competition → season cascade: a season is offered once a competition is chosen.
  const toolbar = main(page);
  await expect(toolbar.getByRole('combobox', { name: 'Season', exact: true })).toBeDisabled();
  await toolbar.getByRole('combobox', { name: 'Competition', exact: true }).fill('Riverside');
  await page.getByRole('option', { name: 'Riverside League' }).click();
  await expect(page).toHaveURL(/competitionId=\d+/);
  await toolbar.getByRole('combobox', { name: 'Season', exact: true }).click();
  await page.getByRole('option', { name: '2026-2027' }).click();
  await expect(page).toHaveURL(/seasonId=\d+/);
  await expect(row).toBeVisible();
  // A start range that excludes it, kept in the URL.
  await page.getByRole('textbox', { name: 'Starts from' }).fill('2099-01-01');
  await expect(page).toHaveURL(/startsAt=/);
  await expect(main(page).getByText(eventName)).toHaveCount(0);
  await page.goto('/events/sports/list?search=Harbour%20City&state=replay');
  await expect(main(page).getByRole('row', { name: /Riverside vs Harbour City/ })).toBeVisible();
});

test('the event screens speak French to a French user', async ({ page, request }) => {
  await asTemporaryUser(page, request, { group: 'Production', language: 'fr', name: 'Lucie Garnier' }, async () => {
    await page.goto(eventPath);
    await expect(textField(page, 'Lieu')).toHaveValue('Riverside Park');
    await expect(tab(page, /^Multicam/)).toHaveAttribute(
      'title',
      'Nécessite Multicam, que cet événement n’a pas activé.',
    );
    await openTab(page, 'Réglages');
    await expect(main(page).getByText(/Les fans discutent à côté du lecteur/)).toBeVisible();
  });
});
