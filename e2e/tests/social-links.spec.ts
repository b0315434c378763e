import { expect, test } from '@playwright/test';
import { choose, main, setSwitch } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * Issue 41 point 1 in the browser: a user links YouTube and a Facebook page through their consent
 * pages (this server's local stand-ins, no app credentials here), chooses the channel and the page,
 * and the account's user administrator sees every link of the account and disables one.
 */
test('the user manager links YouTube and a Facebook page, then disables a colleague’s X link', async ({ page }) => {
  await openSignedIn(page, 'usermanager', '/account/settings/social-networks');
  const youtube = main(page).getByRole('region', { name: 'YouTube', exact: true });
  await expect(youtube.getByText('Local stand-in', { exact: true })).toBeVisible();
  await expect(youtube.getByText('No account linked')).toBeVisible();

  // Connect: the platform's consent page (the stand-in's), Allow, and back in Regie.
  await youtube.getByRole('button', { name: 'Connect YouTube' }).click();
  await expect(page.getByRole('heading', { name: 'YouTube (local stand-in)' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL('/account/settings/social-networks');
  await expect(page.getByText('YouTube linked')).toBeVisible();
  await expect(youtube.getByText('Riverside FC Media')).toBeVisible();
  await expect(youtube.getByText('Choose where it publishes')).toBeVisible();
  await choose(page, 'Channel to publish to', 'Riverside FC Women');
  await expect(youtube.getByText('Riverside FC Women')).toBeVisible();
  await expect(youtube.getByRole('button', { name: 'Change where YouTube publishes' })).toBeVisible();

  const facebook = main(page).getByRole('region', { name: 'Facebook', exact: true });
  await facebook.getByRole('button', { name: 'Connect Facebook' }).click();
  await expect(page.getByRole('heading', { name: 'Facebook (local stand-in)' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Facebook linked')).toBeVisible();
  await choose(page, 'Page to publish to', 'Riverside FC Academy');
  await expect(facebook.getByText('Riverside FC Academy')).toBeVisible();

  // Cancelled on the consent page: nothing linked, and the reason said.
  const tiktok = main(page).getByRole('region', { name: 'TikTok', exact: true });
  await tiktok.getByRole('button', { name: 'Connect TikTok' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You did not allow Regie on TikTok' })).toBeVisible();
  await expect(tiktok.getByText('No account linked')).toBeVisible();

  // The account's links: the producer's, linked from the demo's first day, and these two.
  const links = main(page).getByRole('table', { name: 'Links of the account' });
  const producerX = links
    .getByRole('row')
    .filter({ hasText: 'Camille Laurent' })
    .filter({ has: page.getByRole('cell', { name: 'X', exact: true }) });
  // Hers (another file's user may have linked the same channel meanwhile).
  await expect(
    links.getByRole('row').filter({ hasText: 'Hannah Okafor' }).filter({ hasText: 'Riverside FC Women' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await setSwitch(producerX.getByRole('switch'), false);
  await expect(page.getByText('X link of Camille Laurent disabled')).toBeVisible();
  await expect(producerX.getByText('Disabled', { exact: true })).toBeVisible();
});
