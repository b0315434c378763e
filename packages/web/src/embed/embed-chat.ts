import { CHAT_FALLBACK_READ_MS, CHAT_LIMITS, CHAT_STREAM_EVENTS, chatPaths } from '@regie/contract/chat';
import type { PublicChat, PublicChatMessage } from '@regie/contract/chat.schemas';
import { isRecord } from '@regie/contract/guards';
import { ChatFeed } from './embed-chat-feed.ts';
import { createViewerPass } from './embed-chat-viewer.ts';
import type { EmbedLanguage, EmbedTranslate } from './embed-i18n.ts';
import { element } from './embed-view.ts';

/**
 * The fans' chat beside the player (contract chat.ts): shown when the event's chat is open, read
 * once, then kept live by the chat's event stream (a message hidden by a moderator leaves at
 * once), posted with the fan's nickname and the viewer token the server signed
 * (embed-chat-viewer.ts: kept in the browser's storage, so a ban and slow mode follow the fan
 * across reloads). Refusals show the server's reason, in the page's language.
 */

const NICKNAME_STORAGE_KEY = 'regie.chat.nickname';

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, blocked third-party storage): the page keeps it for this view.
  }
}

interface ChatView {
  panel: HTMLElement;
  /** The scrolling live region; `list` inside it holds the messages. */
  log: HTMLElement;
  list: HTMLOListElement;
  rows: Map<number, HTMLLIElement>;
  form: HTMLFormElement;
  status: HTMLParagraphElement;
}

function messageRow(message: PublicChatMessage, say: EmbedTranslate): HTMLLIElement {
  const badge = element('span', { class: 'chat-pinned' }, [say('chatPinned')]);
  const row = element('li', { class: 'chat-message' }, [
    element('span', { class: 'chat-nickname' }, [message.nickname]),
    ' ',
    element('span', { class: 'chat-text' }, [message.text]),
  ]);
  if (message.pinned) row.prepend(badge, ' ');
  return row;
}

/** Shows the messages: rows of messages gone are removed, new ones put at their place, changed ones redrawn. */
function applyMessages(view: ChatView, messages: readonly PublicChatMessage[], say: EmbedTranslate): void {
  const atBottom = view.log.scrollHeight - view.log.scrollTop - view.log.clientHeight < 24;
  const wanted = new Set(messages.map((message) => message.id));
  for (const [id, row] of view.rows) {
    if (!wanted.has(id)) {
      row.remove();
      view.rows.delete(id);
    }
  }
  let previous: HTMLLIElement | null = null;
  for (const message of messages) {
    const current = view.rows.get(message.id);
    const pinnedNow = current?.querySelector('.chat-pinned') !== null;
    let row = current;
    if (!row || pinnedNow !== message.pinned) {
      row = messageRow(message, say);
      current?.replaceWith(row);
      view.rows.set(message.id, row);
    }
    // By id: a message that arrives late still lands between its neighbours.
    const place: ChildNode | null = previous ? previous.nextSibling : view.list.firstChild;
    if (place !== row) view.list.insertBefore(row, place);
    previous = row;
  }
  if (atBottom) view.log.scrollTop = view.log.scrollHeight;
}

function chatForm(say: EmbedTranslate, onSend: (nickname: string, text: string) => Promise<boolean>): HTMLFormElement {
  const nickname = element('input', {
    id: 'chat-nickname',
    name: 'nickname',
    required: '',
    minlength: String(CHAT_LIMITS.nicknameMin),
    maxlength: String(CHAT_LIMITS.nicknameMax),
    autocomplete: 'nickname',
  });
  nickname.value = stored(NICKNAME_STORAGE_KEY) ?? '';
  const text = element('input', {
    id: 'chat-text',
    name: 'text',
    required: '',
    maxlength: String(CHAT_LIMITS.textMax),
  });
  const send = element('button', { type: 'submit' }, [say('chatSend')]);
  const form = element('form', { class: 'chat-form' }, [
    element('label', { for: 'chat-nickname' }, [say('chatNickname')]),
    nickname,
    element('label', { for: 'chat-text' }, [say('chatMessage')]),
    element('div', { class: 'chat-row' }, [text, send]),
  ]);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    store(NICKNAME_STORAGE_KEY, nickname.value.trim());
    send.disabled = true;
    void onSend(nickname.value, text.value).then((sent) => {
      send.disabled = false;
      if (sent) text.value = '';
      text.focus();
    });
  });
  return form;
}

async function read(token: string): Promise<PublicChat | null> {
  const response = await fetch(chatPaths.public(token), { headers: { accept: 'application/json' } }).catch(() => null);
  if (!response?.ok) return null;
  return response.json();
}

/**
 * Follows the chat's event stream from `cursor` (the first read's). EventSource reconnects by
 * itself with Last-Event-ID and the server sends what was missed; only while the stream is down
 * is the chat read again, every CHAT_FALLBACK_READ_MS, and a stream the browser gave up on (a
 * refusal rather than a drop) is opened again from that read's cursor.
 */
function follow(token: string, cursor: string, feed: ChatFeed, onChange: () => void, onClosed: () => void): void {
  let source: EventSource | null = null;
  let fallback: number | null = null;
  const stopFallback = () => {
    if (fallback !== null) window.clearInterval(fallback);
    fallback = null;
  };
  const stop = () => {
    source?.close();
    stopFallback();
    onClosed();
  };
  const readAgain = async () => {
    if (source?.readyState === EventSource.OPEN) return stopFallback();
    const chat = await read(token);
    if (!chat) return;
    if (!chat.open) return stop();
    feed.replace(chat.messages);
    onChange();
    if (source?.readyState === EventSource.CLOSED) open(chat.cursor);
  };
  const open = (from: string) => {
    source?.close();
    const opened = new EventSource(`${chatPaths.publicStream(token)}?${new URLSearchParams({ cursor: from })}`);
    for (const type of CHAT_STREAM_EVENTS) {
      opened.addEventListener(type, (event) => {
        if (feed.apply(type, event.data)) onChange();
        else stop();
      });
    }
    opened.addEventListener('open', stopFallback);
    opened.addEventListener('error', () => {
      if (fallback === null) fallback = window.setInterval(() => void readAgain(), CHAT_FALLBACK_READ_MS);
    });
    source = opened;
  };
  open(cursor);
}

/** Opens the chat panel beside the player when the chat is open; nothing otherwise. */
export async function startChat(token: string, language: EmbedLanguage, say: EmbedTranslate): Promise<void> {
  const first = await read(token);
  if (!first?.open) return;
  const feed = new ChatFeed();
  feed.replace(first.messages);
  const pass = createViewerPass(token, language);
  const show = () => applyMessages(view, feed.messages(), say);
  const send = async (nickname: string, text: string): Promise<boolean> => {
    view.status.textContent = '';
    const response = await pass.post((viewer) =>
      fetch(chatPaths.public(token), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'accept-language': language,
          ...viewer,
        },
        body: JSON.stringify({ nickname, text }),
      }).catch(() => null),
    );
    if (response?.ok) {
      // Shown at once; the stream's event for it changes nothing.
      feed.apply('message', await response.text());
      show();
      return true;
    }
    const body: unknown = await response?.json().catch(() => null);
    view.status.textContent = isRecord(body) && typeof body.message === 'string' ? body.message : say('chatFailed');
    return false;
  };
  const list = element('ol', { class: 'chat-list' });
  const view: ChatView = {
    panel: element('aside', { class: 'chat', 'aria-labelledby': 'chat-title' }),
    log: element('div', { class: 'chat-log', role: 'log', 'aria-live': 'polite', 'aria-label': say('chatMessages') }, [
      list,
    ]),
    list,
    rows: new Map(),
    form: chatForm(say, send),
    status: element('p', { class: 'chat-status', role: 'status' }),
  };
  view.panel.append(element('h2', { id: 'chat-title' }, [say('chatTitle')]), view.log, view.form, view.status);
  document.body.classList.add('with-chat');
  document.body.append(view.panel);
  show();
  follow(token, first.cursor, feed, show, () => {
    // The event was unpublished or its chat switched off: the messages stay, posting ends.
    view.form.remove();
    view.status.textContent = say('chatClosed');
  });
}
