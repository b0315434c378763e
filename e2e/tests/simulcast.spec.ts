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
  // The live input list opened while the page reads the stopped simulcast again stays open, its
  // options the same elements (issue 45: the form was drawn anew under the person's pointer). The
  // page's read is held until the list is open, so that it lands while the person points.
  const simulcastId = Number(/\/edit\/(\d+)\//.exec(page.url())?.[1]);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const readPath = `**/main-api/simulcasts/${simulcastId}`;
  await page.route(readPath, async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.fallback();
  });
  const reread = page.waitForResponse(
    (response) => response.request().method() === 'GET' && response.url().endsWith(`/simulcasts/${simulcastId}`),
  );
  const asked = page.waitForRequest(
    (request) => request.method() === 'GET' && request.url().endsWith(`/simulcasts/${simulcastId}`),
  );
  await screen.getByRole('button', { name: 'Stop Platform A' }).click();
  await asked;
  // The picker offers the account's live inputs by name and state (the demo input is not on air).
  await screen.getByRole('combobox', { name: 'Live input' }).click();
  const option = page.getByRole('option', { name: 'Main stage camera (idle)' });
  const shown = await option.elementHandle();
  release();
  await reread;
  await page.unroute(readPath);
  await expect(screen.getByText('Stopped', { exact: true })).toBeVisible();
  expect(await shown?.evaluate((node) => node.isConnected)).toBe(true);
  await expect(option).toBeVisible();

  // With an input that is not on air, the target keeps retrying: its restarts climb on screen as
  // the server reports them over the socket (the page asks for nothing meanwhile).
  await option.click();
  await screen.getByRole('button', { name: 'Save' }).click();
  await expect(screen.getByText('No live input chosen yet: targets cannot start.')).toBeHidden();
  await screen.getByRole('button', { name: 'Start Platform A' }).click();
  await expect(screen.getByText(/^The live input \d+ is not available$/)).toBeVisible();
  const row = screen.getByRole('row', { name: /Platform A/ });
  await expect(row.getByRole('cell').nth(4)).toHaveText(/^([3-9]|\d{2,})$/, { timeout: 15_000 });
  await expect(row.getByText('Retrying')).toBeVisible();
  // A status push changes the row, never the live input list a person has open.
  await screen.getByRole('combobox', { name: 'Live input' }).click();
  const listed = await option.elementHandle();
  const restarts = row.getByRole('cell').nth(4);
  const restartsBefore = (await restarts.textContent()) ?? '';
  await expect(restarts).not.toHaveText(restartsBefore, { timeout: 15_000 });
  expect(await listed?.evaluate((node) => node.isConnected)).toBe(true);
  await page.keyboard.press('Escape');
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
