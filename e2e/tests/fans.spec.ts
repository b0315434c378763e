import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiSignIn, choose, fanSignUpConfirmed, main, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * The fans CRM (crm/fans, crm/fanProfiles): a fan signs up through the public fan API, the CRM
 * user finds them with the list's filter, exports the list, opens the fan, goes through the
 * tabs and blocks them; the fan's sign-in is then refused. Fan profiles with a live count.
 */

const FAN_PASSWORD = 'goal-goal-goal';

function fanSignUp(request: APIRequestContext, accountKey: string, email: string, nickname: string) {
  const data = { email, password: FAN_PASSWORD, nickname, firstName: 'Zélie', lastName: 'Test' };
  return fanSignUpConfirmed(request, accountKey, data);
}

function fanSignIn(request: APIRequestContext, accountKey: string, email: string) {
  return request.post('/api/fan/signin', {
    headers: { 'x-account-key': accountKey },
    data: { email, password: FAN_PASSWORD },
  });
}

async function openTab(page: Page, name: string): Promise<void> {
  await main(page)
    .getByRole('tab', { name })
    .or(main(page).getByRole('link', { name, exact: true }))
    .first()
    .click();
}

test('the CRM user finds a fan, exports the list, goes through their tabs and blocks them', async ({
  page,
  request,
}) => {
  const session = await apiSignIn(request, 'crm');
  const nickname = uniqueName('e2efan').replace(/\s+/g, '').slice(0, 30);
  const email = `${nickname}@fans.test`;
  const fan = await fanSignUp(request, session.accountKey, email, nickname);
  const played = await request.post('/api/fan/plays', {
    headers: { authorization: `Bearer ${fan.token}` },
    data: { eventId: 999_999_999 },
  });
  expect(played.status()).toBe(404);

  await openSignedIn(page, 'crm', '/crm/fans/list');
  // The club has 30 000 demo fans: the list stops counting at 10 000.
  await expect(main(page).getByText('Fans matching: more than 10,000', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('table', { name: 'Fans' })).toBeVisible();
  // A fan's status is readable: its badge's text is not drawn in its background's colour (it was,
  // green on green, and axe did not see it).
  // Any active fan's row: the newest fan may be pending (a fan the CRM adds by hand, in another test).
  const status = main(page)
    .getByRole('table', { name: 'Fans' })
    .locator('tbody tr')
    .filter({ hasText: 'Active' })
    .first()
    .getByText('Active');
  const [text, background] = await status.evaluate((label) => {
    const badge = label.closest('.mantine-Badge-root') ?? label;
    return [getComputedStyle(label).color, getComputedStyle(badge).backgroundColor];
  });
  expect(text).not.toBe(background);
  // A bulk action counts them all before asking (and nothing changes when the answer is no).
  // Answered as it opens: while the browser's confirm is up the page is blocked, so a click still
  // under way would wait for it forever.
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    });
  });
  await main(page).getByRole('button', { name: 'Unblock all', exact: true }).click();
  expect(await asked).toMatch(/^Unblock the [1-9]\d{4,} fans matching, on every page\?$/);
  await expectNoSeriousA11yViolations(page);

  await main(page).getByRole('textbox', { name: 'Search' }).fill(email);
  await main(page).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]search=/);
  await expect(main(page).getByText('Fans matching: 1', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('link', { name: nickname })).toBeVisible();

  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Export as CSV' }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
  expect(lines[0]).toBe('id,email,nickname,firstName,lastName,country,language,isBlocked,createdAt,lastActiveAt');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^${fan.fan.id},${email},${nickname},Zélie,Test,,en,false,`));

  await main(page).getByRole('link', { name: nickname }).click();
  await expect(page).toHaveURL(new RegExp(`/crm/fans/edit/${fan.fan.id}/infos$`));
  // The fan's details are a form now (issue 40.5): the email is the Email field's value.
  await expect(main(page).getByRole('textbox', { name: /^Email/ })).toHaveValue(email);
  await expectNoSeriousA11yViolations(page);
  for (const [tab, shows] of [
    ['Tags', 'Tag'],
    ['Sessions', 'Sessions: 1'],
    ['Activities', 'Signed up'],
    ['Products', 'This fan has bought nothing yet.'],
  ] as const) {
    await openTab(page, tab);
    await expect(main(page).getByText(shows, { exact: true }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }

  await openTab(page, 'Information');
  await main(page).getByRole('button', { name: 'Block this fan' }).click();
  await expect(main(page).getByRole('button', { name: 'Unblock this fan' })).toBeVisible();
  const refused = await fanSignIn(request, session.accountKey, email);
  expect(refused.status()).toBe(403);
  expect((await request.get('/api/fan/me', { headers: { authorization: `Bearer ${fan.token}` } })).status()).toBe(403);

  // The Status filter: not among the active fans, listed among the blocked ones.
  await page.goto(`/crm/fans/list?search=${encodeURIComponent(email)}`);
  await expect(main(page).getByRole('link', { name: nickname })).toBeVisible();
  await choose(page, 'Status', 'Active');
  await expect(page).toHaveURL(/status=active/);
  await expect(main(page).getByRole('link', { name: nickname })).toHaveCount(0);
  await choose(page, 'Status', 'Blocked');
  await expect(page).toHaveURL(/status=blocked/);
  await expect(main(page).getByRole('link', { name: nickname })).toBeVisible();
  await expect(main(page).getByRole('cell', { name: 'Blocked' })).toBeVisible();
});

test('the CRM user makes a fan profile from rules and sees its live count', async ({ page }) => {
  await openSignedIn(page, 'crm', '/crm/fanProfiles/list');
  await expect(main(page).getByRole('link', { name: 'Season ticket holders' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await main(page).getByRole('link', { name: 'New profile' }).click();
  await expect(page).toHaveURL(/\/crm\/fanProfiles\/new$/);
  await expect(main(page).getByText('No rule: only fans added by hand.')).toBeVisible();
  const name = uniqueName('Loyal fans');
  await main(page).getByRole('textbox', { name: 'Name' }).fill(name);
  await main(page)
    .getByRole('textbox', { name: /Active in the last days/ })
    .fill('30');
  await expect(main(page).getByText(/^Fans matching these rules now: [1-9]\d*$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await main(page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/crm\/fanProfiles\/edit\/\d+$/);
  await expect(main(page).getByText(/^Fans in the profile now: [1-9]\d*$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  page.once('dialog', (dialog) => dialog.accept());
  await main(page).getByRole('button', { name: 'Delete this profile' }).click();
  await expect(page).toHaveURL(/\/crm\/fanProfiles\/list$/);
  await expect(main(page).getByRole('link', { name })).toHaveCount(0);
});
