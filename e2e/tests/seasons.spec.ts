import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiCall, apiSignIn, deleteRecord, main, save, textField, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * Seasons and rounds (spec §1): a competition's page lists its seasons, a season's page its
 * rounds, each made, changed, translated and deleted there, by the producer (sport_player_write).
 */

/**
 * Picks a day of the month the date-time field opens on (the current one: the field shows now
 * while empty). Days 10 to 22 are never shown twice (the month's neighbours show at most a week).
 */
async function pickDay(page: Page, field: Locator, day: number): Promise<void> {
  await field.click();
  // The field's dropdown (Mantine marks it), over the page.
  const calendar = page.locator('[data-dates-dropdown]');
  await calendar
    .getByRole('button', { name: new RegExp(`^${day} \\p{L}+ \\d{4}$`, 'u') })
    .first()
    .click();
  // The field toggles its calendar (Escape would close the dialog around it too).
  await field.click();
  await expect(calendar).toBeHidden();
}

/** Translates the name into French in the translations panel inside `scope`. */
async function translateName(scope: Locator, french: string): Promise<void> {
  const panel = scope.getByRole('region', { name: 'Translations' });
  // The segmented control's radio is hidden under its label: the label is what a person clicks.
  await panel.locator('label').filter({ hasText: 'French' }).click();
  await expect(panel.getByRole('radio', { name: /French/ })).toBeChecked();
  await panel.getByRole('textbox', { name: 'Name (FR)' }).fill(french);
  await panel.getByRole('button', { name: 'Save the translation' }).click();
  await expect(panel.getByText('translated', { exact: true })).toBeAttached();
}

test('a producer manages a competition’s seasons and a season’s rounds, with their translations', async ({
  page,
  request,
}) => {
  const producer = await apiSignIn(request, 'producer');
  const sports = await apiCall<{ data: { id: number }[] }>(
    request,
    producer,
    'GET',
    '/main-api/sports?search=Football',
  );
  const sportId = sports.data[0]?.id;
  const competitionName = uniqueName('E2E league');
  const competition = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/competitions', {
    name: competitionName,
    sportId,
  });

  await openSignedIn(page, 'producer', `/account/competitions/edit/${competition.id}`);
  const seasons = main(page).getByRole('region', { name: 'Seasons' });
  await expect(seasons.getByText('No seasons yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A season, made in a dialog on its competition's page.
  await seasons.getByRole('button', { name: 'New season' }).click();
  const newSeason = page.getByRole('dialog', { name: 'New season' });
  await newSeason.getByRole('textbox', { name: 'Name' }).fill('2031-2032');
  await pickDay(page, newSeason.getByRole('button', { name: 'Start' }), 12);
  await pickDay(page, newSeason.getByRole('button', { name: 'End' }), 20);
  await expect(newSeason).toBeVisible();
  await newSeason.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(newSeason).toBeHidden();

  // Its own page: its form, its translations, its rounds.
  await seasons.getByRole('link', { name: '2031-2032' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/competitions/${competition.id}/seasons/edit/\\d+$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('2031-2032');
  await expect(main(page).getByText(competitionName)).toBeVisible();
  const rounds = main(page).getByRole('region', { name: 'Rounds' });
  await expect(rounds.getByText('No rounds in this season yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await textField(page, 'Name').fill('2031-32');
  await save(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('2031-32');
  await translateName(main(page), 'Saison 2031-32');

  // A round: made, changed and translated in its dialog, then deleted.
  await rounds.getByRole('button', { name: 'New round' }).click();
  const newRound = page.getByRole('dialog', { name: 'New round' });
  await newRound.getByRole('textbox', { name: 'Name' }).fill('Matchday 1');
  await newRound.getByRole('textbox', { name: 'Number' }).fill('1');
  await newRound.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(newRound).toBeHidden();
  await expect(rounds.getByRole('cell', { name: 'Matchday 1', exact: true })).toBeVisible();

  await rounds.getByRole('button', { name: 'Edit Matchday 1' }).click();
  const round = page.getByRole('dialog', { name: 'Matchday 1' });
  await round.getByRole('textbox', { name: 'Name', exact: true }).fill('Opening day');
  await round.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(round).toBeHidden();
  await expect(rounds.getByRole('cell', { name: 'Opening day', exact: true })).toBeVisible();
  await rounds.getByRole('button', { name: 'Edit Opening day' }).click();
  const renamed = page.getByRole('dialog', { name: 'Opening day' });
  await translateName(renamed, 'Journée d’ouverture');
  await expectNoSeriousA11yViolations(page);
  await renamed.getByRole('button', { name: 'Cancel' }).click();
  await expect(renamed).toBeHidden();

  // The translations are stored, each under its own record.
  await page.reload();
  const stored = main(page).getByRole('region', { name: 'Translations' });
  await stored.locator('label').filter({ hasText: 'French' }).click();
  await expect(stored.getByRole('textbox', { name: 'Name (FR)' })).toHaveValue('Saison 2031-32');
  await rounds.getByRole('button', { name: 'Edit Opening day' }).click();
  const reopened = page.getByRole('dialog', { name: 'Opening day' });
  await reopened.locator('label').filter({ hasText: 'French' }).click();
  await expect(reopened.getByRole('textbox', { name: 'Name (FR)' })).toHaveValue('Journée d’ouverture');
  await reopened.getByRole('button', { name: 'Cancel' }).click();
  await expect(reopened).toBeHidden();

  await rounds.getByRole('button', { name: 'Delete Opening day' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this item?' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(rounds.getByText('No rounds in this season yet')).toBeVisible();

  // Deleting the season goes back to its competition, which no longer lists it.
  await deleteRecord(page, new RegExp(`/account/competitions/edit/${competition.id}$`));
  await expect(seasons.getByText('No seasons yet')).toBeVisible();
  await apiCall(request, producer, 'DELETE', `/main-api/competitions/${competition.id}`);
});
