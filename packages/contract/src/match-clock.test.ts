import { describe, expect, it } from 'vitest';
import {
  clockLabel,
  matchMinuteAt,
  matchMinuteLabel,
  periodSecondsOf,
  periodsProblem,
  videoSecondsOf,
} from './match-clock.ts';

// A replay whose first half kicks off 5 min in, the second at 60 min, extra time at 110 and 127 min.
const periods = [
  { period: 1, startsAt: 300 },
  { period: 2, startsAt: 3600 },
  { period: 3, startsAt: 6600 },
  { period: 4, startsAt: 7620 },
];

describe('the match clock in the video', () => {
  it('places a first-half goal from the first kick-off', () => {
    expect(videoSecondsOf(periods, 1, periodSecondsOf(1, 23, 10))).toBe(300 + 23 * 60 + 10);
  });

  it('places first-half stoppage time (45+2) after the 45th minute of the first half, not in the second', () => {
    const seconds = periodSecondsOf(1, 45, 30, 2);
    expect(seconds).toBe(47 * 60 + 30);
    expect(videoSecondsOf(periods, 1, seconds)).toBe(300 + 47 * 60 + 30);
  });

  it('places second-half events from the second kick-off, stoppage (90+5) included', () => {
    expect(videoSecondsOf(periods, 2, periodSecondsOf(2, 46, 0))).toBe(3600 + 60);
    expect(videoSecondsOf(periods, 2, periodSecondsOf(2, 90, 12, 5))).toBe(3600 + 50 * 60 + 12);
  });

  it('places extra time (105+1, 120+3) from the extra periods’ kick-offs', () => {
    expect(videoSecondsOf(periods, 3, periodSecondsOf(3, 105, 0, 1))).toBe(6600 + 16 * 60);
    expect(videoSecondsOf(periods, 4, periodSecondsOf(4, 120, 40, 3))).toBe(7620 + 18 * 60 + 40);
  });

  it('gives no place to an event whose period has not kicked off', () => {
    expect(videoSecondsOf(periods, 5, 30)).toBeNull();
    expect(videoSecondsOf([], 1, 30)).toBeNull();
    expect(videoSecondsOf(null, 1, 30)).toBeNull();
  });

  it('writes the clock as it is read', () => {
    expect(clockLabel(45, 2)).toBe("45+2'");
    expect(clockLabel(12)).toBe("12'");
  });
});

describe('periods as they may be stored', () => {
  it('accepts distinct periods kicking off in order, whatever the list order', () => {
    expect(periodsProblem(periods)).toBeNull();
    expect(periodsProblem([...periods].reverse())).toBeNull();
  });

  it('refuses a period listed twice, a period outside 1…5, a negative start and a kick-off before an earlier period', () => {
    expect(
      periodsProblem([
        { period: 1, startsAt: 0 },
        { period: 1, startsAt: 10 },
      ])?.kind,
    ).toBe('duplicate');
    expect(periodsProblem([{ period: 6, startsAt: 0 }])?.kind).toBe('period');
    expect(periodsProblem([{ period: 1, startsAt: -1 }])?.kind).toBe('negative');
    expect(
      periodsProblem([
        { period: 1, startsAt: 100 },
        { period: 2, startsAt: 50 },
      ])?.kind,
    ).toBe('order');
  });
});

describe('the match minute of a moment', () => {
  it('counts the minute being played, as broadcasts show it', () => {
    expect(matchMinuteLabel(1, 0)).toBe("1'");
    expect(matchMinuteLabel(1, 59)).toBe("1'");
    expect(matchMinuteLabel(2, periodSecondsOf(2, 62, 10))).toBe("63'");
  });

  it('shows stoppage time after the regular end of a period, and no minute in the shoot-out', () => {
    expect(matchMinuteLabel(1, periodSecondsOf(1, 45, 30, 1))).toBe("45+2'");
    expect(matchMinuteLabel(2, periodSecondsOf(2, 89, 59))).toBe("90'");
    expect(matchMinuteLabel(2, periodSecondsOf(2, 90, 0))).toBe("90+1'");
    expect(matchMinuteLabel(5, 30)).toBeNull();
  });

  it('finds the minute of a place in the video from the periods kicked off before it', () => {
    expect(matchMinuteAt(periods, 300 + 22 * 60 + 5)).toBe("23'");
    expect(matchMinuteAt(periods, 3600 + 17 * 60)).toBe("63'");
    expect(matchMinuteAt(periods, 100)).toBeNull();
    expect(matchMinuteAt(null, 4000)).toBeNull();
  });
});
