import { expect, test } from '@playwright/test';
import { DEMO_TONIGHT } from '@regie/contract/demo';
import { apiCall, apiSignIn, main, textField, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * Setting up a match night without traps (issue 46, points 3 and 7), as the demo club's own live
 * operator: tonight's match is upcoming, its Stream tab gives each camera's server URL, key (on
 * demand) and full URL, copyable, under one name ("camera") shared with Media › Cameras; saves say
 * what they did.
 */

test('the club’s live operator finds tonight’s match ready, with its camera’s publish URL and key', async ({
  page,
  request,
}) => {
  const liveop = await apiSignIn(request, 'liveop');
  const found = await apiCall<{ data: { id: number; state: string }[] }>(
    request,
    liveop,
    'GET',
    `/main-api/events?search=${encodeURIComponent(DEMO_TONIGHT.match)}`,
  );
  const match = found.data[0];
  expect(match?.state).toBe('upcoming');

  await openSignedIn(page, 'liveop', `/events/sports/edit/${match?.id}/stream`);
  const cameras = main(page).getByRole('region', { name: 'Cameras' });
  await expect(cameras.getByTestId('live-camera')).toHaveCount(1);
  await expect(cameras.getByRole('columnheader', { name: 'Camera', exact: true })).toBeVisible();
  const encoder = main(page).getByRole('region', { name: `Encoder settings of ${DEMO_TONIGHT.camera}` });
  await expect(encoder.getByRole('textbox', { name: 'Server (RTMP URL)' })).toHaveValue(/^rtmps?:\/\/.+\/live$/);
  // The key and the full URL stay hidden until asked for.
  await expect(encoder.getByTestId('stream-key')).toHaveValue(
    `Hidden key ending in ${DEMO_TONIGHT.streamKey.slice(-4)}`,
  );
  await expect(encoder.getByTestId('stream-full-url')).toHaveValue('Reveal the key to see the full URL');
  await expectNoSeriousA11yViolations(page);
  await encoder.getByRole('button', { name: 'Reveal the key' }).click();
  await expect(encoder.getByTestId('stream-key')).toHaveValue(DEMO_TONIGHT.streamKey);
  await expect(encoder.getByTestId('stream-full-url')).toHaveValue(
    new RegExp(`^rtmps?://.+/live/${DEMO_TONIGHT.streamKey}$`),
  );
  // Server URL, key and full URL each have their copy button.
  await expect(encoder.getByRole('button', { name: 'Copy' })).toHaveCount(3);
  await encoder.getByRole('button', { name: 'Hide the key' }).click();
  await expect(encoder.getByTestId('stream-full-url')).toHaveValue('Reveal the key to see the full URL');
  await expectNoSeriousA11yViolations(page);

  // Media › Cameras names the same thing the same way.
  await page.goto('/medias/streams/list');
  await expect(page.getByRole('heading', { name: 'Cameras', level: 1 })).toBeVisible();
  await expect(main(page).getByText(DEMO_TONIGHT.camera)).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'New camera' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a club user without the live operator role never sees a camera’s key', async ({ page, request }) => {
  const producer = await apiSignIn(request, 'producer');
  const found = await apiCall<{ data: { id: number }[] }>(
    request,
    producer,
    'GET',
    `/main-api/events?search=${encodeURIComponent(DEMO_TONIGHT.match)}`,
  );
  await openSignedIn(page, 'producer', `/events/sports/edit/${found.data[0]?.id}/stream`);
  await expect(main(page).getByText('For live operators')).toBeVisible();
  await expect(main(page).getByTestId('stream-key')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(DEMO_TONIGHT.streamKey);
});

test('an event’s saves say what they did: created, then published', async ({ page }) => {
  const name = uniqueName('E2E tonight');
  await openSignedIn(page, 'liveop', '/events/sports/new');
  await textField(page, 'Name').fill(name);
  // Its state is left to its start (upcoming when later) unless chosen.
  await expect(
    main(page).getByText('Left empty: “Upcoming” when the event starts later, else “Replay”.'),
  ).toBeVisible();
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(main(page).getByText(`“${name}” created`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/events\/sports\/edit\/\d+/);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await main(page).getByRole('switch', { name: 'Published' }).check();
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(main(page).getByText(`“${name}” published: fans can see it`, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
