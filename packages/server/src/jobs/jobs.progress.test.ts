import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelayMs, DEFAULT_RETRY } from './jobs.define.ts';
import { clampProgress, createProgressReporter } from './jobs.progress.ts';

describe('progress reporter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes at most once per interval, always the latest value, and never loses the last one', async () => {
    const written: number[] = [];
    const reporter = createProgressReporter(
      async (percent) => {
        written.push(percent);
      },
      { intervalMs: 1_000, onError: () => undefined, now: () => Date.now() },
    );
    reporter.report(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toEqual([5]);
    for (const percent of [10, 20, 30, 40]) reporter.report(percent);
    await vi.advanceTimersByTimeAsync(500);
    expect(written).toEqual([5]);
    await vi.advanceTimersByTimeAsync(500);
    expect(written).toEqual([5, 40]);
    reporter.report(40);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(written).toEqual([5, 40]);
    await reporter.stop();
  });

  it('writes nothing after stop', async () => {
    const written: number[] = [];
    const reporter = createProgressReporter(
      async (percent) => {
        written.push(percent);
      },
      { intervalMs: 1_000, onError: () => undefined },
    );
    reporter.report(50);
    await reporter.stop();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(written).toEqual([]);
  });

  it('clamps and rounds', () => {
    expect([clampProgress(-3), clampProgress(42.6), clampProgress(140), clampProgress(Number.NaN)]).toEqual([
      0, 43, 100, 0,
    ]);
  });
});

describe('backoff', () => {
  it('doubles from the initial delay up to the maximum', () => {
    const policy = { maxAttempts: 5, backoff: { initialMs: 1_000, maxMs: 5_000 } };
    expect([1, 2, 3, 4].map((attempt) => backoffDelayMs(policy, attempt))).toEqual([1_000, 2_000, 4_000, 5_000]);
    expect(backoffDelayMs(DEFAULT_RETRY, 1)).toBe(10_000);
  });
});
