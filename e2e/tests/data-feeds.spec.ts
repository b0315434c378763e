import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { type MappingList, mappingPaths } from '@regie/contract/data-provider-subscriptions';
import { apiCall, apiSignIn, main, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * Data provider feeds (data-import/feeds, issue 25 point 3): the producer maps an event to a
 * StatsBomb match and subscribes to its feed, served here behind basic authentication; the
 * subscription's status shows the poll applied, and the credentials are never shown again.
 */

const USERNAME = 'e2e-feed-user';
const PASSWORD = 'e2e-feed-password-5521';
const match = readFileSync(new URL('../../packages/server/test/fixtures/feeds/match.statsbomb.json', import.meta.url));

let server: Server;
let feedUrl: string;
let polls = 0;

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const expected = `Basic ${Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      response.writeHead(401).end();
      return;
    }
    polls += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(match);
  });
  // Every interface: 'localhost' (the address the e2e server allows) may resolve to ::1 or 127.0.0.1.
  await new Promise<void>((resolve) => server.listen(0, resolve));
  feedUrl = `http://localhost:${(server.address() as AddressInfo).port}/match.json`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a producer maps an event to a provider, subscribes to its feed and sees it polled', async ({ page, request }) => {
  // The club's data import module (the menu's rule: sport_player_write + IMPORTDATA).
  const admin = await apiSignIn(request, 'admin');
  const producer = await apiSignIn(request, 'producer');
  const accountPath = `/users-service-api/accounts/${producer.AccountId}`;
  const account = await apiCall<{ modules: string[] }>(request, admin, 'GET', accountPath);
  if (!account.modules.includes('IMPORTDATA')) {
    await apiCall(request, admin, 'PUT', accountPath, { modules: [...account.modules, 'IMPORTDATA'] });
  }
  const eventName = uniqueName('E2E feed match');
  await apiCall(request, producer, 'POST', '/main-api/events', { name: eventName, startsAt: new Date().toISOString() });

  await openSignedIn(page, 'producer', '/data-import/feeds');
  // The screen's code arrives on first use (slow on a busy machine).
  await expect(main(page).getByRole('heading', { name: 'Data provider feeds' })).toBeVisible({ timeout: 60_000 });
  await expectNoSeriousA11yViolations(page);

  const form = main(page).getByRole('region', { name: 'New mapping' });
  await form.getByRole('combobox', { name: 'Record' }).click();
  await page.getByRole('option', { name: eventName }).click();
  await form.getByRole('textbox', { name: 'Provider’s id' }).fill('3788741');
  await form.getByRole('button', { name: 'Create the mapping' }).click();

  const card = main(page).getByRole('region', { name: `Event: ${eventName}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('StatsBomb id 3788741')).toBeVisible();
  await expect(card.getByText('No subscription yet')).toBeVisible();

  await card.getByRole('textbox', { name: 'Feed URL' }).fill(feedUrl);
  await card.getByRole('textbox', { name: 'Username' }).fill(USERNAME);
  await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const interval = card.getByRole('textbox', { name: 'Poll every (seconds)' });
  await interval.fill('5');
  await interval.press('Enter');

  const row = card.getByRole('row').filter({ hasText: feedUrl });
  await expect(row).toBeVisible();
  await expect(row.getByText('with credentials')).toBeVisible();
  // The form is emptied: the password is not kept on the page.
  await expect(card.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByText(PASSWORD)).toHaveCount(0);
  // Polled by the server's worker within its interval: the status says what it applied.
  await expect(row.getByText(/^Applied \(\d+ new markers\)$/)).toBeVisible({ timeout: 30_000 });
  expect(polls).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);

  // Paused: the status says so, and the poller leaves the feed alone (its credentials stay stored).
  await row.getByRole('button', { name: `Pause the subscription to ${feedUrl}` }).click();
  await expect(row.getByText('Paused', { exact: true })).toBeVisible();
  const resume = row.getByRole('button', { name: `Resume the subscription to ${feedUrl}` });
  await expect(resume).toBeVisible();
  // The interval changes in place, from the keyboard: type it, Enter saves it.
  const rowInterval = row.getByRole('textbox', { name: `Seconds between two polls of ${feedUrl}` });
  await expect(rowInterval).toHaveValue('5');
  await rowInterval.fill('12');
  await rowInterval.press('Enter');
  await expect(page.getByText('Interval saved')).toBeVisible();
  await expect(row.getByRole('button', { name: `Save the interval of ${feedUrl}` })).toBeDisabled();
  await expect(rowInterval).toHaveValue('12');
  await expect(row.getByText('Paused', { exact: true })).toBeVisible();
  // Resumed from the keyboard: due at once, polled again with the credentials typed at creation.
  const pollsWhenResumed = polls;
  await resume.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: `Pause the subscription to ${feedUrl}` })).toBeVisible();
  await expect(row.getByText('Paused', { exact: true })).toHaveCount(0);
  await expect.poll(() => polls, { timeout: 30_000 }).toBeGreaterThan(pollsWhenResumed);
  await expect(row.getByText(/^(Unchanged|Applied \(\d+ new markers\))$/)).toBeVisible();
  const stored = await apiCall<MappingList>(request, producer, 'GET', mappingPaths.list);
  const subscription = stored.data.flatMap((mapping) => mapping.subscriptions).find((item) => item.url === feedUrl);
  expect(subscription).toMatchObject({ active: true, intervalSeconds: 12 });
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('button', { name: `Remove the subscription to ${feedUrl}` }).click();
  await expect(card.getByText('No subscription yet')).toBeVisible();
});
