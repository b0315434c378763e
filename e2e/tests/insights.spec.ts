import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { embedPaths } from '@regie/contract/embed';
import { statsPaths } from '@regie/contract/stats';
import { type ApiSession, apiCall, apiSignIn, expectDashboardCharts, main } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn, signIn } from './support.ts';

/**
 * The embeddable player and what it counts: the producer embeds the demo match, a visitor in a
 * fresh browser plays it (in French), the event's stats tab and the dashboard count the play.
 */

const MATCH = 'Riverside vs Harbour City';
/** Its French name (a translation of the demo data), which the French page shows. */
const MATCH_FR = 'Riverside contre Harbour City';
const DEMO_VIDEO_SEARCH = 'training match';

interface Named {
  id: number;
  name?: string;
  title?: string;
  state?: string;
}

/** The demo video, once the encoder made it ready (it is encoded in the background at start). */
async function readyDemoVideo(request: APIRequestContext, session: ApiSession): Promise<Named> {
  let video: Named | undefined;
  await expect
    .poll(
      async () => {
        const list = await apiCall<{ data: Named[] }>(
          request,
          session,
          'GET',
          `/main-api/videos?search=${encodeURIComponent(DEMO_VIDEO_SEARCH)}`,
        );
        video = list.data[0];
        return video?.state;
      },
      { timeout: 150_000, intervals: [1_000] },
    )
    .toBe('ready');
  if (!video) throw new Error('no demo video');
  return video;
}

/** The demo match, published, with the demo video as its replay. */
async function matchWithReplay(request: APIRequestContext): Promise<{ eventId: number; producer: ApiSession }> {
  const producer = await apiSignIn(request, 'producer');
  const editor = await apiSignIn(request, 'editor');
  const video = await readyDemoVideo(request, editor);
  const events = await apiCall<{ data: Named[] }>(
    request,
    producer,
    'GET',
    `/main-api/events?search=${encodeURIComponent('Riverside')}`,
  );
  const match = events.data.find((event) => event.name === MATCH);
  if (!match) throw new Error('no demo match');
  await apiCall(request, producer, 'PUT', `/main-api/events/${match.id}`, { videoId: video.id, published: true });
  return { eventId: match.id, producer };
}

async function playsOf(request: APIRequestContext, session: ApiSession, eventId: number): Promise<number> {
  const stats = await apiCall<{ totals: { plays: number } }>(request, session, 'GET', statsPaths.eventStats(eventId));
  return stats.totals.plays;
}

/** Every text answer the page receives, to check none carries staff data. */
function recordBodies(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (/json|text|javascript|mpegurl/.test(type)) bodies.push(await response.text().catch(() => ''));
  });
  return bodies;
}

test('a visitor plays the embedded demo match in French; the stats tab and the dashboard count it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { eventId, producer } = await matchWithReplay(request);
  const before = await playsOf(request, producer, eventId);

  // The producer's stats tab: the embed code to copy, a link to the public page, and the figures.
  await openSignedIn(page, 'producer', `/events/sports/edit/${eventId}/stats`);
  const embed = main(page).getByRole('region', { name: 'Embeddable player' });
  await expect(embed.getByRole('textbox', { name: 'Embed code' })).toHaveValue(/^<iframe src="http/);
  const url = await embed.getByRole('link', { name: 'Open the player' }).getAttribute('href');
  if (!url) throw new Error('no embed link');
  const plays = main(page).getByRole('heading', { name: 'Plays', exact: true }).locator('..');
  await expect(plays).toContainText(String(before));
  await expect(main(page).locator('.recharts-surface').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A visitor: a fresh browser (no session), French by the page's lang query.
  const visitor = await browser.newContext();
  const player = await visitor.newPage();
  const bodies = recordBodies(player);
  await player.goto(`${url}?lang=fr`);
  await expect(player.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(player.getByRole('heading', { name: MATCH_FR })).toBeVisible();
  const chapters = player.getByRole('navigation', { name: 'Chapitres' });
  await expect(chapters.getByRole('button', { name: /^Aller à J\. Miles opens the scoring à 0:06$/ })).toBeVisible();
  // Every demo marker falls inside the 20 s replay: each has its mark on the timeline.
  await expect(player.getByRole('group', { name: 'Chapitres sur la ligne de temps' }).getByRole('button')).toHaveCount(
    7,
  );
  await expectNoSeriousA11yViolations(player);

  const reported = player.waitForResponse(
    (response) => response.url().endsWith('/plays') && response.request().method() === 'POST',
  );
  await player.locator('video').evaluate(async (video: HTMLVideoElement) => {
    video.muted = true;
    await video.play();
  });
  expect(await (await reported).json()).toEqual({ counted: true });
  await expect
    .poll(() => player.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime))
    .toBeGreaterThan(0);

  // Nothing of the staff reached the page: no account key, no user, no record ids beyond the token.
  // The chat's messages carry their public id (what the page resumes its event stream from and
  // hides by): the only ids a fan sees.
  const staff = [producer.accountKey, 'Camille Laurent', 'producer', 'accountId', 'AccountId', 'ownerId', '"id"'];
  const withoutMessageIds = (body: string) => body.replace(/\{"id":\d+,"nickname":/g, '{"nickname":');
  for (const body of bodies) for (const word of staff) expect(withoutMessageIds(body)).not.toContain(word);
  await visitor.close();

  // The stats tab counts the play. They are the plays of the event's videos: another spec running
  // at the same time may play the same demo replay, so the count is at least one more.
  const after = await playsOf(request, producer, eventId);
  expect(after).toBeGreaterThanOrEqual(before + 1);
  await page.reload();
  await expect(plays).toContainText(/Plays\d+/);
  const shown = Number((await plays.textContent())?.replace(/\D/g, '') ?? '0');
  expect(shown).toBeGreaterThanOrEqual(before + 1);

  // The dashboard: the demo data in charts, upcoming events linked to their screens.
  await page.goto('/dashboard/all');
  await expectDashboardCharts(page);
  await expect(main(page).getByRole('heading', { name: 'Plays', exact: true }).locator('..')).not.toContainText(
    /^Plays0$/,
  );
  await expectNoSeriousA11yViolations(page);
  await main(page).getByText('Last 7 days', { exact: true }).click();
  await expect(main(page).getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
  await expect(main(page).getByRole('region', { name: 'Jobs running now' })).toBeVisible();
});

test('an unknown player says so, in the browser’s language', async ({ browser }) => {
  const visitor = await browser.newContext({ locale: 'fr-FR' });
  const player = await visitor.newPage();
  await player.goto(embedPaths.page('events', 'bm90.aGluZw'));
  await expect(player.getByText('Ce lecteur n’existe pas.')).toBeVisible();
  await expectNoSeriousA11yViolations(player);
  await visitor.close();
});

test('the dashboard in French: numbers and dates in the user’s language', async ({ page }) => {
  await signIn(page, 'producer');
  // The interface language is the stored user's: switched for this page only, not on the server.
  await page.evaluate(() => {
    const stored = JSON.parse(window.localStorage.getItem('regie.session') ?? '{}');
    window.localStorage.setItem(
      'regie.session',
      JSON.stringify({ ...stored, meta: { ...stored.meta, language: 'fr' } }),
    );
  });
  await page.goto('/dashboard/all');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(main(page).getByRole('radio', { name: '30 derniers jours' })).toBeChecked();
  await expect(main(page).getByRole('region', { name: 'Événements par état' })).toBeVisible();
  await expect(main(page).getByText(/^Du \d{1,2} [a-zéû.]+ \d{4}/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the dashboard knows tonight: today’s and live events first, and Detail says what it will hold', async ({
  page,
  request,
}) => {
  const producer = await apiSignIn(request, 'producer');
  // Its kick-off passed without going live: the match the upcoming list used to miss. Earliest of
  // today, so that the events other tests make meanwhile (starting now) come after it.
  const name = `Tonight ${Date.now().toString(36)}`;
  await apiCall(request, producer, 'POST', '/main-api/events', {
    name,
    state: 'upcoming',
    startsAt: new Date(Date.now() - 11 * 3_600_000).toISOString(),
  });
  await signIn(page, 'producer');
  await page.goto('/dashboard/all');
  const today = main(page).getByRole('region', { name: 'Today and live' });
  const row = today.getByTestId('today-event').filter({ hasText: name });
  await expect(row.getByRole('link', { name })).toBeVisible();
  await expect(row).toContainText('Upcoming');
  await expect(row.getByLabel(`Figures of ${name}`)).toContainText('Plays0Votes0Clips made0');
  await expect(today).toContainText('No live viewer count yet');
  await expect(main(page).getByRole('region', { name: 'Upcoming events' })).not.toContainText(name);
  // The dashboard's Detail entry is disabled and says why.
  const detail = page.getByRole('navigation', { name: 'Section menu' }).getByText('Detail', { exact: true });
  await expect(detail).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Section menu' })).toContainText(
    'Coming: each event’s and each video’s figures in detail, over any period.',
  );
  await expectNoSeriousA11yViolations(page);
});
