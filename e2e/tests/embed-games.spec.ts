import { expect, test } from '@playwright/test';
import { embedPaths } from '@regie/contract/embed';
import { gamePaths } from '@regie/contract/games';
import { activeDemoFan, apiCall, apiSignIn, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations } from './support.ts';

/**
 * A fan votes for the man of the match on the embed page (embed-games.ts): the club's match runs
 * an open vote, the fan (one of the club's demo fans) signs in on the page's Games panel, votes
 * once and is thanked, all without leaving the page. Axe on the panel signed out and after the vote.
 */
test('a fan signs in on the embed page and votes for the man of the match', async ({ browser, request }) => {
  const producer = await apiSignIn(request, 'producer');
  const quizmaster = await apiSignIn(request, 'quizmaster');
  // The man of the match is one of the players the match lists (issue 46.5), the clubs aside.
  const named = async (name: string) => {
    const found = await apiCall<{ data: { id: number; name: string }[] }>(
      request,
      producer,
      'GET',
      `/main-api/challengers?search=${encodeURIComponent(name)}`,
    );
    const challenger = found.data.find((row) => row.name === name);
    if (!challenger) throw new Error(`the club has no challenger ${name}`);
    return challenger;
  };
  const [homeClub, awayClub, home, away] = await Promise.all(
    ['Olympique Riverside FC', 'Harbour City', 'Jordan Miles', 'Théo Marchand'].map(named),
  );
  const event = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/events', {
    name: uniqueName('E2E vote match'),
    state: 'upcoming',
    startsAt: new Date(Date.now() + 3600_000).toISOString(),
    published: true,
    homeChallengerId: homeClub?.id,
    awayChallengerId: awayClub?.id,
    // The club offers the embed switch (EMBED): the match turns it on.
    activatedModules: ['ADDON_MOTM', 'EMBED'],
  });
  await apiCall(request, producer, 'PATCH', `/main-api/events/${event.id}/relationships/challengers`, {
    data: [homeClub, awayClub, home, away].map((challenger) => ({ type: 'Challenger', id: challenger?.id })),
  });
  if (!home || !away) throw new Error('the club has no players');
  await apiCall(request, quizmaster, 'POST', gamePaths('motm').list, {
    eventId: event.id,
    opensAt: new Date(Date.now() - 60_000).toISOString(),
    closesAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
  });
  const { url } = await apiCall<{ url: string }>(request, producer, 'GET', embedPaths.eventEmbed(event.id));
  // One of the club's demo fans (password regie-demo), an active one.
  const email = await activeDemoFan(request);

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(new URL(url).pathname);
  const games = page.locator('details.games');
  await expect(games.getByText('Sign in to play.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await games.getByLabel('Email').fill(email);
  await games.getByLabel('Password').fill('regie-demo');
  await games.getByRole('button', { name: 'Sign in' }).click();

  const choices = games.getByRole('group', { name: 'Your man of the match' });
  await expect(choices.getByRole('radio')).toHaveCount(2);
  await choices.getByRole('radio', { name: home.name }).check();
  await games.getByRole('button', { name: 'Vote' }).click();
  await expect(games.getByText('Thanks, your vote is counted.')).toBeVisible();
  await expect(games.getByText(`Your vote: ${home.name}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The session is kept: on the next visit the fan is still signed in and sees their vote.
  await page.reload();
  await expect(page.locator('details.games').getByText(`Your vote: ${home.name}`)).toBeVisible();
  await visitor.close();
});
