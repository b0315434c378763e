import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import {
  type ApiSession,
  apiCall,
  apiSignIn,
  choose,
  demoReplayVideoId,
  main,
  markerRows,
  playQueuedClip,
  READY_TIMEOUT_MS,
  seekTo,
  signedInPage,
  skinWithOverlay,
  uniqueName,
} from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * The markers editor and the event clip workspace in a browser, on the demo match's replay (the
 * demo video, encoded at start-up): two producers on one event see each other's markers at once;
 * a marker is dragged and moved with the keys; clips are cut from a marker with a skin and from
 * an I / O range, followed to 'Ready' and played.
 */

test.describe.configure({ mode: 'serial' });

/** A fresh event on the demo match's replay, once that video plays (it is encoded at start-up). */
async function eventOnDemoReplay(request: APIRequestContext, session: ApiSession): Promise<number> {
  const videoId = await demoReplayVideoId(request, session);
  const event = await apiCall<{ id: number }>(request, session, 'POST', '/main-api/events', {
    name: uniqueName('E2E match'),
    videoId,
  });
  return event.id;
}

function pointTime(point: Locator): Promise<number> {
  return point.getAttribute('data-time').then(Number);
}

test('markers dropped with keys in one browser appear at once in another; drag and keys move them', async ({
  browser,
  request,
}) => {
  test.setTimeout(READY_TIMEOUT_MS + 90_000);
  const session = await apiSignIn(request, 'producer');
  const eventId = await eventOnDemoReplay(request, session);
  const path = `/events/sports/edit/${eventId}/markers`;
  const first = await signedInPage(browser, 'producer', path);
  const second = await signedInPage(browser, 'producer', path);
  for (const page of [first, second]) {
    await expect(main(page).getByTestId('marker-keys')).toContainText('Kick-off');
    await expect(main(page).getByText('No markers yet')).toBeVisible();
  }
  await expectNoSeriousA11yViolations(first);

  // The keys: 1 is the first marker type of the palette; the list and the other browser follow.
  const keyOne = (await main(first).getByTestId('marker-keys').getByRole('listitem').first().innerText()).trim();
  await seekTo(first, 4);
  await first.keyboard.press('1');
  await seekTo(first, 8);
  await first.keyboard.press('2');
  await expect(markerRows(first)).toHaveCount(2);
  await expect(markerRows(second)).toHaveCount(2, { timeout: 5_000 });
  await expect(markerRows(second).first()).toContainText('0:04.0');
  await expect(markerRows(second).last()).toContainText('0:08.0');
  expect(keyOne.length).toBeGreaterThan(0);

  // Drag the first marker along the timeline in the second browser: the first sees it move.
  const timeline = main(second).getByRole('group', { name: 'Markers timeline' });
  const point = timeline.getByRole('button').first();
  const box = await timeline.boundingBox();
  const pin = await point.boundingBox();
  if (!box || !pin) throw new Error('timeline not drawn');
  await second.mouse.move(pin.x + pin.width / 2, pin.y + pin.height / 2);
  await second.mouse.down();
  await second.mouse.move(box.x + box.width * 0.6, pin.y + pin.height / 2, { steps: 8 });
  await second.mouse.up();
  const firstPoint = main(first).getByRole('group', { name: 'Markers timeline' }).getByRole('button');
  await expect
    .poll(async () => Math.max(...(await Promise.all((await firstPoint.all()).map(pointTime)))))
    .toBeGreaterThan(10);

  // Keys on a focused marker: → moves it by 0.1 s, Delete removes it, everywhere.
  const early = firstPoint.first();
  const before = await pointTime(early);
  await early.focus();
  await first.keyboard.press('ArrowRight');
  await expect
    .poll(() => pointTime(main(second).getByRole('group', { name: 'Markers timeline' }).getByRole('button').first()))
    .toBeCloseTo(before + 0.1, 5);
  await early.focus();
  await first.keyboard.press('Delete');
  await expect(markerRows(second)).toHaveCount(1);
  await first.context().close();
  await second.context().close();
});

test('a clipper cuts a skinned clip from a marker and an I / O range, follows them and plays them', async ({
  page,
  request,
}) => {
  test.setTimeout(READY_TIMEOUT_MS + 180_000);
  const session = await apiSignIn(request, 'producer');
  const eventId = await eventOnDemoReplay(request, session);
  const name = (await apiCall<{ name: string }>(request, session, 'GET', `/main-api/events/${eventId}`)).name;
  await apiCall(request, session, 'POST', `/main-api/events/${eventId}/markers`, {
    label: 'Header on target',
    timeSeconds: 5,
    durationSeconds: 1,
  });
  const skinName = uniqueName('E2E marker skin');
  await skinWithOverlay(request, session, skinName);

  await openSignedIn(page, 'producer', '/clipping/event');
  // Keyboard only: type the event's name, pick it with Enter.
  const search = main(page).getByRole('textbox', { name: 'Event' });
  await search.focus();
  await page.keyboard.type(name);
  // The search answered (one result, ready for Enter: the first result is selected).
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: new RegExp(`^${name}`) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('heading', { name: `Clip “${name}”` })).toBeVisible();
  await expect(main(page).getByText('No clips yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await choose(page, 'Skin', skinName);
  // Out of the field, the workspace's keys work: ] selects the next marker.
  await main(page).getByRole('heading', { name: 'Cut a clip' }).click();
  await page.keyboard.press(']');
  await expect(main(page).getByRole('combobox', { name: 'Marker', exact: true })).toHaveValue(/Header on target/);
  await main(page).getByRole('textbox', { name: 'Seconds before the marker' }).fill('1');
  await main(page).getByRole('heading', { name: 'Cut a clip' }).click();
  await page.keyboard.press('x');
  const queue = main(page).getByRole('region', { name: 'Clips of the event' });
  await expect(queue.getByRole('listitem')).toHaveCount(1);
  await expect(queue.getByRole('listitem').first()).toContainText('From 4.00 s to');

  // I / O on the player, R cuts the range.
  await seekTo(page, 2);
  await page.keyboard.press('i');
  await seekTo(page, 4);
  await page.keyboard.press('o');
  await expect(main(page).getByTestId('clip-range')).toHaveText('Range: 0:02.0 → 0:04.0');
  await page.keyboard.press('r');
  await expect(queue.getByRole('listitem')).toHaveCount(2);

  for (const clip of await queue.getByRole('listitem').all()) {
    await expect(clip.getByText('Ready')).toBeVisible({ timeout: READY_TIMEOUT_MS });
  }
  const fromMarker = queue.getByRole('listitem').filter({ hasText: 'Header on target' });
  await playQueuedClip(fromMarker, /^Play the clip/);
});
