import { expect, test } from '@playwright/test';
import { apiCall, apiSignIn, asTemporaryUser, main, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

/**
 * Going live is checked (issue 46.2): the Go live dialog lists what fans will get, mends what one
 * click can, and asks before going on air with no camera; the event's header says whether fans can
 * see it. No encoder here: live-tabs.spec.ts goes live with cameras receiving.
 */
test('a producer sees what fans will get, fixes it in one click and goes live without a camera', async ({
  page,
  request,
}) => {
  const producer = await apiSignIn(request, 'producer');
  const event = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/events', {
    name: uniqueName('Tonight'),
    state: 'upcoming',
    startsAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  await signIn(page, 'producer');
  await page.goto(`/events/sports/edit/${event.id}/info`);
  const fans = page.getByTestId('fans-visibility');
  await expect(fans).toHaveText('Hidden from fans: not published');

  const live = main(page).getByRole('region', { name: 'Live' });
  await live.getByRole('button', { name: 'Go live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Go live: what fans will get' });
  await expect(dialog.getByTestId('golive-published')).toContainText('Not published: fans cannot see the event.');
  await expect(dialog.getByTestId('golive-camera')).toContainText(
    'No camera: fans will see nothing. Add one on the Stream tab.',
  );
  await expect(dialog.getByTestId('golive-chat')).toContainText('The chat is off');
  // A camera cannot be started from here: its line leads to the stream tab.
  await expect(
    dialog.getByTestId('golive-camera').getByRole('link', { name: 'Set up Camera on its tab' }),
  ).toHaveAttribute('href', `/events/sports/edit/${event.id}/stream`);
  const goLive = dialog.getByRole('button', { name: 'Go live' });
  await expect(goLive).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByTestId('golive-published').getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByTestId('golive-published')).toContainText('Fans see the event.');
  await expect(dialog.getByTestId('golive-published')).toContainText('Done: Publish');
  // An account with the EMBED module also needs the event's embed on for fans to watch.
  const embed = dialog.getByTestId('golive-embed');
  if ((await embed.count()) > 0 && (await embed.getByRole('button').count()) > 0) {
    await embed.getByRole('button', { name: 'Switch the embed on' }).click();
    await expect(embed).toContainText('Ready');
  }
  await dialog.getByTestId('golive-chat').getByRole('button', { name: 'Open the chat' }).click();
  await expect(dialog.getByTestId('golive-chat')).toContainText('The chat is open to fans.');
  await expect(fans).toHaveText('Fans can watch');

  await dialog.getByRole('checkbox', { name: 'Go live without a camera' }).check();
  await expect(goLive).toBeEnabled();
  await goLive.click();
  await expect(live.getByTestId('lifecycle-state')).toHaveText('State: Live');
  await expect(dialog).toBeHidden();
  // The chat tab opened with the module, and the header stays on every tab.
  await page.goto(`/events/sports/edit/${event.id}/chat`);
  await expect(page.getByTestId('fans-visibility')).toHaveText('Fans can watch');
  await expectNoSeriousA11yViolations(page);
});

test('the Go live checks and the header speak French', async ({ page, request }) => {
  await asTemporaryUser(page, request, { group: 'Production', language: 'fr', name: 'Inès Morel' }, async () => {
    const producer = await apiSignIn(request, 'producer');
    const event = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/events', {
      name: uniqueName('Ce soir'),
      state: 'upcoming',
    });
    await page.goto(`/events/sports/edit/${event.id}/info`);
    await expect(page.getByTestId('fans-visibility')).toHaveText('Masqué aux fans : non publié');
    await main(page).getByRole('region', { name: 'Direct' }).getByRole('button', { name: 'Passer en direct' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passer en direct : ce que verront les fans' });
    await expect(dialog.getByTestId('golive-camera')).toContainText('Aucune caméra : les fans ne verront rien.');
    await expect(dialog.getByRole('checkbox', { name: 'Passer en direct sans caméra' })).not.toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Passer en direct' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
  });
});
