import { expect, test } from '@playwright/test';
import { main, textField, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

test('the tag picker groups tags by type, orders them by where the text appears, and keeps the choice', async ({
  page,
}) => {
  await openSignedIn(page, 'viewer', '/tests/widgets');
  await main(page).getByRole('button', { name: 'Choose tags' }).click();
  const drawer = page.getByRole('dialog', { name: 'Tags' });
  await expect(drawer.getByRole('heading', { name: 'Action' })).toBeVisible();
  await expect(drawer.getByLabel('5 tags')).toBeVisible();
  await expect(drawer.getByText('Chosen: 2')).toBeVisible();

  await drawer.getByRole('textbox', { name: 'Filter tags' }).fill('goal');
  const actions = drawer.getByRole('region', { name: 'Action' });
  await expect(actions.getByRole('checkbox')).toHaveCount(3);
  // 'Goal' and 'Goalkeeper save' start with the text, 'Own goal' has it further on.
  const names = await actions
    .getByRole('checkbox')
    .evaluateAll((boxes) => boxes.map((box) => box.closest('.mantine-Checkbox-root')?.textContent?.trim()));
  expect(names).toEqual(['Goal', 'Goalkeeper save', 'Own goal']);
  await drawer.getByRole('checkbox', { name: 'Own goal' }).check();
  await expect(drawer.getByText('Chosen: 3')).toBeVisible();
  await drawer.getByRole('button', { name: 'Done' }).click();
  await expect(drawer).toBeHidden();
  await expect(main(page).getByText('Own goal', { exact: true })).toBeVisible();
});

test('leaving a form with unsaved changes asks first: stay keeps the changes, leave drops them', async ({ page }) => {
  const name = uniqueName('Unsaved tag');
  await openSignedIn(page, 'producer', '/account/tags/new');
  await textField(page, 'Name').fill(name);
  const sports = page.getByRole('navigation', { name: 'Section menu' }).getByRole('link', { name: 'Sports' });

  await sports.click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on the page' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/account/tags/new');
  await expect(textField(page, 'Name')).toHaveValue(name);

  await sports.click();
  await page
    .getByRole('dialog', { name: 'Unsaved changes' })
    .getByRole('button', { name: 'Leave without saving' })
    .click();
  await expect(page).toHaveURL('/account/sports/list');
});

test('the settings show the plan, and the producer’s social accounts linked from the first day', async ({ page }) => {
  await openSignedIn(page, 'producer', '/account/settings/infos');
  const tabs = page.getByRole('tablist', { name: 'Page sections' });
  await tabs.getByRole('tab', { name: 'Subscription' }).click();
  await expect(page).toHaveURL('/account/settings/subscription');
  await expect(main(page).getByText(/^\d+ of 60 modules included$/)).toBeVisible();
  const events = main(page).getByRole('region', { name: 'Events and content' });
  await expect(events.getByRole('listitem').filter({ hasText: 'Sport events' })).toContainText('included');
  await expect(main(page).getByRole('switch')).toHaveCount(0);

  await tabs.getByRole('tab', { name: 'Social networks' }).click();
  await expect(page).toHaveURL('/account/settings/social-networks');
  // No app credentials on this server: every platform links to its local stand-in, and says so.
  for (const platform of ['YouTube', 'Facebook', 'Instagram', 'X', 'Dailymotion', 'TikTok']) {
    const card = main(page).getByRole('region', { name: platform, exact: true });
    await expect(card.getByText('Local stand-in', { exact: true })).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Disconnect ${platform}` })).toBeVisible();
  }
  await expect(main(page).getByRole('region', { name: 'Facebook', exact: true })).toContainText('Riverside FC');
  await expectNoSeriousA11yViolations(page);
});

test('the clipper reads the subscription and social networks tabs in French', async ({ page }) => {
  await openSignedIn(page, 'clipper', '/account/settings/subscription');
  await expect(page.getByRole('tab', { name: 'Abonnement' })).toHaveAttribute('aria-selected', 'true');
  await expect(main(page).getByText(/^\d+ modules inclus sur 60$/)).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'Direct et clipping' })).toContainText('Clipping des directs');
  await page.getByRole('tab', { name: 'Réseaux sociaux' }).click();
  const youtube = main(page).getByRole('region', { name: 'YouTube', exact: true });
  await expect(youtube.getByText('Simulateur local', { exact: true })).toBeVisible();
  await expect(youtube.getByRole('button', { name: 'Dissocier YouTube' })).toBeVisible();
});

test('the users list and a user’s edit page have no serious accessibility violation', async ({ page }) => {
  await openSignedIn(page, 'usermanager', '/account/users/list');
  await expect(main(page).getByRole('link', { name: 'producer', exact: true })).toBeVisible();
  await expect(
    main(page).getByRole('region', { name: 'Groups' }).getByRole('link', { name: 'Production' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await main(page).getByRole('link', { name: 'producer', exact: true }).click();
  await expect(main(page).getByRole('heading', { name: 'Camille Laurent', level: 1 })).toBeVisible();
  await expect(main(page).getByRole('combobox', { name: 'Groups' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
