import type { ChildProcess } from 'node:child_process';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_TONIGHT } from '@regie/contract/demo';
import { apiCall, apiSignIn, currentTime, main, signedInPage, textField, uniqueName } from './flows.ts';
import { pushTestStream, WHOLE_FILE_SECONDS } from './live.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * A match night as the demo club runs it (issue 46), on the demo's own tonight's match: first
 * its set-up without traps (points 3 and 7: tonight's match is upcoming, its Stream tab gives each
 * camera's server URL, key on demand and full URL, copyable, under one name ("camera") shared with
 * Media › Cameras; saves say what they did), then the whole evening (point 10). The evening changes
 * tonight's match for good (live, then replay), so the file runs in order, last, in the serial
 * `live` project (playwright.config.ts LIVE_FILES), after its set-up's checks. The fan's embed page
 * is followed without a reload through every state: the countdown, the live from the program's DVR
 * (seekable, back to live, markers arriving as chapters), the replay being prepared with its
 * progress, the replay with its chapters (what embed-live.spec did on a studio of its own).
 */

test.describe.configure({ mode: 'serial' });

const encoders: ChildProcess[] = [];

test.afterAll(() => {
  for (const encoder of encoders) encoder.kill('SIGKILL');
});

/** Tonight's demo match as `username` finds it by its name: its id and state. */
async function tonightMatch(request: APIRequestContext, username: string): Promise<{ id: number; state: string }> {
  const session = await apiSignIn(request, username);
  const found = await apiCall<{ data: { id: number; state: string }[] }>(
    request,
    session,
    'GET',
    `/main-api/events?search=${encodeURIComponent(DEMO_TONIGHT.match)}`,
  );
  const match = found.data[0];
  if (!match) throw new Error('no tonight’s match in the demo data');
  return match;
}

test('the club’s live operator finds tonight’s match ready, with its camera’s publish URL and key', async ({
  page,
  request,
}) => {
  const match = await tonightMatch(request, 'liveop');
  expect(match.state).toBe('upcoming');

  await openSignedIn(page, 'liveop', `/events/sports/edit/${match.id}/stream`);
  const cameras = main(page).getByRole('region', { name: 'Cameras' });
  await expect(cameras.getByTestId('live-camera')).toHaveCount(1);
  await expect(cameras.getByRole('columnheader', { name: 'Camera', exact: true })).toBeVisible();
  const encoder = main(page).getByRole('region', { name: `Encoder settings of ${DEMO_TONIGHT.camera}` });
  await expect(encoder.getByRole('textbox', { name: 'Server (RTMP URL)' })).toHaveValue(/^rtmps?:\/\/.+\/live$/);
  // The key and the full URL stay hidden until asked for.
  await expect(encoder.getByTestId('stream-key')).toHaveValue(
    `Hidden key ending in ${DEMO_TONIGHT.streamKey.slice(-4)}`,
  );
  await expect(encoder.getByTestId('stream-full-url')).toHaveValue('Reveal the key to see the full URL');
  await expectNoSeriousA11yViolations(page);
  await encoder.getByRole('button', { name: 'Reveal the key' }).click();
  await expect(encoder.getByTestId('stream-key')).toHaveValue(DEMO_TONIGHT.streamKey);
  await expect(encoder.getByTestId('stream-full-url')).toHaveValue(
    new RegExp(`^rtmps?://.+/live/${DEMO_TONIGHT.streamKey}$`),
  );
  // Server URL, key and full URL each have their copy button.
  await expect(encoder.getByRole('button', { name: 'Copy' })).toHaveCount(3);
  await encoder.getByRole('button', { name: 'Hide the key' }).click();
  await expect(encoder.getByTestId('stream-full-url')).toHaveValue('Reveal the key to see the full URL');
  await expectNoSeriousA11yViolations(page);

  // Media › Cameras names the same thing the same way.
  await page.goto('/medias/streams/list');
  await expect(page.getByRole('heading', { name: 'Cameras', level: 1 })).toBeVisible();
  await expect(main(page).getByText(DEMO_TONIGHT.camera)).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'New camera' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a club user without the live operator role never sees a camera’s key', async ({ page, request }) => {
  const match = await tonightMatch(request, 'producer');
  await openSignedIn(page, 'producer', `/events/sports/edit/${match.id}/stream`);
  await expect(main(page).getByText('For live operators')).toBeVisible();
  await expect(main(page).getByTestId('stream-key')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(DEMO_TONIGHT.streamKey);
});

test('an event’s saves say what they did: created, then published', async ({ page }) => {
  const name = uniqueName('E2E tonight');
  await openSignedIn(page, 'liveop', '/events/sports/new');
  await textField(page, 'Name').fill(name);
  // Its state is left to its start (upcoming when later) unless chosen.
  await expect(
    main(page).getByText('Left empty: “Upcoming” when the event starts later, else “Replay”.'),
  ).toBeVisible();
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(main(page).getByText(`“${name}” created`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/events\/sports\/edit\/\d+/);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const fans = page.getByTestId('fans-visibility');
  await expect(fans).toHaveText('Hidden from fans: not published');
  await main(page).getByRole('switch', { name: 'Published' }).check();
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(main(page).getByText(`“${name}” published: fans can see it`, { exact: true })).toBeVisible();
  // The header reads the checks again after the save: the club's embed switch is still off.
  await expect(fans).toHaveText('Hidden from fans: embed off');
  await main(page).getByRole('checkbox', { name: 'Embed', exact: true }).check();
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(fans).toHaveText('Fans can watch');
  await expectNoSeriousA11yViolations(page);
});

/** The seconds the video can seek over (its DVR window). */
function seekableSeconds(video: Locator): Promise<number> {
  return video.evaluate((element) => {
    const { seekable } = element as HTMLVideoElement;
    return seekable.length > 0 ? seekable.end(seekable.length - 1) - seekable.start(0) : 0;
  });
}

/** A fan's browser: a context of its own, no session, on the club's embed page. */
async function fanOn(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(new URL(url).pathname);
  return page;
}

test('the club runs tonight’s match: camera, go live, fans watch, markers, a live clip, a vote, then the replay', async ({
  browser,
  request,
}) => {
  // A real encoder, a live with its DVR, a replay joined and encoded, a dozen axe scans.
  test.setTimeout(600_000);
  const matchId = (await tonightMatch(request, 'liveop')).id;
  const editPath = `/events/sports/edit/${matchId}`;

  // The live operator starts the encoder on the camera's server URL, with its key.
  const desk = await signedInPage(browser, 'liveop', `${editPath}/stream`);
  const settings = main(desk).getByRole('region', { name: `Encoder settings of ${DEMO_TONIGHT.camera}` });
  const server = await settings.getByRole('textbox', { name: 'Server (RTMP URL)' }).inputValue();
  encoders.push(pushTestStream(`${server}/${DEMO_TONIGHT.streamKey}`, '320x180', WHOLE_FILE_SECONDS));

  // A fan opens the club's embed before kick-off: the match, counting down.
  await desk.goto(`${editPath}/stats`);
  const embedLink = main(desk).getByRole('region', { name: 'Embeddable player' }).getByRole('link', {
    name: 'Open the player',
  });
  const embedUrl = await embedLink.getAttribute('href');
  if (!embedUrl) throw new Error('no embed link on the stats tab');
  const fan = await fanOn(browser, embedUrl);
  await expect(fan.getByRole('heading', { level: 1, name: DEMO_TONIGHT.match, exact: true })).toBeVisible();
  await expect(fan.getByRole('timer')).toHaveText(/^Starts in \d{1,2}:\d\d:\d\d$/);
  await fan.evaluate(() => {
    (window as unknown as { sameView: boolean }).sameView = true;
  });
  await expectNoSeriousA11yViolations(fan);

  // Go live with the checks: everything fans need is there once the camera receives.
  await desk.goto(`${editPath}/info`);
  const live = main(desk).getByRole('region', { name: 'Live' });
  await live.getByRole('button', { name: 'Go live' }).click();
  const checks = desk.getByRole('dialog', { name: 'Go live: what fans will get' });
  await expect(checks.getByTestId('golive-published')).toContainText('Fans see the event.');
  await expect(checks.getByTestId('golive-embed')).toContainText(
    'The player embedded on the club’s site plays the event.',
  );
  await expect(checks.getByTestId('golive-chat')).toContainText('The chat is open to fans.');
  await expect(checks.getByTestId('golive-camera')).toContainText('1 of 1 cameras receiving.', { timeout: 60_000 });
  await expect(checks.getByRole('checkbox', { name: 'Go live without a camera' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(desk);
  await checks.getByRole('button', { name: 'Go live' }).click();
  await expect(live.getByTestId('lifecycle-state')).toHaveText('State: Live');
  await expect(desk.getByTestId('fans-visibility')).toHaveText('Fans can watch');

  // The fan's page, never reloaded, plays the live.
  const video = fan.getByRole('main').locator('video');
  await expect(fan.getByRole('heading', { level: 1, name: `Live ${DEMO_TONIGHT.match}` })).toBeVisible({
    timeout: 60_000,
  });
  await expect.poll(() => currentTime(video), { timeout: 60_000 }).toBeGreaterThan(1);
  const playing = await currentTime(video);
  await expect.poll(() => currentTime(video), { timeout: 30_000 }).toBeGreaterThan(playing + 1);
  // The match's DVR: the fan can rewind, and come back to the live.
  await expect.poll(() => seekableSeconds(video), { timeout: 60_000 }).toBeGreaterThan(4);
  await expect(fan.getByRole('button', { name: 'Back to live' })).toBeVisible();
  await expectNoSeriousA11yViolations(fan);

  // Two marker keys on the Markers tab, on the air: each says what it made.
  await desk.goto(`${editPath}/markers`);
  const program = main(desk).getByTestId('program-player');
  await expect.poll(() => currentTime(program), { timeout: 60_000 }).toBeGreaterThan(1);
  const made = main(desk).getByTestId('marker-made');
  await expect(made).toContainText('Press a marker key: what it made shows here.');
  await desk.keyboard.press('1');
  await expect(made.getByRole('listitem')).toHaveCount(1);
  await expect(made.getByRole('listitem').first()).toHaveText(/^Goal at \d+:\d\d\.\d$/);
  await desk.keyboard.press('2');
  await expect(made.getByRole('listitem')).toHaveCount(2);
  await expect(main(desk).getByTestId('dvr-tick')).toHaveCount(2, { timeout: 20_000 });
  await expectNoSeriousA11yViolations(desk);
  // On the fan's page, during the live, they arrive as chapters.
  const chapters = fan.getByRole('navigation', { name: 'Chapters' });
  await expect(chapters.getByRole('button', { name: /^Go to Goal at \d+:\d\d$/ })).toBeVisible({ timeout: 30_000 });
  await expect(chapters.getByRole('button')).toHaveCount(2);

  // The club's live clipper clips the goal on the live's DVR.
  const clipper = await signedInPage(browser, 'liveclipper', `/clipping/event?eventId=${matchId}`);
  await expect
    .poll(() => currentTime(main(clipper).getByTestId('program-player')), { timeout: 60_000 })
    .toBeGreaterThan(1);
  await expect(main(clipper).getByTestId('dvr-tick')).toHaveCount(2, { timeout: 20_000 });
  await main(clipper).getByRole('heading', { name: 'Clip the live' }).click();
  await clipper.keyboard.press('[');
  await expect(main(clipper).getByRole('combobox', { name: 'Marker', exact: true })).toHaveValue(/./);
  await clipper.keyboard.press('x');
  const queue = main(clipper).getByRole('region', { name: 'Clips of the event' });
  await expect(queue.getByRole('listitem')).toHaveCount(1);
  await expectNoSeriousA11yViolations(clipper);

  // The quizmaster opens the man-of-the-match vote now; the fan votes on the embed.
  const games = await signedInPage(browser, 'quizmaster', `${editPath}/motm`);
  await main(games).getByRole('button', { name: 'Open now' }).click();
  await expect(main(games).getByText('Voting open', { exact: true })).toBeVisible();
  // "Close now" takes the place of "Open now", under the pointer: scanned at rest, not hovered
  // (whether the browser has applied the hover by the scan is a race).
  await games.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(games);
  const crm = await apiSignIn(request, 'crm');
  const fans = await apiCall<{ data: { email: string }[] }>(
    request,
    crm,
    'GET',
    '/main-api/fans?status=active&limit=1',
  );
  const email = fans.data[0]?.email;
  if (!email) throw new Error('the club has no active demo fan');
  const panel = fan.locator('details.games');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill('regie-demo');
  await panel.getByRole('button', { name: 'Sign in' }).click();
  const choices = panel.getByRole('group', { name: 'Your man of the match' });
  await choices.getByRole('radio', { name: 'Jordan Miles' }).check();
  await panel.getByRole('button', { name: 'Vote' }).click();
  await expect(panel.getByText('Your vote: Jordan Miles')).toBeVisible();
  const results = main(games).getByRole('region', { name: 'Live results' });
  await expect(results.getByText(/^Votes: [1-9]\d*$/)).toBeVisible();
  await expectNoSeriousA11yViolations(fan);

  // End of the live: the fan's page says the replay is being prepared, then plays it.
  await desk.goto(`${editPath}/info`);
  await live.getByRole('button', { name: 'End live', exact: true }).click();
  await desk.getByRole('dialog').getByRole('button', { name: 'End live', exact: true }).click();
  await expect(live.getByTestId('lifecycle-state')).toHaveText(/^State: (Replay|Ending)/);
  await expect(fan.getByText('The live is over: the replay is being prepared.')).toBeVisible({ timeout: 30_000 });
  await expect(fan.getByRole('progressbar', { name: 'Replay preparation' })).toBeVisible();
  await expect(fan.getByText(/^\d{1,3}% done · /)).toBeVisible();
  await expect(video).toHaveCount(0);
  await expectNoSeriousA11yViolations(fan);
  await expect(video).toBeVisible({ timeout: 240_000 });
  await expect(fan.getByRole('heading', { level: 1, name: DEMO_TONIGHT.match, exact: true })).toBeVisible();
  await expect(chapters.getByRole('button')).toHaveCount(2);
  await expectNoSeriousA11yViolations(fan);
  expect(await fan.evaluate(() => (window as unknown as { sameView?: boolean }).sameView)).toBe(true);

  // The clip stays with the match, in Clipping › Clips.
  await clipper.goto('/clipping/clips');
  await expect(
    main(clipper).getByRole('region', { name: 'Clips of the account' }).getByText(`Event: ${DEMO_TONIGHT.match}`),
  ).toHaveCount(1);
  await expectNoSeriousA11yViolations(clipper);
});
