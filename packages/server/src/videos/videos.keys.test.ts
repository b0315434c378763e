import { describe, expect, it } from 'vitest';
import { parseMediaKey } from './videos.keys.ts';
import { purgeableFolder } from './videos.purge.job.ts';

describe('the media keys served', () => {
  it('serve a rendition’s playlists, segments, MP4 and poster, and nothing else of it', () => {
    const kinds = (path: string) => parseMediaKey(`videos/3/42/${path}`)?.kind ?? null;
    expect(kinds('renditions/9x16/2/hls/master.m3u8')).toBe('playlist');
    expect(kinds('renditions/9x16/2/hls/480p/index.m3u8')).toBe('playlist');
    expect(kinds('renditions/9x16/2/hls/480p/segment_003.ts')).toBe('segment');
    expect(kinds('renditions/1x1/12/video.mp4')).toBe('segment');
    expect(kinds('renditions/4x5/1/poster.jpg')).toBe('image');
    expect(kinds('renditions/9x16/2/original.mp4')).toBeNull();
    expect(kinds('renditions/9x16/../../original.mp4')).toBeNull();
    expect(kinds('renditions/9x16/video.mp4')).toBeNull();
    expect(kinds('original.mp4')).toBeNull();
  });

  it('purge a replaced render of a rendition, never the video’s folder or another video’s', () => {
    const video = { accountId: 3, id: 42 };
    expect(purgeableFolder(video, 'videos/3/42/renditions/9x16/1/')).toBe('videos/3/42/renditions/9x16/1/');
    expect(purgeableFolder(video, 'videos/3/42/hls/instant/')).toBe('videos/3/42/hls/instant/');
    expect(purgeableFolder(video, 'videos/3/42/renditions/9x16/')).toBeNull();
    expect(purgeableFolder(video, 'videos/3/42/renditions/')).toBeNull();
    expect(purgeableFolder(video, 'videos/3/42/')).toBeNull();
    expect(purgeableFolder(video, 'videos/3/43/renditions/9x16/1/')).toBeNull();
  });
});
