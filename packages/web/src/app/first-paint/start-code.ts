/**
 * The app's code is asked for by index.html's first script (catalog-preload.plugin.ts), which
 * leaves this global behind: calling it starts the code, once. The first paint's script
 * (first-paint.entry.ts) calls it once the frame is on screen, or at once when there is none.
 */
export const START_CODE_GLOBAL = '__REGIE_START_CODE__';

/**
 * How long the code waits for the paint at most: a safety net only (the paint is reported once it
 * happened, and a page hidden meanwhile starts at once), long enough for a busy machine, where the
 * paint can take a second.
 */
export const START_CODE_FALLBACK_MS = 3000;

/** What afterPaint uses of the window (tests give their own). */
export type PaintWindow = Pick<Window, 'requestAnimationFrame' | 'setTimeout'> & {
  document: Pick<Document, 'visibilityState' | 'addEventListener'>;
  PerformanceObserver?: typeof PerformanceObserver;
};

/**
 * Calls `start` once, when the page's first paint is on screen: the browser's paint timing says
 * so (a 'paint' entry is reported once the frame was presented); without it, the task after the
 * next animation frame. A hidden page paints nothing, so it starts at once (or as soon as it is
 * hidden), and the fallback covers a paint that never comes.
 */
export function afterPaint(start: () => void, window_: PaintWindow = window): void {
  if (window_.document.visibilityState !== 'visible') {
    start();
    return;
  }
  let observer: PerformanceObserver | undefined;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    start();
  };
  const Observer = window_.PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    observer = new Observer(once);
    observer.observe({ type: 'paint', buffered: true });
  } else {
    window_.requestAnimationFrame(() => window_.setTimeout(once, 0));
  }
  window_.setTimeout(once, START_CODE_FALLBACK_MS);
  // Hidden before its paint (the tab switched away): nothing will paint until it is shown again.
  window_.document.addEventListener('visibilitychange', once, { once: true });
}
