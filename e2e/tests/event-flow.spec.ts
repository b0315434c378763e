import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type EventStatsResponse, statsPaths } from '@regie/contract/stats';
import {
  type ApiSession,
  actForOrganiser,
  apiCall,
  apiSignIn,
  chapterAt,
  choose,
  currentTime,
  DEMO_KEYNOTE_TITLE,
  DEMO_MATCH_REPLAY_TITLE,
  demoReplayVideoId,
  expectDashboardCharts,
  main,
  markerRows,
  pickReference,
  playQueuedClip,
  READY_TIMEOUT_MS,
  save,
  seekTo,
  signedInPage,
  skinWithOverlay,
  textField,
  uniqueName,
  waitForDemoKeynote,
} from './flows.ts';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

/**
 * Issue 11 end to end, as users chain it: a producer of the demo club makes a match on the demo
 * replay, drops markers with the keys while a second browser on the same event sees them arrive,
 * cuts a skinned clip from a marker and plays it, embeds the match, plays the embed as a visitor
 * and finds that play in the event's stats. Then the organiser's conference chapters, exported
 * as files, and the dashboard's charts. One test per chain: each step needs the one before.
 */

function tab(page: Page, name: string): Locator {
  return page.getByRole('tab', { name, exact: true });
}

async function openTab(page: Page, name: string): Promise<void> {
  await tab(page, name).click();
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
}

/** A figure of the stats tab: its card reads "label value". */
function statCard(page: Page, label: string): Locator {
  return main(page).getByRole('heading', { name: label, exact: true }).locator('..');
}

/** The figure a stats card shows, as a number. */
async function statValue(page: Page, label: string): Promise<number> {
  const text = await statCard(page, label).innerText();
  return Number(text.slice(text.indexOf(label) + label.length).replace(/[^0-9]/g, ''));
}

/**
 * The event's totals through the API, to compare the screen with. Plays and clips count those of
 * its replay video, which other tests' events share: the screen is checked for at least one more.
 */
async function totals(request: APIRequestContext, session: ApiSession, eventPath: string) {
  const eventId = Number(eventPath.split('/').at(-1));
  return (await apiCall<EventStatsResponse>(request, session, 'GET', statsPaths.eventStats(eventId))).totals;
}

/**
 * Creates the match on the info tab and publishes it on the settings tab (the embed player plays
 * only a published event). Its replay is the demo video, chosen by title in the info tab's replay
 * field, which offers the producer (who does not read the video library) the account's ready videos.
 */
async function createMatch(page: Page, request: APIRequestContext, session: ApiSession, name: string) {
  const videoId = await demoReplayVideoId(request, session);
  await page.goto('/events/sports/new');
  await textField(page, 'Name').fill(name);
  // A match already played, shown from its replay (a new event starting later is Upcoming: issue 46.7).
  await choose(page, 'State', 'Replay');
  await expectNoSeriousA11yViolations(page);
  await save(page);
  await expect(page).toHaveURL(/\/events\/sports\/edit\/\d+/);
  const path = new URL(page.url()).pathname.replace(/\/info$/, '');
  const id = Number(path.split('/').at(-1));
  await pickReference(
    page,
    'Replay video',
    'training',
    new RegExp(`^${DEMO_MATCH_REPLAY_TITLE.replace(/[()]/g, '\\$&')}`),
  );
  await save(page);
  await page.reload();
  const saved = await apiCall<{ videoId: number | null }>(request, session, 'GET', `/main-api/events/${id}`);
  expect(saved.videoId).toBe(videoId);
  await openTab(page, 'Settings');
  await main(page).getByRole('switch', { name: 'Published' }).check();
  // The club offers the embed switch (EMBED): the match turns it on, or fans are told it is off.
  await main(page).getByRole('checkbox', { name: 'Embed', exact: true }).check();
  await save(page);
  return path;
}

/** Two markers with the keys 1 and 2 at 4 s and 8 s; `watcher`, another browser, sees them come. */
async function markWithKeys(page: Page, watcher: Page): Promise<void> {
  for (const each of [page, watcher]) {
    await expect(main(each).getByTestId('marker-keys')).toBeVisible();
    await expect(main(each).getByText('No markers yet')).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await seekTo(page, 4);
  await page.keyboard.press('1');
  await seekTo(page, 8);
  await page.keyboard.press('2');
  await expect(markerRows(page)).toHaveCount(2);
  // No reload: the realtime channel brings them.
  await expect(markerRows(watcher)).toHaveCount(2, { timeout: 5_000 });
  await expect(markerRows(watcher).first()).toContainText('0:04.0');
  await expect(markerRows(watcher).last()).toContainText('0:08.0');
}

/** Clip tab: the skin, ] for the first marker, 1 s before it, X cuts; followed to Ready and played. */
async function clipFirstMarker(page: Page, skinName: string): Promise<void> {
  await openTab(page, 'Clip');
  await expect(main(page).getByText('No clips yet.')).toBeVisible();
  await choose(page, 'Skin', skinName);
  const heading = main(page).getByRole('heading', { name: 'Cut a clip' });
  await heading.click();
  await page.keyboard.press(']');
  await expect(main(page).getByRole('combobox', { name: 'Marker', exact: true })).toHaveValue(/0:04/);
  await main(page).getByRole('textbox', { name: 'Seconds before the marker' }).fill('1');
  await heading.click();
  await page.keyboard.press('x');
  const clips = main(page).getByRole('region', { name: 'Clips of the event' }).getByRole('listitem');
  await expect(clips).toHaveCount(1);
  await expect(clips.first()).toContainText('From 3.00 s to');
  await expect(clips.first().getByText('Ready')).toBeVisible({ timeout: READY_TIMEOUT_MS });
  await expectNoSeriousA11yViolations(page);
  await playQueuedClip(clips.first(), /^Play the clip/);
}

/** A visitor (a fresh browser, no session) opens the embed page and plays it: the play is counted. */
async function playEmbed(page: Page, url: string): Promise<void> {
  const visitor = await page.context().browser()?.newContext();
  if (!visitor) throw new Error('no browser');
  const player = await visitor.newPage();
  await player.goto(url);
  await expect(player.locator('video')).toBeVisible();
  await expectNoSeriousA11yViolations(player);
  const reported = player.waitForResponse(
    (response) => response.url().endsWith('/plays') && response.request().method() === 'POST',
  );
  await player.locator('video').evaluate(async (video: HTMLVideoElement) => {
    video.muted = true;
    await video.play();
  });
  expect(await (await reported).json()).toEqual({ counted: true });
  await expect.poll(() => currentTime(player.locator('video'))).toBeGreaterThan(0);
  await visitor.close();
}

test('a producer makes a match, marks it live with a second browser watching, clips, embeds, and counts the play', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(READY_TIMEOUT_MS + 120_000);
  const session = await apiSignIn(request, 'producer');
  // Set-up: a skin with an overlay to dress the clip in.
  const skinName = uniqueName('E2E flow skin');
  await skinWithOverlay(request, session, skinName);

  await signIn(page, 'producer');
  const eventPath = await createMatch(page, request, session, uniqueName('E2E flow match'));

  await openTab(page, 'Markers');
  const watcher = await signedInPage(browser, 'producer', `${eventPath}/markers`);
  await markWithKeys(page, watcher);
  await watcher.context().close();

  const before = await totals(request, session, eventPath);
  await clipFirstMarker(page, skinName);

  await openTab(page, 'Stats');
  const embed = main(page).getByRole('region', { name: 'Embeddable player' });
  await expect(embed.getByRole('textbox', { name: 'Embed code' })).toHaveValue(/^<iframe src="http/);
  const url = await embed.getByRole('link', { name: 'Open the player' }).getAttribute('href');
  if (!url) throw new Error('no embed link');
  await expect(statCard(page, 'Markers made')).toHaveText(/^Markers made\s*2$/);
  expect(await statValue(page, 'Clips made')).toBeGreaterThanOrEqual(before.clips + 1);
  const playsBefore = await statValue(page, 'Plays');
  await expectNoSeriousA11yViolations(page);

  await playEmbed(page, url);
  await page.reload();
  await expect.poll(() => statValue(page, 'Plays')).toBeGreaterThanOrEqual(playsBefore + 1);
});

/** Clicks a download button of the export and answers the downloaded file's text. */
async function downloaded(page: Page, file: RegExp): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: file }).click();
  const done = await download;
  return { name: done.suggestedFilename(), text: await readFile(await done.path(), 'utf8') };
}

test('an organiser chapters a conference and downloads the exports; the dashboard charts the demo data', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(READY_TIMEOUT_MS + 60_000);
  await waitForDemoKeynote(request);
  await actForOrganiser(page);
  await page.goto('/events/conferences/new');
  const name = uniqueName('E2E flow conference');
  await textField(page, 'Name').fill(name);
  await pickReference(page, 'Replay video', 'Streaming', new RegExp(DEMO_KEYNOTE_TITLE.replace(/[()]/g, '\\$&')));
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/events\/conferences\/edit\/\d+\/info$/);
  await openTab(page, 'Chapters');

  const player = main(page).getByRole('group', { name: `Player: ${DEMO_KEYNOTE_TITLE}` });
  const video = player.locator('video');
  await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).duration)).toBeGreaterThan(20);
  await chapterAt(page, player, 'Welcome');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => currentTime(video)).toBeCloseTo(10, 0);
  await chapterAt(page, player, 'Keynote, part 1');
  await expectNoSeriousA11yViolations(page);

  await main(page).getByRole('button', { name: 'Export chapters' }).click();
  const vtt = await downloaded(page, /^Download .+\.vtt$/);
  expect(vtt.name).toMatch(/\.vtt$/);
  expect(vtt.text).toMatch(
    /^WEBVTT\n\n1\n00:00:00\.000 --> 00:00:10\.000\nWelcome\n\n2\n00:00:10\.000 --> 00:00:30\.\d{3}\nKeynote, part 1\n$/,
  );
  await main(page).getByRole('tab', { name: 'CSV', exact: true }).click();
  const csv = await downloaded(page, /^Download .+\.csv$/);
  expect(csv.text.split('\r\n')).toEqual([
    '\uFEFFstart,end,start_seconds,end_seconds,title',
    '00:00:00.000,00:00:10.000,0,10,Welcome',
    expect.stringMatching(/^00:00:10\.000,00:00:30\.\d{3},10,30(\.\d+)?,"Keynote, part 1"$/),
    '',
  ]);
  await main(page).getByRole('tab', { name: 'Description with timestamps', exact: true }).click();
  const text = await downloaded(page, /^Download .+\.txt$/);
  expect(text.text).toBe('00:00 Welcome\n00:10 Keynote, part 1');
  await expectNoSeriousA11yViolations(page);

  // The dashboard is the producer's landing page: the demo club's data in charts.
  const producer = await signedInPage(browser, 'producer', '/dashboard/all');
  await expectDashboardCharts(producer);
  await expectNoSeriousA11yViolations(producer);
  await producer.context().close();
});
