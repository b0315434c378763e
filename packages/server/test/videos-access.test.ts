import { AUTH_MESSAGES } from '@regie/contract/auth';
import { renderMessage } from '@regie/contract/messages.render';
import { PUBLICATION_MESSAGES } from '@regie/contract/publications';
import { SOCIAL_MESSAGES, SOCIAL_PLATFORM_NAMES } from '@regie/contract/social';
import { SHARE_TARGETS, VIDEO_MESSAGES, videoPaths } from '@regie/contract/videos';
import type { ShareTargetsResponse } from '@regie/contract/videos.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { videos } from '../src/db/videos.table.ts';
import { testConfig } from './helpers.ts';
import { putPart, startUpload, type VideoTestContext, videoTestContext } from './videos-fixtures.ts';

let ctx: VideoTestContext;
const token = (name: string) => ctx.tokens[name] ?? '';
/** A video of account A with an original (bytes, not a real video: nothing here plays it). */
let videoId: number;
const original = Buffer.from('original bytes of the video '.repeat(5000));

async function createVideo(title: string, as = 'writerA'): Promise<number> {
  const response = await ctx.request({ method: 'POST', url: videoPaths.videos, token: token(as), payload: { title } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

beforeAll(async () => {
  ctx = await videoTestContext();
  const session = await startUpload(ctx, token('writerA'), {
    filename: 'Café Ünïcode "final".mp4',
    size: original.length,
  });
  for (const part of session.parts) await putPart(ctx, token('writerA'), session, original, part.partNumber);
  const completed = await ctx.request({
    method: 'POST',
    url: videoPaths.uploadCompleteMultipart,
    token: token('writerA'),
    payload: { uploadId: session.uploadId },
  });
  expect(completed.statusCode).toBe(202);
  videoId = session.videoId;
  await ctx.user('downloader', ctx.accountA, ['video_download']);
  await ctx.user('streamer', ctx.accountA, ['use_stream']);
  await ctx.user('reader', ctx.accountA, ['read_only']);
  await ctx.user('downloaderB', ctx.accountB, ['video_download', 'video_write']);
});
afterAll(() => ctx.cleanup());

describe('GET /main-api/videos/{id}/download', () => {
  it('streams the original as an attachment with its name to video_download and video_write', async () => {
    for (const name of ['downloader', 'writerA']) {
      const response = await ctx.request({ url: videoPaths.download(videoId), token: token(name) });
      expect(response.statusCode, name).toBe(200);
      expect(response.rawPayload).toEqual(original);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Caf_ _n_code _final_.mp4"; filename*=UTF-8''Caf%C3%A9%20%C3%9Cn%C3%AFcode%20%22final%22.mp4`,
      );
    }
    const ranged = await ctx.request({
      url: videoPaths.download(videoId),
      token: token('downloader'),
      headers: { range: 'bytes=10-19' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload).toEqual(original.subarray(10, 20));
  });

  it('refuses the other roles (403) and other accounts (404)', async () => {
    for (const name of ['streamer', 'reader']) {
      const response = await ctx.request({ url: videoPaths.download(videoId), token: token(name) });
      expect(response.statusCode, name).toBe(403);
      expect(response.json().message).toBe(renderMessage(AUTH_MESSAGES.notAuthorised));
    }
    expect((await ctx.request({ url: videoPaths.download(videoId), token: token('downloaderB') })).statusCode).toBe(
      404,
    );
    expect((await ctx.request({ url: videoPaths.download(videoId) })).statusCode).toBe(401);
  });
});

describe('GET /main-api/videos/{id}/download-link', () => {
  it('signs a short-lived link that downloads the original without the Bearer token, for this video only', async () => {
    const answer = await ctx.request({ url: videoPaths.downloadLink(videoId), token: token('downloader') });
    expect(answer.statusCode, answer.body).toBe(200);
    const { url, expiresAt } = answer.json();
    expect(url.startsWith(`${videoPaths.download(videoId)}?t=`)).toBe(true);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4);
    expect(minutes).toBeLessThanOrEqual(5);
    const file = await ctx.request({ url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(original);
    expect(file.headers['content-disposition']).toContain('attachment;');
    // The token opens this video only, and a forged one nothing.
    const other = await createVideo('Another original');
    const token_ = new URL(url, 'http://x').searchParams.get('t') ?? '';
    expect((await ctx.request({ url: `${videoPaths.download(other)}?t=${token_}` })).statusCode).toBe(403);
    const forged = `${token_.split('.')[0]}.${'A'.repeat(32)}`;
    const refused = await ctx.request({ url: `${videoPaths.download(videoId)}?t=${forged}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(renderMessage(VIDEO_MESSAGES.downloadLinkExpired));
  });

  it('is refused to those who may not download, and to other accounts', async () => {
    expect((await ctx.request({ url: videoPaths.downloadLink(videoId), token: token('streamer') })).statusCode).toBe(
      403,
    );
    expect((await ctx.request({ url: videoPaths.downloadLink(videoId), token: token('downloaderB') })).statusCode).toBe(
      404,
    );
    expect((await ctx.request({ url: videoPaths.downloadLink(videoId) })).statusCode).toBe(401);
  });
});

describe('own_videos_only', () => {
  it('shows a user only the videos they uploaded, everywhere', async () => {
    const own = await ctx.user('own', ctx.accountA, ['own_videos_only']);
    const theirs = await createVideo('Owned by the restricted user');
    await ctx.db.update(videos).set({ ownerId: own.id }).where(eq(videos.id, theirs));

    const list = await ctx.request({ url: videoPaths.videos, token: token('own') });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { id: number }) => row.id)).toEqual([theirs]);
    expect(list.json().total).toBe(1);
    expect((await ctx.request({ url: videoPaths.video(theirs), token: token('own') })).statusCode).toBe(200);
    expect((await ctx.request({ url: videoPaths.video(videoId), token: token('own') })).statusCode).toBe(404);
    const search = await ctx.request({ url: '/main-api/search/videos?search=e', token: token('own') });
    expect(search.json().map((row: { id: number }) => row.id)).toEqual([theirs]);
    // Nor may they read its media or subtitles.
    expect((await ctx.request({ url: videoPaths.subtitles(videoId, 'en'), token: token('own') })).statusCode).toBe(404);

    // With video_download too, the restriction does not apply.
    await ctx.user('ownAndDownload', ctx.accountA, ['own_videos_only', 'video_download']);
    const all = await ctx.request({ url: videoPaths.videos, token: token('ownAndDownload') });
    expect(all.json().total).toBeGreaterThan(1);
  });

  it('makes the uploading user the owner, whatever the body says', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: videoPaths.videos,
      token: token('writerA'),
      payload: { title: 'Mine', ownerId: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path: 'ownerId', message: 'Unknown field' });
    const id = await createVideo('Mine');
    const [row] = await ctx.db.select().from(videos).where(eq(videos.id, id));
    expect(row?.ownerId).not.toBeNull();
    expect((await ctx.request({ url: videoPaths.video(id), token: token('writerA') })).json().ownerId).toBe(
      row?.ownerId,
    );
  });
});

describe('another account', () => {
  it('never sees a video, its subtitles, its download or its sharing', async () => {
    const other = token('writerB');
    expect((await ctx.request({ url: videoPaths.video(videoId), token: other })).statusCode).toBe(404);
    expect((await ctx.request({ url: videoPaths.videos, token: other })).json().total).toBe(0);
    expect((await ctx.request({ url: videoPaths.subtitles(videoId, 'en'), token: other })).statusCode).toBe(404);
    const put = await ctx.request({
      method: 'PUT',
      url: videoPaths.subtitles(videoId, 'en'),
      token: other,
      payload: [{ id: null, start: 0, end: 1, text: 'x' }],
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await ctx.request({ method: 'POST', url: videoPaths.share(videoId, 'youtube'), token: other })).statusCode,
    ).toBe(404);
  });
});

describe('POST /main-api/videos/{id}/share/{target}', () => {
  /** A ready video of account A (marked so: shares are refused before anything reads its file). */
  async function readyVideo(): Promise<number> {
    const id = await createVideo('Ready to share');
    await ctx.db
      .update(videos)
      .set({ state: 'ready', originalKey: `videos/${ctx.accountA.id}/${id}/original.mp4`, duration: 10, size: 1000 })
      .where(eq(videos.id, id));
    return id;
  }

  it.each(SHARE_TARGETS)('asks the user to link %s first (400, the publication’s message)', async (target) => {
    const response = await ctx.request({
      method: 'POST',
      url: videoPaths.share(await readyVideo(), target),
      token: token('writerA'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      renderMessage(PUBLICATION_MESSAGES.notLinked(SOCIAL_PLATFORM_NAMES[target]), 'en'),
    );
  });

  it('names YouTube in its message, refuses unknown targets, readers and videos not ready', async () => {
    const youtube = await ctx.request({
      method: 'POST',
      url: videoPaths.share(await readyVideo(), 'youtube'),
      token: token('writerA'),
    });
    expect(youtube.json().message).toBe('You have no YouTube account linked: link it in Settings › Social networks');
    expect(
      (await ctx.request({ method: 'POST', url: videoPaths.share(videoId, 'myspace'), token: token('writerA') }))
        .statusCode,
    ).toBe(400);
    expect(
      (await ctx.request({ method: 'POST', url: videoPaths.share(videoId, 'youtube'), token: token('downloader') }))
        .statusCode,
    ).toBe(403);
    const notReady = await ctx.request({
      method: 'POST',
      url: videoPaths.share(videoId, 'youtube'),
      token: token('writerA'),
    });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe(renderMessage(PUBLICATION_MESSAGES.videoNotReady, 'en'));
  });

  it('answers 503 when the server cannot link the platform (no app credentials, no local stand-in)', async () => {
    const id = await readyVideo();
    const unlinkable = await buildApp(testConfig({ social: { apps: {}, local: false, localUrl: null } }), {
      database: { db: ctx.db, driver: 'pglite', migrate: async () => undefined, close: async () => undefined },
      storage: ctx.storage,
    });
    try {
      const response = await unlinkable.inject({
        method: 'POST',
        url: videoPaths.share(id, 'youtube'),
        headers: { authorization: `Bearer ${token('writerA')}` },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(renderMessage(SOCIAL_MESSAGES.notConfigured('YouTube'), 'en'));
      const targets = await unlinkable.inject({
        url: videoPaths.shareTargets,
        headers: { authorization: `Bearer ${token('writerA')}` },
      });
      expect(targets.json<ShareTargetsResponse>().every((target) => !target.configured && !target.linked)).toBe(true);
    } finally {
      await unlinkable.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('documents every video call', async () => {
    const document = (await ctx.request({ url: '/api/docs/json' })).json();
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/main-api/videos/upload/url-multipart',
        '/main-api/videos/upload/complete-multipart',
        '/main-api/videos/upload/{uploadId}',
        '/main-api/videos/upload/{uploadId}/parts/{partNumber}',
        '/main-api/videos/import-url',
        '/main-api/videos/{id}/encoding-job',
        '/main-api/videos/{id}/subtitles/{language}',
        '/main-api/videos/{id}/download',
        '/main-api/videos/{id}/share/{target}',
        '/main-api/videos/{id}/shares',
        '/main-api/videos/share-targets',
        '/media/{path}',
      ]),
    );
    const upload = document.paths['/main-api/videos/upload/url-multipart'].post;
    expect(Object.keys(upload.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['filename', 'size', 'contentType', 'videoId', 'uploadId']),
    );
  });

  it('answers HEAD on media like GET, without a body', async () => {
    const response = await ctx.app.inject({
      method: 'HEAD',
      url: `/media/videos/${ctx.accountA.id}/${videoId}/poster.jpg`,
      headers: { authorization: `Bearer ${token('writerA')}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('');
  });
});
