import type { EmbedChapter } from '@regie/contract/embed.schemas';
import { formatClock } from '../widgets/player/time-format.ts';
import type { EmbedTranslate } from './embed-i18n.ts';

/** A small element maker: tag, attributes, children. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/**
 * The browser tab's title: the content's, then whose page it is (the server dresses the page with
 * its owner, embed.brand.ts: the club when white-labelled, Regie otherwise).
 */
export function setPageTitle(title: string): void {
  const owner = document.querySelector<HTMLMetaElement>('meta[name="embed-owner"]')?.content;
  document.title = owner && owner !== title ? `${title} – ${owner}` : title;
}

/** A page that is not white-labelled says, discreetly, who made the player. */
export function showPoweredBy(say: EmbedTranslate): void {
  if (document.body.dataset.whiteLabel === 'true' || document.querySelector('.powered-by')) return;
  document.body.append(element('p', { class: 'powered-by' }, [say('poweredBy')]));
}

export function showNotice(root: HTMLElement, text: string): void {
  root.classList.remove('has-chapters');
  root.replaceChildren(element('p', { class: 'notice', role: 'status' }, [text]));
  root.setAttribute('aria-busy', 'false');
}

/** The chapter's name as shown (an unnamed one gets a generic word). */
function chapterName(chapter: EmbedChapter, say: EmbedTranslate): string {
  return chapter.title || say('untitled');
}

function jumpLabel(chapter: EmbedChapter, say: EmbedTranslate): string {
  return say('jumpTo', { title: chapterName(chapter, say), time: formatClock(chapter.startSeconds) });
}

/**
 * The seek bar's chapter marks under the video: one button per chapter at its place in the
 * video, and the part played so far. Marks beyond a duration not yet known are placed once the
 * video says how long it is.
 */
export function timeline(
  video: HTMLVideoElement,
  chapters: readonly EmbedChapter[],
  duration: number | null,
  say: EmbedTranslate,
  jump: (seconds: number) => void,
): HTMLElement {
  const played = element('div', { class: 'timeline-played' });
  const marks = chapters.map((chapter) => {
    const mark = element('button', { type: 'button', class: 'timeline-mark', 'aria-label': jumpLabel(chapter, say) });
    mark.title = jumpLabel(chapter, say);
    mark.addEventListener('click', () => jump(chapter.startSeconds));
    return mark;
  });
  const bar = element('div', { class: 'timeline', role: 'group', 'aria-label': say('timeline') }, [played, ...marks]);
  const length = () => (Number.isFinite(video.duration) && video.duration > 0 ? video.duration : (duration ?? 0));
  const place = () => {
    const total = length();
    marks.forEach((mark, index) => {
      const start = chapters[index]?.startSeconds ?? 0;
      mark.style.left = `${total > 0 ? Math.min(100, (start / total) * 100) : 0}%`;
    });
  };
  place();
  video.addEventListener('loadedmetadata', place);
  video.addEventListener('timeupdate', () => {
    const total = length();
    played.style.width = `${total > 0 ? Math.min(100, (video.currentTime / total) * 100) : 0}%`;
  });
  return bar;
}

/**
 * The list of chapters to jump to; the one playing is marked as current. `position` is where the
 * video is in the chapters' seconds (a replay's currentTime; a live's second from its origin).
 */
export function chapterList(
  video: HTMLVideoElement,
  chapters: readonly EmbedChapter[],
  say: EmbedTranslate,
  jump: (seconds: number) => void,
  position: () => number | null = () => video.currentTime,
): HTMLElement {
  const buttons = chapters.map((chapter) => {
    const button = element('button', { type: 'button', class: 'chapter', 'aria-label': jumpLabel(chapter, say) }, [
      element('span', { class: 'chapter-time', 'aria-hidden': 'true' }, [formatClock(chapter.startSeconds)]),
      element('span', { 'aria-hidden': 'true' }, [chapterName(chapter, say)]),
    ]);
    button.addEventListener('click', () => jump(chapter.startSeconds));
    return button;
  });
  const nav = element('nav', { 'aria-label': say('chapters') }, [
    element(
      'ol',
      { class: 'chapters' },
      buttons.map((button) => element('li', {}, [button])),
    ),
  ]);
  const mark = () => {
    // A list replaced (a live's new markers) stops following the video.
    if (!nav.isConnected) return video.removeEventListener('timeupdate', mark);
    const at = position();
    const current = at === null ? -1 : chapters.findLastIndex((chapter) => chapter.startSeconds <= at);
    buttons.forEach((button, index) => {
      button.setAttribute('aria-current', String(index === current));
    });
  };
  video.addEventListener('timeupdate', mark);
  return nav;
}
