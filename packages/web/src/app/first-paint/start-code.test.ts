import { describe, expect, it, vi } from 'vitest';
import { afterPaint, type PaintWindow, START_CODE_FALLBACK_MS } from './start-code.ts';

/** A window whose frames, timers and paint reports the test runs by hand. */
function fakeWindow(visibilityState: DocumentVisibilityState, { paintTiming = true } = {}) {
  const frames: FrameRequestCallback[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const observers: { report: () => void; disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource'];
    readonly record: { report: () => void; disconnected: boolean };
    constructor(callback: () => void) {
      this.record = { report: callback, disconnected: false };
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  const visibilityListeners: (() => void)[] = [];
  const window = {
    document: {
      visibilityState,
      addEventListener: (_type: string, listener: () => void) => visibilityListeners.push(listener),
    },
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    PerformanceObserver: FakeObserver,
  } as unknown as PaintWindow;
  return { frames, timers, observers, visibilityListeners, window };
}

describe('the app’s code after the early frame', () => {
  it('starts once the browser reports the first paint, and only once', () => {
    const start = vi.fn();
    const { observers, timers, frames, window } = fakeWindow('visible');
    afterPaint(start, window);
    expect(start).not.toHaveBeenCalled();
    expect(frames).toHaveLength(0);
    observers[0]?.report();
    expect(start).toHaveBeenCalledTimes(1);
    expect(observers[0]?.disconnected).toBe(true);
    for (const timer of timers) timer.run();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('without paint timing, starts in the task after the next frame', () => {
    const start = vi.fn();
    const { frames, timers, window } = fakeWindow('visible', { paintTiming: false });
    afterPaint(start, window);
    for (const frame of frames) frame(0);
    expect(start).not.toHaveBeenCalled();
    timers.find((timer) => timer.ms === 0)?.run();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts anyway when no paint is reported (the fallback)', () => {
    const start = vi.fn();
    const { timers, window } = fakeWindow('visible');
    afterPaint(start, window);
    timers.find((timer) => timer.ms === START_CODE_FALLBACK_MS)?.run();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts as soon as the tab is hidden before its paint', () => {
    const start = vi.fn();
    const { visibilityListeners, window } = fakeWindow('visible');
    afterPaint(start, window);
    expect(start).not.toHaveBeenCalled();
    for (const listener of visibilityListeners) listener();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once in a hidden tab, which paints nothing', () => {
    const start = vi.fn();
    const { observers, frames, window } = fakeWindow('hidden');
    afterPaint(start, window);
    expect(start).toHaveBeenCalledTimes(1);
    expect(frames).toHaveLength(0);
    expect(observers).toHaveLength(0);
  });
});
