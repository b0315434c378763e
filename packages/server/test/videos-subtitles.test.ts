import { renderMessage } from '@regie/contract/messages.render';
import { VIDEO_MESSAGES, videoPaths } from '@regie/contract/videos';
import type { VideoPlayback } from '@regie/contract/videos.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../src/db/videos.table.ts';
import { hlsMasterKey } from '../src/videos/videos.keys.ts';
import { type VideoTestContext, videoTestContext } from './videos-fixtures.ts';

let ctx: VideoTestContext;
let videoId: number;
const token = (name: string) => ctx.tokens[name] ?? '';

beforeAll(async () => {
  ctx = await videoTestContext();
  const created = await ctx.request({
    method: 'POST',
    url: videoPaths.videos,
    token: token('writerA'),
    payload: { title: 'Derby' },
  });
  videoId = created.json().id;
  await ctx.user('downloader', ctx.accountA, ['video_download']);
});
afterAll(() => ctx.cleanup());

describe('subtitles', () => {
  const srt = [
    '1',
    '00:00:01,000 --> 00:00:03,500',
    'Kick-off!',
    '',
    '2',
    '00:00:04,250 --> 00:00:06,000',
    'A first chance',
    'for the visitors',
    '',
  ].join('\r\n');

  it('converts SRT to WebVTT, gives the cues back as JSON and serves the .vtt to players', async () => {
    const put = await ctx.request({
      method: 'PUT',
      url: videoPaths.subtitles(videoId, 'fr'),
      token: token('writerA'),
      headers: { 'content-type': 'application/x-subrip' },
      payload: srt,
    });
    expect(put.statusCode, put.body).toBe(200);
    const cues = [
      { id: '1', start: 1, end: 3.5, text: 'Kick-off!' },
      { id: '2', start: 4.25, end: 6, text: 'A first chance\nfor the visitors' },
    ];
    expect(put.json()).toEqual(cues);
    const read = await ctx.request({ url: videoPaths.subtitles(videoId, 'fr'), token: token('downloader') });
    expect(read.json()).toEqual(cues);

    // Edited in place and sent back as JSON.
    const edited = [{ ...cues[0], text: 'Coup d’envoi !' }, cues[1]];
    const saved = await ctx.request({
      method: 'PUT',
      url: videoPaths.subtitles(videoId, 'fr'),
      token: token('writerA'),
      payload: edited,
    });
    expect(saved.json()).toEqual(edited);

    // The player gets the WebVTT through the video's playback, once it is ready.
    await ctx.db
      .update(videos)
      .set({ state: 'ready', hlsKey: hlsMasterKey(ctx.accountA.id, videoId) })
      .where(eq(videos.id, videoId));
    const video = await ctx.request({ url: videoPaths.video(videoId), token: token('writerA') });
    const playback: NonNullable<VideoPlayback> = video.json().playback;
    expect(video.json().subtitleLanguages).toEqual(['fr']);
    expect(playback.subtitles).toEqual([
      {
        language: 'fr',
        url: expect.stringMatching(new RegExp(`^/media/videos/${ctx.accountA.id}/${videoId}/subtitles/fr\\.vtt\\?t=`)),
      },
    ]);
    const vtt = await ctx.request({ url: playback.subtitles[0]?.url ?? '' });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:03.500\nCoup d’envoi !\n\n2\n00:00:04.250 --> 00:00:06.000\nA first chance\nfor the visitors\n',
    );
    await ctx.db.update(videos).set({ state: 'uploaded', hlsKey: null }).where(eq(videos.id, videoId));
  });

  it('accepts WebVTT as a file or as JSON {format, content}', async () => {
    const content = 'WEBVTT\n\nNOTE made by hand\n\n00:01.000 --> 00:02.000\nHello\n';
    for (const request of [
      { headers: { 'content-type': 'text/vtt' }, payload: content },
      { payload: { format: 'vtt', content } },
    ]) {
      const response = await ctx.request({
        method: 'PUT',
        url: videoPaths.subtitles(videoId, 'en'),
        token: token('writerA'),
        ...request,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual([{ id: null, start: 1, end: 2, text: 'Hello' }]);
    }
  });

  it('refuses a bad file with the line of its first bad cue', async () => {
    const bad = ['1', '00:00:01,000 --> 00:00:02,000', 'Fine', '', '2', '00:00:05,000 -> 00:00:06,000', 'Broken'].join(
      '\n',
    );
    const response = await ctx.request({
      method: 'PUT',
      url: videoPaths.subtitles(videoId, 'en'),
      token: token('writerA'),
      headers: { 'content-type': 'application/x-subrip' },
      payload: bad,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Line 6: expected a cue timing like 00:00:01,000 --> 00:00:04,000',
      errors: [{ path: 'line 6', message: 'expected a cue timing like 00:00:01,000 --> 00:00:04,000' }],
    });
    const backwards = await ctx.request({
      method: 'PUT',
      url: videoPaths.subtitles(videoId, 'en'),
      token: token('writerA'),
      payload: { format: 'vtt', content: 'WEBVTT\n\n00:00:05.000 --> 00:00:04.000\nBackwards\n' },
    });
    expect(backwards.json().message).toBe('Line 3: the cue must end after it starts');
    const cue = await ctx.request({
      method: 'PUT',
      url: videoPaths.subtitles(videoId, 'en'),
      token: token('writerA'),
      payload: [{ id: null, start: 3, end: 2, text: 'x' }],
    });
    expect(cue.statusCode).toBe(400);
    expect(cue.json().errors).toEqual([{ path: '0.end', message: 'A cue must end after it starts' }]);
    // The English subtitles of the previous test are untouched.
    expect(
      (await ctx.request({ url: videoPaths.subtitles(videoId, 'en'), token: token('writerA') })).json(),
    ).toHaveLength(1);
  });

  it('removes a language, and needs video_write to change them', async () => {
    const readerPut = await ctx.request({
      method: 'PUT',
      url: videoPaths.subtitles(videoId, 'en'),
      token: token('downloader'),
      payload: [],
    });
    expect(readerPut.statusCode).toBe(403);
    const removed = await ctx.request({
      method: 'DELETE',
      url: videoPaths.subtitles(videoId, 'en'),
      token: token('writerA'),
    });
    expect(removed.statusCode).toBe(204);
    const gone = await ctx.request({ url: videoPaths.subtitles(videoId, 'en'), token: token('writerA') });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(renderMessage(VIDEO_MESSAGES.subtitlesNotFound(videoId, 'en')));
    expect((await ctx.request({ url: videoPaths.subtitles(videoId, 'de'), token: token('writerA') })).statusCode).toBe(
      400,
    );
  });
});
