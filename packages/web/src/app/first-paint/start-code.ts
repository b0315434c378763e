/**
 * The app's code is asked for by index.html's first script (catalog-preload.plugin.ts), which
 * leaves this global behind: calling it starts the code, once. The first paint's script
 * (first-paint.entry.ts) calls it once the frame is on screen, or at once when there is none.
 */
export const START_CODE_GLOBAL = '__REGIE_START_CODE__';

/** How long the code waits for the frame's paint at most (a browser that reports none, say). */
export const START_CODE_FALLBACK_MS = 300;

/** What afterPaint uses of the window (tests give their own). */
export type PaintWindow = Pick<Window, 'requestAnimationFrame' | 'setTimeout'> & {
  document: Pick<Document, 'visibilityState'>;
  PerformanceObserver?: typeof PerformanceObserver;
};

/**
 * Calls `start` once, when the page's first paint is on screen: the browser's paint timing says
 * so (a 'paint' entry is reported once the frame was presented); without it, the task after the
 * next animation frame. A hidden page paints nothing, so it starts at once, and the fallback
 * covers a paint that never comes.
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
}
