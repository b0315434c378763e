import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  type ApiSession,
  apiCall,
  apiSignIn,
  demoReplayVideoId,
  main,
  pickReference,
  playQueuedClip,
  READY_TIMEOUT_MS,
  save,
  setSwitch,
  textField,
  uniqueName,
} from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * Clips that make themselves (issue 25): a producer writes a rule for a marker type on the
 * Clipping page, a marker of that type lands on a replay, and the rule's clip shows on the rule's
 * page and in the event's clips, where it plays.
 */
test('a rule clips the marker it names: seen on the rule, listed with the event’s clips, played', async ({
  page,
  request,
}) => {
  // The clip's encode queues behind the demo replays' own, encoded at start-up.
  test.setTimeout(READY_TIMEOUT_MS + 300_000);
  const session = await apiSignIn(request, 'producer');
  const videoId = await demoReplayVideoId(request, session);
  const eventName = uniqueName('E2E rule match');
  const event = await apiCall<{ id: number }>(request, session, 'POST', '/main-api/events', {
    name: eventName,
    videoId,
  });
  const typeName = uniqueName('E2E goal');
  const markerType = await apiCall<{ id: number }>(request, session, 'POST', '/main-api/marker-types', {
    name: typeName,
    code: `e2e-goal-${Date.now().toString(36)}`,
    // Last in the club's palette: at position 0 it took key 1 from 'Goal' on every markers tab,
    // so another file's key 1 marker, made while this rule was active, got its clip.
    position: 10_000,
  });

  await openSignedIn(page, 'producer', '/clipping/rules/list');
  // The empty list offers 'New' twice (its header and its empty state).
  await main(page).getByRole('link', { name: 'New', exact: true }).first().click();
  await expect(main(page).getByRole('heading', { name: 'New clip rule' })).toBeVisible();
  const ruleName = uniqueName('E2E goals rule');
  await textField(page, 'Name').fill(ruleName);
  await pickReference(page, 'Marker type', typeName, typeName);
  await main(page).getByRole('textbox', { name: 'Seconds before the marker' }).fill('2');
  await main(page).getByRole('textbox', { name: 'Seconds after the marker' }).fill('3');
  await setSwitch(main(page).getByRole('switch', { name: 'Publish the clips' }), true);
  await expectNoSeriousA11yViolations(page);
  await save(page);
  await expect(page).toHaveURL(/\/clipping\/rules\/edit\/\d+$/);
  const ruleId = Number(/\/edit\/(\d+)$/.exec(page.url())?.[1]);
  try {
    await ruleClipsItsMarker(page, request, session, {
      eventId: event.id,
      eventName,
      markerTypeId: markerType.id,
    });
  } finally {
    // The rule is active on the account the other files share: left behind, it would clip any
    // marker of its type they make.
    await apiCall(request, session, 'DELETE', `/main-api/clip-rules/${ruleId}`);
  }
});

async function ruleClipsItsMarker(
  page: Page,
  request: APIRequestContext,
  session: ApiSession,
  ids: { eventId: number; eventName: string; markerTypeId: number },
): Promise<void> {
  const { eventId, eventName } = ids;
  const runs = main(page).getByTestId('clip-rule-runs');
  await expect(runs.getByText('No marker has matched this rule yet')).toBeVisible();
  const rulePage = page.url();

  const marker = await apiCall<{ id: number }>(request, session, 'POST', `/main-api/events/${eventId}/markers`, {
    label: 'Winning goal',
    timeSeconds: 6,
    markerTypeId: ids.markerTypeId,
  });
  await page.goto(rulePage);
  const run = main(page).getByTestId(`clip-rule-run-${marker.id}`);
  // A loaded machine (2 shared cores, the demo replays encoding) takes its time to draw the page again.
  await expect(run).toContainText('Winning goal', { timeout: 60_000 });
  await expect(run).toContainText(eventName);
  await expect(run).toContainText('Made');
  await expectNoSeriousA11yViolations(page);

  // The event's clips: the rule's clip is there, made from the marker, and plays once ready.
  await run.getByRole('link', { name: eventName }).click();
  await expect(page).toHaveURL(new RegExp(`/events/sports/edit/${eventId}/clip$`));
  const queue = main(page).getByRole('region', { name: 'Clips of the event' });
  const clip = queue.getByRole('listitem').filter({ hasText: 'Winning goal' });
  await expect(clip).toHaveCount(1);
  await expect(clip.getByText('Ready')).toBeVisible({ timeout: READY_TIMEOUT_MS });
  await playQueuedClip(clip, /^Play the clip/);
}
