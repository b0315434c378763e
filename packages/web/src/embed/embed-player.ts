import type { EmbedChapter, EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import { type AdClient, type AdRun, runAds } from './embed-ads.ts';
import { replayStream } from './embed-aspect.ts';
import type { EmbedTranslate } from './embed-i18n.ts';
import { liveSeconds } from './embed-states.ts';
import { chapterList, element, setPageTitle, timeline } from './embed-view.ts';

type Replay = Extract<EmbedPlayerResponse, { state: 'replay' }>;
type Live = Extract<EmbedPlayerResponse, { state: 'live' }>;

/** A stream attached to a video: what a live needs of hls.js, and how to let it go. */
export interface Stream {
  /** The program date of the frame playing (EXT-X-PROGRAM-DATE-TIME), null while unknown. */
  playingDate(): Date | null;
  /** The live edge's position in the video, null while unknown (or not a live). */
  liveEdge(): number | null;
  destroy(): void;
}

export type AttachStream = (video: HTMLVideoElement, url: string, onFailure: () => void) => Promise<Stream>;

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * hls.js's light build where Media Source Extensions exist, else the browser's own HLS (Safari).
 * A live playlist starts at its live edge; its DVR window stays seekable.
 */
export const attachHls: AttachStream = async (video, url, onFailure) => {
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) {
    if (video.canPlayType(HLS_TYPE)) video.src = url;
    else onFailure();
    return { playingDate: () => null, liveEdge: () => null, destroy: () => video.removeAttribute('src') };
  }
  const hls = new Hls();
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFailure();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    playingDate: () => hls.playingDate,
    liveEdge: () => hls.liveSyncPosition,
    destroy: () => hls.destroy(),
  };
};

/** Plays the video; resolves whether the browser let it (a page may not play sound unasked). */
function play(video: HTMLVideoElement): Promise<boolean> {
  return Promise.resolve()
    .then(() => video.play())
    .then(
      () => true,
      () => false,
    );
}

/** A player on the page: its video, its chapters changed in place, and its end. */
export interface PlayerHandle {
  video: HTMLVideoElement;
  setChapters(chapters: readonly EmbedChapter[]): void;
  destroy(): void;
}

function videoElement(title: string, posterUrl: string | null, say: EmbedTranslate): HTMLVideoElement {
  return element('video', {
    controls: '',
    playsinline: '',
    preload: 'metadata',
    'aria-label': say('video', { title }),
    ...(posterUrl ? { poster: posterUrl } : {}),
  });
}

interface Mounted {
  root: HTMLElement;
  say: EmbedTranslate;
  attach: AttachStream;
  /** Runs once, when playback first starts (the page's one play). */
  onPlay: () => void;
  onFailure: () => void;
  /** Reads the page's ad tag (ADVERTISING); without it no ad plays. */
  ads?: AdClient | undefined;
}

/** The ads of a page whose data carries a tag (embed-ads.ts), or null. */
function adsFor(
  video: HTMLVideoElement,
  data: Replay | Live,
  { ads, say }: Pick<Mounted, 'ads' | 'say'>,
): AdRun | null {
  if (!data.ads || !ads) return null;
  return runAds(video, data.ads.tagUrl, ads, say, { midrolls: data.state === 'replay' });
}

/** Draws the replay: title, video (poster, native controls), the chapter marks and list. */
export function renderReplay(data: Replay, { root, say, attach, onPlay, onFailure, ads }: Mounted): PlayerHandle {
  setPageTitle(data.title);
  const video = videoElement(data.title, data.posterUrl, say);
  video.addEventListener('playing', onPlay, { once: true });
  const adRun = adsFor(video, data, { ads, say });
  if (adRun) {
    // The viewer's first play starts the pre-roll; the replay follows it.
    video.addEventListener(
      'play',
      () => {
        video.pause();
        void adRun.preroll().then(() => play(video));
      },
      { once: true },
    );
  }
  const jump = (seconds: number) => {
    video.currentTime = seconds;
    void play(video);
  };
  const draw = (chapters: readonly EmbedChapter[]) => {
    root.querySelectorAll('.timeline, nav').forEach((node) => {
      node.remove();
    });
    root.classList.toggle('has-chapters', chapters.length > 0);
    if (chapters.length === 0) return;
    root.append(timeline(video, chapters, data.durationSeconds, say, jump), chapterList(video, chapters, say, jump));
  };
  root.replaceChildren(element('h1', {}, [data.title]), video);
  // DOWNLOAD: the replay's MP4 (the club's and the video's choice), saved under the video's title.
  root.classList.toggle('has-download', Boolean(data.downloadUrl));
  if (data.downloadUrl) {
    root.append(element('a', { class: 'download', href: data.downloadUrl, download: '' }, [say('download')]));
  }
  draw(data.chapters);
  root.setAttribute('aria-busy', 'false');
  const page = { width: window.innerWidth, height: window.innerHeight };
  // A page signed for each viewer has its media put in before it draws (embed-page.ts): never empty here.
  const media = { hlsUrl: data.hlsUrl ?? '', renditions: data.renditions };
  const url = replayStream(media, page, new URLSearchParams(window.location.search).get('aspect'));
  const stream = attach(video, url, onFailure);
  return {
    video,
    setChapters: draw,
    destroy: () => {
      root.classList.remove('has-download');
      adRun?.destroy();
      void stream.then((made) => made.destroy());
    },
  };
}

/**
 * Draws the live: title with a Live badge, the video from the live edge (its DVR window
 * seekable), a button back to the live edge, and the markers so far as chapters (in seconds from
 * the live's origin: a jump moves by the difference from the frame playing).
 */
export function renderLive(data: Live, { root, say, attach, onFailure, ads }: Omit<Mounted, 'onPlay'>): PlayerHandle {
  setPageTitle(data.title);
  const video = videoElement(data.title, data.posterUrl, say);
  const adRun = adsFor(video, data, { ads, say });
  let stream: Stream | null = null;
  const position = () => liveSeconds(stream?.playingDate() ?? null, data.liveOrigin);
  const jump = (seconds: number) => {
    const at = position();
    if (at === null) return;
    video.currentTime = Math.max(0, video.currentTime + seconds - at);
    void play(video);
  };
  const toEdge = element('button', { type: 'button', class: 'go-live' }, [say('goLive')]);
  toEdge.addEventListener('click', () => {
    const edge = stream?.liveEdge() ?? null;
    if (edge !== null) video.currentTime = edge;
    void play(video);
  });
  const heading = element('h1', {}, [element('span', { class: 'live-badge' }, [say('live')]), ' ', data.title]);
  const draw = (chapters: readonly EmbedChapter[]) => {
    root.querySelector('nav')?.remove();
    root.classList.toggle('has-chapters', chapters.length > 0);
    if (chapters.length > 0) root.append(chapterList(video, chapters, say, jump, position));
  };
  root.replaceChildren(heading, video, element('div', { class: 'live-bar' }, [toEdge]));
  draw(data.chapters);
  root.setAttribute('aria-busy', 'false');
  const made = attach(video, data.hlsUrl ?? '', onFailure).then(async (attached) => {
    stream = attached;
    // The pre-roll first (ADVERTISING), then the live.
    await adRun?.preroll();
    // A live starts at once where the browser lets a page play (muted otherwise: a fan unmutes it).
    void play(video).then((playing) => {
      if (playing) return;
      video.muted = true;
      void play(video);
    });
    return attached;
  });
  return {
    video,
    setChapters: draw,
    destroy: () => {
      adRun?.destroy();
      void made.then((attached) => attached.destroy());
    },
  };
}
