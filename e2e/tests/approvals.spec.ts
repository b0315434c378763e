import { expect, test } from '@playwright/test';
import { apiCall, apiSignIn, demoReplayVideoId, main, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * Issue 41 point 3 in the browser, on a phone: a clip rule publishes its clips to the producer's
 * TikTok once approved. A save marked on a replay makes the clip; its publication arrives live on
 * the approvals screen, the producer edits its caption and approves it in one tap, and it is
 * published in 9:16 with its link.
 */
test('a rule’s clip arrives live on the phone-sized approvals screen, approved with its caption edited, then published', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const session = await apiSignIn(request, 'producer');
  const replayId = await demoReplayVideoId(request, session);
  // A sport no club event plays: its marker type never becomes another file's marker key.
  const sports = await apiCall<{ data: { id: number; name: string }[] }>(
    request,
    session,
    'GET',
    '/main-api/sports?limit=100',
  );
  const tennis = sports.data.find((sport) => sport.name === 'Tennis');
  expect(tennis).toBeDefined();
  const eventName = uniqueName('Approvals match');
  const event = await apiCall<{ id: number }>(request, session, 'POST', '/main-api/events', {
    name: eventName,
    sportId: tennis?.id,
    videoId: replayId,
    state: 'replay',
  });
  const typeName = uniqueName('Save');
  const type = await apiCall<{ id: number }>(request, session, 'POST', '/main-api/marker-types', {
    sportId: tennis?.id,
    name: typeName,
    code: uniqueName('save').replace(/\W+/g, '-').toLowerCase(),
  });
  await apiCall(request, session, 'POST', '/main-api/clip-rules', {
    name: uniqueName('Saves to TikTok'),
    markerTypeId: type.id,
    beforeSeconds: 2,
    afterSeconds: 3,
    publishTargets: ['tiktok'],
    captionTemplate: '{event} – a save by {player}',
    publishMode: 'approval',
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, 'producer', '/medias/approvals');
  await expect(
    main(page).getByText('Nothing waits for approval.').or(main(page).getByTestId('approvals')),
  ).toBeVisible();
  await apiCall(request, session, 'POST', `/main-api/events/${event.id}/markers`, {
    label: 'Save: M. Keeper',
    // The demo replay lasts about half a minute.
    timeSeconds: 10,
    markerTypeId: type.id,
  });

  // Pushed live: the notice, and the card with the caption the rule wrote. On a fresh server the
  // demo's own goals may await approval meanwhile, each with its notice: one at least.
  await expect(page.getByText('A new clip awaits approval: Medias › Approvals').first()).toBeVisible();
  // The card names its clip, titled after the marker's type (unique to this test).
  const card = main(page)
    .getByRole('listitem', { name: /^TikTok/ })
    .filter({ hasText: typeName });
  await expect(card.getByLabel('TikTok caption')).toHaveValue(`${eventName} – a save by M. Keeper`);
  await expectNoSeriousA11yViolations(page);
  await card.getByLabel('TikTok caption').fill('Keeper says no! #RiversideFC');
  await card.getByRole('button', { name: /^Approve for TikTok/ }).click();
  await expect(page.getByText('Approved: it is on its way')).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.goto('/medias/publications?platform=tiktok');
  const item = main(page).getByTestId('publications-list').getByRole('listitem').filter({ hasText: 'Keeper says no!' });
  await expect(item.getByText('Published', { exact: true })).toBeVisible({ timeout: 200_000 });
  await expect(item.getByRole('link', { name: 'Open on TikTok' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.tiktok\.com\/@/,
  );
  await expect(item.getByText('9:16', { exact: true })).toBeVisible();
});
