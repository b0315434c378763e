import { expect, test } from '@playwright/test';
import {
  actFor,
  apiCall,
  apiSignIn,
  asTemporaryUser,
  DEMO_MATCH_REPLAY_TITLE,
  expectInList,
  main,
  textField,
  uniqueName,
} from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn, signIn } from './support.ts';

/** Issue 10, the spec's small print: what a person sees of §2, §4, §7 and §8. */

test('a save answered 200 with an errors field shows the server’s message and stays on the page (spec §8)', async ({
  page,
}) => {
  await openSignedIn(page, 'producer', '/account/tags/new');
  await page.route('**/main-api/tags', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await route.fulfill({ status: 200, json: { errors: [{ path: 'name', message: 'This name is reserved' }] } });
  });
  await textField(page, 'Name').fill(uniqueName('Reserved'));
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    main(page)
      .getByText(/This name is reserved/)
      .first(),
  ).toBeVisible();
  await expect(main(page).getByText('Requested', { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/\/account\/tags\/new$/);
});

test("a screen whose chunk fails to download says 'Loading chunk N failed', not the time-out (spec §8)", async ({
  page,
}) => {
  const loaded = new Set<string>();
  page.on('response', (response) => loaded.add(response.url()));
  await signIn(page, 'producer');
  // Scripts not downloaded yet are lost on the way: the next screen's chunk never arrives.
  await page.route(/\/assets\/.*\.js$/, (route) =>
    loaded.has(route.request().url()) ? route.continue() : route.abort('connectionreset'),
  );
  // A screen with a chunk of its own (the generic lists' code came with the first page).
  await page.goto('/account/competitions/list');
  const alert = page.getByRole('alert').filter({ hasText: 'Error! Component failed to load' });
  await expect(alert).toContainText(/Loading chunk [\w.-]+ failed/);
  await expect(alert).not.toContainText('Loader timed out!');
});

test('Reset brings an edit form back to the stored values and is disabled while nothing changed (spec §4)', async ({
  page,
  request,
}) => {
  const producer = await apiSignIn(request, 'producer');
  const name = uniqueName('Reset tag');
  const tag = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/tags', { name, tagType: 'theme' });
  await openSignedIn(page, 'producer', `/account/tags/edit/${tag.id}`);
  const reset = main(page).getByRole('button', { name: 'Reset', exact: true });
  await expect(textField(page, 'Name')).toHaveValue(name);
  await expect(reset).toBeDisabled();
  await textField(page, 'Name').fill(`${name} changed`);
  await expect(reset).toBeEnabled();
  await reset.click();
  await expect(textField(page, 'Name')).toHaveValue(name);
  await expect(reset).toBeDisabled();
  await expect(main(page).getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await apiCall(request, producer, 'DELETE', `/main-api/tags/${tag.id}`);
});

test('an editor attaches tags to a video with the tag-picker drawer (spec §2)', async ({ page, request }) => {
  const producer = await apiSignIn(request, 'producer');
  const editor = await apiSignIn(request, 'editor');
  const tagName = uniqueName('Header goal');
  const tag = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/tags', {
    name: tagName,
    tagType: 'action',
  });
  const video = await apiCall<{ id: number }>(request, editor, 'POST', '/main-api/videos', {
    title: uniqueName('Tagged video'),
  });

  await openSignedIn(page, 'editor', `/medias/videos/edit/${video.id}/infos`);
  await main(page).getByRole('button', { name: 'Choose tags' }).click();
  const drawer = page.getByRole('dialog', { name: 'Tags' });
  await drawer.getByRole('textbox', { name: 'Filter tags' }).fill(tagName);
  const actions = drawer.getByRole('region', { name: 'Action' });
  await expect(actions.getByLabel('1 tags')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await actions.getByRole('checkbox', { name: tagName }).check();
  await drawer.getByRole('button', { name: 'Done' }).click();
  await expect(drawer).toBeHidden();
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(main(page).getByText('Saved', { exact: true }).first()).toBeVisible();

  const stored = await apiCall<{ tags: number[] }>(request, editor, 'GET', `/main-api/videos/${video.id}`);
  expect(stored.tags).toEqual([tag.id]);
  await page.reload();
  await expect(main(page).getByText(tagName, { exact: true })).toBeVisible();
  await apiCall(request, editor, 'DELETE', `/main-api/videos/${video.id}`);
  await apiCall(request, producer, 'DELETE', `/main-api/tags/${tag.id}`);
});

test('the background worker is served at /worker/fetch.js and the CSV export goes through it (spec §7)', async ({
  page,
  request,
}) => {
  const script = await request.get('/worker/fetch.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toMatch(/javascript/);

  // The app starts its worker early (sport sprites): watch for it from the first page.
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const producer = await apiSignIn(request, 'producer');
  const name = uniqueName('Export tag');
  const tag = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/tags', { name, tagType: 'team' });
  await openSignedIn(page, 'producer', `/account/tags/list?search=${encodeURIComponent(name)}`);
  await expect(main(page).getByRole('link', { name, exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(workers.some((url) => url.endsWith('/worker/fetch.js'))).toBe(true);
  expect(file.suggestedFilename()).toMatch(/^tags-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  const csv = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${tag.id},${name},Team`);
  await apiCall(request, producer, 'DELETE', `/main-api/tags/${tag.id}`);
});

test('an admin acting for the football club sees its sport events, videos and challengers (issue 24.1)', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await actFor(page, 'riverside', 'Olympique Riverside FC');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  // Each list as the club's producer and editor see it: the demo's match, replay and opponent.
  for (const [path, name] of [
    ['/events/sports/list', 'Riverside vs Harbour City'],
    ['/medias/videos/list', DEMO_MATCH_REPLAY_TITLE],
    ['/actors/challengers/list', 'Northbridge United'],
  ] as const) {
    await page.goto(path);
    await expectInList(page, name, true);
  }
  await expectNoSeriousA11yViolations(page);
});

test('a user changes their interface language in the settings and it stays after a reload (issue 24.10)', async ({
  page,
  request,
}) => {
  // A user made for this test alone: the demo users' languages are other tests' assumptions.
  await asTemporaryUser(page, request, { language: 'en', name: 'Noor Haddad' }, async () => {
    await page.goto('/account/settings/infos');
    await main(page).getByRole('combobox', { name: 'Interface language' }).click();
    await page.getByRole('option', { name: 'French', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(main(page).getByRole('combobox', { name: 'Langue de l’interface' })).toHaveValue('Français');
    await page.reload();
    await expect(main(page).getByRole('combobox', { name: 'Langue de l’interface' })).toHaveValue('Français');
    await expectNoSeriousA11yViolations(page);
  });
});
