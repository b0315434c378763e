import { expect, test } from '@playwright/test';
import { apiCall, apiSignIn, main, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * The CRM adds a fan by hand and corrects their details (issue 40.5): "New fan" on the list, a
 * mistyped address refused on its field, the fan's page once added (pending, the sign-up's
 * confirmation mail in the outbox), then the fan's name and consents corrected and saved.
 */

interface FanSeen {
  email: string;
  lastName: string;
  marketingConsent: boolean;
  partnersConsent: boolean;
  confirmed: boolean;
}

test('the CRM user adds a fan by hand, who is mailed a confirmation code, then corrects their details', async ({
  page,
  request,
}) => {
  const crm = await apiSignIn(request, 'crm');
  const nickname = uniqueName('walkin').replace(/\s+/g, '').slice(0, 30);
  const email = `${nickname}@fans.test`;

  await openSignedIn(page, 'crm', '/crm/fans/list');
  await main(page).getByRole('button', { name: 'New fan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a fan by hand' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A mistyped address: refused on its field, nothing added.
  const emailField = dialog.getByRole('textbox', { name: /^Email/ });
  await emailField.fill('not-an-email');
  await dialog.getByRole('button', { name: 'Add the fan' }).click();
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');

  await emailField.fill(email);
  await dialog.getByRole('textbox', { name: /^Nickname/ }).fill(nickname);
  await dialog.getByRole('textbox', { name: /^First name/ }).fill('Élodie');
  await dialog.getByRole('checkbox', { name: 'The club’s news and offers by email' }).check();
  await dialog.getByRole('button', { name: 'Add the fan' }).click();

  await expect(page).toHaveURL(/\/crm\/fans\/edit\/\d+\/infos$/);
  await expect(page.getByText(`Fan added: a confirmation code went to ${email}`)).toBeVisible();
  await expect(main(page).getByText('Pending confirmation')).toBeVisible();
  const id = Number(/\/edit\/(\d+)\//.exec(page.url())?.[1]);

  // The sign-up's own mail, with its code.
  const admin = await apiSignIn(request, 'admin');
  const outbox = await apiCall<{ data: { subject: string; text: string }[] }>(
    request,
    admin,
    'GET',
    `/main-api/admin-tools/mail-outbox?to=${encodeURIComponent(email)}`,
  );
  expect(outbox.data[0]?.subject).toMatch(/^Confirm your sign-up at /);
  expect(outbox.data[0]?.text).toMatch(/fanc_[\w-]+/);

  // The fan's details, corrected on their page.
  await expect(main(page).getByRole('textbox', { name: /^Email/ })).toHaveValue(email);
  await expect(main(page).getByRole('checkbox', { name: 'The club’s news and offers by email' })).toBeChecked();
  await main(page)
    .getByRole('textbox', { name: /^Last name/ })
    .fill('Martin');
  await main(page).getByRole('checkbox', { name: 'Offers from the club’s partners' }).check();
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(main(page).getByText('Saved', { exact: true }).first()).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  const fan = await apiCall<FanSeen>(request, crm, 'GET', `/main-api/fans/${id}`);
  expect(fan).toEqual(
    expect.objectContaining({
      email,
      lastName: 'Martin',
      marketingConsent: true,
      partnersConsent: true,
      confirmed: false,
    }),
  );
});
