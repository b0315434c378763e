import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

/**
 * Issue 24 (12): a server without ffmpeg reports it in the admin payload (`mediaTools`, tested on
 * the server in media-tools.test.ts); here the browser shows it. The test server has ffmpeg, so
 * its real payload is answered with ffmpeg reported missing.
 */
test('an administrator is told when the server cannot process video', async ({ page }) => {
  await page.route('**/main-api/common/admin-payload', async (route) => {
    const response = await route.fetch();
    const payload = await response.json();
    expect(payload.mediaTools).toEqual({ ffmpeg: true, ffprobe: true });
    await route.fulfill({ response, json: { ...payload, mediaTools: { ffmpeg: false, ffprobe: false } } });
  });
  await signIn(page, 'admin');
  const alert = page.getByRole('alert').filter({ hasText: 'Video processing is unavailable on the server' });
  await expect(alert).toContainText('ffmpeg is not installed');
  await expect(alert).toContainText('sudo apt-get install -y ffmpeg');
  await expectNoSeriousA11yViolations(page);
});

test('the editor sees no such notice while the server has ffmpeg', async ({ page }) => {
  await signIn(page, 'editor');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Video processing is unavailable on the server')).toHaveCount(0);
});
