import { expect, test } from '@playwright/test';
import { localAdsPaths } from '@regie/contract/advertising';
import { embedPaths } from '@regie/contract/embed';
import { apiCall, apiSignIn, demoReplayVideoId, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations } from './support.ts';

/**
 * Advertising (issue 47.8): an event of the club that switches Advertising on, with the local ad
 * server's tag, plays its pre-roll before the replay: "Ad" with the time left, Skip once allowed,
 * then the replay; the local ad server counted the impression, the start and the skip.
 */
test('an event with an ad tag plays its pre-roll, then the replay, and the ad server hears the pixels', async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  const producer = await apiSignIn(request, 'producer');
  const videoId = await demoReplayVideoId(request, producer);
  const ad = uniqueName('e2e-ad').replace(/[^\w-]+/g, '-');
  const event = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/events', {
    name: uniqueName('E2E ads replay'),
    state: 'replay',
    videoId,
    published: true,
    activatedModules: ['EMBED', 'ADVERTISING'],
    adTagUrl: `${localAdsPaths.vast}?ad=${ad}`,
  });
  const { url } = await apiCall<{ url: string }>(request, producer, 'GET', embedPaths.eventEmbed(event.id));
  // The local ad server makes its clip with ffmpeg on the first request: made before the page asks.
  expect((await request.get(localAdsPaths.media)).status()).toBe(200);

  await page.goto(new URL(url).pathname);
  const video = page.getByRole('main').locator('video');
  await expect(video).toBeVisible();
  // The viewer presses play: the pre-roll comes first.
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    void element.play().catch(() => undefined);
  });
  const stage = page.getByTestId('ad');
  await expect(stage).toBeVisible();
  await expect(stage.locator('.ad-label')).toHaveText('Ad');
  await expect(stage).toContainText(/0:0\d left/);
  await expect(stage.getByRole('button', { name: /Skip in \d s/ })).toBeDisabled();
  const skip = stage.getByRole('button', { name: 'Skip ad' });
  await expect(skip).toBeEnabled({ timeout: 30_000 });
  await skip.click();
  await expect(stage).toBeHidden();

  // The replay plays after the ad.
  const replay = page.getByRole('main').locator('video');
  await expect
    .poll(() => replay.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 60_000 })
    .toBeGreaterThan(0.5);

  await expect
    .poll(
      async () => {
        const answer = await request.get(`${localAdsPaths.hits}?ad=${encodeURIComponent(ad)}`);
        return (await answer.json()).hits;
      },
      { timeout: 20_000 },
    )
    .toMatchObject({ impression: 1, start: 1, skip: 1 });
  await expectNoSeriousA11yViolations(page);
});
