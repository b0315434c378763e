import { expect, test } from '@playwright/test';
import { main } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * The watermark (issue 47.4): the club's manager finds its crest as the watermark on the Playback
 * settings tab, moves it to another corner, is told how many videos now show the old one, and has
 * them encoded again, following the encodes' progress until every video shows the new corner.
 */
test('the club moves its watermark and has its videos encoded again', async ({ page }) => {
  test.setTimeout(480_000);
  await openSignedIn(page, 'usermanager', '/account/settings/playback');
  const section = main(page).getByRole('region', { name: 'Watermark' });
  await expect(section.getByRole('img', { name: 'Current image' })).toBeVisible();
  const corner = section.getByRole('combobox', { name: 'Corner' });
  await expect(corner).toHaveValue('Top right');
  await expectNoSeriousA11yViolations(page);

  // The demo's match video is encoded with the crest in the top right corner first.
  await expect
    .poll(
      async () => {
        await page.reload();
        return section.getByTestId('watermark-videos').textContent();
      },
      { timeout: 360_000, intervals: [3_000] },
    )
    .toMatch(/^Every video \([1-9]\d*\) shows the current watermark\./);

  await corner.click();
  await page.getByRole('option', { name: 'Bottom left' }).click();
  await section.getByRole('button', { name: 'Save the watermark' }).click();
  await expect(page.getByText(/^Watermark saved/)).toBeVisible();
  await expect(section.getByTestId('watermark-videos')).toContainText('do not show the current watermark');
  await expectNoSeriousA11yViolations(page);

  await section.getByRole('button', { name: 'Re-encode the videos with the new watermark' }).click();
  await expect(page.getByText(/^Encodes queued: [1-9]/)).toBeVisible();
  // Every video caught up: the encodes' progress, then the count says so.
  await expect(section.getByTestId('watermark-videos')).toContainText('shows the current watermark', {
    timeout: 360_000,
  });
  await page.reload();
  await expect(
    main(page).getByRole('region', { name: 'Watermark' }).getByRole('combobox', { name: 'Corner' }),
  ).toHaveValue('Bottom left');
});
