import { describe, expect, it } from 'vitest';
import { clampToTimeline, moveTime, positionToTime, snapTime, spanPercent, timeToPercent } from './timeline-math.ts';

describe('timeline maths', () => {
  it('keeps times inside the video', () => {
    expect(clampToTimeline(-3, 20)).toBe(0);
    expect(clampToTimeline(25, 20)).toBe(20);
    expect(clampToTimeline(25, Number.NaN)).toBe(25);
  });

  it('snaps to a tenth of a second without float noise', () => {
    expect(snapTime(1.26)).toBe(1.3);
    expect(snapTime(0.1 + 0.2)).toBe(0.3);
    expect(snapTime(12.349)).toBe(12.3);
  });

  it('turns times into positions and back', () => {
    expect(timeToPercent(5, 20)).toBe(25);
    expect(timeToPercent(30, 20)).toBe(100);
    expect(timeToPercent(5, 0)).toBe(0);
    expect(positionToTime(250, 1000, 20)).toBe(5);
    expect(positionToTime(-10, 1000, 20)).toBe(0);
    expect(positionToTime(1200, 1000, 20)).toBe(20);
    expect(positionToTime(100, 0, 20)).toBe(0);
  });

  it('moves a point by a step, inside the video', () => {
    expect(moveTime(4.9, 0.1, 20)).toBe(5);
    expect(moveTime(0.05, -0.1, 20)).toBe(0);
    expect(moveTime(19.5, 1, 20)).toBe(20);
  });

  it('gives a span its width, none for an instant', () => {
    expect(spanPercent(5, 5, 20)).toBe(25);
    expect(spanPercent(18, 5, 20)).toBe(10);
    expect(spanPercent(5, null, 20)).toBe(0);
  });
});
