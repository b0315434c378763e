import { expect, test } from '@playwright/test';
import { main, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn, signIn } from './support.ts';

/**
 * Simulcasts, as the organiser's simulcast operator sees them: the list by state, a new simulcast
 * and its targets (the key never shown again), a target started without a source failing live
 * with its reason, the stats tab, and the cloud simulcasts saying the cloud service is not
 * configured here.
 */

test('an operator sets up a simulcast, its targets and watches their status', async ({ page }) => {
  await signIn(page, 'simulcaster');
  await expect(page).toHaveURL(/\/events\/simulcasts\/list$/);
  const screen = main(page);
  // The demo simulcast and its two platforms.
  await expect(screen.getByRole('link', { name: 'Open Annual conference – restream' })).toBeVisible();
  await expect(screen.getByText('YouTube · Idle')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screen.getByText('Live', { exact: true }).click();
  await expect(screen.getByText('No simulcast yet.')).toBeVisible();

  await page.goto('/events/simulcasts/new');
  const name = uniqueName('E2E restream');
  await screen.getByLabel('Name').fill(name);
  await expectNoSeriousA11yViolations(page);
  await screen.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/events\/simulcasts\/edit\/\d+\/info$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(screen.getByText('No live input chosen yet: targets cannot start.')).toBeVisible();

  const secret = 'e2e-secret-stream-key-4242';
  await screen.getByLabel('Target name').fill('Platform A');
  await screen.getByLabel('Server URL (rtmp:// or rtmps://)').fill('rtmp://127.0.0.1:9/live');
  await screen.getByLabel('Stream key').fill(secret);
  await screen.getByRole('button', { name: 'Add the target' }).click();
  await expect(screen.getByText('Key ••••4242')).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(screen.getByLabel('Stream key')).toHaveValue('');
  await expectNoSeriousA11yViolations(page);

  // Started without a source: the status turns to Failed, with the reason, without reloading.
  await screen.getByRole('button', { name: 'Start Platform A' }).click();
  await expect(screen.getByText('Failed')).toBeVisible();
  await expect(screen.getByText('The simulcast has no source: choose a live input first')).toBeVisible();
  await screen.getByRole('button', { name: 'Stop Platform A' }).click();
  await expect(screen.getByText('Stopped', { exact: true })).toBeVisible();

  // With an input that is not on air, the target keeps retrying: its restarts climb on screen as
  // the server reports them over the socket (the page asks for nothing meanwhile).
  // The picker offers the account's live inputs by name and state (the demo input is not on air).
  await screen.getByRole('combobox', { name: 'Live input' }).click();
  await page.getByRole('option', { name: 'Main stage camera (idle)' }).click();
  await screen.getByRole('button', { name: 'Save' }).click();
  await expect(screen.getByText('No live input chosen yet: targets cannot start.')).toBeHidden();
  await screen.getByRole('button', { name: 'Start Platform A' }).click();
  await expect(screen.getByText(/^The live input \d+ is not available$/)).toBeVisible();
  const row = screen.getByRole('row', { name: /Platform A/ });
  await expect(row.getByRole('cell').nth(4)).toHaveText(/^([3-9]|\d{2,})$/, { timeout: 15_000 });
  await expect(row.getByText('Retrying')).toBeVisible();
  await screen.getByRole('button', { name: 'Stop Platform A' }).click();
  await expect(screen.getByText('Stopped', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Stats' }).click();
  await expect(screen.getByText('Bitrate per target (kbit/s)')).toBeVisible();
  await expect(screen.getByRole('region', { name: 'Platform A' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('cloud simulcasts say the cloud service is not configured', async ({ page }) => {
  await openSignedIn(page, 'simulcaster', '/events/aws-simulcasts/list');
  const screen = main(page);
  await expect(screen.getByText(/cloud media service is not configured on this server/)).toBeVisible();
  await expect(screen.getByRole('link', { name: 'Open Keynote – cloud restream' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screen.getByRole('link', { name: 'Open Keynote – cloud restream' }).click();
  await expect(screen.getByRole('button', { name: 'Start every target' })).toBeVisible();
  await expect(screen.getByText('Key ••••c4d2')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
