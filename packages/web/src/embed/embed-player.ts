import type { EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import type { EmbedTranslate } from './embed-i18n.ts';
import { chapterList, element, showNotice, timeline } from './embed-view.ts';

type Playable = Extract<EmbedPlayerResponse, { available: true }>;

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** hls.js's light build where Media Source Extensions exist, else the browser's own HLS (Safari). */
async function attach(video: HTMLVideoElement, url: string, onFailure: () => void): Promise<void> {
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) {
    if (video.canPlayType(HLS_TYPE)) video.src = url;
    else onFailure();
    return;
  }
  const hls = new Hls();
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFailure();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
}

/**
 * Draws the player: title, video (poster, native controls), the chapter marks and list. `onPlay`
 * runs once, when playback first starts (the page's one play).
 */
export function renderPlayer(
  root: HTMLElement,
  data: Playable,
  say: EmbedTranslate,
  onPlay: () => void,
): HTMLVideoElement {
  document.title = data.title;
  const video = element('video', {
    controls: '',
    playsinline: '',
    preload: 'metadata',
    'aria-label': say('video', { title: data.title }),
    ...(data.posterUrl ? { poster: data.posterUrl } : {}),
  });
  video.addEventListener('playing', onPlay, { once: true });
  const jump = (seconds: number) => {
    video.currentTime = seconds;
    void video.play().catch(() => undefined);
  };
  const parts: HTMLElement[] = [element('h1', {}, [data.title]), video];
  if (data.chapters.length > 0) {
    parts.push(
      timeline(video, data.chapters, data.durationSeconds, say, jump),
      chapterList(video, data.chapters, say, jump),
    );
  }
  root.classList.toggle('has-chapters', data.chapters.length > 0);
  root.replaceChildren(...parts);
  root.setAttribute('aria-busy', 'false');
  void attach(video, data.hlsUrl, () => showNotice(root, say('failed')));
  return video;
}
