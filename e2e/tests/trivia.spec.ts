import { expect, type Page, test } from '@playwright/test';
import { main, save, textField, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

async function addQuestion(page: Page, text: string) {
  await main(page).getByRole('button', { name: 'Add a question' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Question' }).fill(text);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

const order = (page: Page) =>
  main(page).getByRole('region', { name: 'Order of the questions' }).getByRole('listitem').allInnerTexts();

/** The order panel lists these questions, in this order. */
const expectOrder = (page: Page, texts: readonly string[]) =>
  expect.poll(() => order(page)).toEqual(texts.map((text) => expect.stringContaining(text)));

test('the quizmaster builds a quiz, its questions and answers, and reorders them by drag and drop', async ({
  page,
}) => {
  await signIn(page, 'quizmaster');
  await page.goto('/trivia/quizzes/list');
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

  // Drag the third question onto the first one's place, once the list stopped refreshing.
  await page.waitForLoadState('networkidle');
  const region = main(page).getByRole('region', { name: 'Order of the questions' });
  await region.getByRole('listitem').nth(2).dragTo(region.getByRole('listitem').nth(0));
  await expectOrder(page, ['Who was booked?', 'Who scored first?', 'How many corners?']);
  // The same with the keyboard: the arrows.
  await page.waitForLoadState('networkidle');
  await region.getByRole('button', { name: 'Move “How many corners?” up' }).click();
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
  await dialog.getByRole('switch', { name: 'Correct' }).click({ force: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole('cell', { name: 'The captain', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
