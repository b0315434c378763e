import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { actFor, actingBanner, apiCall, apiSignIn, main, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn, settleAnimations, signIn } from './support.ts';

/** Issue 24, the spec's small print, second pass: what an admin, a producer and a simulcaster see. */

test('an admin acting for Harbour Basketball Club lands on a page it may open, and back on leaving (spec §2)', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/account\/customers\/list$/);
  await actFor(page, 'harbour', 'Harbour Basketball Club');
  // The club's observers hold read_only alone: no landing rule matches, the admin's settings are
  // hidden: the first page of the menu they may open, the club's audit trail (which an acting
  // administrator reads whatever the account's roles).
  await expect(page).toHaveURL(/\/account\/audit$/);
  await expect(page).not.toHaveURL(/notauthorized/);
  await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
  await expect(page.getByText('Access denied')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Exit account' }).click();
  await expect(page).toHaveURL(/\/account\/customers\/list$/);
  await expect(actingBanner(page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('edit pages opened without a tab open on their first tab (spec §2)', async ({ page, request }) => {
  const simulcaster = await apiSignIn(request, 'simulcaster');
  const list = (provider: string) =>
    apiCall<{ data: { id: number }[] }>(request, simulcaster, 'GET', `/main-api/simulcasts?provider=${provider}`);
  const [local] = (await list('local')).data;
  const [cloud] = (await list('aws')).data;
  if (!local || !cloud) throw new Error('the demo simulcasts are missing');

  await signIn(page, 'simulcaster');
  for (const path of [`/events/simulcasts/edit/${local.id}`, `/events/aws-simulcasts/edit/${cloud.id}`]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}/info$`));
    await expect(page.getByRole('tab', { name: 'Info', selected: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'List' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'New' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  }
});

test('a fan opened without a tab opens on Information (spec §2)', async ({ page, request }) => {
  const crm = await apiSignIn(request, 'crm');
  const fans = await apiCall<{ data: { id: number }[] }>(request, crm, 'GET', '/main-api/fans?limit=1');
  const fan = fans.data[0];
  if (!fan) throw new Error('the demo fans are missing');
  await openSignedIn(page, 'crm', `/crm/fans/edit/${fan.id}`);
  await expect(page).toHaveURL(new RegExp(`/crm/fans/edit/${fan.id}/infos$`));
  await expect(page.getByRole('tab', { name: 'Information', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'List' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the fans’ tags have their words in the tags list (spec §2)', async ({ page }) => {
  await openSignedIn(page, 'producer', '/account/tags/list?search=Newsletter');
  const row = main(page).getByRole('row', { name: /Newsletter/ });
  await expect(row.getByRole('cell', { name: 'Fan', exact: true })).toBeVisible();
  await expect(page.getByText(/Missing key/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the platform admin acting for the club sees each tag’s account in the tag picker (spec §2)', async ({
  page,
  request,
}) => {
  const editor = await apiSignIn(request, 'editor');
  const video = await apiCall<{ id: number }>(request, editor, 'POST', '/main-api/videos', {
    title: uniqueName('Tag picker video'),
  });
  await signIn(page, 'admin');
  await actFor(page, 'riverside', 'Olympique Riverside FC');
  await page.goto(`/medias/videos/edit/${video.id}/infos`);
  await main(page).getByRole('button', { name: 'Choose tags' }).click();
  const drawer = page.getByRole('dialog', { name: 'Tags' });
  const fanTags = drawer.getByRole('region', { name: 'Fan' });
  await expect(fanTags.getByText('Newsletter')).toBeVisible();
  await expect(fanTags.getByText('· Olympique Riverside FC').first()).toBeVisible();
  await expect(drawer.getByText(/Missing key/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await apiCall(request, editor, 'DELETE', `/main-api/videos/${video.id}`);
});

test('the dashboard passes axe with no violation at all: contrast and heading order (spec §2)', async ({ page }) => {
  await signIn(page, 'producer');
  await expect(page).toHaveURL(/\/dashboard\/all$/);
  await expect(main(page).getByRole('heading', { name: 'Fans', level: 2 })).toBeVisible();
  await expect(
    main(page)
      .getByText(/previous period/)
      .first(),
  ).toBeVisible();
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.length }))).toEqual([]);
});
