import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { choose, DEMO_KEYNOTE_TITLE, main, pickReference, uniqueName, waitForDemoKeynote } from './flows.ts';
import { pushTestStream } from './live.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * Live inputs (medias/streams): the demo input listed, a new input made, its key revealed and
 * rotated, then an encoder (ffmpeg pushing a generated stream to the ingest on loopback, at the
 * URL and key the screen shows) makes the health say connected and the preview play.
 */

let encoder: ChildProcess | null = null;
test.afterEach(() => {
  encoder?.kill('SIGKILL');
  encoder = null;
});

test('an operator makes a live input, reveals and rotates its key, and watches an encoder go live', async ({
  page,
}) => {
  await openSignedIn(page, 'simulcaster', '/medias/streams/list');
  await expect(main(page).getByRole('link', { name: 'Main stage camera' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await main(page).getByRole('link', { name: 'New camera' }).click();
  await expect(page).toHaveURL(/\/medias\/streams\/new$/);
  const name = uniqueName('Pitch camera');
  await main(page).getByRole('textbox', { name: 'Name' }).fill(name);
  await choose(page, 'Latency mode', 'Low (1 s segments, about 4 s delay)');
  await expectNoSeriousA11yViolations(page);
  await main(page).getByRole('button', { name: 'Create the camera' }).click();
  await expect(page).toHaveURL(/\/medias\/streams\/edit\/\d+$/);
  // The page is titled with the input's name, in the top bar and the browser tab.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(new RegExp(`^${name}`));

  const key = main(page).getByRole('textbox', { name: 'Stream key' });
  await expect(key).toHaveValue(/^Hidden key ending in .{4}$/);
  await main(page).getByRole('button', { name: 'Reveal the key' }).click();
  await expect(key).toHaveValue(/^rk_[A-Za-z0-9_-]{32}$/);
  const first = await key.inputValue();
  await main(page).getByRole('button', { name: 'New key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give this camera a new stream key?' });
  await dialog.getByRole('button', { name: 'New key' }).click();
  await expect(dialog).toBeHidden();
  await expect(key).not.toHaveValue(first);
  await expect(key).toHaveValue(/^rk_/);
  await expect(main(page).getByTestId('stream-connected')).toHaveText('No encoder connected');
  await expectNoSeriousA11yViolations(page);

  const server = await main(page).getByRole('textbox', { name: 'Server (RTMP URL)' }).inputValue();
  expect(server).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
  encoder = pushTestStream(`${server}/${await key.inputValue()}`, '640x360', 60);

  await expect(main(page).getByTestId('stream-connected')).toHaveText('Encoder connected', { timeout: 15_000 });
  await expect(main(page).getByTestId('stream-state')).toHaveText('Live');
  await expect(main(page).getByTestId('health-resolution')).toHaveText('640×360');
  await expect(main(page).getByTestId('health-codecs')).toHaveText('H.264 / AAC');
  await expect(main(page).getByTestId('health-bitrate')).toHaveText(/^[1-9]\d* kbit\/s$/, { timeout: 10_000 });

  const preview = main(page).getByTestId('stream-preview');
  await expect(preview).toBeVisible({ timeout: 20_000 });
  const currentTime = () => preview.evaluate((video: HTMLVideoElement) => video.currentTime);
  await expect.poll(currentTime, { timeout: 20_000 }).toBeGreaterThan(0.5);
  const before = await currentTime();
  await expect.poll(currentTime, { timeout: 10_000 }).toBeGreaterThan(before + 1);
  // Scanned with the health panel in view: scrolled under the sticky tabs, axe reads its badge over them.
  await main(page).getByTestId('stream-connected').scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);

  encoder.kill('SIGKILL');
  await expect(main(page).getByTestId('stream-connected')).toHaveText('No encoder connected', { timeout: 15_000 });
  await expect(main(page).getByTestId('stream-state')).toHaveText('Idle');
});

test('an operator airs a ready video into a new input, stops it, and makes a video of what it recorded', async ({
  page,
  request,
}) => {
  await waitForDemoKeynote(request);
  await openSignedIn(page, 'simulcaster', '/medias/streams/new');
  const name = uniqueName('Replay channel');
  await main(page).getByRole('textbox', { name: 'Name' }).fill(name);
  await main(page).getByRole('button', { name: 'Create the camera' }).click();
  await expect(page).toHaveURL(/\/medias\/streams\/edit\/\d+$/);
  const assembly = main(page).getByRole('region', { name: 'Video of the recording' });
  await expect(assembly).toContainText('This camera has not been on air yet');

  // The demo keynote (30 s) played into the input: it goes live as with an encoder.
  await pickReference(page, 'Video', 'Streaming', DEMO_KEYNOTE_TITLE);
  await main(page).getByRole('button', { name: 'Play into this camera' }).click();
  await expect(main(page).getByTestId('stream-air-state')).toHaveText('On air', { timeout: 20_000 });
  await expect(main(page).getByTestId('stream-air-video')).toHaveText(DEMO_KEYNOTE_TITLE);
  await expect(main(page).getByTestId('stream-connected')).toHaveText('Encoder connected', { timeout: 15_000 });
  await expect(main(page).getByTestId('stream-state')).toHaveText('Live');
  const position = main(page).getByTestId('stream-air-position');
  await expect(position).toHaveText(/^0:0[3-9] of 0:30$/, { timeout: 20_000 });
  await main(page).getByTestId('stream-air-status').scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);

  await main(page).getByRole('button', { name: 'Stop' }).click();
  await expect(main(page).getByTestId('stream-air-state')).toHaveText('Stopped');
  await expect(main(page).getByTestId('stream-connected')).toHaveText('No encoder connected', { timeout: 15_000 });
  await expect(main(page).getByRole('button', { name: 'Play into this camera' })).toBeVisible();

  // What it recorded becomes a new video, named after the input.
  await assembly.getByRole('button', { name: 'Make the video' }).click();
  await expect(main(page).getByTestId('stream-assembly-state')).toHaveText('Assembled, now encoding', {
    timeout: 30_000,
  });
  // As long as it was on air: from the few seconds waited above to the whole 30 s video (a loaded
  // machine takes longer between the position and the stop).
  await expect(assembly).toContainText(/Last assembly: [1-9]\d* segments?, 0:(0[1-9]|[1-3]\d)/);
  await expectNoSeriousA11yViolations(page);
  // Named after the input; the operator may not edit videos, so the title is no link.
  await expect(main(page).getByTestId('stream-assembly-video')).toHaveText(new RegExp(`^${name}, recording of `));
  await expect(assembly.getByRole('link')).toHaveCount(0);
});
