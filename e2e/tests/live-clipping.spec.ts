import type { ChildProcess } from 'node:child_process';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { type ApiSession, apiCall, choose, main, uniqueName } from './flows.ts';
import { expectInputLive, type LiveInput, liveStudio, pushToInput, WHOLE_FILE_SECONDS } from './live.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * Live clipping during a match (issue 46 points 4 and 6), with a real encoder: the live operator
 * drops markers with keys on the Markers tab while on air (each key's result beside the player,
 * ticks on the DVR bar side by side); the account's live clipper, who operates nothing, clips the
 * live on its DVR from the clipping page; after the end of the live the clips stay on the event's
 * page and in Clipping › Clips, named after their marker.
 */

const PASSWORD = 'e2e-live-clipping-passphrase';

interface Setup {
  operator: { username: string; session: ApiSession };
  clipper: string;
  eventId: number;
  eventName: string;
}

let setup: Setup;
const encoders: ChildProcess[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const operator = await liveStudio(request, {
    name: 'Match night',
    modules: ['SPORT_EVENTS', 'AWS_STREAM', 'DVR', 'STREAM', 'STREAM_CLIPPING', 'MARKERS'],
    // manage_users: the operator adds the clipping desk below.
    roles: ['use_stream', 'sport_player_write', 'manage_users'],
    password: PASSWORD,
    person: 'Sam Carter',
  });
  const { session } = operator;
  const desk = await apiCall<{ id: number }>(request, session, 'POST', '/users-service-api/groups', {
    name: 'Clipping desk',
    roles: ['liveclipping_write', 'clip_only'],
  });
  const clipper = `e2e.clipper.${Date.now().toString(36)}`;
  await apiCall(request, session, 'POST', '/users-service-api/users', {
    username: clipper,
    name: 'Noor Haddad',
    password: PASSWORD,
    groups: [desk.id],
  });
  await apiCall(request, session, 'POST', '/main-api/marker-types', { name: 'Goal', code: 'goal', color: '#2F9E44' });
  const input = await apiCall<LiveInput>(request, session, 'POST', '/main-api/streams', {
    name: 'Main',
    latencyMode: '1s',
  });
  const eventName = uniqueName('Riverside v Harbour');
  const event = await apiCall<{ id: number }>(request, session, 'POST', '/main-api/events', {
    name: eventName,
    state: 'upcoming',
    activatedModules: ['AWS_STREAM', 'DVR'],
  });
  await apiCall(request, session, 'POST', '/main-api/awsstreams/cameras', { eventId: event.id, inputId: input.id });
  encoders.push(await pushToInput(request, session, input, { size: '640x360', seconds: WHOLE_FILE_SECONDS }));
  await expectInputLive(request, session, input);
  await apiCall(request, session, 'POST', `/main-api/events/${event.id}/start-live`);
  setup = { operator, clipper, eventId: event.id, eventName };
});

test.afterAll(() => {
  for (const encoder of encoders) encoder.kill('SIGKILL');
});

async function pageOf(browser: Browser, username: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, username, path, PASSWORD);
  return page;
}

const videoTime = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.currentTime);

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('the operator drops markers on the live: each key says what it made, ticks on the DVR never overlap', async ({
  browser,
}) => {
  const page = await pageOf(browser, setup.operator.username, `/events/sports/edit/${setup.eventId}/markers`);
  await expect(main(page).getByText('No replay video')).toHaveCount(0);
  const program = main(page).getByTestId('program-player');
  await expect.poll(() => videoTime(program), { timeout: 60_000 }).toBeGreaterThan(1);
  const made = main(page).getByTestId('marker-made');
  await expect(made).toContainText('Press a marker key: what it made shows here.');

  // Two presses of the Goal key a moment apart: the newest first, by the player.
  await page.keyboard.press('1');
  await expect(made.getByRole('listitem')).toHaveCount(1);
  await expect(made.getByRole('listitem').first()).toHaveText(/^Goal at \d+:\d\d\.\d$/);
  await page.keyboard.press('1');
  await expect(made.getByRole('listitem')).toHaveCount(2);

  // On the DVR bar, close together yet apart (lanes), each naming its marker.
  const ticks = main(page).getByTestId('dvr-tick');
  await expect(ticks).toHaveCount(2, { timeout: 20_000 });
  const [first, second] = await Promise.all([ticks.nth(0).boundingBox(), ticks.nth(1).boundingBox()]);
  expect(first && second && !overlaps(first, second)).toBe(true);
  await expect(ticks.first()).toHaveAccessibleName(/^Goal at \d+:\d\d\.\d$/);
  await expect(main(page).getByRole('region', { name: 'Markers (2)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test('the live clipper clips the live on its DVR, and finds the clips after the end of the live', async ({
  browser,
  request,
}) => {
  // An event without replay nor live: the clipper is told why, with no link into the event's
  // info tab, which is not theirs to open.
  const later = await apiCall<{ id: number }>(request, setup.operator.session, 'POST', '/main-api/events', {
    name: uniqueName('Next week'),
    state: 'upcoming',
  });
  const page = await pageOf(browser, setup.clipper, `/clipping/event?eventId=${later.id}`);
  await expect(main(page).getByText('whoever edits the event chooses it on its info tab')).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Open the info tab' })).toHaveCount(0);

  // The match on air: its program on its DVR, not a dead end.
  await page.goto(`/clipping/event?eventId=${setup.eventId}`);
  const program = main(page).getByTestId('program-player');
  await expect.poll(() => videoTime(program), { timeout: 60_000 }).toBeGreaterThan(1);
  await expect(main(page).getByText('No replay video')).toHaveCount(0);
  await expect(main(page).getByTestId('dvr-tick')).toHaveCount(2, { timeout: 20_000 });
  await expectNoSeriousA11yViolations(page);

  // [ picks the last marker before the frame on screen, X clips around it: named after its type and time.
  await main(page).getByRole('heading', { name: 'Clip the live' }).click();
  await page.keyboard.press('[');
  await expect(main(page).getByRole('combobox', { name: 'Marker', exact: true })).toHaveValue(/Goal/);
  await page.keyboard.press('x');
  const queue = main(page).getByRole('region', { name: 'Clips of the event' });
  const clip = queue.getByRole('listitem').filter({ hasText: /Goal – \d+:\d\d/ });
  await expect(clip).toHaveCount(1);

  // The live ends: the page leaves the live, its clips stay.
  await apiCall(request, setup.operator.session, 'POST', `/main-api/events/${setup.eventId}/process-end-live`);
  await expect(main(page).getByRole('heading', { name: 'Clip the live' })).toHaveCount(0, { timeout: 30_000 });
  await expect(clip).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // And in Clipping › Clips, with its event, the filters in the address.
  await page.goto('/clipping/clips');
  const list = main(page).getByRole('region', { name: 'Clips of the account' });
  const listed = list.getByRole('listitem').filter({ hasText: /Goal – \d+:\d\d/ });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(`Event: ${setup.eventName}`);
  await choose(page, 'Cut from', 'A video or replay');
  await expect(page).toHaveURL(/origin=replay/);
  await expect(list).toContainText('No clip matches these filters.');
  await choose(page, 'Cut from', 'The live');
  await expect(page).toHaveURL(/origin=live/);
  await expect(listed).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});
