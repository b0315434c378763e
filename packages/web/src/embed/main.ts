import { embedPaths } from '@regie/contract/embed';
import type { EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import { startChat } from './embed-chat.ts';
import { pickLanguage, translator } from './embed-i18n.ts';
import { renderPlayer } from './embed-player.ts';
import { showNotice } from './embed-view.ts';
import { newViewId } from './view-id.ts';

/**
 * The public embed page (/embed/{kind}/{token}, its own build entry: no back-office code). It
 * reads the player's data for the token in its path, plays it, and reports one play per page view.
 */
async function start(root: HTMLElement): Promise<void> {
  const language = pickLanguage(window.location.search, navigator.languages);
  document.documentElement.lang = language;
  const say = translator(language);
  showNotice(root, say('loading'));
  root.setAttribute('aria-busy', 'true');
  const token = window.location.pathname.split('/').filter(Boolean).pop() ?? '';
  const url = `${embedPaths.player(token)}?${new URLSearchParams({ lang: language })}`;
  const response = await fetch(url, { headers: { accept: 'application/json' } }).catch(() => null);
  if (!response?.ok) {
    showNotice(root, say(response?.status === 404 ? 'notFound' : 'failed'));
    return;
  }
  const data: EmbedPlayerResponse = await response.json();
  // The chat opens beside the player (or the 'not available' notice) when the event has one.
  void startChat(token, language, say);
  if (!data.available) {
    showNotice(root, say('notAvailable'));
    return;
  }
  const viewId = newViewId();
  renderPlayer(root, data, say, () => {
    void fetch(embedPaths.plays(token), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ viewId }),
      keepalive: true,
    }).catch(() => undefined);
  });
}

const root = document.getElementById('embed');
if (root) void start(root);
