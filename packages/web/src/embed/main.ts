import { embedPaths } from '@regie/contract/embed';
import { fanPublicPaths } from '@regie/contract/fans';
import { isRecord } from '@regie/contract/guards';
import { CHECKOUT_RETURN_PARAM } from '@regie/contract/viewer-access';
import { startChat } from './embed-chat.ts';
import { FanSessionStore, fanCall, refusal } from './embed-fan.ts';
import { startGames } from './embed-games.ts';
import { type EmbedLanguage, type EmbedMessageKey, pickLanguage, translator } from './embed-i18n.ts';
import { EmbedPage } from './embed-page.ts';
import { attachHls } from './embed-player.ts';
import { vastAdClient } from './embed-vast.ts';
import { showNotice, showPoweredBy } from './embed-view.ts';
import { newViewId } from './view-id.ts';

/**
 * The public embed page (/embed/{kind}/{token}, its own build entry: no back-office code). It
 * reads the player's data for the token in its path and follows its state (embed-page.ts): the
 * countdown, the live, the replay's preparation, the replay, without a reload.
 */
/**
 * The checkout the fan comes back from (`?checkout={id}`, contract viewer-access.ts): taken off the
 * address (a reload does not confirm it again), confirmed with the fan's session; what to say.
 */
async function checkoutReturn(store: FanSessionStore, language: EmbedLanguage): Promise<EmbedMessageKey | null> {
  const address = new URL(window.location.href);
  const id = address.searchParams.get(CHECKOUT_RETURN_PARAM);
  if (!id) return null;
  address.searchParams.delete(CHECKOUT_RETURN_PARAM);
  window.history.replaceState(null, '', address.toString());
  const token = store.current?.token;
  if (!token) return null;
  const answer = await fanCall(fanPublicPaths.checkoutConfirm(id), { method: 'POST', token, language });
  const state = answer?.status === 200 && isRecord(answer.body) ? answer.body.state : null;
  if (state === 'paid') return 'checkoutPaid';
  return state === 'cancelled' ? 'checkoutCancelled' : 'checkoutPending';
}

/** Opens the payment page: here, or in a new tab when the player is framed (payment pages refuse frames). */
function goPay(url: string): boolean {
  if (window.self === window.top) {
    window.location.assign(url);
    return false;
  }
  window.open(url, '_blank', 'noopener');
  return true;
}

async function start(root: HTMLElement): Promise<void> {
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
  // The fan's session on this page: the games panel and a restricted video's sign-in share it.
  const store = new FanSessionStore(token);
  const notice = await checkoutReturn(store, language);
  const page = new EmbedPage(root, say, language, {
    // The browser revalidates its copy by its ETag (a 304 reads as the same text).
    read: async () => {
      const response = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-cache' });
      const text = await response.text();
      if (response.ok && !chatStarted) {
        chatStarted = true;
        // The chat and the games open beside the player (or the state's notice) when the event has them.
        void startChat(token, language, say);
        void startGames(token, language, say, store);
      }
      return { status: response.status, text };
    },
    // A page whose media are signed for each viewer (geo blocking): never from a shared cache.
    playback: async () => {
      const fan = store.current;
      const response = await fetch(embedPaths.playback(token), {
        headers: { accept: 'application/json', ...(fan ? { authorization: `Bearer ${fan.token}` } : {}) },
        cache: 'no-store',
      });
      return { status: response.status, text: await response.text() };
    },
    attach: attachHls,
    ads: vastAdClient(),
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
    access: {
      pageToken: token,
      store,
      language,
      say,
      notice,
      go: goPay,
      checkout: async (offerId) => {
        const answer = await fanCall(fanPublicPaths.checkouts, {
          method: 'POST',
          token: store.current?.token,
          language,
          body: { paymentOfferId: offerId, pageToken: token },
        });
        if (answer?.status === 201 && isRecord(answer.body) && typeof answer.body.url === 'string') {
          return { url: answer.body.url };
        }
        return { error: refusal(answer), signedOut: answer?.status === 401 };
      },
    },
  });
  void page.run();
}

const root = document.getElementById('embed');
if (root) void start(root);
