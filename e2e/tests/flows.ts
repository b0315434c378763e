import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';
import { fanPaths } from '@regie/contract/fans';
import { DEMO_PASSWORD, openSignedIn, signIn } from './support.ts';

/**
 * Helpers of the resource flows: unique names (tests share one database and run in any order),
 * the API for set-up and clean-up (never for what a test checks), the generic form's controls.
 */

let counter = 0;

/** A name no other test or run uses: `E2E tag k3x9a1`. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 5)}`;
}

export interface ApiSession {
  accessToken: string;
  accountKey: string;
}

/** Signs in through the API (one successful attempt: demo users are never locked out). */
export async function apiSignIn(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const response = await request.post('/users-service-api/auth/login', { data: { username, password } });
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiSession & { AccountId: number };
}

export async function apiCall<T>(
  request: APIRequestContext,
  session: ApiSession,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${session.accessToken}`, 'x-account-key': session.accountKey },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** The main area, where the screens are (not the menus). */
export function main(page: Page): Locator {
  return page.getByRole('main');
}

/** A text field of the edit form, by its exact label. */
export function textField(page: Page, label: string | RegExp): Locator {
  return main(page).getByRole('textbox', { name: label, exact: typeof label === 'string' });
}

/** Picks an option of a select (Mantine's combobox). */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await main(page).getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Turns a switch (Mantine's: a zero-sized input under its drawn track) on or off from the keyboard,
 * as a keyboard user would, and waits until it shows that state. A forced mouse click on the
 * hidden input landed on whatever covered its point (a notification of the previous save, in CI)
 * and left the switch as it was.
 */
export async function setSwitch(control: Locator, checked: boolean): Promise<void> {
  if ((await control.isChecked()) !== checked) {
    await control.focus();
    await control.press('Space');
  }
  await expect(control).toBeChecked({ checked });
}

/**
 * What a form's save says once done (issue 46.7, web resources/save-notice.ts): saved, made, or
 * published / unpublished, in English.
 */
export const SAVED_NOTICE = /^(Saved|Created|“.+” created|(“.+” |Saved and )(un)?published: fans .+)$/;
/** The same in French. */
export const SAVED_NOTICE_FR =
  /^(Enregistré|Création enregistrée|Création de « .+ » enregistrée|.+ : (plus )?visible des fans)$/;

/** Saves the form and waits for its success notification. */
export async function save(
  page: Page,
  labels: { save: string; done: string | RegExp } = { save: 'Save', done: SAVED_NOTICE },
): Promise<void> {
  await main(page).getByRole('button', { name: labels.save, exact: true }).click();
  await expect(main(page).getByText(labels.done, { exact: true }).first()).toBeVisible();
}

/** Deletes the record on screen, confirms, and waits for the list. */
export async function deleteRecord(
  page: Page,
  listPath: RegExp,
  labels = { delete: 'Delete', dialog: 'Delete this item?' },
): Promise<void> {
  await main(page).getByRole('button', { name: labels.delete, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: labels.dialog });
  await dialog.getByRole('button', { name: labels.delete, exact: true }).click();
  await expect(page).toHaveURL(listPath);
}

/** Searches a list and expects `name` to be there, or gone ('Nothing matches your search'). */
export async function expectInList(
  page: Page,
  name: string,
  present: boolean,
  labels = { search: 'Search', noMatch: 'Nothing matches your search' },
) {
  await main(page).getByRole('searchbox', { name: labels.search }).fill(name);
  await expect(page).toHaveURL(/[?&]search=/);
  if (present) await expect(main(page).getByRole('link', { name, exact: true })).toBeVisible();
  else await expect(main(page).getByText(labels.noMatch)).toBeVisible();
}

/*
 * The event and conference workspaces' steps, shared by their specs (markers, insights,
 * conferences, event-flow): the demo replays (encoded when the server starts), the player, the
 * markers editor, the skins, the chapters editor.
 */

/** How long the demo replays and the clips may take to encode (2 shared cores in CI). */
export const READY_TIMEOUT_MS = 150_000;
export const DEMO_MATCH = 'Riverside vs Harbour City';
/** The demo match's replay video (seed/video.seed.ts). */
export const DEMO_MATCH_REPLAY_TITLE = 'Riverside FC — training match (demo)';
/** The organiser's demo keynote video: the demo conference's replay. */
export const DEMO_KEYNOTE_TITLE = 'Streaming Summit opening keynote (demo)';

/** The demo match's replay video, once it plays (it is encoded at start-up): its id. */
export async function demoReplayVideoId(request: APIRequestContext, session: ApiSession): Promise<number> {
  const list = await apiCall<{ data: { id: number; name: string }[] }>(
    request,
    session,
    'GET',
    `/main-api/events?search=${encodeURIComponent(DEMO_MATCH)}`,
  );
  const match = list.data.find((event) => event.name === DEMO_MATCH);
  if (!match) throw new Error('no demo match');
  let videoId = 0;
  await expect
    .poll(
      async () => {
        const replay = await apiCall<{ video: { id: number; playback: unknown } | null }>(
          request,
          session,
          'GET',
          `/main-api/events/${match.id}/replay`,
        );
        videoId = replay.video?.playback ? replay.video.id : 0;
        return videoId;
      },
      { timeout: READY_TIMEOUT_MS, intervals: [1_000] },
    )
    .toBeGreaterThan(0);
  return videoId;
}

/** A page of its own browser context (its own session), signed in as `username`, at `path`. */
export async function signedInPage(browser: Browser, username: string, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, username, path);
  return page;
}

/** A search field of Mantine (a combobox, or a text box depending on its kind), by its label. */
export function searchField(page: Page, label: string): Locator {
  return main(page)
    .getByRole('combobox', { name: label, exact: true })
    .or(main(page).getByRole('textbox', { name: label, exact: true }))
    .first();
}

/** Picks a record in a reference field by typing part of its name. */
export async function pickReference(page: Page, label: string, typed: string, option: string | RegExp): Promise<void> {
  const field = searchField(page, label);
  await field.click();
  await field.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** Plays the embed page's video muted (a browser plays sound only after a gesture) and waits for it to move. */
export async function playsMuted(page: Page): Promise<void> {
  const video = page.getByRole('main').locator('video');
  await expect(video).toBeVisible();
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => currentTime(video), { timeout: 30_000 }).toBeGreaterThan(0.5);
}

/**
 * The email of one of the club's active demo fans (password regie-demo), read in its CRM. Only
 * the seed's (`@fans.example`): the newest fans may be other tests' (added by hand, no password).
 */
export async function activeDemoFan(request: APIRequestContext): Promise<string> {
  const crm = await apiSignIn(request, 'crm');
  const query = new URLSearchParams({ status: 'active', search: '@fans.example', limit: '1' });
  const fans = await apiCall<{ data: { email: string }[] }>(request, crm, 'GET', `${fanPaths.list}?${query}`);
  const email = fans.data[0]?.email;
  if (!email) throw new Error('the club has no active demo fan');
  return email;
}

export function currentTime(video: Locator): Promise<number> {
  return video.evaluate((element) => (element as HTMLVideoElement).currentTime);
}

/** Moves the screen's first player to `seconds` and waits for the seek to land. */
export async function seekTo(page: Page, seconds: number): Promise<void> {
  const video = main(page).locator('video').first();
  await video.evaluate((element, at) => {
    (element as HTMLVideoElement).currentTime = at;
  }, seconds);
  await expect.poll(() => currentTime(video)).toBeCloseTo(seconds, 0);
}

/** The markers editor's list rows, by time. */
export function markerRows(page: Page): Locator {
  return main(page).getByRole('list', { name: 'Markers of the event, by time' }).getByRole('listitem');
}

/** A still image made by ffmpeg (an overlay for a skin), as PNG bytes. */
async function overlayPng(): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), 'regie-e2e-overlay-'));
  try {
    const file = join(folder, 'overlay.png');
    await promisify(execFile)('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'color=c=blue@0.8:s=64x32,format=rgba', '-frames:v', '1', file],
    ]);
    return await readFile(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A clip skin with an overlay image (uploaded), named `name`, in the session's account. */
export async function skinWithOverlay(request: APIRequestContext, session: ApiSession, name: string): Promise<void> {
  const image = await request.post('/main-api/uploads/images?kind=skin', {
    headers: { Authorization: `Bearer ${session.accessToken}`, 'x-account-key': session.accountKey },
    multipart: { kind: 'skin', file: { name: 'overlay.png', mimeType: 'image/png', buffer: await overlayPng() } },
  });
  expect(image.ok(), await image.text()).toBe(true);
  const { key } = (await image.json()) as { key: string };
  await apiCall(request, session, 'POST', '/main-api/clip-skins', {
    name,
    overlayKey: key,
    overlayPosition: 'top-left',
  });
}

/** Opens a clip of a clip queue in its player, plays it, and waits for it to move. */
export async function playQueuedClip(clip: Locator, name: string | RegExp): Promise<void> {
  await clip.getByRole('button', { name: typeof name === 'string' ? `Play the clip ${name}` : name }).click();
  const player = clip.getByRole('group', { name: /^Player: / });
  await player.getByRole('button', { name: 'Play (k)' }).click();
  await expect.poll(() => currentTime(player.locator('video')), { timeout: 20_000 }).toBeGreaterThan(0.3);
}

/**
 * A signed-in platform admin acts for an account (issue 26): picks it in the selector below the
 * sub-menu, gives a reason in the dialog, and waits for the banner that says so.
 */
export async function actFor(
  page: Page,
  typed: string,
  account: string,
  { reason = 'E2E: checking the account', readOnly = false }: { reason?: string; readOnly?: boolean } = {},
): Promise<void> {
  const selector = page.getByRole('combobox', { name: 'Select an account' }).or(page.getByLabel('Select an account'));
  await selector.first().fill(typed);
  await page.getByRole('option', { name: account }).click();
  const dialog = page.getByRole('dialog', { name: `Act for ${account}` });
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill(reason);
  if (readOnly) await dialog.getByRole('checkbox', { name: 'Read only' }).check();
  await dialog.getByRole('button', { name: 'Act for the account' }).click();
  await expect(actingBanner(page)).toContainText(`You are acting for ${account}.`);
}

/** The banner every page shows while a platform admin acts for an account. */
export function actingBanner(page: Page): Locator {
  return page.getByRole('region', { name: 'Acting for an account' });
}

/** The platform admin acting for the demo organiser (Summit Live Events). */
export async function actForOrganiser(page: Page): Promise<void> {
  await signIn(page, 'admin');
  await actFor(page, 'summit', 'Summit Live Events');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

/** A signed-in platform admin starts acting for the demo club (Olympique Riverside FC). */
export async function actForClub(page: Page): Promise<void> {
  await actFor(page, 'riv', 'Olympique Riverside FC');
}

/** Adds a chapter with N where the player stands, types its title, Enter: back to the player. */
export async function chapterAt(page: Page, player: Locator, title: string): Promise<void> {
  await player.focus();
  await page.keyboard.press('n');
  const titleField = main(page)
    .getByRole('textbox', { name: /^Title of chapter \d+$/ })
    .and(page.locator(':focus'));
  await expect(titleField).toBeVisible();
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await expect(player).toBeFocused();
}

/** The dashboard (/dashboard/all, on screen) draws its charts from the account's data. */
export async function expectDashboardCharts(page: Page): Promise<void> {
  await expect(
    main(page).getByRole('region', { name: 'Activity over time' }).locator('.recharts-surface'),
  ).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'Events by state' }).locator('.recharts-surface')).toBeVisible();
}

/** Waits until the organiser's demo keynote is ready, as the clipper's clip sources show it. */
export async function waitForDemoKeynote(request: APIRequestContext): Promise<void> {
  const session = await apiSignIn(request, 'clipper');
  await expect
    .poll(
      async () => {
        const sources = await apiCall<{ data: { title: string }[] }>(
          request,
          session,
          'GET',
          '/main-api/clips/sources?search=Streaming',
        );
        return sources.data.map((source) => source.title);
      },
      { timeout: READY_TIMEOUT_MS, intervals: [1_000] },
    )
    .toContain(DEMO_KEYNOTE_TITLE);
}

/**
 * A user of the demo club made for one test alone, in a group of the club (e.g. `Production`) and
 * with the interface language it needs: the demo users' own settings are every other test's
 * assumptions (a demo producer switched to French made a parallel test's dashboard French).
 * Signs it in on `page` and deletes it after `work`, whatever happens.
 */
export async function asTemporaryUser(
  page: Page,
  request: APIRequestContext,
  options: { group?: string; language: 'en' | 'fr'; name: string },
  work: (user: { login: string; password: string }) => Promise<void>,
): Promise<void> {
  const manager = await apiSignIn(request, 'usermanager');
  let groups: number[] = [];
  if (options.group) {
    const found = await apiCall<{ data: { id: number; name: string }[] }>(
      request,
      manager,
      'GET',
      `/users-service-api/groups?search=${encodeURIComponent(options.group)}`,
    );
    const group = found.data.find((candidate) => candidate.name === options.group);
    if (!group) throw new Error(`no demo group ${options.group}`);
    groups = [group.id];
  }
  const login = uniqueName('e2e.user').toLowerCase().replace(/\s+/g, '.');
  const password = 'e2e-secret-passphrase';
  const user = await apiCall<{ id: number }>(request, manager, 'POST', '/users-service-api/users', {
    username: login,
    name: options.name,
    password,
    meta: { language: options.language },
    groups,
  });
  try {
    await signIn(page, login, password);
    await expect(page.locator('html')).toHaveAttribute('lang', options.language);
    await work({ login, password });
  } finally {
    await apiCall(request, manager, 'DELETE', `/users-service-api/users/${user.id}`);
  }
}

/**
 * A fan signed up through the public fan API and confirmed with the code of their mail, read in
 * the local outbox (the e2e server has no SMTP_URL) as the platform admin: their first session.
 */
export async function fanSignUpConfirmed(
  request: APIRequestContext,
  accountKey: string,
  data: { email: string; password: string; nickname: string; [field: string]: unknown },
): Promise<{ token: string; fan: { id: number } }> {
  const headers = { 'x-account-key': accountKey };
  const signup = await request.post('/api/fan/signup', { headers, data });
  expect(signup.status(), await signup.text()).toBe(202);
  const admin = await apiSignIn(request, 'admin');
  const to = encodeURIComponent(data.email.toLowerCase());
  const outbox = await apiCall<{ data: { text: string }[] }>(
    request,
    admin,
    'GET',
    `/main-api/admin-tools/mail-outbox?to=${to}`,
  );
  const token = /fanc_[\w-]+/.exec(outbox.data[0]?.text ?? '')?.[0];
  expect(token, `a confirmation code mailed to ${data.email}`).toBeTruthy();
  const confirmed = await request.post('/api/fan/confirm', { headers, data: { token } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return (await confirmed.json()) as { token: string; fan: { id: number } };
}
