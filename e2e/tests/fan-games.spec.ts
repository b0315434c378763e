import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type ApiSession, apiCall, apiSignIn, fanSignUpConfirmed, main, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

/**
 * The fan games on an event, run by the quizmaster (a games writer who does not write events: the
 * edit page opens on the predictor tab): a predictor game made, predicted by fans through the fan
 * API, calculated after kick-off, its contestants exported; a MOTM vote made through the fan API
 * shows on the open motm tab without a reload.
 */

async function fanToken(request: APIRequestContext, accountKey: string): Promise<string> {
  const nickname = uniqueName('fan').replace(/\W/g, '').slice(0, 24);
  const data = { email: `${nickname}@example.com`, password: 'goal-goal-goal', nickname };
  return (await fanSignUpConfirmed(request, accountKey, data)).token;
}

async function fanCall(request: APIRequestContext, token: string, method: 'PUT' | 'POST', path: string, data: unknown) {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
}

async function challengerId(request: APIRequestContext, session: ApiSession, name: string): Promise<number> {
  const found = await apiCall<{ data: { id: number; name: string }[] }>(
    request,
    session,
    'GET',
    `/main-api/challengers?search=${encodeURIComponent(name)}`,
  );
  const row = found.data.find((challenger) => challenger.name === name);
  if (!row) throw new Error(`no challenger ${name}`);
  return row.id;
}

test('the quizmaster runs an event’s predictor (calculated, exported) and MOTM (a vote arrives live)', async ({
  page,
  request,
}) => {
  const producer = await apiSignIn(request, 'producer');
  const games = await apiSignIn(request, 'quizmaster');
  const kickOff = Date.now() + 3600_000;
  const event = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/events', {
    name: uniqueName('E2E games match'),
    published: true,
    startsAt: new Date(kickOff).toISOString(),
    endsAt: new Date(kickOff + 2 * 3600_000).toISOString(),
    homeChallengerId: await challengerId(request, producer, 'Olympique Riverside FC'),
    awayChallengerId: await challengerId(request, producer, 'Harbour City'),
    activatedModules: ['ADDON_PREDICTOR', 'ADDON_MOTM'],
  });
  const fans = [await fanToken(request, producer.accountKey), await fanToken(request, producer.accountKey)];

  // The edit page opens on the only tab of the event a predictor writer may use.
  await signIn(page, 'quizmaster');
  const editPath = `/events/sports/edit/${event.id}`;
  await page.goto(editPath);
  await expect(page).toHaveURL(new RegExp(`${editPath}/predictor$`));
  await main(page).getByRole('button', { name: 'Create the predictor game' }).click();
  await expect(main(page).getByText(/^Predictions close on /)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const predictor = await apiCall<{ data: { id: number }[] }>(
    request,
    games,
    'GET',
    `/main-api/predictor/games?eventId=${event.id}`,
  );
  const predictorId = predictor.data[0]?.id;
  await fanCall(request, fans[0] ?? '', 'PUT', `/api/fan/predictor/${predictorId}/prediction`, { home: 2, away: 1 });
  await fanCall(request, fans[1] ?? '', 'PUT', `/api/fan/predictor/${predictorId}/prediction`, { home: 0, away: 0 });

  // Kick-off passes: predictions lock, the result is entered and the points calculated.
  const started = Date.now() - 60_000;
  await apiCall(request, producer, 'PUT', `/main-api/events/${event.id}`, {
    startsAt: new Date(started).toISOString(),
    endsAt: new Date(started + 2 * 3600_000).toISOString(),
  });
  await page.reload();
  await expect(main(page).getByText(/^Predictions closed on /)).toBeVisible();
  await main(page).getByRole('textbox', { name: 'Home goals' }).fill('2');
  await main(page).getByRole('textbox', { name: 'Away goals' }).fill('1');
  await main(page).getByRole('button', { name: 'Calculate the points' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Predictions scored' })).toHaveText(
    'Predictions scored: 2 (1 exact score, 0 right result, 1 missed).',
  );
  const contestants = main(page).getByRole('region', { name: 'Contestants' });
  await expect(contestants.getByText('Fans who played: 2')).toBeVisible();
  await expect(contestants.getByRole('row').nth(1)).toContainText('2 – 1');

  const sponsors = main(page).getByRole('region', { name: 'Sponsors' });
  await sponsors.getByRole('textbox', { name: 'Name' }).fill('Riverside Savings Bank');
  await sponsors.getByRole('textbox', { name: 'Link' }).fill('https://www.example.com/bank');
  await sponsors.getByRole('button', { name: 'Add the sponsor' }).click();
  await expect(sponsors.getByRole('link', { name: 'Riverside Savings Bank' })).toBeVisible();
  const gifts = main(page).getByRole('region', { name: 'Gifts' });
  await gifts.getByRole('textbox', { name: 'Name' }).fill('Signed shirt');
  await gifts.getByRole('textbox', { name: 'To rank' }).fill('3');
  await gifts.getByRole('button', { name: 'Add the gift' }).click();
  await expect(gifts.getByText('ranks 1 to 3')).toBeVisible();
  // A gift is changed in place: the pencil loads it into the form.
  await gifts.getByRole('button', { name: 'Change Signed shirt' }).click();
  await gifts.getByRole('textbox', { name: 'To rank' }).fill('5');
  await gifts.getByRole('button', { name: 'Save the change' }).click();
  await expect(gifts.getByText('ranks 1 to 5')).toBeVisible();

  const download = page.waitForEvent('download');
  await contestants.getByRole('button', { name: 'Export as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`predictor-${predictorId}-contestants.csv`);
  const csv = await readFile((await file.path()) ?? '', 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\n')[0]).toBe('rank,fanId,nickname,email,home,away,points,predictedAt');
  expect(csv.trimEnd().split('\n')).toHaveLength(3);
  await expectNoSeriousA11yViolations(page);

  // MOTM (issue 46.5): its candidates are the players of both teams, not the clubs; voting is run
  // from the tab with Open now / Close now; a fan's vote shows live.
  const players = ['Jordan Miles', 'Théo Marchand'];
  await apiCall(request, producer, 'PATCH', `/main-api/events/${event.id}/relationships/challengers`, {
    data: await Promise.all(
      ['Olympique Riverside FC', 'Harbour City', ...players].map(async (name) => ({
        type: 'Challenger',
        id: await challengerId(request, producer, name),
      })),
    ),
  });
  await page.goto(`${editPath}/motm`);
  await main(page).getByRole('button', { name: 'Create the man-of-the-match vote' }).click();
  const results = main(page).getByRole('region', { name: 'Live results' });
  await expect(results.getByText('Votes: 0')).toBeVisible();
  await expect(results.getByRole('listitem')).toHaveCount(2);
  await expect(results.getByRole('listitem').nth(0)).toContainText('Jordan Miles');
  await expect(results.getByRole('listitem').nth(1)).toContainText('Théo Marchand');
  await expect(main(page).getByText('Voting closed', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const motm = await apiCall<{ data: { id: number }[] }>(
    request,
    games,
    'GET',
    `/main-api/motm/games?eventId=${event.id}`,
  );
  const motmId = motm.data[0]?.id;
  await main(page).getByRole('button', { name: 'Open now' }).click();
  await expect(main(page).getByText('Voting open', { exact: true })).toBeVisible();
  await expect(main(page).getByText('Voting is open', { exact: true })).toBeVisible();
  // The game's own times now hold the opening, shown as a 24-hour time (spec §5).
  await expect(main(page).getByRole('button', { name: 'Voting opens', exact: true })).toHaveText(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
  );
  // Only one player left to vote for.
  const picker = main(page).getByRole('region', { name: 'Candidates' });
  const pick = picker.getByRole('combobox', { name: 'Players fans may vote for' });
  await pick.press('Backspace');
  await pick.press('Backspace');
  await pick.fill('Marchand');
  await page.getByRole('option', { name: 'Théo Marchand' }).click();
  await picker.getByRole('button', { name: 'Save the candidates' }).click();
  await expect(results.getByRole('listitem')).toHaveCount(1);
  const marchand = await challengerId(request, producer, 'Théo Marchand');
  await fanCall(request, fans[0] ?? '', 'POST', `/api/fan/motm/${motmId}/vote`, { challengerId: marchand });
  await expect(results.getByText('Votes: 1')).toBeVisible();
  await expect(results.getByRole('listitem').filter({ hasText: 'Théo Marchand' })).toContainText('1 votes · 100 %');
  await expect(main(page).getByRole('region', { name: 'Contestants' }).getByText('Fans who played: 1')).toBeVisible();
  await main(page).getByRole('button', { name: 'Close now' }).click();
  await expect(main(page).getByText('Voting closed', { exact: true })).toBeVisible();
  const late = await request.fetch(`/api/fan/motm/${motmId}/vote`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${fans[1]}` },
    data: { challengerId: marchand },
  });
  expect(late.status()).toBe(409);
  await expectNoSeriousA11yViolations(page);
});
