import { expect, test } from '@playwright/test';
import { CHAT_VIEWER_HEADER, chatPaths } from '@regie/contract/chat';
import { apiCall, apiSignIn, main, uniqueName } from './flows.ts';
import { expectNoSeriousA11yViolations, openSignedIn } from './support.ts';

/**
 * The event chat with a real source: a fan writes on the embedded player, the producer sees it
 * arrive live on the event's chat tab, hides it with the keyboard, and it leaves the fan's page.
 */

test('a fan posts on the embed page; staff see it live, hide it, and it leaves the page', async ({
  page,
  browser,
  request,
}) => {
  const producer = await apiSignIn(request, 'producer');
  const event = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/events', {
    name: uniqueName('E2E chat match'),
    published: true,
    activatedModules: ['CHAT'],
  });
  const embed = await apiCall<{ url: string }>(request, producer, 'GET', `/main-api/events/${event.id}/embed`);

  await openSignedIn(page, 'producer', `/events/sports/edit/${event.id}/chat`);
  await expect(main(page).getByText('No messages yet: they appear here as fans write.')).toBeVisible();
  await main(page).getByRole('textbox', { name: 'Slow mode (seconds)' }).fill('5');
  await main(page).getByRole('button', { name: 'Apply' }).first().click();
  await expect(page.getByText('Chat settings saved')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A fan: a fresh browser, no session, on the public page (no replay yet: the chat still opens).
  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  await fan.goto(new URL(embed.url).pathname);
  const chat = fan.getByRole('complementary', { name: 'Chat' });
  await chat.getByLabel('Your nickname').fill('Zoé');
  await chat.getByLabel('Your message').fill('Allez les bleus !');
  await chat.getByRole('button', { name: 'Send' }).click();
  const log = chat.getByRole('log', { name: 'Chat messages' });
  await expect(log.getByText('Allez les bleus !')).toBeVisible();
  // Slow mode: a second message at once is refused with the reason.
  await chat.getByLabel('Your message').fill('Encore !');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('status')).toContainText('Slow mode is on: wait');
  await expectNoSeriousA11yViolations(fan);

  // Staff: the message arrived on the tab without a reload; hidden with the keyboard.
  const feed = main(page).getByTestId('chat-feed');
  const row = feed.getByRole('listitem').filter({ hasText: 'Allez les bleus !' });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-state', 'visible');
  await row.focus();
  await page.keyboard.press('h');
  await expect(row).toHaveAttribute('data-state', 'hidden');
  await expect(row.getByText('Hidden')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The fan's page drops it as the moderator's change is pushed.
  await expect(log.getByText('Allez les bleus !')).toBeHidden();

  // Restored with the mouse, it comes back; banning the fan hides it again and lists them.
  await row.getByRole('button', { name: 'Restore the message of Zoé' }).click();
  await expect(row).toHaveAttribute('data-state', 'visible');
  await expect(log.getByText('Allez les bleus !')).toBeVisible();
  await row.getByRole('button', { name: 'Ban Zoé' }).click();
  await page.getByRole('dialog', { name: 'Ban Zoé?' }).getByRole('button', { name: 'Ban' }).click();
  await expect(row).toHaveAttribute('data-state', 'hidden');
  await expect(main(page).getByTestId('chat-bans').getByText('Zoé')).toBeVisible();
  await expect(log.getByText('Allez les bleus !')).toBeHidden();
  await fanContext.close();
});

test('the embed page receives messages and moderation pushed, reading the chat only once', async ({
  page,
  request,
}) => {
  const producer = await apiSignIn(request, 'producer');
  const event = await apiCall<{ id: number }>(request, producer, 'POST', '/main-api/events', {
    name: uniqueName('E2E pushed chat'),
    published: true,
    activatedModules: ['CHAT'],
  });
  const chat = await apiCall<{ id: number }>(request, producer, 'GET', chatPaths.eventChat(event.id));
  const embed = await apiCall<{ url: string }>(request, producer, 'GET', `/main-api/events/${event.id}/embed`);
  const token = new URL(embed.url).pathname.split('/').pop() ?? '';

  // Every GET of the chat read and of its event stream the page makes.
  const reads: string[] = [];
  const streams: string[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (sent.method() === 'GET' && path === chatPaths.public(token)) reads.push(path);
    if (path === chatPaths.publicStream(token)) streams.push(path);
  });
  await page.goto(new URL(embed.url).pathname);
  const log = page.getByRole('complementary', { name: 'Chat' }).getByRole('log', { name: 'Chat messages' });
  await expect(log).toBeVisible();
  await expect.poll(() => streams.length).toBe(1);

  // Another fan writes (with the viewer token the server signs for them): the message appears on this page without a read.
  const viewer = await request.post(chatPaths.publicViewer(token));
  expect(viewer.status()).toBe(201);
  const { viewerToken } = (await viewer.json()) as { viewerToken: string };
  const posted = await request.post(chatPaths.public(token), {
    headers: { [CHAT_VIEWER_HEADER]: viewerToken },
    data: { nickname: 'Léa', text: 'Quel arrêt du gardien !' },
  });
  expect(posted.status()).toBe(201);
  const message = (await posted.json()) as { id: number };
  await expect(log.getByText('Quel arrêt du gardien !')).toBeVisible();

  // A moderator pins it, then hides it: both reach the page as they happen.
  await apiCall(request, producer, 'PUT', chatPaths.message(chat.id, message.id), { pinned: true });
  await expect(log.getByRole('listitem').filter({ hasText: 'Quel arrêt du gardien !' })).toContainText('Pinned');
  await apiCall(request, producer, 'PUT', chatPaths.message(chat.id, message.id), { state: 'hidden' });
  await expect(log.getByText('Quel arrêt du gardien !')).toBeHidden();

  // One read when the page opened, one stream, and nothing read again since.
  expect(reads).toHaveLength(1);
  expect(streams).toHaveLength(1);

  // Staff unpublish the event: the stream says so at once, posting ends, the page stops listening.
  await apiCall(request, producer, 'PUT', `/main-api/events/${event.id}`, { published: false });
  const chatPanel = page.getByRole('complementary', { name: 'Chat' });
  await expect(chatPanel.getByRole('status')).toHaveText('The chat is closed.');
  await expect(chatPanel.getByRole('button', { name: 'Send' })).toHaveCount(0);
  expect(streams).toHaveLength(1);
});
