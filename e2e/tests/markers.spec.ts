import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { type ApiSession, apiCall, apiSignIn, choose, main, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

/**
 * The markers editor and the event clip workspace in a browser, on the demo match's replay (the
 * demo video, encoded at start-up): two producers on one event see each other's markers at once;
 * a marker is dragged and moved with the keys; clips are cut from a marker with a skin and from
 * an I / O range, followed to 'Ready' and played.
 */

const run = promisify(execFile);
const READY_TIMEOUT_MS = 150_000;
const DEMO_MATCH = 'Riverside vs Harbour City';

let folder = '';
let overlayFile = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'regie-e2e-markers-'));
  overlayFile = join(folder, 'overlay.png');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'color=c=blue@0.8:s=64x32,format=rgba', '-frames:v', '1', overlayFile],
  ]);
});

test.afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

interface Replay {
  video: { id: number; playback: unknown } | null;
}

/** A fresh event on the demo match's replay, once that video plays (it is encoded at start-up). */
async function eventOnDemoReplay(request: APIRequestContext, session: ApiSession): Promise<number> {
  const list = await apiCall<{ data: { id: number; name: string }[] }>(
    request,
    session,
    'GET',
    `/main-api/events?search=${encodeURIComponent(DEMO_MATCH)}`,
  );
  const match = list.data.find((event) => event.name === DEMO_MATCH);
  if (!match) throw new Error('no demo match');
  let videoId = 0;
  await expect
    .poll(
      async () => {
        const replay = await apiCall<Replay>(request, session, 'GET', `/main-api/events/${match.id}/replay`);
        videoId = replay.video?.playback ? replay.video.id : 0;
        return videoId;
      },
      { timeout: READY_TIMEOUT_MS, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  const event = await apiCall<{ id: number }>(request, session, 'POST', '/main-api/events', {
    name: uniqueName('E2E match'),
    videoId,
  });
  return event.id;
}

async function producerPage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'producer');
  await page.goto(path);
  return page;
}

function rows(page: Page): Locator {
  return main(page).getByRole('list', { name: 'Markers of the event, by time' }).getByRole('listitem');
}

/** Moves the player's video to `seconds` and waits for the seek to land. */
async function seekTo(page: Page, seconds: number): Promise<void> {
  const video = main(page).locator('video').first();
  await video.evaluate((element, at) => {
    (element as HTMLVideoElement).currentTime = at;
  }, seconds);
  await expect
    .poll(() => video.evaluate((element) => (element as HTMLVideoElement).currentTime))
    .toBeCloseTo(seconds, 0);
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
  const first = await producerPage(browser, path);
  const second = await producerPage(browser, path);
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
  await expect(rows(first)).toHaveCount(2);
  await expect(rows(second)).toHaveCount(2, { timeout: 5_000 });
  await expect(rows(second).first()).toContainText('0:04.0');
  await expect(rows(second).last()).toContainText('0:08.0');
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
  await expect(rows(second)).toHaveCount(1);
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
  const image = await request.post('/main-api/uploads/images?kind=skin', {
    headers: { Authorization: `Bearer ${session.accessToken}`, 'x-account-key': session.accountKey },
    multipart: {
      kind: 'skin',
      file: { name: 'overlay.png', mimeType: 'image/png', buffer: await readFile(overlayFile) },
    },
  });
  expect(image.ok(), await image.text()).toBe(true);
  const skinName = uniqueName('E2E marker skin');
  await apiCall(request, session, 'POST', '/main-api/clip-skins', {
    name: skinName,
    overlayKey: ((await image.json()) as { key: string }).key,
    overlayPosition: 'top-left',
  });

  await signIn(page, 'producer');
  await page.goto('/clipping/event');
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
  await fromMarker.getByRole('button', { name: /^Play the clip/ }).click();
  const player = fromMarker.getByRole('group', { name: /^Player: / });
  await player.getByRole('button', { name: 'Play (k)' }).click();
  await expect
    .poll(() => player.locator('video').evaluate((element) => (element as HTMLVideoElement).currentTime), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0.3);
});
