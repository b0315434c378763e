import { AD_LOAD_TIMEOUT_MS } from '@regie/contract/advertising';
import { formatClock } from '../widgets/player/time-format.ts';
import type { EmbedTranslate } from './embed-i18n.ts';
import { element } from './embed-view.ts';

/** The pixels of one ad, as the VAST client calls them (embed-vast.ts). */
export interface AdTracker {
  impression(): void;
  /** Seconds played: start and the quartiles are called as they are passed. */
  progress(seconds: number): void;
  complete(): void;
  skip(): void;
  /** A VAST error code (400s: the linear ad could not play). */
  error(code: string): void;
}

/** A linear ad ready to play. */
export interface LinearAd {
  mediaUrl: string;
  durationSeconds: number;
  /** Seconds before the viewer may skip it; null: not skippable. */
  skipAfterSeconds: number | null;
  tracker: AdTracker;
}

/** An ad break of the tag: 0 is the pre-roll, more is a mid-roll at that second of a replay. */
export interface AdBreakPlan {
  offsetSeconds: number;
  ads(): Promise<LinearAd[]>;
}

/** Reads a VAST or VMAP tag into its breaks (embed-vast.ts with @dailymotion/vast-client). */
export interface AdClient {
  schedule(tagUrl: string): Promise<AdBreakPlan[]>;
}

/** VAST 402: the media did not start in time; 405: it could not be played. */
const AD_TIMEOUT_CODE = '402';
const AD_UNPLAYABLE_CODE = '405';

/** A promise that gives up after `ms` (the ad never holds the content back for long). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('ad timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Plays a video; muted if the browser refuses sound without a gesture. */
async function start(video: HTMLVideoElement): Promise<void> {
  try {
    await video.play();
  } catch {
    video.muted = true;
    await video.play();
  }
}

/**
 * One linear ad in place of the content's video: "Ad" with the time left, a Skip button once the
 * ad allows it, its pixels through its tracker. Resolves when it ends, is skipped or fails; never
 * rejects (an ad must not stop the content).
 */
export function playLinearAd(content: HTMLVideoElement, ad: LinearAd, say: EmbedTranslate): Promise<void> {
  const video = element('video', { playsinline: '', preload: 'auto', 'aria-label': say('adVideo') });
  const label = element('span', { class: 'ad-label' }, [say('adLabel')]);
  const left = element('span', { class: 'ad-left', 'aria-live': 'off' });
  const skip = element('button', { type: 'button', class: 'ad-skip', disabled: '' }, [say('adSkip')]);
  const bar = element('div', { class: 'ad-bar', role: 'status' }, [label, left]);
  if (ad.skipAfterSeconds !== null) bar.append(skip);
  const stage = element('div', { class: 'ad-stage', 'data-testid': 'ad' }, [video, bar]);
  if (content.muted) video.muted = true;
  content.replaceWith(stage);
  return new Promise<void>((resolve) => {
    let done = false;
    let started = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load?.();
      stage.replaceWith(content);
      resolve();
    };
    const fail = (code: string) => {
      if (done) return;
      ad.tracker.error(code);
      finish();
    };
    const timer = setTimeout(() => {
      if (!started) fail(AD_TIMEOUT_CODE);
    }, AD_LOAD_TIMEOUT_MS);
    const show = (seconds: number) => {
      left.textContent = say('adLeft', { time: formatClock(Math.max(0, Math.ceil(ad.durationSeconds - seconds))) });
      if (ad.skipAfterSeconds === null) return;
      const wait = Math.ceil(ad.skipAfterSeconds - seconds);
      skip.disabled = wait > 0;
      skip.textContent = wait > 0 ? say('adSkipIn', { seconds: String(wait) }) : say('adSkip');
    };
    video.addEventListener(
      'playing',
      () => {
        started = true;
        ad.tracker.impression();
      },
      { once: true },
    );
    video.addEventListener('timeupdate', () => {
      ad.tracker.progress(video.currentTime);
      show(video.currentTime);
    });
    video.addEventListener('ended', () => {
      ad.tracker.complete();
      finish();
    });
    video.addEventListener('error', () => fail(AD_UNPLAYABLE_CODE));
    skip.addEventListener('click', () => {
      ad.tracker.skip();
      finish();
    });
    show(0);
    video.src = ad.mediaUrl;
    start(video).catch(() => fail(AD_UNPLAYABLE_CODE));
  });
}

/** A break's ads one after the other; a break that cannot be read plays nothing. */
async function playBreak(content: HTMLVideoElement, plan: AdBreakPlan, say: EmbedTranslate): Promise<void> {
  const ads = await within(plan.ads(), AD_LOAD_TIMEOUT_MS).catch((error: unknown) => {
    // The page's console says why an ad did not play (the site's developer looks there).
    console.warn('Ad break not played:', error);
    return [] as LinearAd[];
  });
  for (const ad of ads) await playLinearAd(content, ad, say);
}

/** The ads of a page's player: its pre-roll, and a replay's mid-rolls. */
export interface AdRun {
  /** Plays the pre-roll if not yet played; resolves when the content may start. */
  preroll(): Promise<void>;
  destroy(): void;
}

/**
 * The ads around a content's video (contract advertising.ts): the tag is read at once (so the
 * pre-roll is ready when the viewer presses play), the pre-roll plays before the first play,
 * and a replay's mid-rolls at their second as playback passes it. A tag that fails or is late
 * plays no ad: the content plays.
 */
export function runAds(
  content: HTMLVideoElement,
  tagUrl: string,
  client: AdClient,
  say: EmbedTranslate,
  { midrolls }: { midrolls: boolean },
): AdRun {
  const plans = within(client.schedule(tagUrl), AD_LOAD_TIMEOUT_MS).catch((error: unknown) => {
    console.warn('Ad tag not read:', error);
    return [] as AdBreakPlan[];
  });
  const played = new Set<AdBreakPlan>();
  let running: Promise<void> | null = null;
  let destroyed = false;
  const playOnce = (plan: AdBreakPlan) => {
    played.add(plan);
    running = playBreak(content, plan, say).finally(() => {
      running = null;
    });
    return running;
  };
  const preroll = async () => {
    const plan = (await plans).find((candidate) => candidate.offsetSeconds === 0);
    if (!plan || played.has(plan) || destroyed) return;
    await playOnce(plan);
  };
  const onTime = () => {
    if (running || destroyed) return;
    void plans.then((all) => {
      const due = all.find(
        (plan) => plan.offsetSeconds > 0 && !played.has(plan) && content.currentTime >= plan.offsetSeconds,
      );
      if (!due || running) return;
      content.pause();
      void playOnce(due).then(() => start(content).catch(() => undefined));
    });
  };
  if (midrolls) content.addEventListener('timeupdate', onTime);
  return {
    preroll,
    destroy: () => {
      destroyed = true;
      content.removeEventListener('timeupdate', onTime);
    },
  };
}
