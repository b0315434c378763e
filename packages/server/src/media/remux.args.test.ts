import { describe, expect, it } from 'vitest';
import { mp4RemuxArgs } from './remux.args.ts';

describe('the MP4 of a rung', () => {
  it('copies the streams (no encode), the audio if any, with the index first', () => {
    const args = mp4RemuxArgs('/w/hls/720p/index.m3u8', '/w/download.mp4');
    expect(args.slice(0, 2)).toEqual(['-i', '/w/hls/720p/index.m3u8']);
    expect(args.join(' ')).toContain('-map 0:v:0 -map 0:a:0? -c copy');
    expect(args).not.toContain('libx264');
    expect(args.join(' ')).toContain('-movflags +faststart');
    expect(args.at(-1)).toBe('/w/download.mp4');
  });
});
