import { expect, test } from '@playwright/test';
import { DEMO_NO_VIDEO_MATCH } from '@regie/contract/demo';
import { embedPaths } from '@regie/contract/embed';
import { markerPaths } from '@regie/contract/markers';
import { apiCall, apiSignIn, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations } from './support.ts';

/**
 * NO_VIDEO (issue 47.9): a match without a picture. The demo's away match, followed from the
 * feed, shows its score, its clock (full time) and its timeline beside the chat; a live data-only
 * match of the club shows its clock running, and a goal staff add through the API appears on the
 * page without a reload, in French. Axe on both pages.
 */

type Named = { data: { id: number; name: string }[] };

test('a data-only match shows its score, clock and timeline, and a new marker arrives without reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const producer = await apiSignIn(request, 'producer');
  const byName = async (path: string, name: string) => {
    const found = await apiCall<Named>(request, producer, 'GET', `${path}?search=${encodeURIComponent(name)}`);
    const row = found.data.find((candidate) => candidate.name === name);
    if (!row) throw new Error(`no ${path} named ${name}`);
    return row.id;
  };
  const pageOf = async (eventId: number) =>
    new URL((await apiCall<{ url: string }>(request, producer, 'GET', embedPaths.eventEmbed(eventId))).url).pathname;

  // The demo's data-only match: over, Harbour City 1–2 Riverside, beside its chat.
  const visitor = await browser.newContext({ locale: 'en-GB' });
  const page = await visitor.newPage();
  await page.goto(await pageOf(await byName('/main-api/events', DEMO_NO_VIDEO_MATCH.name)));
  const match = page.getByRole('region', { name: 'The match' });
  await expect(match.locator('.scoreboard')).toHaveText('Harbour City 1 – 2 Olympique Riverside FC');
  await expect(match.getByRole('timer', { name: 'Match clock' })).toHaveText('Full time');
  const timeline = match.getByRole('list', { name: 'Match timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(5);
  await expect(timeline.getByRole('listitem').first()).toHaveText("82' Goal Luca Bernardi (Olympique Riverside FC)");
  await expect(page.getByRole('heading', { name: 'Chat' })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A live data-only match of the club, kicked off 20 minutes ago, followed in French.
  const kickOff = Date.now() - 20 * 60_000;
  const event = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/events', {
    name: uniqueName('E2E data-only match'),
    state: 'live',
    startsAt: new Date(kickOff).toISOString(),
    published: true,
    homeChallengerId: await byName('/main-api/challengers', 'Olympique Riverside FC'),
    awayChallengerId: await byName('/main-api/challengers', 'Northbridge United'),
    periods: [{ period: 1, startsAt: 0 }],
    activatedModules: ['NO_VIDEO', 'EMBED', 'CHAT', 'MARKERS'],
  });
  const french = await browser.newContext({ locale: 'fr-FR' });
  const fan = await french.newPage();
  await fan.goto(await pageOf(event.id));
  const live = fan.getByRole('region', { name: 'Le match' });
  await expect(live.locator('.scoreboard')).toHaveText('Olympique Riverside FC 0 – 0 Northbridge United');
  await expect(live.getByRole('timer', { name: 'Chrono du match' })).toHaveText(/^2[01]'$/);
  await expect(live.getByText('Rien à signaler pour l’instant.')).toBeVisible();
  await expectNoSeriousA11yViolations(fan);

  // Staff mark a goal now (seconds after the kick-off: a data-only match's timeline): it arrives.
  const goal = await byName('/main-api/marker-types', 'Goal');
  await apiCall(request, producer, 'POST', markerPaths.markers(event.id), {
    eventId: event.id,
    markerTypeId: goal,
    label: 'Jordan Miles',
    timeSeconds: Math.round((Date.now() - kickOff) / 1000),
  });
  const line = live.getByRole('list', { name: 'Le fil du match' }).getByRole('listitem');
  await expect(line).toHaveCount(1, { timeout: 15_000 });
  await expect(line).toHaveText(/^2[01]' But Jordan Miles$/);
  await expect(live.getByText('Rien à signaler pour l’instant.')).toBeHidden();
  await expectNoSeriousA11yViolations(fan);
  await visitor.close();
  await french.close();
});
