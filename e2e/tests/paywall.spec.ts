import { expect, test } from '@playwright/test';
import { embedPaths } from '@regie/contract/embed';
import { activeDemoFan, apiCall, apiSignIn, demoReplayVideoId, playsMuted, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations } from './support.ts';

/**
 * A paid replay (issue 47.3, PAYMENT_RESTRICTION): the club's manager sells a pass for a match;
 * on its page a fan is asked to sign in, sees the pass and its price, buys it on the local
 * payment provider's page (a declined card first, then Stripe's test card), comes back to the
 * page and watches, through media signed for their session.
 */
test('a fan signs in, buys the pass on the payment page, comes back and watches', async ({ browser, request }) => {
  test.setTimeout(480_000);
  const producer = await apiSignIn(request, 'producer');
  const manager = await apiSignIn(request, 'usermanager');
  const videoId = await demoReplayVideoId(request, producer);
  const event = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/events', {
    name: uniqueName('E2E paid replay'),
    state: 'replay',
    videoId,
    published: true,
    activatedModules: ['EMBED'],
  });
  const passName = uniqueName('Final pass');
  const offer = await apiCall<{ id: number }>(request, manager, 'POST', '/main-api/payment-offers', {
    name: passName,
    description: 'The final, on replay',
    price: 799,
    currency: 'EUR',
    billingPeriod: 'one_time',
  });
  const product = await apiCall<{ id: number }>(request, manager, 'POST', '/main-api/products', {
    name: uniqueName('Final'),
  });
  await apiCall(request, manager, 'POST', `/main-api/products/${product.id}/paymentOffers`, {
    paymentOfferId: offer.id,
  });
  await apiCall(request, manager, 'POST', `/main-api/products/${product.id}/items`, {
    itemType: 'event',
    itemId: event.id,
  });
  const { url } = await apiCall<{ url: string }>(request, producer, 'GET', embedPaths.eventEmbed(event.id));
  const email = await activeDemoFan(request);

  const visitor = await browser.newContext({ locale: 'fr-FR' });
  const page = await visitor.newPage();
  await page.goto(new URL(url).pathname);
  await expect(
    page.getByText('Cette vidéo fait partie d’un pass : connectez-vous, puis achetez-le pour la regarder.'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: passName })).toBeVisible();
  await expect(page.getByText(/^7,99\s€, une fois$/)).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Signed in: the pass can be bought.
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill('regie-demo');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Cette vidéo fait partie d’un pass : achetez-le pour la regarder.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: /^Acheter pour 7,99\s€$/ }).click();

  // The local payment provider's page, in the fan's language.
  await expect(page).toHaveURL(/\/local-pay\/checkout\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Paiement' })).toBeVisible();
  await expect(page.getByText(passName)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const card = page.getByLabel('Numéro de carte');
  await card.fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Payer 7,99\s€$/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Votre carte a été refusée : aucun montant n’a été débité');
  await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
  const signed = page.waitForResponse((response) => /\.m3u8\?t=\d+\.[A-Z]{2}f\d+\./.test(response.url()));
  await page.getByRole('button', { name: /^Payer 7,99\s€$/ }).click();

  // Back on the page: it plays, through media bound to the fan's session (and country: XX here, the
  // loopback, which the demo club's geo rule lets watch).
  await expect(page).toHaveURL(new RegExp(`${new URL(url).pathname.replace(/\./g, '\\.')}$`));
  expect((await signed).status()).toBe(200);
  await playsMuted(page);
  await visitor.close();
});
