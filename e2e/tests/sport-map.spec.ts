import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/** A sport's field map: draw a zone on the club's own sport, name it, save, find it again. */

test('a producer draws a zone on the field map of a club sport and finds it after a reload', async ({ page }) => {
  await openSignedIn(page, 'producer', '/account/sports/list?search=Five-a-side');
  await page.getByRole('table').getByText('Five-a-side').click();
  await expect(page).toHaveURL(/\/account\/sports\/edit\/\d+/);
  await page.getByRole('link', { name: 'Field map' }).click();
  await expect(page).toHaveURL(/\/account\/sports\/map\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Field map of Five-a-side' })).toBeVisible();

  // Drag across the left third of the field.
  const canvas = page.getByTestId('sport-map-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  await page.mouse.move(box.x + box.width * 0.05, box.y + box.height * 0.1);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.9, { steps: 5 });
  await page.mouse.up();

  const form = page.getByRole('region', { name: 'Selected zone' });
  await form.getByLabel('Name').fill('Attacking third');
  await expect(
    page.getByRole('region', { name: 'Zones' }).getByRole('button', { name: 'Attacking third' }),
  ).toBeVisible();
  await page.screenshot({ path: '.tmp/h4-sport-map.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Save the map' }).click();
  await expect(page.getByText('Requested')).toBeVisible();
  await page.reload();
  const zones = page.getByRole('region', { name: 'Zones' });
  await expect(zones.getByRole('button', { name: 'Attacking third' })).toBeVisible();
  await zones.getByRole('button', { name: 'Attacking third' }).click();
  await expect(page.getByRole('region', { name: 'Selected zone' }).getByLabel('Points')).toHaveValue(
    /^0\.0\d+,0\.1\d* /,
  );
});
