import { describe, expect, it } from 'vitest';
import { replayStream } from './embed-aspect.ts';

const replay = {
  hlsUrl: '/media/videos/1/9/hls/master.m3u8',
  renditions: [
    {
      aspect: '9:16' as const,
      hlsUrl: '/media/videos/1/9/renditions/9x16/1/hls/master.m3u8',
      width: 608,
      height: 1080,
    },
    { aspect: '1:1' as const, hlsUrl: '/media/videos/1/9/renditions/1x1/1/hls/master.m3u8', width: 1080, height: 1080 },
  ],
};

describe('the stream a replay’s page plays', () => {
  it('is the video itself on a wide page, the vertical rendition on a phone held upright', () => {
    expect(replayStream(replay, { width: 1280, height: 720 }, null)).toBe(replay.hlsUrl);
    expect(replayStream(replay, { width: 390, height: 844 }, null)).toContain('/9x16/');
    expect(replayStream(replay, { width: 600, height: 620 }, null)).toContain('/1x1/');
  });

  it('is the one the page asks for, when there is one', () => {
    expect(replayStream(replay, { width: 1280, height: 720 }, '1x1')).toContain('/1x1/');
    expect(replayStream(replay, { width: 390, height: 844 }, '16x9')).toBe(replay.hlsUrl);
    // Not rendered in 4:5: the closest to the page.
    expect(replayStream(replay, { width: 390, height: 844 }, '4x5')).toContain('/9x16/');
    expect(replayStream({ ...replay, renditions: [] }, { width: 390, height: 844 }, null)).toBe(replay.hlsUrl);
  });
});
