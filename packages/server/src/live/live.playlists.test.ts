import { describe, expect, it } from 'vitest';
import { mediaPlaylist, packagedSegments } from './live.playlists.ts';

describe('packagedSegments', () => {
  it("reads ffmpeg's playlist: sequence from the file name, exact duration, wall-clock time", () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-MEDIA-SEQUENCE:41',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXTINF:1.000000,',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-23T21:59:01.123+0000',
      '/data/live-work/7/41.ts',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-23T21:59:02.123+0100',
      '#EXTINF:0.960000,',
      '42.ts',
      '#EXTINF:1.0,',
      '',
    ].join('\n');
    expect(packagedSegments(text)).toEqual([
      { sequence: 41, file: '/data/live-work/7/41.ts', duration: 1, startedAt: new Date('2026-11-23T21:59:01.123Z') },
      { sequence: 42, file: '42.ts', duration: 0.96, startedAt: new Date('2026-11-23T20:59:02.123Z') },
    ]);
  });

  it('ignores what is not a numbered segment and an empty playlist', () => {
    expect(packagedSegments('')).toEqual([]);
    expect(packagedSegments('#EXTM3U\n#EXTINF:2,\nother.ts\n')).toEqual([]);
  });
});

describe('mediaPlaylist', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 23, 21, 0, seconds));
  const segments = [
    { sequence: 10, startedAt: at(0), duration: 2, discontinuity: true },
    { sequence: 11, startedAt: at(2), duration: 2.04, discontinuity: false },
    { sequence: 12, startedAt: at(10), duration: 1.5, discontinuity: true },
  ];

  it('lists the segments with their times, a discontinuity at a new run, and no end while live', () => {
    const text = mediaPlaylist(segments, { uri: (sequence) => `${sequence}.ts?t=x`, ended: false });
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:6',
        '#EXT-X-TARGETDURATION:3',
        '#EXT-X-MEDIA-SEQUENCE:10',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-PROGRAM-DATE-TIME:2026-11-23T21:00:00.000Z',
        '#EXTINF:2.000000,',
        '10.ts?t=x',
        '#EXT-X-PROGRAM-DATE-TIME:2026-11-23T21:00:02.000Z',
        '#EXTINF:2.040000,',
        '11.ts?t=x',
        '#EXT-X-DISCONTINUITY',
        '#EXT-X-PROGRAM-DATE-TIME:2026-11-23T21:00:10.000Z',
        '#EXTINF:1.500000,',
        '12.ts?t=x',
        '',
      ].join('\n'),
    );
  });

  it('ends the playlist once nobody publishes', () => {
    expect(mediaPlaylist(segments, { uri: String, ended: true }).trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(mediaPlaylist([], { uri: String, ended: false })).toContain('#EXT-X-MEDIA-SEQUENCE:0');
  });
});
