import { expect, test } from '@playwright/test';
import {
  asTemporaryUser,
  choose,
  deleteRecord,
  expectInList,
  main,
  SAVED_NOTICE_FR,
  save,
  textField,
  uniqueName,
} from './flows.ts';
import { openSignedIn, signIn } from './support.ts';

/** Usernames: lowercase letters, digits and . _ @ + - (contract users.ts). */
const username = (prefix: string) => uniqueName(prefix).toLowerCase().replace(/\s+/g, '.');
const PASSWORD = 'e2e-secret-passphrase';

test('a user manager creates a user with a password, who can then sign in; renames and deletes them', async ({
  page,
  browser,
}, testInfo) => {
  const login = username('e2e.user');
  const name = uniqueName('Ada Lovelace');
  await openSignedIn(page, 'usermanager', '/account/users/list');
  await main(page).getByRole('link', { name: 'New', exact: true }).click();
  await expect(main(page).getByRole('heading', { name: 'New user' })).toBeVisible();
  await expect(main(page).getByRole('textbox', { name: 'Access level' })).toHaveCount(0);

  await textField(page, 'Username').fill(login);
  await textField(page, 'Name').fill(name);
  const password = main(page).getByLabel(/^Password/);
  await password.fill(PASSWORD);
  await expect(password).toHaveAttribute('type', 'password');
  await main(page).getByRole('button', { name: 'Show the characters' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await choose(page, 'Language', 'French');
  await main(page).getByRole('combobox', { name: 'Groups' }).click();
  await page.getByRole('option', { name: 'Media', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(main(page).getByText(/Roles given: .*Videos \(write\)/)).toBeVisible();
  await save(page);
  await expect(page).toHaveURL(/\/account\/users\/edit\/\d+$/);
  const editUrl = page.url();
  await expect(main(page).getByText('Leave empty to keep the current one')).toBeVisible();
  await expect(main(page).getByLabel(/^Password/)).toHaveValue('');

  // The new user signs in with that password, and gets the back-office in French.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const other = await context.newPage();
  await signIn(other, login, PASSWORD);
  await expect(other.locator('html')).toHaveAttribute('lang', 'fr');
  await context.close();

  await page.goto(editUrl);
  await textField(page, 'Name').fill(`${name} (renamed)`);
  await save(page);
  await expect(main(page).getByRole('heading', { name: `${name} (renamed)`, level: 1 })).toBeVisible();
  await deleteRecord(page, /\/account\/users\/list/);
  await expectInList(page, login, false);
});

test('a user manager creates a group from the roles the account may use, then deletes it', async ({ page }) => {
  const name = uniqueName('E2E group');
  await openSignedIn(page, 'usermanager', '/account/users/list');
  const groups = main(page).getByRole('region', { name: 'Groups' });
  await groups.getByRole('link', { name: 'New group' }).click();
  await expect(page).toHaveURL('/account/users/group/new');
  await textField(page, 'Name').fill(name);
  // The club has no WARREN module (the news): its groups cannot give use_news.
  await expect(main(page).getByRole('checkbox', { name: /^News/ })).toHaveCount(0);
  await expect(main(page).getByRole('checkbox', { name: /Customer accounts \(admin\)/ })).toHaveCount(0);
  await main(page)
    .getByRole('checkbox', { name: /^Trivia/ })
    .check();
  await main(page)
    .getByRole('checkbox', { name: /^Read only/ })
    .check();
  await save(page);
  await expect(page).toHaveURL(/\/account\/users\/group\/\d+$/);
  await expect(main(page).getByRole('checkbox', { name: /^Trivia/ })).toBeChecked();

  await page.goto('/account/users/list');
  const row = main(page)
    .getByRole('region', { name: 'Groups' })
    .getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Trivia');
  await expect(row).toContainText('Read only');
  await row.getByRole('link', { name }).click();
  await deleteRecord(page, /\/account\/users\/list/);
  await expect(main(page).getByRole('region', { name: 'Groups' }).getByRole('link', { name })).toHaveCount(0);
});

test('a French-speaking producer goes through a whole tag flow in French', async ({ page, request }) => {
  // A producer of the club whose interface language is French, made for this test alone.
  await asTemporaryUser(page, request, { group: 'Production', language: 'fr', name: 'Éloïse Fournier' }, async () => {
    const tag = uniqueName('Tag e2e');
    await page.goto('/account/tags/list');
    await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible();
    await main(page).getByRole('link', { name: 'Créer', exact: true }).click();
    await expect(main(page).getByRole('heading', { name: 'Nouveau tag' })).toBeVisible();
    await textField(page, 'Nom').fill(tag);
    await choose(page, 'Type', 'Joueur');
    await save(page, { save: 'Enregistrer', done: SAVED_NOTICE_FR });
    await expect(page).toHaveURL(/\/account\/tags\/edit\/\d+$/);
    await expect(main(page).getByRole('combobox', { name: 'Type' })).toHaveValue('Joueur');

    const translations = main(page).getByRole('region', { name: 'Traductions' });
    await translations.getByText('Anglais', { exact: true }).click();
    await translations.getByRole('textbox', { name: 'Nom (EN)' }).fill(`${tag} (en)`);
    await translations.getByRole('button', { name: 'Enregistrer la traduction' }).click();
    await expect(translations.getByRole('radio', { name: /Anglais.*traduit/ })).toBeAttached();

    await deleteRecord(page, /\/account\/tags\/list/, { delete: 'Supprimer', dialog: 'Supprimer cet élément ?' });
    await expectInList(page, tag, false, {
      search: 'Rechercher',
      noMatch: 'Aucun élément ne correspond à votre recherche',
    });
  });
});
