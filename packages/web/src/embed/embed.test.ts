import { CHAT_LIMITS } from '@regie/contract/chat';
import type { PublicChatMessage } from '@regie/contract/chat.schemas';
import { describe, expect, it } from 'vitest';
import { ChatFeed } from './embed-chat-feed.ts';
import { pickLanguage, translator } from './embed-i18n.ts';
import { setPageTitle, showPoweredBy } from './embed-view.ts';
import { newViewId } from './view-id.ts';

describe('embed page', () => {
  it('speaks the lang of the query, else the browser’s, else English', () => {
    expect(pickLanguage('?lang=fr', ['en-GB'])).toBe('fr');
    expect(pickLanguage('?lang=de', ['fr-CA', 'en'])).toBe('fr');
    expect(pickLanguage('', ['de-DE', 'en-US'])).toBe('en');
    expect(pickLanguage('', [])).toBe('en');
    expect(translator('fr')('jumpTo', { title: 'But', time: '12:34' })).toBe('Aller à But à 12:34');
  });

  it('makes a version 4 UUID without randomUUID', () => {
    const id = newViewId({ getRandomValues: <T extends ArrayBufferView | null>(array: T) => array });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('the chat feed of the embed page', () => {
  const message = (id: number, text = `message ${id}`, pinned = false): PublicChatMessage => ({
    id,
    nickname: 'Fan',
    text,
    pinned,
    createdAt: '2026-11-27T01:00:00.000Z',
  });
  const texts = (feed: ChatFeed) => feed.messages().map((item) => item.text);

  it('puts new messages at their place by id, redraws a changed one and drops a hidden one', () => {
    const feed = new ChatFeed();
    feed.replace([message(1), message(3)]);
    expect(feed.apply('message', JSON.stringify(message(4)))).toBe(true);
    // Arrived late (another process): still between its neighbours.
    feed.apply('message', JSON.stringify(message(2)));
    expect(texts(feed)).toEqual(['message 1', 'message 2', 'message 3', 'message 4']);
    // The same message twice (the post's answer, then its event) is shown once.
    feed.apply('message', JSON.stringify(message(4)));
    feed.apply('updated', JSON.stringify(message(3, 'message 3', true)));
    expect(
      feed
        .messages()
        .filter((item) => item.pinned)
        .map((item) => item.id),
    ).toEqual([3]);
    feed.apply('hidden', JSON.stringify({ id: 1 }));
    expect(texts(feed)).toEqual(['message 2', 'message 3', 'message 4']);
  });

  it('ignores what it cannot read and says when the chat closed', () => {
    const feed = new ChatFeed();
    feed.replace([message(1)]);
    expect(feed.apply('message', '{not json')).toBe(true);
    expect(feed.apply('message', JSON.stringify({ id: 2 }))).toBe(true);
    expect(texts(feed)).toEqual(['message 1']);
    expect(feed.apply('closed', '{}')).toBe(false);
  });

  it(`keeps the newest ${CHAT_LIMITS.publicRecent} messages, like a read`, () => {
    const feed = new ChatFeed();
    for (let id = 1; id <= CHAT_LIMITS.publicRecent + 5; id += 1) feed.apply('message', JSON.stringify(message(id)));
    expect(feed.messages()).toHaveLength(CHAT_LIMITS.publicRecent);
    expect(feed.messages()[0]?.id).toBe(6);
  });
});

describe('the page’s owner', () => {
  it('titles the tab with the content and whose page it is, and credits Regie unless white-labelled', () => {
    document.head.innerHTML = '<meta name="embed-owner" content="Olympique Riverside FC" />';
    document.body.innerHTML = '';
    document.body.dataset.whiteLabel = 'true';
    setPageTitle('Derby night');
    expect(document.title).toBe('Derby night – Olympique Riverside FC');
    showPoweredBy(translator('fr'));
    expect(document.querySelector('.powered-by')).toBeNull();
    document.body.dataset.whiteLabel = 'false';
    showPoweredBy(translator('fr'));
    showPoweredBy(translator('fr'));
    expect([...document.querySelectorAll('.powered-by')].map((node) => node.textContent)).toEqual([
      'Propulsé par Regie',
    ]);
  });
});
