import type { EmbedAccess, EmbedOffer } from '@regie/contract/embed.schemas';
import type { FanSessionStore } from './embed-fan.ts';
import { FanAuthForm } from './embed-fan-auth.ts';
import type { EmbedLanguage, EmbedMessageKey, EmbedTranslate } from './embed-i18n.ts';
import type { ScreenHandle } from './embed-screens.ts';
import { element, setPageTitle } from './embed-view.ts';

/**
 * What a fans-only or paid video shows instead of the picture (contract viewer-access.ts): the
 * fan's sign-in first (or sign-up), then, for a paid one, the passes on sale with their price and
 * a button to buy each. Buying goes to the payment page (a new tab when the player is framed in a
 * club's site: a payment page refuses frames) and comes back to this page, which plays.
 */

/** Why the picture is not shown: no fan session of the club, or no pass. */
export type WallReason = 'signIn' | 'pay';

/** What the wall does outside itself. */
export interface AccessWallDeps {
  pageToken: string;
  store: FanSessionStore;
  language: EmbedLanguage;
  say: EmbedTranslate;
  /** Starts buying an offer: the payment page's address, or why not (already in the page's language). */
  checkout(offerId: number): Promise<{ url: string } | { error: string | null; signedOut: boolean }>;
  /** Sends the fan to the payment page (this tab, or a new one when framed); true when it opened elsewhere. */
  go(url: string): boolean;
  /** Reads the playback again (after the fan paid in another tab). */
  retry(): void;
  /** A word about the checkout the fan just came back from, if any. */
  notice: EmbedMessageKey | null;
}

/** The amount as the fan reads it (cents → 9,99 € / €9.99). */
export function offerAmount(offer: Pick<EmbedOffer, 'price' | 'currency'>, language: EmbedLanguage): string {
  return new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    style: 'currency',
    currency: offer.currency,
  }).format(offer.price / 100);
}

const PERIOD_KEYS: Readonly<Record<EmbedOffer['billingPeriod'], EmbedMessageKey>> = {
  one_time: 'offerOnce',
  monthly: 'offerMonthly',
  yearly: 'offerYearly',
};

/** "9,99 €, une fois" / "€4.99 a month". */
export function offerPrice(offer: EmbedOffer, language: EmbedLanguage, say: EmbedTranslate): string {
  return say(PERIOD_KEYS[offer.billingPeriod], { amount: offerAmount(offer, language) });
}

export function renderAccessWall(
  root: HTMLElement,
  data: { title: string; access: EmbedAccess },
  reason: WallReason,
  deps: AccessWallDeps,
): ScreenHandle {
  setPageTitle(data.title);
  const heading = element('h1', { id: 'access-title' }, [data.title]);
  root.classList.remove('has-chapters');
  root.replaceChildren(heading, accessSection(data.access, reason, deps));
  root.setAttribute('aria-busy', 'false');
  return { update: () => undefined, destroy: () => undefined };
}

/**
 * The sign-in, the passes on sale, or (`ready`: before kick-off, for a fan who holds a pass) the
 * word that it will play here: the wall's body, and the panel under an upcoming match's countdown.
 */
export function accessSection(access: EmbedAccess, reason: WallReason | 'ready', deps: AccessWallDeps): HTMLElement {
  const { say } = deps;
  const status = element('p', { class: 'access-status', role: 'status' });
  const wall = element('section', { class: 'access-wall', 'aria-labelledby': 'access-title' });
  const notice = deps.notice ? [element('p', { class: 'access-notice', role: 'status' }, [say(deps.notice)])] : [];
  if (reason === 'ready') {
    wall.append(element('p', { class: 'access-reason' }, [say('passReady')]), ...notice);
  } else if (reason === 'signIn') {
    const form = new FanAuthForm(deps.pageToken, deps.store, deps.language, say, say('accessSignInHint'), 'watch');
    wall.append(
      element('p', { class: 'access-reason' }, [say(access.paid ? 'accessPaySignIn' : 'accessSignIn')]),
      ...notice,
      ...offersList(access.offers, deps, status, false),
      form.root,
    );
  } else {
    const signOut = element('button', { type: 'button', class: 'link' }, [say('fanSignOut')]);
    signOut.addEventListener('click', () => deps.store.set(null));
    wall.append(
      element('p', { class: 'access-reason' }, [say('accessPay')]),
      ...notice,
      ...(access.offers.length > 0
        ? offersList(access.offers, deps, status, true)
        : [element('p', {}, [say('accessNoOffer')])]),
      status,
      signOut,
    );
  }
  return wall;
}

/** The passes on sale: name, what it is, its price, and (for a signed-in fan) a button to buy it. */
function offersList(offers: readonly EmbedOffer[], deps: AccessWallDeps, status: HTMLElement, buyable: boolean) {
  if (offers.length === 0) return [];
  const { say, language } = deps;
  const items = offers.map((offer) => {
    const name = element('h2', { id: `offer-${offer.id}` }, [offer.name]);
    const parts: HTMLElement[] = [name];
    if (offer.description) parts.push(element('p', {}, [offer.description]));
    parts.push(element('p', { class: 'offer-price' }, [offerPrice(offer, language, say)]));
    if (buyable) {
      const buy = element('button', { type: 'button', 'aria-describedby': `offer-${offer.id}` }, [
        say('offerBuy', { price: offerAmount(offer, language) }),
      ]);
      buy.addEventListener('click', () => void buyOffer(offer, buy, deps, status));
      parts.push(buy);
    }
    return element('li', { class: 'offer' }, parts);
  });
  return [element('ul', { class: 'offers', 'aria-label': say('offersTitle') }, items)];
}

async function buyOffer(offer: EmbedOffer, button: HTMLButtonElement, deps: AccessWallDeps, status: HTMLElement) {
  const { say } = deps;
  button.disabled = true;
  status.textContent = '';
  const answer = await deps.checkout(offer.id);
  button.disabled = false;
  if ('url' in answer) {
    if (!deps.go(answer.url)) return;
    // Opened in a new tab (a framed player): come back here once paid.
    const paid = element('button', { type: 'button' }, [say('checkoutDone')]);
    paid.addEventListener('click', () => deps.retry());
    status.replaceChildren(say('checkoutOpened'), ' ', paid);
    return;
  }
  if (answer.signedOut) return deps.store.set(null);
  status.textContent = answer.error ?? say('checkoutFailed');
}
