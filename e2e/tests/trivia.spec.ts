import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  type ApiSession,
  apiCall,
  apiSignIn,
  fanSignUpConfirmed,
  main,
  save,
  setSwitch,
  textField,
  uniqueName,
} from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

async function addQuestion(page: Page, text: string) {
  await main(page).getByRole('button', { name: 'Add a question' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Question' }).fill(text);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // Saved once the questions' table above the order shows it: that table growing by a row after
  // the drag began would move the order list under the mouse.
  await expect(
    main(page).getByRole('region', { name: 'Questions' }).getByRole('cell', { name: text, exact: true }),
  ).toBeVisible();
}

const order = (page: Page) =>
  main(page).getByRole('region', { name: 'Order of the questions' }).getByRole('listitem').allInnerTexts();

/** The order panel lists these questions, in this order. */
const expectOrder = (page: Page, texts: readonly string[]) =>
  expect.poll(() => order(page)).toEqual(texts.map((text) => expect.stringContaining(text)));

test('the quizmaster builds a quiz, its questions and answers, and reorders them by drag and drop', async ({
  page,
}) => {
  await openSignedIn(page, 'quizmaster', '/trivia/quizzes/list');
  await expectNoSeriousA11yViolations(page);
  // The list is empty at first: its call to action and the toolbar's both lead to the form.
  await main(page).getByRole('link', { name: 'New', exact: true }).first().click();
  const name = uniqueName('Derby quiz');
  await textField(page, 'Name').fill(name);
  await save(page);
  await expect(page).toHaveURL(/\/trivia\/quizzes\/edit\/\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  for (const text of ['Who scored first?', 'How many corners?', 'Who was booked?']) await addQuestion(page, text);
  await expectOrder(page, ['Who scored first?', 'How many corners?', 'Who was booked?']);
  await expectNoSeriousA11yViolations(page);

  // Drag the third question onto the first one's place: the drag's events as the browser fires
  // them (dragstart on the question, dragenter, dragover and drop on the place, dragend). A
  // mouse-driven dragTo lost its drop now and then on a loaded machine (Playwright guesses whether
  // a mouse move started a native drag: microsoft/playwright#38796, owncloud/web#12325).
  const region = main(page).getByRole('region', { name: 'Order of the questions' });
  const [source, target] = [region.getByRole('listitem').nth(2), region.getByRole('listitem').nth(0)];
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await source.dispatchEvent('dragstart', { dataTransfer });
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
  await source.dispatchEvent('dragend', { dataTransfer });
  await expectOrder(page, ['Who was booked?', 'Who scored first?', 'How many corners?']);
  // The same with the keyboard: the arrows, usable again once the move is saved.
  const up = region.getByRole('button', { name: 'Move “How many corners?” up' });
  await expect(up).toBeEnabled();
  await up.click();
  await expectOrder(page, ['Who was booked?', 'How many corners?', 'Who scored first?']);
  // Kept after a reload.
  await page.reload();
  await expectOrder(page, ['Who was booked?', 'How many corners?', 'Who scored first?']);

  // Answers of a question.
  await main(page)
    .getByRole('button', { name: /Show or hide what .*Who was booked\?/ })
    .click();
  await main(page).getByRole('button', { name: 'Add an answer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Answer' }).fill('The captain');
  await setSwitch(dialog.getByRole('switch', { name: 'Correct' }), true);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole('cell', { name: 'The captain', exact: true })).toBeVisible();

  // The quiz's sponsor, changed once added, and a gift for the podium.
  const sponsors = main(page).getByRole('region', { name: 'Sponsors' });
  await sponsors.getByRole('textbox', { name: 'Name' }).fill('Harbour Brewery');
  await sponsors.getByRole('button', { name: 'Add the sponsor' }).click();
  await expect(sponsors.getByRole('listitem').filter({ hasText: 'Harbour Brewery' })).toBeVisible();
  await sponsors.getByRole('button', { name: 'Change Harbour Brewery' }).click();
  await sponsors.getByRole('textbox', { name: 'Name' }).fill('Harbour Brewery & Sons');
  await sponsors.getByRole('textbox', { name: 'Link' }).fill('https://www.example.com/brewery');
  await sponsors.getByRole('button', { name: 'Save the change' }).click();
  await expect(sponsors.getByRole('link', { name: 'Harbour Brewery & Sons' })).toBeVisible();
  const gifts = main(page).getByRole('region', { name: 'Gifts' });
  await gifts.getByRole('textbox', { name: 'Name' }).fill('Match tickets');
  await gifts.getByRole('textbox', { name: 'To rank' }).fill('3');
  await gifts.getByRole('button', { name: 'Add the gift' }).click();
  await expect(gifts.getByText('ranks 1 to 3')).toBeVisible();
  await page.reload();
  await expect(main(page).getByRole('region', { name: 'Sponsors' }).getByRole('listitem')).toHaveText(
    'Harbour Brewery & Sons ',
  );
  await expectNoSeriousA11yViolations(page);
});

interface Built {
  id: number;
  questions: { id: number; right: number; wrong: number }[];
}

/** A published quiz, open since yesterday, with two questions of two answers each. */
async function publishedQuiz(request: APIRequestContext, session: ApiSession, name: string): Promise<Built> {
  const quiz = await apiCall<{ id: number }>(request, session, 'POST', '/main-api/quizzes', {
    name,
    published: true,
    startsAt: new Date(Date.now() - 86_400_000).toISOString(),
  });
  const questions: Built['questions'] = [];
  for (const [position, text] of ['Who scored first?', 'How many corners?'].entries()) {
    const question = await apiCall<{ id: number }>(request, session, 'POST', `/main-api/quizzes/${quiz.id}/questions`, {
      text,
      position,
    });
    const answers = `/main-api/questions/${question.id}/answers`;
    const right = await apiCall<{ id: number }>(request, session, 'POST', answers, { text: 'Right', correct: true });
    const wrong = await apiCall<{ id: number }>(request, session, 'POST', answers, { text: 'Wrong', position: 1 });
    questions.push({ id: question.id, right: right.id, wrong: wrong.id });
  }
  return { id: quiz.id, questions };
}

/** A fan signs up on the account and answers every question: right where `picks` says so. */
async function fanPlays(
  request: APIRequestContext,
  accountKey: string,
  quiz: Built,
  nickname: string,
  picks: boolean[],
) {
  const data = { email: `${nickname}@fans.example`, password: 'quiz-quiz-quiz', nickname };
  const { token } = await fanSignUpConfirmed(request, accountKey, data);
  const headers = { authorization: `Bearer ${token}`, 'x-account-key': accountKey };
  for (const [index, question] of quiz.questions.entries()) {
    const shown = await request.post(`/api/fan/trivia/quizzes/${quiz.id}/next`, { headers });
    expect(((await shown.json()) as { question: { id: number } }).question.id).toBe(question.id);
    const answered = await request.post(`/api/fan/trivia/quizzes/${quiz.id}/answers`, {
      headers,
      data: { questionId: question.id, answerId: picks[index] ? question.right : question.wrong },
    });
    expect(answered.status(), await answered.text()).toBe(200);
  }
}

test('fans answer a quiz through the fan API; the quizmaster reads its ranking, exports it and browses the rankings', async ({
  page,
  request,
}) => {
  const session = await apiSignIn(request, 'quizmaster');
  const quiz = await publishedQuiz(request, session, uniqueName('Ranking quiz'));
  const stamp = Date.now().toString(36);
  const [best, second] = [`ace${stamp}`, `rookie${stamp}`];
  await fanPlays(request, session.accountKey, quiz, best, [true, true]);
  await fanPlays(request, session.accountKey, quiz, second, [false, true]);

  await openSignedIn(page, 'quizmaster', `/trivia/quizzes/edit/${quiz.id}`);
  await main(page)
    .getByRole('tab', { name: 'Ranking' })
    .or(main(page).getByRole('link', { name: 'Ranking' }))
    .first()
    .click();
  await expect(main(page).getByText('2 fans played this quiz')).toBeVisible();
  const rows = main(page).getByRole('table', { name: 'Ranking' }).getByRole('row');
  await expect(rows.nth(1)).toContainText(best);
  await expect(rows.nth(1)).toContainText('1');
  await expect(rows.nth(2)).toContainText(second);
  await expectNoSeriousA11yViolations(page);

  // A third fan plays while the quizmaster watches: the ranking is pushed to the screen, not polled.
  const late = `late${stamp}`;
  await fanPlays(request, session.accountKey, quiz, late, [false, false]);
  await expect(main(page).getByText('3 fans played this quiz')).toBeVisible();
  await expect(rows.nth(3)).toContainText(late);

  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Export as CSV' }).click();
  const lines = (await readFile(await (await download).path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('rank,fanId,nickname,email,firstName,lastName,score,quizzes,correct,answeringSeconds');
  expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual([best, second, late]);

  // The rankings screen: all time, this week, and the week before (nobody played then).
  await page.goto('/trivia/rankings/list');
  await expect(main(page).getByRole('table', { name: 'All time' })).toContainText(best);
  await main(page).getByText('Week', { exact: true }).click();
  await expect(main(page).getByText(/^Week of /)).toBeVisible();
  await expect(main(page).getByRole('table', { name: 'Week' })).toContainText(second);
  await expectNoSeriousA11yViolations(page);
  await main(page).getByRole('button', { name: 'Previous week' }).click();
  await expect(page).toHaveURL(/kind=week&date=/);
  await expect(main(page).getByText('No fan has played yet.')).toBeVisible();
});
