import { describe, expect, it } from 'vitest';
import { nudged, placeFromPointer, removeKeyframe, samePath, setKeyframe } from './reframe-edit.ts';

const path = [
  { time: 0, x: 0.2, cut: false },
  { time: 2, x: 0.8, cut: false },
];

describe('the editor’s reframe path', () => {
  it('adds a keyframe in time order, or moves the one already at that moment', () => {
    expect(setKeyframe(path, 1, 0.5).map((keyframe) => [keyframe.time, keyframe.x])).toEqual([
      [0, 0.2],
      [1, 0.5],
      [2, 0.8],
    ]);
    expect(setKeyframe(path, 2.04, 0.1).map((keyframe) => [keyframe.time, keyframe.x])).toEqual([
      [0, 0.2],
      [2, 0.1],
    ]);
    // Never outside the picture.
    expect(setKeyframe(path, 3, 1.7).at(-1)?.x).toBe(1);
  });

  it('keeps a keyframe at 0 s whatever is removed', () => {
    expect(removeKeyframe(path, 1)).toEqual([{ time: 0, x: 0.2, cut: false }]);
    expect(removeKeyframe(path, 0)).toEqual([{ time: 0, x: 0.8, cut: false }]);
    expect(removeKeyframe([{ time: 0, x: 0.4, cut: false }], 0)).toEqual([{ time: 0, x: 0.4, cut: false }]);
  });

  it('moves the window a step per arrow, ten with Shift, within the picture', () => {
    expect(nudged(0.5, 1, false)).toBe(0.51);
    expect(nudged(0.5, -1, true)).toBe(0.4);
    expect(nudged(0.995, 1, true)).toBe(1);
  });

  it('centres the window under the pointer, held within the picture', () => {
    // A 9:16 window over 16:9 is 0.316 of the width.
    expect(placeFromPointer(0.5, 0.316)).toBe(0.5);
    expect(placeFromPointer(0.05, 0.316)).toBe(0);
    expect(placeFromPointer(0.99, 0.316)).toBe(1);
  });

  it('knows when the path changed', () => {
    expect(samePath(path, [...path])).toBe(true);
    expect(samePath(path, setKeyframe(path, 1, 0.5))).toBe(false);
  });
});
