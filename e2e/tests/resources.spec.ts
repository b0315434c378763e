import { expect, type Page, test } from '@playwright/test';
import { choose, deleteRecord, expectInList, main, save, textField, uniqueName } from './flows.ts';
import { signIn } from './support.ts';

/**
 * The generic list and edit screens, the way a person uses them: create a record, change it,
 * translate it, find it in the list, delete it. Every test makes its own records.
 */

interface Flow {
  base: string;
  prefix: string;
  heading: string;
  /** Fills the fields besides the name on the creation page. */
  fill?: (page: Page) => Promise<void>;
}

async function createEditTranslateDelete(page: Page, flow: Flow) {
  const name = uniqueName(flow.prefix);
  const renamed = `${name} v2`;
  // An edit page with tabs opens on its first one.
  const edit = new RegExp(`${flow.base}/edit/\\d+(/[a-z-]+)?$`);

  await page.goto(`${flow.base}/list`);
  await main(page).getByRole('link', { name: 'New', exact: true }).click();
  await expect(page).toHaveURL(`${flow.base}/new`);
  await expect(main(page).getByRole('heading', { name: flow.heading })).toBeVisible();
  await textField(page, 'Name').fill(name);
  await flow.fill?.(page);
  await save(page);
  await expect(page).toHaveURL(edit);
  await expect(main(page).getByRole('heading', { name, exact: true, level: 1 })).toBeVisible();

  await textField(page, 'Name').fill(renamed);
  await save(page);
  await expect(main(page).getByRole('heading', { name: renamed, exact: true, level: 1 })).toBeVisible();

  const translations = main(page).getByRole('region', { name: 'Translations' });
  await translations.getByText('French', { exact: true }).click();
  await translations.getByRole('textbox', { name: 'Name (FR)' }).fill(`${renamed} (fr)`);
  await translations.getByRole('button', { name: 'Save the translation' }).click();
  await expect(translations.getByRole('radio', { name: /French.*translated/ })).toBeAttached();
  await page.reload();
  await main(page).getByRole('region', { name: 'Translations' }).getByText('French', { exact: true }).click();
  await expect(main(page).getByRole('textbox', { name: 'Name (FR)' })).toHaveValue(`${renamed} (fr)`);

  await page.goto(`${flow.base}/list`);
  await expectInList(page, renamed, true);
  await main(page).getByRole('link', { name: renamed, exact: true }).click();
  await expect(page).toHaveURL(edit);
  await deleteRecord(page, new RegExp(`${flow.base}/list`));
  await expectInList(page, renamed, false);
}

test('a producer creates, edits, translates and deletes a tag', async ({ page }) => {
  await signIn(page, 'producer');
  await createEditTranslateDelete(page, {
    base: '/account/tags',
    prefix: 'E2E tag',
    heading: 'New tag',
    fill: (form) => choose(form, 'Type', 'Player'),
  });
});

test('a producer creates, edits, translates and deletes a sport of the club', async ({ page }) => {
  await signIn(page, 'producer');
  await createEditTranslateDelete(page, {
    base: '/account/sports',
    prefix: 'E2E sport',
    heading: 'New sport',
    fill: (form) => choose(form, 'Icon sprite file', 'Rugby'),
  });
});

test('a payments manager creates, edits, translates and deletes a product', async ({ page }) => {
  await signIn(page, 'usermanager');
  await createEditTranslateDelete(page, { base: '/account/products', prefix: 'E2E product', heading: 'New product' });
});

test('a video editor creates, edits, translates and deletes a category', async ({ page }) => {
  await signIn(page, 'editor');
  await createEditTranslateDelete(page, {
    base: '/account/categories',
    prefix: 'E2E category',
    heading: 'New category',
  });
});
