import type { EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import { dateFormats } from '../i18n/dates.ts';
import type { EmbedLanguage, EmbedTranslate } from './embed-i18n.ts';
import { countdownText, countdownTo, reasonKey, timeLeftText } from './embed-states.ts';
import { element, setPageTitle, showNotice } from './embed-view.ts';

type Upcoming = Extract<EmbedPlayerResponse, { state: 'upcoming' }>;
type Preparing = Extract<EmbedPlayerResponse, { state: 'preparing' }>;
type Unavailable = Extract<EmbedPlayerResponse, { state: 'unavailable' }>;

/** A screen without a video: changed in place by a new read of the same state, ended when another comes. */
export interface ScreenHandle {
  update(data: EmbedPlayerResponse): void;
  destroy(): void;
}

function poster(url: string | null): HTMLElement[] {
  return url ? [element('img', { class: 'poster', src: url, alt: '' })] : [];
}

/**
 * Before the live: the name, the start in the page's language and a countdown ticking each
 * second (a timer: screen readers read it when asked, not every second); once due, "any moment".
 */
export function renderUpcoming(
  root: HTMLElement,
  data: Upcoming,
  say: EmbedTranslate,
  language: EmbedLanguage,
  now: () => number = Date.now,
): ScreenHandle {
  let shown = data;
  const heading = element('h1', {});
  const starts = element('p', { class: 'starts' });
  const clock = element('span', { class: 'countdown-clock' });
  const countdown = element('p', { class: 'countdown', role: 'timer' }, [
    element('span', { class: 'countdown-label' }, [say('upcomingCountdown')]),
    ' ',
    clock,
  ]);
  const soon = element('p', { class: 'countdown', role: 'status' }, [say('upcomingSoon')]);
  const body = element('div', { class: 'screen' });
  const draw = () => {
    setPageTitle(shown.title);
    heading.textContent = shown.title;
    const at = shown.startsAt === null ? null : new Date(shown.startsAt);
    const date = at ? dateFormats(language).longDateTime(at) : null;
    starts.textContent = date ? say('upcomingStarts', { date }) : '';
    const left = countdownTo(shown.startsAt, now());
    if (left) clock.textContent = countdownText(left, say);
    body.replaceChildren(...poster(shown.posterUrl), ...(date ? [starts] : []), left ? countdown : soon);
  };
  draw();
  root.classList.remove('has-chapters');
  root.replaceChildren(heading, body);
  root.setAttribute('aria-busy', 'false');
  const timer = window.setInterval(draw, 1000);
  return {
    update: (next) => {
      if (next.state !== 'upcoming') return;
      shown = next;
      draw();
    },
    destroy: () => window.clearInterval(timer),
  };
}

/** After the live: the replay being prepared, its progress and the time left. */
export function renderPreparing(root: HTMLElement, data: Preparing, say: EmbedTranslate): ScreenHandle {
  const heading = element('h1', {}, [data.title]);
  const bar = element('progress', { max: '100', 'aria-label': say('preparingProgress') });
  const done = element('span', {});
  const left = element('span', {});
  const draw = (next: Preparing) => {
    setPageTitle(next.title);
    heading.textContent = next.title;
    bar.value = next.progress;
    done.textContent = say('preparingDone', { percent: String(next.progress) });
    left.textContent = timeLeftText(next.secondsLeft, say);
  };
  draw(data);
  root.classList.remove('has-chapters');
  root.replaceChildren(
    heading,
    element('div', { class: 'screen' }, [
      ...poster(data.posterUrl),
      element('p', { class: 'preparing' }, [say('preparingTitle')]),
      bar,
      element('p', { class: 'preparing-figures', role: 'status' }, [done, ' · ', left]),
    ]),
  );
  root.setAttribute('aria-busy', 'false');
  return {
    update: (next) => {
      if (next.state === 'preparing') draw(next);
    },
    destroy: () => undefined,
  };
}

/** Nothing to play: the reason, in the page's language (with the name when fans may see it). */
export function renderUnavailable(root: HTMLElement, data: Unavailable, say: EmbedTranslate): ScreenHandle {
  showNotice(root, say(reasonKey(data.reason)));
  if (data.title) {
    setPageTitle(data.title);
    root.prepend(element('h1', {}, [data.title]));
  }
  return { update: () => undefined, destroy: () => undefined };
}
