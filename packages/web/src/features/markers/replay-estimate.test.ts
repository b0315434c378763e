import { describe, expect, it } from 'vitest';
import { remainingMinutes, remainingSeconds } from './replay-estimate.ts';

const START = Date.parse('2026-11-27T21:00:00Z');
const job = (progress: number, state = 'in_progress') => ({
  state,
  progress,
  runAt: new Date(START).toISOString(),
  createdAt: new Date(START - 5_000).toISOString(),
});

describe('what is left of the replay’s preparation', () => {
  it('extrapolates the pace so far: a quarter done in a minute leaves three', () => {
    expect(remainingSeconds(job(25), START + 60_000)).toBe(180);
    expect(remainingMinutes(180)).toBe(3);
  });

  it('says nothing while the job waits, barely started, or is done', () => {
    expect(remainingSeconds(job(40, 'waiting'), START + 60_000)).toBeNull();
    expect(remainingSeconds(job(1), START + 60_000)).toBeNull();
    expect(remainingSeconds(job(100), START + 60_000)).toBeNull();
    expect(remainingSeconds(job(50), START - 1_000)).toBeNull();
  });

  it('rounds a few seconds up to a minute', () => {
    expect(remainingMinutes(4)).toBe(1);
    expect(remainingMinutes(61)).toBe(2);
  });
});
