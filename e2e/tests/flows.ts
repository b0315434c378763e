import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support.ts';

/**
 * Helpers of the resource flows: unique names (tests share one database and run in any order),
 * the API for set-up and clean-up (never for what a test checks), the generic form's controls.
 */

let counter = 0;

/** A name no other test or run uses: `E2E tag k3x9a1`. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 5)}`;
}

export interface ApiSession {
  accessToken: string;
  accountKey: string;
}

/** Signs in through the API (one successful attempt: demo users are never locked out). */
export async function apiSignIn(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const response = await request.post('/users-service-api/auth/login', { data: { username, password } });
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiSession & { AccountId: number };
}

export async function apiCall<T>(
  request: APIRequestContext,
  session: ApiSession,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${session.accessToken}`, 'x-account-key': session.accountKey },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** The main area, where the screens are (not the menus). */
export function main(page: Page): Locator {
  return page.getByRole('main');
}

/** A text field of the edit form, by its exact label. */
export function textField(page: Page, label: string | RegExp): Locator {
  return main(page).getByRole('textbox', { name: label, exact: typeof label === 'string' });
}

/** Picks an option of a select (Mantine's combobox). */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await main(page).getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Saves the form and waits for the spec §8 success notification. */
export async function save(page: Page, labels = { save: 'Save', done: 'Requested' }): Promise<void> {
  await main(page).getByRole('button', { name: labels.save, exact: true }).click();
  await expect(main(page).getByText(labels.done, { exact: true }).first()).toBeVisible();
}

/** Deletes the record on screen, confirms, and waits for the list. */
export async function deleteRecord(
  page: Page,
  listPath: RegExp,
  labels = { delete: 'Delete', dialog: 'Delete this item?' },
): Promise<void> {
  await main(page).getByRole('button', { name: labels.delete, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: labels.dialog });
  await dialog.getByRole('button', { name: labels.delete, exact: true }).click();
  await expect(page).toHaveURL(listPath);
}

/** Searches a list and expects `name` to be there, or gone ('Nothing matches your search'). */
export async function expectInList(
  page: Page,
  name: string,
  present: boolean,
  labels = { search: 'Search', noMatch: 'Nothing matches your search' },
) {
  await main(page).getByRole('searchbox', { name: labels.search }).fill(name);
  await expect(page).toHaveURL(/[?&]search=/);
  if (present) await expect(main(page).getByRole('link', { name, exact: true })).toBeVisible();
  else await expect(main(page).getByText(labels.noMatch)).toBeVisible();
}
