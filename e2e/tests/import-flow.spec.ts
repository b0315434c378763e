import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  actForClub,
  apiCall,
  apiSignIn,
  demoReplayVideoId,
  main,
  markerRows,
  playQueuedClip,
  READY_TIMEOUT_MS,
} from './flows.ts';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

/**
 * Issue 25 end to end: a producer imports next season's fixtures (openfootball, previewed first),
 * an admin acting for the club generates their events, the producer imports one match's events
 * (StatsBomb) into its event: the markers are on the timeline, and the club's rule on the feed's
 * goals (demo: 'Goals from the data feed') has clipped each goal, which plays.
 */

const SEASON_NAME = '2027-2028';
const HOME = 'Olympique Riverside FC';
const AWAY = 'Northbridge United';
/** Next season's opening day, hand-made here in football.json's shape. */
const SEASON = {
  name: `Riverside League ${SEASON_NAME}`,
  matches: [
    { round: 'Matchday 1', date: '2027-08-14', time: '15:00', team1: HOME, team2: AWAY, ground: 'Riverside Park' },
    {
      round: 'Matchday 1',
      date: '2027-08-14',
      time: '17:30',
      team1: 'Harbour City',
      team2: 'Castleton Albion',
      ground: 'Harbour Stadium',
    },
  ],
};
/** The demo's hand-made events file: the match's first 20 seconds, two goals among four events. */
const MATCH_FILE = join(
  import.meta.dirname,
  '../../packages/server/src/seed/feeds/riverside-northbridge.statsbomb.json',
);

/** The import screen: a file for `provider`, previewed; answers the preview's region. */
async function previewImport(page: Page, provider: RegExp, file: { name: string; buffer: Buffer }) {
  await page.goto('/data-import/ipfl');
  const screen = main(page);
  await screen.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: provider }).click();
  await screen.locator('input[type=file]').setInputFiles({ ...file, mimeType: 'application/json' });
  return screen;
}

test('fixtures imported with a preview, their events generated, a match’s events imported: markers on the timeline, the rule’s clip plays', async ({
  page,
  request,
}) => {
  // Three jobs behind the demo videos' encodes, then a clip to encode, on a shared machine.
  test.setTimeout(READY_TIMEOUT_MS + 420_000);

  // 1. The fixtures: previewed (names matched, the new season to create), then imported.
  await signIn(page, 'producer');
  let screen = await previewImport(page, /^openfootball/, {
    name: 'riverside-2027-2028.json',
    buffer: Buffer.from(JSON.stringify(SEASON)),
  });
  await screen.getByRole('button', { name: 'Preview' }).click();
  const preview = screen.getByTestId('import-preview');
  await expect(preview.getByTestId('count-fixtures')).toHaveText('2');
  await expect(preview.getByTestId('count-teams')).toHaveText('4');
  await expect(preview.getByRole('row', { name: new RegExp(`${HOME} – ${AWAY}`) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screen.getByRole('button', { name: 'Import' }).click();
  const report = screen.getByTestId('import-report');
  await expect(report).toBeVisible({ timeout: 180_000 });
  // Created the first time, unchanged when the test runs again on the same data.
  await expect(report.getByRole('row', { name: /^Fixtures/ }).getByRole('cell')).toHaveText([
    'Fixtures',
    /^(2|0)$/,
    '0',
    /^(0|2)$/,
  ]);
  await expect(report.getByText('No row was refused.')).toBeVisible();

  // 2. Their events: an admin acting for the club generates them from the imported fixtures.
  const admin = await page.context().browser()?.newContext();
  if (!admin) throw new Error('no browser');
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin');
  await actForClub(adminPage);
  await adminPage.goto('/admin-tools/generate-events');
  const form = main(adminPage).getByRole('region', { name: 'Generate a season’s events' });
  await form.getByLabel('Competition', { exact: true }).click();
  await adminPage.getByRole('option', { name: 'Riverside League' }).click();
  await form.getByLabel('Season', { exact: true }).click();
  await adminPage.getByRole('option', { name: SEASON_NAME }).click();
  await form.getByRole('radio', { name: /^Imported fixtures/ }).check();
  await form.getByRole('button', { name: 'Preview' }).click();
  const planned = main(adminPage).getByRole('region', { name: 'Preview: nothing is written yet' });
  // A header row and the two fixtures.
  await expect(planned.getByRole('row')).toHaveCount(3);
  await form.getByRole('button', { name: 'Generate' }).click();
  const generated = main(adminPage).getByRole('region', { name: 'Generated' });
  await expect(generated.getByRole('row')).toHaveCount(3);
  await expect(generated.getByRole('cell', { name: AWAY })).toBeVisible();
  await admin.close();

  // The generated match, recorded: its replay and first-half kick-off (the match clock's own
  // screen is match-clock.spec's) set through the API.
  const session = await apiSignIn(request, 'producer');
  const listed = await apiCall<{ data: { id: number; name: string; startsAt: string }[] }>(
    request,
    session,
    'GET',
    `/main-api/events?search=${encodeURIComponent(`${HOME} – ${AWAY}`)}&limit=50`,
  );
  const match = listed.data.find((event) => event.startsAt.startsWith('2027-08-14'));
  if (!match) throw new Error(`the generated match is not listed: ${JSON.stringify(listed.data)}`);
  await apiCall(request, session, 'PUT', `/main-api/events/${match.id}`, {
    videoId: await demoReplayVideoId(request, session),
    periods: [{ period: 1, startsAt: 0.5 }],
  });

  // 3. The match's events: StatsBomb, into that event (its date tells it from last season's).
  screen = await previewImport(page, /^StatsBomb/, { name: 'match.json', buffer: await readFile(MATCH_FILE) });
  await screen.getByRole('combobox', { name: 'Event of the match' }).fill(HOME);
  await page.getByRole('option', { name: new RegExp(`^${HOME} – ${AWAY} \\(.*2027\\)$`) }).click();
  await screen.getByRole('button', { name: 'Preview' }).click();
  await expect(screen.getByTestId('import-preview').getByTestId('count-matchEvents')).not.toHaveText('0');
  await expectNoSeriousA11yViolations(page);
  await screen.getByRole('button', { name: 'Import' }).click();
  const markersReport = screen.getByTestId('import-report');
  await expect(markersReport).toBeVisible({ timeout: 180_000 });
  await expect(markersReport.getByRole('row', { name: /^Markers/ }).getByRole('cell')).toHaveText([
    'Markers',
    /^(4|0)$/,
    '0',
    /^(0|4)$/,
  ]);

  // 4. The markers, on the timeline and in the list, where the match clock put them.
  await page.goto(`/events/sports/edit/${match.id}/markers`);
  const timeline = main(page).getByRole('group', { name: 'Markers timeline' });
  await expect(timeline.getByRole('button', { name: /^Goal: / })).toHaveCount(2);
  await expect(timeline.getByRole('button', { name: /^Goal: Jordan Miles at 0:05/ })).toBeVisible();
  await expect(markerRows(page)).toHaveCount(4);
  await expectNoSeriousA11yViolations(page);

  // 5. The rule's clips: one per goal, among the event's clips; the first plays once ready.
  await page.goto(`/events/sports/edit/${match.id}/clip`);
  const clips = main(page).getByRole('region', { name: 'Clips of the event' }).getByRole('listitem');
  await expect(clips).toHaveCount(2, { timeout: 60_000 });
  const goal = clips.filter({ hasText: 'Goal: Jordan Miles' });
  await expect(goal.getByText('Ready')).toBeVisible({ timeout: READY_TIMEOUT_MS });
  await playQueuedClip(goal, /^Play the clip/);
});
