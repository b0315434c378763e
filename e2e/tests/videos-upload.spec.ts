import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { asTemporaryUser, main, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

/**
 * The upload screen (medias/videos/create) in a browser: a file sent in parts with its progress,
 * a part that fails and is sent again, an upload interrupted by a reload that continues without
 * sending again what the server has, the list with the video's state, and an import refused.
 */

const run = promisify(execFile);
/** The server's default part size (contract VIDEO_PART_SIZE). */
const PART_SIZE = 8 * 1024 * 1024;
const PART_URL = /\/main-api\/videos\/upload\/[^/]+\/parts\/(\d+)$/;

let folder = '';
let smallFile = '';
let largeFile = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'regie-e2e-upload-'));
  smallFile = join(folder, 'small-upload.mp4');
  largeFile = join(folder, 'resumed-upload.mp4');
  const common = ['-hide_banner', '-loglevel', 'error', '-y'];
  const audio = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-c:a', 'aac', '-b:a', '64k'];
  await run('ffmpeg', [
    ...common,
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
    ...audio,
    ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', smallFile],
  ]);
  // Lossless noise: a 2 s file of several parts (about 20 MB).
  await run('ffmpeg', [
    ...common,
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
    ...audio,
    ...['-t', '2', '-vf', 'noise=alls=40:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0'],
    ...['-pix_fmt', 'yuv420p', largeFile],
  ]);
});

test.afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

function partNumber(url: string): number {
  return Number(PART_URL.exec(url)?.[1]);
}

async function openCreate(page: Page, title: string) {
  await page.goto('/medias/videos/create');
  // The infos tab; subtitles need the video to exist first.
  await expect(page).toHaveURL(/\/medias\/videos\/create\/infos$/);
  await expect(page.getByRole('tab', { name: 'Subtitles' })).toBeDisabled();
  await main(page)
    .getByRole('textbox', { name: /^Title/ })
    .fill(title);
}

test('an editor uploads a video whose part fails once: it is sent again, reaches 100 % and opens the video', async ({
  page,
}) => {
  const title = uniqueName('E2E upload');
  await signIn(page, 'editor');
  await openCreate(page, title);
  await expectNoSeriousA11yViolations(page);

  // The connection drops during the first attempt of the part.
  const attempts: number[] = [];
  await page.route(PART_URL, async (route) => {
    attempts.push(partNumber(route.request().url()));
    if (attempts.length === 1) await route.abort('connectionreset');
    else await route.continue();
  });
  await main(page).locator('input[type=file]').setInputFiles(smallFile);
  const progress = main(page).getByTestId('upload-progress');
  await expect(progress.getByText('Connection lost: trying again...')).toBeVisible();
  await expect(progress.getByText('100 %', { exact: true })).toBeVisible();
  await expect(progress.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page).toHaveURL(/\/medias\/videos\/edit\/\d+\/infos$/);
  expect(attempts).toEqual([1, 1]);

  // The list shows it with its state, the title typed before the upload, and a New video button.
  await page.goto('/medias/videos/list');
  const row = main(page).getByRole('row').filter({ hasText: title });
  // The server may be busy encoding: the first page can take a while.
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText(/^(Uploaded|Processing|Ready)/)).toBeVisible();
  await expect(row.getByText('You', { exact: true })).toBeVisible();
  await expect(
    main(page)
      .getByRole('link', { name: /New|Create/ })
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Encoding to Ready waits for the worker (videos-flow.spec.ts follows it to the end).
  await page.screenshot({ path: join(test.info().outputDir, 'videos-list.png'), fullPage: true });
});

test('an upload interrupted by a reload continues from the parts the server has', async ({ page }) => {
  const { size } = await stat(largeFile);
  const parts = Math.ceil(size / PART_SIZE);
  expect(parts).toBeGreaterThanOrEqual(3);
  await signIn(page, 'editor');
  await openCreate(page, uniqueName('E2E resumed upload'));

  // Only part 1 gets through; the others keep failing until the page is reloaded. The route
  // stays until the new page has loaded: lifted earlier, a retry of the old page could get
  // through in between and the server would have more than part 1.
  let cut = true;
  await page.route(PART_URL, async (route) => {
    if (!cut || partNumber(route.request().url()) === 1) await route.continue();
    else await route.abort('connectionreset');
  });
  await main(page).locator('input[type=file]').setInputFiles(largeFile);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('regie.videoUploads')), { timeout: 20_000 })
    .toContain(`"confirmedBytes":${PART_SIZE}`);
  await expect(main(page).getByTestId('upload-progress').getByText('Connection lost: trying again...')).toBeVisible();
  await page.screenshot({ path: join(test.info().outputDir, 'upload-interrupted.png'), fullPage: true });
  await page.reload();
  cut = false;

  const unfinished = main(page).getByRole('alert').filter({ hasText: 'Unfinished uploads' });
  await expect(unfinished).toContainText(`resumed-upload.mp4 (${Math.round((PART_SIZE / size) * 100)} % sent)`);
  const sent: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && PART_URL.test(request.url())) sent.push(partNumber(request.url()));
  });
  await main(page).locator('input[type=file]').setInputFiles(largeFile);
  await expect(page).toHaveURL(/\/medias\/videos\/edit\/\d+\/infos$/, { timeout: 30_000 });
  // Part 1, which the server has, is never sent again; every other part is.
  expect([...new Set(sent)].sort((a, b) => a - b)).toEqual(Array.from({ length: parts - 1 }, (_, index) => index + 2));
  expect(await page.evaluate(() => localStorage.getItem('regie.videoUploads'))).toBeNull();
});

test('in French, an import from a private address shows the server refusal', async ({ page, request }) => {
  // An editor of the club whose interface language is French, made for this test alone.
  await asTemporaryUser(page, request, { group: 'Media', language: 'fr', name: 'Inès Moreau' }, async () => {
    await page.goto('/medias/videos/create');
    await expect(main(page).getByRole('heading', { name: 'Envoyer un fichier vidéo' })).toBeVisible();
    await main(page).getByRole('textbox', { name: 'Adresse du fichier vidéo' }).fill('http://127.0.0.1:9/match.mp4');
    await main(page).getByRole('button', { name: 'Importer' }).click();
    const refusal = main(page).getByRole('alert').filter({ hasText: "L'import a été refusé" });
    // The server answers in the interface's language.
    await expect(refusal).toContainText('Refusé : 127.0.0.1 pointe vers 127.0.0.1');
    await expect(page).toHaveURL(/\/medias\/videos\/create/);
    await expectNoSeriousA11yViolations(page);
  });
});
