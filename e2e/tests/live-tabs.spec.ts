import type { ChildProcess } from 'node:child_process';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { type ApiSession, apiCall, choose, main, uniqueName } from './flows.ts';
import { expectInputLive, type LiveInput, liveStudio, pushToInput, WHOLE_FILE_SECONDS } from './live.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * The live tabs of events and conferences (features/live): a live operator of an account made
 * for these tests (sport events, conferences, live inputs, multicam, 360) adds cameras, goes live
 * while ffmpeg pushes generated streams to the ingest, plays the program with its DVR, switches
 * cameras while a second operator's page follows, and looks around a 360° camera.
 */

const PASSWORD = 'e2e-live-tabs-passphrase';

interface Setup {
  username: string;
  session: ApiSession;
  inputs: { wide: LiveInput; tight: LiveInput; sphere: LiveInput };
}

let setup: Setup;
const encoders: ChildProcess[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  // A studio account of its own, its live desk group and operator, made by the platform admin.
  const { username, session } = await liveStudio(request, {
    name: 'Live studio',
    modules: [
      'SPORT_EVENTS',
      'BUSINESS_PLAYERS',
      'AWS_STREAM',
      'MULTICAM',
      'IMMERSIVE',
      'DVR',
      'STREAM',
      'STREAM_CLIPPING',
    ],
    roles: ['use_stream', 'sport_player_write', 'conf_player_write', 'liveclipping_write'],
    password: PASSWORD,
    person: 'Lou Martin',
  });
  const input = (name: string, equirectangular = false) =>
    apiCall<LiveInput>(request, session, 'POST', '/main-api/streams', { name, latencyMode: '1s', equirectangular });
  const inputs = { wide: await input('Wide'), tight: await input('Tight'), sphere: await input('Sphere', true) };
  setup = { username, session, inputs };
  // The two flat cameras' encoders push for the whole file; each input goes live as its encoder
  // connects. The 360° camera's starts with the only test that looks at it: on a loaded CI machine
  // a third encoder and packager for the whole file slowed every other test of it.
  for (const item of [inputs.wide, inputs.tight]) {
    encoders.push(await pushToInput(request, session, item, { size: '640x360', seconds: WHOLE_FILE_SECONDS }));
  }
});

test.afterAll(() => {
  for (const encoder of encoders) encoder.kill('SIGKILL');
});

/**
 * A page of the operator at `path` in a browser of its own, signed in (openSignedIn), or, given
 * `alongside`, holding that page's session (localStorage): a second operator's screen.
 */
async function operatorPage(browser: Browser, path: string, alongside?: Page): Promise<Page> {
  const context = alongside
    ? await browser.newContext({ storageState: await alongside.context().storageState() })
    : await browser.newContext();
  const page = await context.newPage();
  if (alongside) await page.goto(path);
  else await openSignedIn(page, setup.username, path, PASSWORD);
  return page;
}

async function newEvent(request: Parameters<typeof apiCall>[0], name: string): Promise<number> {
  const event = await apiCall<{ id: number }>(request, setup.session, 'POST', '/main-api/events', {
    name: uniqueName(name),
    state: 'upcoming',
    activatedModules: ['MULTICAM', 'IMMERSIVE', 'AWS_STREAM', 'DVR'],
  });
  return event.id;
}

function cameraRow(page: Page, label: string): Locator {
  return main(page)
    .getByTestId('live-camera')
    .filter({ has: page.getByRole('textbox', { name: `Name of the camera ${label}` }) });
}

const videoTime = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.currentTime);

test('an operator adds cameras, goes live, rewinds the program and comes back to live', async ({
  browser,
  request,
}) => {
  const eventId = await newEvent(request, 'Cup final');
  const page = await operatorPage(browser, `/events/sports/edit/${eventId}/stream`);
  await expect(main(page).getByTestId('program-empty')).toHaveText(
    'Add a camera to go live: the program shows the camera on air.',
  );
  await expectNoSeriousA11yViolations(page);

  for (const name of ['Wide', 'Tight']) {
    await choose(page, 'Add one of the account’s cameras', name);
    await main(page).getByRole('button', { name: 'Add the camera' }).click();
    await expect(cameraRow(page, name)).toBeVisible();
  }
  // Each camera's health comes over the socket.
  await expect(cameraRow(page, 'Wide').getByTestId('camera-resolution')).toHaveText('640×360', { timeout: 20_000 });
  await expect(cameraRow(page, 'Tight').getByTestId('camera-bitrate')).toHaveText(/^[1-9]\d* kbit\/s$/, {
    timeout: 20_000,
  });

  // Renamed, then moved up and back down.
  const tightName = main(page).getByRole('textbox', { name: 'Name of the camera Tight' });
  await tightName.fill('Tight angle');
  await tightName.press('Enter');
  await expect(main(page).getByRole('textbox', { name: 'Name of the camera Tight angle' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Move Tight angle up' }).click();
  await expect(main(page).getByTestId('live-camera').first()).toHaveAttribute('aria-label', 'Tight angle');
  await main(page).getByRole('button', { name: 'Move Tight angle down' }).click();
  await expect(main(page).getByTestId('live-camera').first()).toHaveAttribute('aria-label', 'Wide');
  await expect(main(page).getByTestId('program-empty')).toHaveText(
    'Not live: the program plays here once the content goes live.',
  );
  await expectNoSeriousA11yViolations(page);

  await main(page).getByRole('button', { name: 'Go live' }).click();
  // Both cameras receive: the Go live checks say so and ask for no confirmation.
  const goLive = page.getByRole('dialog', { name: 'Go live: what fans will get' });
  await expect(goLive.getByTestId('golive-camera')).toContainText('2 of 2 cameras receiving.');
  await goLive.getByRole('button', { name: 'Go live' }).click();
  await expect(goLive).toBeHidden();
  // Going live put the first camera on air; the program plays from the DVR playlist.
  await expect(main(page).getByTestId('program-on-air')).toHaveText('On air: Wide');
  const player = main(page).getByTestId('program-player');
  await expect.poll(() => videoTime(player), { timeout: 30_000 }).toBeGreaterThan(0.5);
  await expect(main(page).getByTestId('program-latency')).toHaveText(/^Latency \d+\.\d s$/, { timeout: 10_000 });
  await expect(main(page).getByTestId('program-behind')).toHaveText('At the live edge');

  // Once the window holds enough, 10 s back: behind live, then back to live.
  const position = main(page).getByRole('slider', { name: 'Position in the DVR window' });
  const windowLength = () => position.evaluate((input: HTMLInputElement) => Number(input.max) - Number(input.min));
  await expect.poll(windowLength, { timeout: 40_000 }).toBeGreaterThan(14);
  await main(page).getByRole('button', { name: 'Back 10 s' }).click();
  await expect(main(page).getByTestId('program-behind')).toHaveText(/^-0:(0[89]|1\d) behind live$/);
  const backToLive = main(page).getByRole('button', { name: 'Back to live' });
  await expect(backToLive).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await backToLive.click();
  await expect(main(page).getByTestId('program-behind')).toHaveText('At the live edge');
  await expect(backToLive).toBeDisabled();

  // Ending asks first; once ended, the program says so.
  await main(page).getByRole('button', { name: 'End live', exact: true }).click();
  const end = page.getByRole('dialog', { name: 'Change the event’s state' });
  await expect(end).toContainText('End the live?');
  await end.getByRole('button', { name: 'End live', exact: true }).click();
  await expect(main(page).getByTestId('program-empty')).toHaveText(
    'Not live: the program plays here once the content goes live.',
  );
  await page.context().close();
});

test('a camera switch shows on a second operator’s multicam without reloading', async ({ browser, request }) => {
  const eventId = await newEvent(request, 'Semi final');
  for (const input of [setup.inputs.wide, setup.inputs.tight]) {
    await apiCall(request, setup.session, 'POST', '/main-api/awsstreams/cameras', { eventId, inputId: input.id });
  }
  await apiCall(request, setup.session, 'POST', `/main-api/events/${eventId}/start-live`, {
    withoutCamera: true,
  });
  const first = await operatorPage(browser, `/events/sports/edit/${eventId}/multicam`);
  const second = await operatorPage(browser, `/events/sports/edit/${eventId}/multicam`, first);
  const tile = (page: Page, name: string) => main(page).getByRole('article', { name });
  for (const page of [first, second]) {
    await expect(tile(page, 'Wide').getByTestId('multicam-on-air')).toBeVisible();
    await expect(main(page).getByTestId('multicam-log').locator('tbody tr')).toHaveCount(1);
    await expect(main(page).getByTestId('multicam-log').locator('tbody tr').first()).toContainText(
      'Automatic (going live)',
    );
  }
  // Each tile previews its camera's live edge.
  await expect
    .poll(() => videoTime(tile(first, 'Tight').getByTestId('camera-preview')), { timeout: 30_000 })
    .toBeGreaterThan(0.3);

  await first.getByRole('button', { name: 'Put Tight on air' }).click();
  await expect(tile(first, 'Tight').getByTestId('multicam-on-air')).toBeVisible();
  // The second page learns it from the realtime hub.
  const latest = main(second).getByTestId('multicam-log').locator('tbody tr').first();
  await expect(latest).toContainText('Tight');
  await expect(latest).toContainText(setup.username);
  await expect(tile(second, 'Tight').getByTestId('multicam-on-air')).toBeVisible();
  await expect(tile(second, 'Wide').getByTestId('multicam-on-air')).toHaveCount(0);
  await expect(second.getByRole('button', { name: 'Put Tight on air' })).toBeDisabled();
  // One scan of the screen (it cost 40-60 s on a loaded CI machine, and this test has 3 minutes).
  await expectNoSeriousA11yViolations(second);
  await first.context().close();
  await second.context().close();
});

test('the 360 tab looks around an equirectangular camera, and says when there is none', async ({
  browser,
  request,
}) => {
  const sphere = setup.inputs.sphere;
  encoders.push(
    await pushToInput(request, setup.session, sphere, {
      size: '640x320',
      seconds: WHOLE_FILE_SECONDS,
      filter: ',hue=H=2*PI*t/3',
    }),
  );
  const flat = await newEvent(request, 'Flat match');
  await apiCall(request, setup.session, 'POST', '/main-api/awsstreams/cameras', {
    eventId: flat,
    inputId: setup.inputs.wide.id,
  });
  const page = await operatorPage(browser, `/events/sports/edit/${flat}/360`);
  await expect(main(page).getByTestId('immersive-none')).toContainText('No camera of this event films in 360°');
  await expectNoSeriousA11yViolations(page);

  await expectInputLive(request, setup.session, sphere);
  const round = await newEvent(request, 'Round the pitch');
  await apiCall(request, setup.session, 'POST', '/main-api/awsstreams/cameras', {
    eventId: round,
    inputId: sphere.id,
  });
  await page.goto(`/events/sports/edit/${round}/360`);
  const viewer = main(page).getByRole('application', { name: /^360° view of Sphere/ });
  await expect(viewer).toBeVisible();
  const canvas = viewer.getByTestId('immersive-canvas');
  await expect(canvas).toBeVisible();
  // The canvas draws the camera's live frames (their hues turn): two moments differ.
  const before = await canvas.screenshot();
  await expect.poll(async () => (await canvas.screenshot()).equals(before), { timeout: 20_000 }).toBe(false);
  const direction = main(page).getByTestId('immersive-direction');
  await expect(direction).toHaveText('Looking 0° across, 0° up');
  await viewer.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await expect(direction).toHaveText('Looking 5° across, 5° up');
  const box = await viewer.boundingBox();
  if (!box) throw new Error('the viewer has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(direction).not.toHaveText('Looking 5° across, 5° up');
  await main(page).getByRole('button', { name: 'Reset the view' }).click();
  await expect(direction).toHaveText('Looking 0° across, 0° up');
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test('a conference is clipped while it is live: I and O on its program, the clip plays at once', async ({
  browser,
  request,
}) => {
  const title = uniqueName('Panel');
  const conference = await apiCall<{ id: number }>(request, setup.session, 'POST', '/main-api/business-players', {
    name: title,
    startsAt: new Date(Date.now() + 3_600_000).toISOString(),
    state: 'upcoming',
  });
  await apiCall(request, setup.session, 'POST', '/main-api/awsstreams/cameras', {
    conferenceId: conference.id,
    inputId: setup.inputs.wide.id,
  });
  await apiCall(request, setup.session, 'POST', `/main-api/business-players/${conference.id}/start-live`);
  const page = await operatorPage(browser, `/events/conferences/edit/${conference.id}/clip`);
  const cut = main(page).getByRole('region', { name: 'Clip the live' });
  await expect(cut).toContainText('In and out are seconds from the start of the live');
  const program = main(page).getByTestId('program-player');
  await expect.poll(() => videoTime(program), { timeout: 60_000 }).toBeGreaterThan(1);

  // I, a few seconds of the program, O: the range is the program's frames.
  const inField = cut.getByRole('textbox', { name: 'In (seconds)' });
  const outField = cut.getByRole('textbox', { name: 'Out (seconds)' });
  await page.keyboard.press('i');
  await expect(inField).not.toHaveValue('');
  const from = await videoTime(program);
  await expect.poll(() => videoTime(program), { timeout: 20_000 }).toBeGreaterThan(from + 3);
  await page.keyboard.press('o');
  await expect(outField).not.toHaveValue('');
  expect(Number(await outField.inputValue()) - Number(await inField.inputValue())).toBeGreaterThan(2.5);
  await cut.getByRole('textbox', { name: 'Title' }).fill('Opening words');
  await expectNoSeriousA11yViolations(page);
  await cut.getByRole('button', { name: 'Cut from in to out' }).click();

  // Its instant copy plays while the exact cut is made.
  const clip = main(page).getByRole('region', { name: 'Clips of the conference' }).getByRole('listitem').first();
  await expect(clip.getByText('Opening words')).toBeVisible();
  await clip.getByRole('button', { name: 'Play the clip Opening words' }).click({ timeout: 60_000 });
  const player = clip.getByRole('group', { name: 'Player: Opening words' });
  await expect(async () => {
    const play = player.getByRole('button', { name: 'Play (k)' });
    if (await play.isVisible()) await play.click();
    expect(await videoTime(player.locator('video'))).toBeGreaterThan(0.3);
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await page.context().close();
});

test('a conference’s stream tab takes cameras too', async ({ browser, request }) => {
  const conference = await apiCall<{ id: number }>(request, setup.session, 'POST', '/main-api/business-players', {
    name: uniqueName('Keynote'),
    startsAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const page = await operatorPage(browser, `/events/conferences/edit/${conference.id}/stream`);
  await choose(page, 'Add one of the account’s cameras', 'Tight');
  await main(page).getByRole('button', { name: 'Add the camera' }).click();
  await expect(cameraRow(page, 'Tight').getByTestId('camera-resolution')).toHaveText('640×360', { timeout: 20_000 });
  await expect(main(page).getByTestId('program-empty')).toHaveText(
    'Not live: the program plays here once the content goes live.',
  );
  await main(page).getByRole('button', { name: 'Remove the camera Tight' }).click();
  await page.getByRole('dialog', { name: 'Remove this camera?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(
    main(page).getByText('No camera yet: add one of the account’s cameras below (Media › Cameras makes new ones).'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.context().close();

  // In French: the operator's language (the last test of the file changes it), read at sign-in.
  await apiCall(request, setup.session, 'PUT', '/users-service-api/users/me', { meta: { language: 'fr' } });
  const french = await operatorPage(browser, `/events/conferences/edit/${conference.id}/stream`);
  await expect(main(french).getByRole('heading', { name: 'Caméras' })).toBeVisible();
  await expect(main(french).getByRole('combobox', { name: 'Ajouter une des caméras du compte' })).toBeVisible();
  await expect(main(french).getByTestId('program-empty')).toHaveText(
    'Ajoutez une caméra pour passer en direct : le programme montre la caméra à l’antenne.',
  );
  await expectNoSeriousA11yViolations(french);
  await french.context().close();
});

test('the organiser’s demo live operator opens the demo match’s stream, multicam and 360 tabs', async ({ page }) => {
  await openSignedIn(page, 'simulcaster', '/events/sports/list');
  await main(page).getByRole('link', { name: 'Summit Cup exhibition match (live)' }).click();
  const openTab = (name: string) =>
    main(page)
      .getByRole('tab', { name })
      .or(main(page).getByRole('link', { name, exact: true }))
      .first()
      .click();
  for (const tab of ['Stream', 'Multicam']) {
    await openTab(tab);
    await expect(main(page).getByText('360° courtside camera').first()).toBeVisible();
  }
  await openTab('360');
  await expect(main(page).getByRole('application', { name: /360° courtside camera/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
