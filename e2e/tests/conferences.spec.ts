import { expect, test } from '@playwright/test';
import {
  actForOrganiser,
  chapterAt,
  currentTime,
  DEMO_KEYNOTE_TITLE,
  main,
  READY_TIMEOUT_MS,
  searchField,
  textField,
  uniqueName,
  waitForDemoKeynote,
} from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * Conferences in a browser: a platform admin acting for the event organiser (whose groups hold
 * conf_player_write and the clip roles) creates a conference on the demo keynote's replay, orders
 * its speakers, drops chapters with the keyboard on the player, exports them, and cuts a clip from
 * a chapter that then plays; the organiser's clipper (clip_only, in French) finds the conference
 * on /clipping/conference. The demo keynote's replay is generated and encoded when the server starts.
 */

const REPLAY_TITLE = DEMO_KEYNOTE_TITLE;
const name = uniqueName('E2E conference');
/** The conference made by the first test, for the second (serial: same worker, same module). */
let conferencePath = '';

test.describe.configure({ mode: 'serial' });

test('a conference producer makes a conference, its speakers and chapters, exports them and clips a chapter', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await waitForDemoKeynote(page.request);
  await actForOrganiser(page);

  await page.goto('/events/conferences/list');
  await expect(main(page).getByRole('link', { name: 'Streaming Summit 2026 — opening keynote' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await main(page).getByRole('link', { name: 'New', exact: true }).click();
  await expect(page).toHaveURL(/\/events\/conferences\/new/);
  await textField(page, 'Name').fill(name);
  await textField(page, 'Venue').fill('Room 2');
  const replay = searchField(page, 'Replay video');
  await replay.click();
  await replay.fill('Streaming');
  await page.getByRole('option', { name: new RegExp(REPLAY_TITLE.replace(/[()]/g, '\\$&')) }).click();
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/events\/conferences\/edit\/\d+\/info$/);
  conferencePath = new URL(page.url()).pathname.replace(/\/info$/, '');

  // Speakers, in order.
  const speakers = main(page).getByRole('region', { name: 'Speakers' });
  for (const speaker of ['Jonathan Reyes', 'Amara Nwosu']) {
    await searchField(page, 'Add a speaker').click();
    await page.getByRole('option', { name: speaker }).click();
  }
  await speakers.getByRole('button', { name: 'Move Amara Nwosu up' }).click();
  await speakers.getByRole('button', { name: 'Save speakers' }).click();
  await expect(main(page).getByText('Speakers saved').first()).toBeVisible();
  await page.reload();
  await expect(main(page).getByTestId('conference-speaker')).toHaveText([/1\. Amara Nwosu/, /2\. Jonathan Reyes/], {
    timeout: 30_000,
  });
  await expectNoSeriousA11yViolations(page);

  // Chapters with the keyboard on the player.
  await page.goto(`${conferencePath}/chapters`);
  const player = main(page).getByRole('group', { name: `Player: ${REPLAY_TITLE}` });
  const video = player.locator('video');
  await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).duration)).toBeGreaterThan(20);
  await chapterAt(page, player, 'Welcome');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => currentTime(video)).toBeCloseTo(10, 0);
  await chapterAt(page, player, 'Keynote');
  const chapters = main(page).getByRole('list', { name: 'Chapters, by start' });
  await expect(chapters.getByRole('textbox', { name: 'Title of chapter 1', exact: true })).toHaveValue('Welcome');
  await expect(chapters.getByRole('textbox', { name: 'Title of chapter 2', exact: true })).toHaveValue('Keynote');
  await expect(main(page).getByRole('button', { name: 'Play chapter 2 from 0:10' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Export: WebVTT, CSV and the description.
  await main(page).getByRole('button', { name: 'Export chapters' }).click();
  const vtt = await main(page).getByRole('textbox', { name: 'WebVTT chapters' }).inputValue();
  expect(vtt).toMatch(
    /^WEBVTT\n\n1\n00:00:00\.000 --> 00:00:10\.000\nWelcome\n\n2\n00:00:10\.000 --> 00:00:30\.\d{3}\nKeynote\n$/,
  );
  await main(page).getByRole('tab', { name: 'Description with timestamps' }).click();
  await expect(main(page).getByRole('textbox', { name: 'Description with timestamps' })).toHaveValue(
    '00:00 Welcome\n00:10 Keynote',
  );

  // A clip from the first chapter, cut, encoded, played.
  await page.goto(`${conferencePath}/clip`);
  await main(page).getByRole('button', { name: 'Clip chapter 1: Welcome' }).click();
  const clip = main(page).getByRole('region', { name: 'Clips of the conference' }).getByRole('listitem').first();
  await expect(clip.getByText(`${name} – Welcome`)).toBeVisible();
  await expect(clip.getByText('Ready', { exact: true })).toBeVisible({ timeout: READY_TIMEOUT_MS });
  await clip.getByRole('button', { name: `Play the clip ${name} – Welcome` }).click();
  const clipPlayer = clip.getByRole('group', { name: `Player: ${name} – Welcome` });
  await clipPlayer.getByRole('button', { name: 'Play (k)' }).click();
  await expect.poll(() => currentTime(clipPlayer.locator('video')), { timeout: 20_000 }).toBeGreaterThan(0.5);
});

test('a clipper (clip_only, in French) clips a conference from /clipping/conference and sees only its clip tab', async ({
  page,
}) => {
  await openSignedIn(page, 'clipper', '/clipping/conference');
  await searchField(page, 'Conférence').fill('Streaming Summit');
  await page.getByRole('option', { name: /Streaming Summit 2026/ }).click();
  await expect(page).toHaveURL(/[?&]conference=\d+/);
  const player = main(page).getByRole('group', { name: `Lecteur : ${REPLAY_TITLE}` });
  await expect(player).toBeVisible();
  await expect(main(page).getByRole('button', { name: /^Découper le chapitre 1 : / })).toBeVisible();
  // I and O on the player set the range.
  await player.focus();
  await page.keyboard.press('i');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('o');
  await expect(main(page).getByRole('textbox', { name: 'Fin (secondes)' })).toHaveValue('5');
  await expectNoSeriousA11yViolations(page);

  if (!conferencePath) return;
  // The edit page opens on the only tab a clipper may use.
  await page.goto(conferencePath);
  await expect(page).toHaveURL(new RegExp(`${conferencePath}/clip$`));
  await expect(main(page).getByRole('heading', { name: 'Découper un clip de la conférence' })).toBeVisible();
});
