import { expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './support.ts';

/** The stored session's token, as the web app keeps it (contract ui.ts STORAGE_KEYS.session). */
async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = window.localStorage.getItem('regie.session');
    return raw ? (JSON.parse(raw) as { accessToken?: string }).accessToken : undefined;
  });
  if (!token) throw new Error('no stored session');
  return token;
}

/** Revokes the session behind the browser's back: a logout through the API with its token. */
async function revokeSession(page: Page): Promise<void> {
  const token = await storedToken(page);
  const response = await page.request.delete('/users-service-api/auth/logout', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(204);
}

// Spec §8: admin payload failing with 403 and a message containing 'token' logs out and goes
// to /login?lastpath={path}. The French user checks that the French message still names it.
for (const { username, path } of [
  { username: 'editor', path: '/medias/videos/list' },
  { username: 'clipper', path: '/account/clip-skins/list' },
]) {
  test(`a revoked session sends ${username} from ${path} to /login?lastpath= on reload`, async ({ page }) => {
    await openSignedIn(page, username, path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    const token = await storedToken(page);
    await revokeSession(page);
    // What the start-up call answers the revoked token (spec §8: 403 naming the token).
    const answer = await page.request.get('/main-api/common/admin-payload', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status()).toBe(403);
    expect(((await answer.json()) as { message: string }).message).toMatch(/token/);

    // Whichever call of the reloaded page meets the dead token first ends the session.
    await page.reload();

    await expect(page).toHaveURL(`/login?lastpath=${encodeURIComponent(path)}`);
    expect(await page.evaluate(() => window.localStorage.getItem('regie.session'))).toBeNull();
    await expect(page.getByLabel(/^(Username|Identifiant)/)).toBeVisible();
  });
}
