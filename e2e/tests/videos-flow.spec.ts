import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiCall, apiSignIn, main, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * The whole video flow in a browser: an editor uploads a small video, watches it encode,
 * plays it and adds French subtitles; a producer (who may clip: liveclipping_write) cuts a
 * skinned clip from it and plays the clip. Encoding runs the real ffmpeg of the server.
 */

const run = promisify(execFile);
const ENCODE_TIMEOUT_MS = 90_000;

let folder = '';
let videoFile = '';
let overlayFile = '';
const videoTitle = uniqueName('E2E flow video');
/** The uploaded video's title as saved, for the clip test (serial: same worker, same module). */
let sourceTitle = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'regie-e2e-video-'));
  videoFile = join(folder, 'flow.mp4');
  overlayFile = join(folder, 'overlay.png');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25'],
    ...['-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', videoFile],
  ]);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'color=c=red@0.8:s=64x32,format=rgba', '-frames:v', '1', overlayFile],
  ]);
});

test.afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The position of the n-th video element of the page, in seconds. */
function currentTime(video: Locator): Promise<number> {
  return video.evaluate((element) => (element as HTMLVideoElement).currentTime);
}

/** Plays the player around `video` and checks its position moves on. */
async function expectPlays(page: Page, player: Locator): Promise<void> {
  const video = player.locator('video');
  await player.getByRole('button', { name: 'Play (k)' }).click();
  await expect.poll(() => currentTime(video), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await player.getByRole('button', { name: 'Pause (k)' }).click();
  // The keyboard works too once focus is in the player: 'j' goes 10 s back (to the start of these
  // short videos, so a clip paused near its end still has time to play), 'k' plays again.
  await player.focus();
  await page.keyboard.press('j');
  await expect.poll(() => currentTime(video)).toBeLessThan(0.1);
  await page.keyboard.press('k');
  await expect.poll(() => currentTime(video)).toBeGreaterThan(0.3);
  await page.keyboard.press('k');
}

test('an editor uploads a video, watches it encode, plays it and adds French subtitles', async ({ page }) => {
  await openSignedIn(page, 'editor', '/medias/videos/create');
  await main(page)
    .getByRole('textbox', { name: /^Title/ })
    .fill(videoTitle);
  // Dropping the file starts the upload in parts; its progress shows, then the edit page.
  await main(page).locator('input[type=file]').first().setInputFiles(videoFile);
  await expect(main(page).getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page).toHaveURL(/\/medias\/videos\/edit\/\d+\/infos$/, { timeout: 30_000 });

  // The edit page: the encoding reports live until the video is ready.
  const media = page.getByRole('region', { name: 'Video' });
  const state = media.getByTestId('video-state');
  await expect(state).toHaveText(/Uploaded|Processing|Ready/);
  if ((await state.textContent()) !== 'Ready') {
    // The job working on it is listed with its live progress (or the video is already done);
    // while the worker finishes another job, the page says the encode is queued.
    const queued = media.getByText('Queued: encoding starts as soon as a worker is free.');
    const encodingOrReady = media.getByText('Encoding', { exact: true }).or(state.getByText('Ready'));
    await expect(encodingOrReady.or(queued)).toBeVisible();
    await expect(encodingOrReady).toBeVisible({ timeout: ENCODE_TIMEOUT_MS });
  }
  await expect(state).toHaveText('Ready', { timeout: ENCODE_TIMEOUT_MS });
  await expect(main(page).getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(videoTitle);
  sourceTitle = videoTitle;

  const player = media.getByRole('group', { name: /^Player: / });
  await expectPlays(page, player);
  // The seek bar shows the storyboard's picture of the moment under the pointer.
  await player.getByRole('slider', { name: 'Position in the video' }).hover();
  const preview = player.getByTestId('storyboard-preview');
  await expect(preview).toContainText(/^0:0[0-4]/);
  await expect(preview.locator('div')).toHaveCSS('background-image', /url\(".*\.jpg\?t=/);
  await player.getByRole('button', { name: 'Quality' }).click();
  await expect(player.getByRole('menuitem', { name: /^Auto/ })).toBeVisible();
  await expect(player.getByRole('menuitem', { name: '180p', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(media.getByText('320 × 180')).toBeVisible();
  await expect(media.getByRole('button', { name: 'Download original' })).toBeVisible();
  // Publishing goes through the editor's own linked accounts: none yet, and the dialog says so.
  await expect(media.getByText('Not published on any social account yet.')).toBeVisible();
  await media.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish = page.getByRole('dialog');
  await expect(publish.getByText('No account linked.').first()).toBeVisible();
  await publish.getByRole('button', { name: 'Cancel' }).click();
  await expect(publish).toBeHidden();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: join(test.info().outputDir, 'edit-screen.png'), fullPage: true });

  // Subtitles: French cues typed in the table, saved, then offered by the player.
  await page.getByRole('tab', { name: 'Subtitles' }).click();
  await expect(page).toHaveURL(/\/subtitles$/);
  await main(page).getByText('French', { exact: true }).click();
  await main(page).getByRole('button', { name: 'Add a cue' }).click();
  await main(page).getByRole('textbox', { name: 'Text of cue 1' }).fill('Bonjour à tous');
  await main(page).getByRole('button', { name: 'Add a cue' }).click();
  await main(page).getByRole('textbox', { name: 'End of cue 2' }).fill('00:00:01.000');
  await main(page).getByRole('button', { name: 'Save subtitles' }).click();
  await expect(main(page).getByText('The cue must end after it starts')).toBeVisible();
  await main(page).getByRole('textbox', { name: 'End of cue 2' }).fill('00:00:03.500');
  await main(page).getByRole('textbox', { name: 'Text of cue 2' }).fill('Le match commence');
  await main(page).getByRole('button', { name: 'Save subtitles' }).click();
  await expect(main(page).getByText('Cues in French: 2')).toBeVisible();

  const subtitled = main(page).getByRole('group', { name: /^Player: / });
  await subtitled.getByRole('button', { name: 'Subtitles (c)' }).click();
  await expect(subtitled.getByRole('menuitem', { name: 'French' })).toBeVisible();
  await subtitled.getByRole('menuitem', { name: 'French' }).click();
  await expect
    .poll(() =>
      subtitled
        .locator('video')
        .evaluate((element) =>
          Array.from((element as HTMLVideoElement).textTracks).map((track) => `${track.language}:${track.mode}`),
        ),
    )
    .toEqual(['fr:showing']);
  await expectNoSeriousA11yViolations(page);
});

test('a producer cuts a skinned clip from the video and plays it', async ({ page, request }) => {
  if (!sourceTitle) throw new Error('The upload test did not leave a video');

  // A skin with an overlay image (the demo skins have none): set up through the API.
  const session = await apiSignIn(request, 'producer');
  const image = await request.post('/main-api/uploads/images?kind=skin', {
    headers: { Authorization: `Bearer ${session.accessToken}`, 'x-account-key': session.accountKey },
    multipart: {
      kind: 'skin',
      file: { name: 'overlay.png', mimeType: 'image/png', buffer: await readFile(overlayFile) },
    },
  });
  expect(image.ok(), await image.text()).toBe(true);
  const { key } = (await image.json()) as { key: string };
  const skinName = uniqueName('E2E skin');
  await apiCall(request, session, 'POST', '/main-api/clip-skins', {
    name: skinName,
    overlayKey: key,
    overlayPosition: 'top-right',
  });

  await openSignedIn(page, 'producer', '/clipping/template');
  await expect(main(page).getByRole('heading', { name: 'Clip templates' })).toBeVisible();
  await main(page).getByRole('textbox', { name: 'Source video' }).fill(sourceTitle.slice(0, 20));
  await page.getByRole('option', { name: new RegExp(`^${sourceTitle}`) }).click();

  const player = main(page)
    .getByRole('group', { name: /^Player: / })
    .first();
  await expect(player).toBeVisible();
  await player.getByRole('button', { name: 'Play (k)' }).click();
  await expect.poll(() => currentTime(player.locator('video')), { timeout: 20_000 }).toBeGreaterThan(0.3);
  await player.getByRole('button', { name: 'Pause (k)' }).click();
  await main(page).getByRole('button', { name: 'Set in' }).click();
  const inField = main(page).getByRole('textbox', { name: /^In \(seconds\)/ });
  await expect.poll(async () => Number(await inField.inputValue())).toBeGreaterThan(0);
  await inField.fill('0.4');
  const outField = main(page).getByRole('textbox', { name: /^Out \(seconds\)/ });
  await outField.fill('9');
  await main(page).getByRole('combobox', { name: 'Skin' }).click();
  await page.getByRole('option', { name: skinName }).click();
  await main(page).getByRole('button', { name: 'Create clip' }).click();
  await expect(main(page).getByText('The clip must end within the video')).toBeVisible();
  await expect(main(page).getByText('No clips cut from this video yet')).toBeVisible();
  await outField.fill('2.8');
  await main(page).getByRole('button', { name: 'Create clip' }).click();

  const clips = main(page).getByRole('region', { name: 'Clips of this video' });
  const clip = clips.getByRole('listitem').first();
  await expect(clip).toContainText('From 0.40 s to 2.80 s');
  await expect(clip.getByText('Ready')).toBeVisible({ timeout: ENCODE_TIMEOUT_MS });
  await expectNoSeriousA11yViolations(page);
  await clip.getByRole('button', { name: /^Play the clip/ }).click();
  const clipPlayer = clip.getByRole('group', { name: /^Player: / });
  await expectPlays(page, clipPlayer);
  const clipDuration = await clipPlayer.locator('video').evaluate((element) => (element as HTMLVideoElement).duration);
  // 2.4 s cut plus the skin's pre- and post-roll.
  expect(clipDuration).toBeGreaterThan(2);
  await page.screenshot({ path: join(test.info().outputDir, 'clip-screen.png'), fullPage: true });
});
