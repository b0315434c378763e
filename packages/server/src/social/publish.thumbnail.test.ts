import { describe, expect, it } from 'vitest';
import { thumbnailArgs, thumbnailSeconds } from './publish.thumbnail.ts';

describe('thumbnailSeconds', () => {
  it('keeps the second asked for inside the video, to the millisecond', () => {
    expect(thumbnailSeconds(2.34567, 10)).toBe(2.346);
    expect(thumbnailSeconds(-1, 10)).toBe(0);
    expect(thumbnailSeconds(12, 10)).toBe(9.75);
    expect(thumbnailSeconds(3, 0.1)).toBe(0);
    expect(thumbnailSeconds(30, null)).toBe(30);
  });
});

describe('thumbnailArgs', () => {
  it('seeks before the input and writes one JPEG frame fitted in 1280 × 1280', () => {
    expect(thumbnailArgs({ input: '/in.mp4', output: '/t.jpg', atSeconds: 1.5 })).toEqual([
      ...['-ss', '1.5', '-i', '/in.mp4', '-map', '0:v:0', '-frames:v', '1'],
      ...['-vf', 'scale=1280:1280:force_original_aspect_ratio=decrease', '-q:v', '3', '/t.jpg'],
    ]);
  });
});
