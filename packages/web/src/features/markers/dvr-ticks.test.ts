import { describe, expect, it } from 'vitest';
import { placeTicks, TICK_ROOM_PX } from './dvr-ticks.ts';

const at = (seconds: number) => ({ seconds });
const time = (item: { seconds: number }) => item.seconds;

describe('markers on the DVR bar', () => {
  it('places a marker at its share of the window', () => {
    const [tick] = placeTicks([at(150)], time, { from: 100, to: 200 }, 500);
    expect(tick?.percent).toBe(50);
    expect(tick?.lane).toBe(0);
  });

  it('puts markers 5 s apart in a two-hour window in separate lanes, never on one another', () => {
    const ticks = placeTicks([at(3600), at(3605), at(3610)], time, { from: 0, to: 7200 }, 800);
    expect(ticks.map((tick) => tick.lane)).toEqual([0, 1, 2]);
  });

  it('keeps markers far enough apart in one lane, and leaves out those the window lost', () => {
    const gap = (TICK_ROOM_PX / 800) * 100;
    const ticks = placeTicks([at(10), at(10 + gap + 1), at(-5), at(120)], time, { from: 0, to: 100 }, 800);
    expect(ticks.map((tick) => [tick.item.seconds, tick.lane])).toEqual([
      [10, 0],
      [10 + gap + 1, 0],
    ]);
  });

  it('places nothing before the window or the bar has a size', () => {
    expect(placeTicks([at(1)], time, { from: 0, to: 0 }, 800)).toEqual([]);
    expect(placeTicks([at(1)], time, { from: 0, to: 10 }, 0)).toEqual([]);
  });
});
