import { MEDIA_TOKEN_STEP_SECONDS, MEDIA_TOKEN_TTL_SECONDS } from '@regie/contract/videos';
import { describe, expect, it } from 'vitest';
import { signPlaylist, signStoryboard } from './media.routes.ts';
import { attachment, parseRange } from './media.send.ts';
import { createMediaTokens, mediaUrlOf, tokenScope } from './media.tokens.ts';

describe('media tokens', () => {
  const tokens = createMediaTokens('a secret of at least thirty-two characters');
  const now = Date.UTC(2026, 0, 1, 12, 7);

  it('opens the files of one video for the TTL at least, and nothing else', () => {
    const token = tokens.sign(3, 42, now);
    expect(tokens.verify(token, 3, 42, now)).toBe(true);
    expect(tokens.verify(token, 3, 42, now + MEDIA_TOKEN_TTL_SECONDS * 1000)).toBe(true);
    expect(tokens.verify(token, 3, 42, now + (MEDIA_TOKEN_TTL_SECONDS + MEDIA_TOKEN_STEP_SECONDS) * 1000)).toBe(false);
    expect(tokens.verify(token, 3, 43, now)).toBe(false);
    expect(tokens.verify(token, 4, 42, now)).toBe(false);
    expect(createMediaTokens('another secret of thirty-two characters!').verify(token, 3, 42, now)).toBe(false);
    expect(tokens.verify('garbage', 3, 42, now)).toBe(false);
  });

  it("binds a token to a viewer's country when asked, the country signed with the rest", () => {
    const token = tokens.sign(3, 42, now, 'FR');
    expect(token).toMatch(/^\d+\.FR\.[\w-]{32}$/);
    expect(tokenScope(token)).toBe('FR');
    expect(tokenScope(tokens.sign(3, 42, now))).toBeNull();
    expect(tokens.verify(token, 3, 42, now)).toBe(true);
    // Another country written in: the signature no longer holds.
    expect(tokens.verify(token.replace('.FR.', '.DE.'), 3, 42, now)).toBe(false);
    expect(tokens.verify(token.replace('.FR.', '.'), 3, 42, now)).toBe(false);
  });

  it('gives the same URL for a while, so browsers can cache the files', () => {
    expect(tokens.sign(3, 42, now)).toBe(tokens.sign(3, 42, now + 60_000));
  });

  it('signs video media keys only', () => {
    const url = mediaUrlOf(tokens, 'https://cdn.example.test');
    expect(url('videos/3/42/poster.jpg')).toMatch(
      /^https:\/\/cdn\.example\.test\/media\/videos\/3\/42\/poster\.jpg\?t=\d+\.[\w-]{32}$/,
    );
    expect(url('3/logo/abc.png')).toBe('https://cdn.example.test/media/3/logo/abc.png');
  });
});

describe('signed playlists and storyboards', () => {
  it('carries the token on relative URIs, leaving tags and absolute URLs', () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360',
      '360p/index.m3u8',
      'https://elsewhere.test/x.ts',
      '',
    ].join('\n');
    expect(signPlaylist(playlist, 'T')).toBe(
      [
        '#EXTM3U',
        '#EXT-X-MAP:URI="init.mp4?t=T"',
        '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360',
        '360p/index.m3u8?t=T',
        'https://elsewhere.test/x.ts',
        '',
      ].join('\n'),
    );
    // With the encode's version: on what the playlist lists, never on a playlist (read again).
    expect(signPlaylist('#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\nseg_1.m4s\n360p/index.m3u8\n', 'T', 'k1')).toBe(
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4?t=T&v=k1"\nseg_1.m4s?t=T&v=k1\n360p/index.m3u8?t=T\n',
    );
    expect(signStoryboard('WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nsprite.jpg#xywh=0,0,160,90\n', 'T')).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nsprite.jpg?t=T#xywh=0,0,160,90\n',
    );
  });
});

describe('ranges and downloads', () => {
  it('reads one byte range, refusing what lies outside the file', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  });

  it('names the downloaded file in ASCII and in UTF-8', () => {
    expect(attachment('Finale été "2024".mp4')).toBe(
      `attachment; filename="Finale _t_ _2024_.mp4"; filename*=UTF-8''Finale%20%C3%A9t%C3%A9%20%222024%22.mp4`,
    );
  });
});
