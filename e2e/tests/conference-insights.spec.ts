import { expect, test } from '@playwright/test';
import { actForOrganiser, apiCall, apiSignIn, choose, main, textField, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * A conference's edit screen beyond its fields: titled by its name, taken live and back to replay
 * with the lifecycle buttons under its info form, its poster removed with an accessible button,
 * and its stats tab (plays, chapters and clips made over a period). A platform admin acts for the
 * event organiser, whose groups hold conf_player_write.
 */

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a conference: titled by its name, live and back to replay, poster removed, stats tab', async ({ page }) => {
  const name = uniqueName('E2E live conference');
  await actForOrganiser(page);
  await page.goto('/events/conferences/new');
  await textField(page, 'Name').fill(name);
  await choose(page, 'State', 'Upcoming');
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/events\/conferences\/edit\/\d+\/info$/);
  const path = new URL(page.url()).pathname.replace(/\/info$/, '');

  // The page is titled by the conference's name, not by its section.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(new RegExp(`^${name}`));

  // Go live, then end the live: the state badge follows, and so does the form's state.
  const live = main(page).getByRole('region', { name: 'Live' });
  await expect(live.getByTestId('lifecycle-state')).toHaveText('State: Upcoming');
  await live.getByRole('button', { name: 'Go live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the conference’s state' });
  await expect(dialog.getByText('Put this conference live now?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Go live' }).click();
  await expect(live.getByTestId('lifecycle-state')).toHaveText('State: Live');
  await expect(live.getByRole('status')).toHaveText('The conference is now Live');
  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole('combobox', { name: 'State', exact: true })).toHaveValue('Live');
  await expectNoSeriousA11yViolations(page);
  await live.getByRole('button', { name: 'End live', exact: true }).click();
  await dialog.getByRole('button', { name: 'End live', exact: true }).click();
  await expect(live.getByTestId('lifecycle-state')).toHaveText('State: Replay');
  await expect(dialog).toBeHidden();
  await expect(live.getByText('A replay has no further live step.')).toBeVisible();
  await page.reload();
  await expect(main(page).getByRole('region', { name: 'Live' }).getByTestId('lifecycle-state')).toHaveText(
    'State: Replay',
  );

  // The poster's 'Remove' button passes axe (colour contrast included), then removes it.
  await main(page)
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: PNG });
  const remove = main(page).getByRole('button', { name: 'Remove the image', exact: true });
  await expect(remove).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
  await remove.click();
  await expect(remove).toBeHidden();

  // The stats tab: real figures (none yet for a new conference), the chart, the embed code.
  await page.goto(`${path}/stats`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(main(page).getByRole('heading', { name: 'Conference statistics' })).toBeVisible();
  await expect(main(page).getByText('Chapters made').first()).toBeVisible({ timeout: 15_000 });
  await expect(main(page).getByText('Plays of the replay')).toBeVisible();
  await expect(main(page).getByText('Over time').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a sport event's edit page is titled by the event's name on every tab", async ({ page, request }) => {
  const name = uniqueName('E2E titled match');
  const producer = await apiSignIn(request, 'producer');
  const event = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/events', { name });
  await openSignedIn(page, 'producer', `/events/sports/edit/${event.id}/info`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(new RegExp(`^${name}`));
  await page.goto(`/events/sports/edit/${event.id}/stats`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(main(page).getByRole('heading', { name: 'Event statistics' })).toBeVisible();
  await expect(main(page).getByText('Markers made').first()).toBeVisible({ timeout: 15_000 });
  // Back to the list: the section's title again.
  await page.goto('/events/sports/list');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(name);
});
