import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { type ApiSession, apiCall, currentTime, main, uniqueName } from './flows.ts';
import { type LiveInput, liveStudio, pushToInput, WHOLE_FILE_SECONDS } from './live.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * The control room of a live event (features/control-room): a producer of an account made for
 * this test (live inputs, multicam, clipping, chat, simulcasts) opens it from the event's stream
 * tab while ffmpeg pushes two generated cameras to the ingest; sees their health come over the
 * socket, puts a camera on air and drops a marker from the keyboard, cuts a clip of the live from
 * the DVR player (I, O) and plays its instant copy from the queue.
 */

const PASSWORD = 'e2e-control-room-passphrase';

let username: string;
let session: ApiSession;
let inputs: { wide: LiveInput; tight: LiveInput };
const encoders: ChildProcess[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  ({ username, session } = await liveStudio(request, {
    name: 'Control room studio',
    modules: ['SPORT_EVENTS', 'AWS_STREAM', 'MULTICAM', 'DVR', 'STREAM', 'STREAM_CLIPPING', 'CHAT', 'SIMULCAST'],
    roles: ['use_stream', 'sport_player_write', 'liveclipping_write', 'simulcast_write'],
    password: PASSWORD,
    person: 'Sam Rivière',
  }));
  const input = (name: string) =>
    apiCall<LiveInput>(request, session, 'POST', '/main-api/streams', { name, latencyMode: '1s' });
  inputs = { wide: await input('Wide'), tight: await input('Tight') };
  for (const item of [inputs.wide, inputs.tight]) {
    encoders.push(await pushToInput(request, session, item, { size: '320x180', seconds: WHOLE_FILE_SECONDS }));
  }
  await apiCall(request, session, 'POST', '/main-api/marker-types', { name: 'Goal', code: 'goal' });
  // A simulcast restreaming the wide camera, with one target (not started).
  const simulcast = await apiCall<{ id: number }>(request, session, 'POST', '/main-api/simulcasts', {
    name: 'Club channel',
    inputId: inputs.wide.id,
  });
  await apiCall(request, session, 'POST', `/main-api/simulcasts/${simulcast.id}/targets`, {
    name: 'Video platform',
    url: 'rtmp://127.0.0.1:1/live',
    streamKey: 'control-room-key',
  });
});

test.afterAll(() => {
  for (const encoder of encoders) encoder.kill('SIGKILL');
});

test('a producer runs a live event from its control room', async ({ page, request }) => {
  // Two real streams, a live clip cut twice and two axe scans: minutes when other browser tests run beside it.
  test.setTimeout(360_000);
  const name = uniqueName('Derby');
  const event = await apiCall<{ id: number }>(request, session, 'POST', '/main-api/events', {
    name,
    state: 'upcoming',
    activatedModules: ['MULTICAM', 'AWS_STREAM', 'DVR', 'CHAT'],
  });
  for (const item of [inputs.wide, inputs.tight]) {
    await apiCall(request, session, 'POST', '/main-api/awsstreams/cameras', { eventId: event.id, inputId: item.id });
  }
  await apiCall(request, session, 'POST', `/main-api/events/${event.id}/start-live`, {
    withoutCamera: true,
  });

  // A laptop's screen (issue 46.8): everything below must fit it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, username, `/events/sports/edit/${event.id}/stream`, PASSWORD);
  await main(page).getByRole('link', { name: 'Control room' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/sports/control-room/${event.id}$`));
  const screen = main(page);
  await expect(screen.getByRole('heading', { level: 1, name: `Control room – ${name}` })).toBeVisible();

  // Each camera's health, pushed over the socket.
  const cameras = screen.getByRole('region', { name: 'Cameras (Shift + 1…9 puts one on air)' });
  const wide = cameras.getByRole('article', { name: 'Wide' });
  const tight = cameras.getByRole('article', { name: 'Tight' });
  await expect(wide.getByTestId('camera-resolution')).toHaveText('320×180', { timeout: 30_000 });
  await expect(tight.getByTestId('camera-bitrate')).toHaveText(/^[1-9]\d* kbit\/s$/, { timeout: 30_000 });

  // The program plays from the DVR.
  const program = screen.getByTestId('program-player');
  await expect.poll(() => currentTime(program), { timeout: 60_000 }).toBeGreaterThan(1);
  await expectNoSeriousA11yViolations(page);

  // At 1440×900 the badges and the cameras' names read whole, not cut to "O" / "L".
  await expect(wide.getByTestId('multicam-on-air')).toBeVisible({ timeout: 20_000 });
  await expect(wide.getByTestId('stream-state')).toHaveText('Live');
  const badges = screen.locator(
    '[data-testid="multicam-on-air"], [data-testid="stream-state"], [data-testid="lifecycle-state"]',
  );
  expect(await badges.count()).toBeGreaterThanOrEqual(3);
  for (const badge of await badges.all()) {
    const clipped = await badge.evaluate((element) => {
      const label = element.querySelector('.mantine-Badge-label') ?? element;
      return { text: label.textContent, clipped: label.scrollWidth > label.clientWidth };
    });
    expect(clipped, `${clipped.text} is cut`).toMatchObject({ clipped: false });
  }
  for (const [tile, label] of [
    [wide, 'Wide'],
    [tight, 'Tight'],
  ] as const) {
    const nameClipped = await tile
      .getByText(label, { exact: true })
      .evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(nameClipped, `${label} is cut`).toBe(false);
  }
  // The marker panel is in view without scrolling.
  const markersPanel = screen.getByRole('region', { name: /^Markers \(\d+\)$/ });
  const box = await markersPanel.boundingBox();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(box).not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(900);
  // The ends of live that can run are buttons (Dailymotion through this server's local stand-in).
  const lifecycle = screen.getByRole('region', { name: 'Live', exact: true });
  await expect(lifecycle.getByRole('button', { name: /^End live/ })).toHaveText([
    'End live',
    'End live (Dailymotion)',
    'End live (cloud stream)',
  ]);
  await expect(lifecycle.getByTestId('lifecycle-unavailable')).toHaveCount(0);

  // Shift + 2 puts the second camera on air.
  await expect(wide).toHaveAttribute('data-on-air', 'true', { timeout: 20_000 });
  await page.keyboard.press('Shift+Digit2');
  await expect(tight).toHaveAttribute('data-on-air', 'true', { timeout: 20_000 });
  await expect(screen.getByTestId('program-on-air')).toHaveText('On air: Tight');

  // The marker type's key drops a marker at the program's frame.
  const markers = screen.getByRole('region', { name: /^Markers \(\d+\)$/ });
  await expect(markers.getByRole('heading', { name: 'Markers (0)' })).toBeVisible();
  await expect(markers.getByText('Marker keys drop a marker')).toBeHidden({ timeout: 20_000 });
  await page.keyboard.press('1');
  await expect(markers.getByRole('heading', { name: 'Markers (1)' })).toBeVisible();

  // I and O on the DVR player, then the range is cut from the live.
  const cut = screen.getByRole('region', { name: 'Clip the live' });
  const inField = cut.getByRole('textbox', { name: 'In (seconds)' });
  const outField = cut.getByRole('textbox', { name: 'Out (seconds)' });
  await page.keyboard.press('i');
  await expect(inField).not.toHaveValue('');
  await expect
    .poll(async () => currentTime(program), { timeout: 20_000 })
    .toBeGreaterThan((await currentTime(program)) + 3);
  await page.keyboard.press('o');
  await expect(outField).not.toHaveValue('');
  const inSeconds = Number(await inField.inputValue());
  const outSeconds = Number(await outField.inputValue());
  expect(outSeconds - inSeconds).toBeGreaterThan(2.5);
  // Typed too: an in before the window is refused on the spot, then set back.
  await inField.fill('-5');
  await expect(cut.getByText('The clip must start within what the live still keeps')).toBeVisible();
  await inField.fill(String(inSeconds));
  // The queue's phases come and go with the jobs: the page notes every phase badge shown.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { phasesSeen: string[] }).phasesSeen = seen;
    new MutationObserver(() => {
      for (const badge of Array.from(document.querySelectorAll('[data-testid="clip-phase"]'))) {
        const text = badge.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await cut.getByRole('button', { name: 'Clip the range' }).click();

  // The instant copy is ready, then the exact cut is made while it plays.
  const queue = screen.getByTestId('clip-queue');
  const clip = queue.getByRole('listitem').first();
  await expect(clip.getByRole('button', { name: /^Play the clip / })).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { phasesSeen: string[] }).phasesSeen), { timeout: 30_000 })
    .toEqual(['Instant copy']);
  // It plays: the copy, or the exact cut when that replaced it meanwhile (the player then restarts).
  await clip.getByRole('button', { name: /^Play the clip / }).click();
  const player = clip.getByRole('group', { name: /^Player: / });
  await expect(async () => {
    const play = player.getByRole('button', { name: 'Play (k)' });
    if (await play.isVisible()) await play.click();
    expect(await currentTime(player.locator('video'))).toBeGreaterThan(0.3);
  }).toPass({ timeout: 60_000, intervals: [2_000] });

  // The simulcast of the wide camera, its target ready to start.
  const simulcasts = screen.getByRole('region', { name: 'Simulcasts' });
  await expect(simulcasts.getByRole('button', { name: 'Start Video platform' })).toBeVisible();
  // The chat's moderation feed.
  await expect(screen.getByRole('region', { name: 'Chat' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The event's clip tab clips the live too: [ picks the marker before the frame, X cuts 2 s before it.
  await page.goto(`/events/sports/edit/${event.id}/clip`);
  const tab = main(page).getByRole('region', { name: 'Clip the live' });
  await expect
    .poll(() => currentTime(main(page).getByTestId('program-player')), { timeout: 60_000 })
    .toBeGreaterThan(1);
  await tab.getByRole('textbox', { name: 'Seconds before the marker' }).fill('2');
  await tab.getByRole('heading', { name: 'Clip the live' }).click();
  await page.keyboard.press('[');
  await expect(tab.getByRole('combobox', { name: 'Marker', exact: true })).toHaveValue(/Goal$/);
  await page.keyboard.press('x');
  const tabQueue = main(page).getByTestId('clip-queue').getByRole('listitem');
  await expect(tabQueue).toHaveCount(2, { timeout: 30_000 });
  await expect(tabQueue.first().getByRole('button', { name: /^Play the clip / })).toBeVisible({ timeout: 60_000 });
  await expectNoSeriousA11yViolations(page);
});
