import { embedPaths } from '@regie/contract/embed';
import { startChat } from './embed-chat.ts';
import { startGames } from './embed-games.ts';
import { pickLanguage, translator } from './embed-i18n.ts';
import { EmbedPage } from './embed-page.ts';
import { attachHls } from './embed-player.ts';
import { showNotice, showPoweredBy } from './embed-view.ts';
import { newViewId } from './view-id.ts';

/**
 * The public embed page (/embed/{kind}/{token}, its own build entry: no back-office code). It
 * reads the player's data for the token in its path and follows its state (embed-page.ts): the
 * countdown, the live, the replay's preparation, the replay, without a reload.
 */
function start(root: HTMLElement): void {
  const language = pickLanguage(window.location.search, navigator.languages);
  document.documentElement.lang = language;
  const say = translator(language);
  showPoweredBy(say);
  showNotice(root, say('loading'));
  root.setAttribute('aria-busy', 'true');
  const token = window.location.pathname.split('/').filter(Boolean).pop() ?? '';
  const url = `${embedPaths.player(token)}?${new URLSearchParams({ lang: language })}`;
  const viewId = newViewId();
  let chatStarted = false;
  const page = new EmbedPage(root, say, language, {
    // The browser revalidates its copy by its ETag (a 304 reads as the same text).
    read: async () => {
      const response = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-cache' });
      const text = await response.text();
      if (response.ok && !chatStarted) {
        chatStarted = true;
        // The chat and the games open beside the player (or the state's notice) when the event has them.
        void startChat(token, language, say);
        void startGames(token, language, say);
      }
      return { status: response.status, text };
    },
    // A page whose media are signed for each viewer (geo blocking): never from a shared cache.
    playback: async () => {
      const response = await fetch(embedPaths.playback(token), {
        headers: { accept: 'application/json' },
        cache: 'no-store',
      });
      return { status: response.status, text: await response.text() };
    },
    attach: attachHls,
    reportPlay: async () => {
      const response = await fetch(embedPaths.plays(token), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ viewId }),
        keepalive: true,
      });
      if (!response.ok) return false;
      const body: { counted?: boolean } = await response.json();
      return body.counted === true;
    },
    schedule: (run, ms) => window.setTimeout(run, ms),
  });
  void page.run();
}

const root = document.getElementById('embed');
if (root) start(root);
