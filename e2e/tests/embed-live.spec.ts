import type { ChildProcess } from 'node:child_process';
import { expect, type Locator, test } from '@playwright/test';
import { type ApiSession, apiCall, currentTime, uniqueName } from './flows.ts';
import { expectInputLive, type LiveInput, liveStudio, pushToInput, WHOLE_FILE_SECONDS } from './live.ts';
import { expectNoSeriousA11yViolations } from './support.ts';

/**
 * A fan watches a match night on the embed page (packages/web/src/embed) without ever reloading
 * it: the countdown before kick-off, the live from the program's DVR playlist while ffmpeg pushes
 * a camera (playing on, its window seekable, a marker arriving as a chapter), "the replay is being
 * prepared" with its progress after the end, then the replay with its chapter. Axe on each state.
 */

const PASSWORD = 'e2e-embed-live-passphrase';

let session: ApiSession;
let input: LiveInput;
const encoders: ChildProcess[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  ({ session } = await liveStudio(request, {
    name: 'Embed live studio',
    // EMBED: the account offers the embed switch, which the event turns on.
    modules: ['SPORT_EVENTS', 'AWS_STREAM', 'STREAM', 'DVR', 'VIDEOS', 'MARKERS', 'EMBED'],
    roles: ['use_stream', 'sport_player_write'],
    password: PASSWORD,
    person: 'Lou Martin',
  }));
  input = await apiCall<LiveInput>(request, session, 'POST', '/main-api/streams', { name: 'Main', latencyMode: '1s' });
  encoders.push(await pushToInput(request, session, input, { size: '320x180', seconds: WHOLE_FILE_SECONDS }));
});

test.afterAll(() => {
  for (const encoder of encoders) encoder.kill('SIGKILL');
});

/** The seconds the video can seek over (its DVR window). */
function seekableSeconds(video: Locator): Promise<number> {
  return video.evaluate((element) => {
    const { seekable } = element as HTMLVideoElement;
    return seekable.length > 0 ? seekable.end(seekable.length - 1) - seekable.start(0) : 0;
  });
}

test('the embed follows the match from the countdown to the live, the replay’s preparation and the replay', async ({
  browser,
  request,
}) => {
  // A real encoder, a live, a replay joined and encoded, four axe scans.
  test.setTimeout(420_000);
  const name = uniqueName('Night match');
  const event = await apiCall<{ id: number }>(request, session, 'POST', '/main-api/events', {
    name,
    state: 'upcoming',
    startsAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
    published: true,
    activatedModules: ['EMBED', 'MARKERS', 'DVR', 'AWS_STREAM'],
  });
  await apiCall(request, session, 'POST', '/main-api/awsstreams/cameras', { eventId: event.id, inputId: input.id });
  const { url } = await apiCall<{ url: string }>(request, session, 'GET', `/main-api/events/${event.id}/embed`);

  // A fan: a fresh browser, no session.
  const fan = await browser.newContext();
  const page = await fan.newPage();
  await page.goto(new URL(url).pathname);
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^Starts in 0?1:5\d:\d\d$/);
  // The page is never loaded again: this survives every state.
  await page.evaluate(() => {
    (window as unknown as { sameView: boolean }).sameView = true;
  });
  await expectNoSeriousA11yViolations(page);

  // Kick-off, the camera receiving (go live refuses otherwise): the live plays from the program,
  // its DVR window seekable, without a reload.
  await expectInputLive(request, session, input);
  await apiCall(request, session, 'POST', `/main-api/events/${event.id}/start-live`);
  const video = page.getByRole('main').locator('video');
  await expect(page.getByRole('heading', { level: 1, name: `Live ${name}` })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => currentTime(video), { timeout: 60_000 }).toBeGreaterThan(1);
  const playing = await currentTime(video);
  await expect.poll(() => currentTime(video), { timeout: 30_000 }).toBeGreaterThan(playing + 1);
  await expect.poll(() => seekableSeconds(video), { timeout: 60_000 }).toBeGreaterThan(4);
  await expect(page.getByRole('button', { name: 'Back to live' })).toBeVisible();

  // A marker dropped during the live arrives as a chapter.
  await apiCall(request, session, 'POST', `/main-api/events/${event.id}/markers`, { label: 'Goal', timeSeconds: 2 });
  const chapters = page.getByRole('navigation', { name: 'Chapters' });
  await expect(chapters.getByRole('button', { name: /^Go to Goal at 0:02$/ })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);

  // End of live: the replay is being prepared, with its progress.
  await apiCall(request, session, 'POST', `/main-api/events/${event.id}/process-end-live`);
  await expect(page.getByText('The live is over: the replay is being prepared.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: 'Replay preparation' })).toBeVisible();
  await expect(page.getByText(/^\d{1,3}% done · /)).toBeVisible();
  await expect(video).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The replay, once made, plays with its chapter.
  await expect(video).toBeVisible({ timeout: 240_000 });
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await expect(chapters.getByRole('button', { name: /^Go to Goal at 0:02$/ })).toBeVisible();
  await video.evaluate((element) => {
    const player = element as HTMLVideoElement;
    player.muted = true;
    return player.play();
  });
  await expect.poll(() => currentTime(video), { timeout: 60_000 }).toBeGreaterThan(0.5);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => (window as unknown as { sameView?: boolean }).sameView)).toBe(true);
  await fan.close();
});
