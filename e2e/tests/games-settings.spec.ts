import { expect, test } from '@playwright/test';
import { main, setSwitch } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

test('the quizmaster sets the account’s trivia and predictor settings, kept after a reload', async ({ page }) => {
  await openSignedIn(page, 'quizmaster', '/account/gamification/trivia');
  const screen = main(page);
  const size = screen.getByRole('textbox', { name: 'Fans shown in a ranking' });
  await expect(size).toHaveValue(/^\d+$/);
  await expectNoSeriousA11yViolations(page);
  const save = screen.getByRole('button', { name: 'Save the settings' });
  await expect(save).toBeDisabled();
  const before = await size.inputValue();
  const next = before === '25' ? '30' : '25';
  await size.fill(next);
  const streak = screen.getByRole('switch', { name: 'Streak bonus' });
  const streakWas = await streak.isChecked();
  await setSwitch(streak, !streakWas);
  await save.click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await expect(screen.getByRole('textbox', { name: 'Fans shown in a ranking' })).toHaveValue(next);
  expect(await screen.getByRole('switch', { name: 'Streak bonus' }).isChecked()).toBe(!streakWas);

  // Out of bounds: the field keeps to the bounds the server checks (the API test covers a refusal).
  const timer = screen.getByRole('textbox', { name: 'Time to answer (seconds)' });
  await timer.fill('2');
  await timer.blur();
  await expect(timer).toHaveValue('5');
  await screen.getByRole('button', { name: 'Save the settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await expect(screen.getByRole('textbox', { name: 'Time to answer (seconds)' })).toHaveValue('5');

  await page.goto('/account/gamification/predictor');
  await expect(screen.getByRole('textbox', { name: 'Points for the exact score' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/account/gamification/motm');
  await expect(screen.getByRole('switch', { name: 'Show the results while voting is open' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
