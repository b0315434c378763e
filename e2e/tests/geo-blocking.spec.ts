import { type Browser, expect, test } from '@playwright/test';
import { embedPaths } from '@regie/contract/embed';
import { apiCall, apiSignIn, main, playsMuted, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * Geo blocking (issue 47.1): the club's manager sees where its fans may watch on the Playback
 * settings tab and adds a country; a viewer in Germany opening the club's player is told, in
 * their language, that the video is not available in their country, while a viewer in France
 * plays it with media signed for France. The test plays the load balancer: the server trusts
 * X-Forwarded-For from the loopback (playwright.config.ts), each viewer's browser names its address.
 */

const FROM = { germany: '85.214.0.1', france: '90.84.0.1' } as const;

async function viewer(browser: Browser, address: string, locale: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address }, locale });
  return context.newPage();
}

test('the club says where its fans may watch, and a viewer elsewhere is told why', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  await openSignedIn(page, 'usermanager', '/account/settings/playback');
  const section = main(page).getByRole('region', { name: 'Geo blocking' });
  await expect(section.getByRole('radio', { name: 'Only in the countries listed' })).toBeChecked();
  await expect(section.getByText('Belgium (BE)')).toBeVisible();
  await expect(section.getByText('France (FR)')).toBeVisible();
  await expect(section.getByText(/Countries from the GeoLite2 database of \w+/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Luxembourg joins the countries allowed.
  const countries = section.getByRole('combobox', { name: 'Countries allowed' });
  await countries.fill('Luxem');
  await page.getByRole('option', { name: 'Luxembourg (LU)' }).click();
  await expect(section.getByText('Luxembourg (LU)')).toBeVisible();
  // The list stays open for more countries: closed before the form is sent.
  await countries.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Playback settings saved')).toBeVisible();
  await page.reload();
  await expect(main(page).getByText('Luxembourg (LU)')).toBeVisible();

  // A page of the club's replay: an event of its own on the demo match's video, once encoded.
  const producer = await apiSignIn(request, 'producer');
  const editor = await apiSignIn(request, 'editor');
  let videoId: number | null = null;
  await expect
    .poll(
      async () => {
        const found = await apiCall<{ data: { videoId: number | null }[] }>(
          request,
          producer,
          'GET',
          `/main-api/events?search=${encodeURIComponent('Riverside vs Harbour City')}`,
        );
        const id = found.data[0]?.videoId ?? null;
        if (id === null) return null;
        const video = await apiCall<{ state: string }>(request, editor, 'GET', `/main-api/videos/${id}`);
        videoId = video.state === 'ready' ? id : null;
        return videoId;
      },
      { timeout: 360_000, intervals: [2_000] },
    )
    .not.toBeNull();
  const event = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/events', {
    name: uniqueName('E2E geo replay'),
    state: 'replay',
    videoId,
    published: true,
    activatedModules: ['EMBED'],
  });
  const { url } = await apiCall<{ url: string }>(request, producer, 'GET', embedPaths.eventEmbed(event.id));
  const path = new URL(url).pathname;

  // In Germany: refused, said in French to a French-speaking viewer, and nothing to play.
  const germany = await viewer(browser, FROM.germany, 'fr-FR');
  const refused = await germany.goto(path);
  expect(refused?.status()).toBe(451);
  await expect(germany.getByText('Cette vidéo n’est pas disponible dans votre pays.')).toBeVisible();
  await expect(germany.locator('video')).toHaveCount(0);
  await expectNoSeriousA11yViolations(germany);

  // In France: the replay plays, its media signed for France.
  const france = await viewer(browser, FROM.france, 'en-GB');
  const signed = france.waitForResponse((response) => /\.m3u8\?t=\d+\.FR\./.test(response.url()));
  await france.goto(path);
  expect((await signed).status()).toBe(200);
  await playsMuted(france);
});
