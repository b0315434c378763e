import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiCall, apiSignIn, main, READY_TIMEOUT_MS } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * Issue 42: the demo match's goal clip rendered in 9:16 by the club's editor, its automatic framing
 * corrected with the keyboard (the window moved, a keyframe set), saved and rendered again: the
 * rendition follows the corrected framing and plays.
 */

const GOAL_CLIP = 'J. Miles opens the scoring';

test('an editor renders the goal clip in 9:16 and corrects its framing', async ({ page, request }) => {
  test.setTimeout(READY_TIMEOUT_MS + 120_000);
  const session = await apiSignIn(request, 'editor');
  let clipId = 0;
  // The demo clips are cut and encoded at start-up.
  await expect
    .poll(
      async () => {
        const list = await apiCall<{ data: { id: number; title: string; state: string }[] }>(
          request,
          session,
          'GET',
          `/main-api/videos?search=${encodeURIComponent(GOAL_CLIP)}`,
        );
        const clip = list.data.find((video) => video.title.includes(GOAL_CLIP) && video.state === 'ready');
        clipId = clip?.id ?? 0;
        return clipId;
      },
      { timeout: READY_TIMEOUT_MS, intervals: [1_000] },
    )
    .toBeGreaterThan(0);

  await openSignedIn(page, 'editor', `/medias/videos/edit/${clipId}/formats`);
  const formats = main(page).getByRole('region', { name: 'Formats' });
  const row = (aspect: string) =>
    formats.getByRole('row').filter({ has: page.getByRole('rowheader', { name: aspect }) });
  await expect(row('16:9')).toContainText('Original');
  await expect(row('16:9')).toContainText('Ready');
  await expect(row('9:16')).toContainText('Not rendered');
  const editor = main(page).getByRole('region', { name: 'Framing of the 9:16 format' });
  await expect(editor.getByText(/Render this format once/)).toBeVisible();

  await formats.getByRole('button', { name: 'Render 9:16' }).click();
  await expect(row('9:16')).toContainText('Ready', { timeout: 90_000 });
  await expect(row('9:16').getByRole('link', { name: 'Download MP4' })).toHaveAttribute('href', /video\.mp4\?t=/);
  await expect(editor.getByText('Automatic framing')).toBeVisible();
  await expect(editor.getByRole('group', { name: 'Player: Rendered 9:16 version' })).toBeVisible();
  await expect(editor.getByRole('img', { name: 'Preview of the 9:16 format' })).toBeVisible();
  // TikTok's captions band and buttons, hatched over the preview.
  await editor.getByText('TikTok', { exact: true }).click();
  await expect(editor.getByRole('note', { name: /^Hatched: where TikTok draws its captions/ })).toBeVisible();
  // The frame the clip's skin is laid out in, inside every platform's interface.
  await expect(
    editor.getByRole('note', { name: /^Dashed: where the clip’s skin .* is laid out in 9:16/ }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The window moved right with the keyboard, and a keyframe set at the player's moment (0:00).
  const window = editor.getByRole('slider', { name: 'Window position' });
  const before = Number(await window.getAttribute('aria-valuenow'));
  const moved = Math.min(100, before + 10);
  await window.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(window).toHaveAttribute('aria-valuenow', String(moved));
  await page.keyboard.press('k');
  await expect(editor.getByText('Unsaved changes')).toBeVisible();
  await expect(editor.getByRole('table', { name: 'Keyframes' }).getByRole('row').nth(1)).toContainText(`${moved} %`);

  await editor.getByRole('button', { name: 'Save and render' }).click();
  await expect(editor.getByText('Corrected framing')).toBeVisible();
  await expect(row('9:16')).toContainText('Ready', { timeout: 90_000 });
  await expect(row('9:16')).toContainText('Framing corrected');
  await expect(row('9:16').getByRole('link', { name: 'Download MP4' })).toHaveAttribute(
    'href',
    /renditions\/9x16\/2\/video\.mp4/,
  );
  await page.screenshot({ path: join(test.info().outputDir, 'formats.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);
});
