import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { Agent, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { SocialPlatform } from '@regie/contract/social';
import Fastify, { type FastifyInstance } from 'fastify';
import { TwitterApi } from 'twitter-api-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SOCIAL_PREFIX, PUBLISH_ENDPOINTS } from '../social.endpoints.ts';
import { localGrant } from './grants.ts';
import {
  createLocalSocialFaults,
  createPublishFaults,
  LOCAL_SOCIAL_CLIENT,
  type LocalSocialFaults,
  localSocialPlugin,
  type PublishFaults,
} from './local-social.ts';
import { createPublishStore, PUBLISH_MAX_BYTES } from './publish.routes.ts';
import { YOUTUBE_THUMBNAIL_MAX_BYTES } from './publish.youtube.ts';

const SECRET = 'test-secret';
const MIB = 1024 * 1024;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A fake JPEG: its SOI and APP0 markers, then zeros. */
const fakeJpeg = (extra = 1024) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(extra)]);

/** A fake MP4: an ftyp box head, then zeros. */
const fakeMp4 = (extra = 4096) =>
  Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(extra)]);

interface Built {
  app: FastifyInstance;
  faults: LocalSocialFaults;
  publishFaults: PublishFaults;
}

async function build(): Promise<Built> {
  const faults = createLocalSocialFaults();
  const publishFaults = createPublishFaults();
  const app = Fastify();
  await app.register(localSocialPlugin, { prefix: LOCAL_SOCIAL_PREFIX, secret: SECRET, faults, publishFaults });
  await app.ready();
  return { app, faults, publishFaults };
}

const path = (platform: SocialPlatform, endpoint: string) => `${LOCAL_SOCIAL_PREFIX}/${platform}${endpoint}`;
const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
/** The path and query of an absolute URL the stand-in gave out (inject takes paths). */
const local = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const boundary = `----regie-test-${randomBytes(8).toString('hex')}`;
  const head = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(head.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('the publishing store', () => {
  it('keeps bytes in a temp folder of its own, removed on close', async () => {
    const store = createPublishStore(createPublishFaults());
    const file = await store.newFile('probe');
    expect(dirname(file)).toMatch(/regie-local-social-[^/]+$/);
    expect(existsSync(file)).toBe(true);
    await store.close();
    expect(existsSync(dirname(file))).toBe(false);
  });

  it('removes the folder when the app closes', async () => {
    const folders = async () =>
      (await readdir(tmpdir()))
        .filter((name) => name.startsWith('regie-local-social-'))
        .map((name) => join(tmpdir(), name));
    const before = new Set(await folders());
    const { app } = await build();
    const token = localGrant(SECRET, 'youtube').tokens.accessToken;
    const started = await app.inject({
      method: 'POST',
      url: `${path('youtube', PUBLISH_ENDPOINTS.youtube.upload)}?uploadType=resumable&part=snippet,status`,
      headers: { authorization: `Bearer ${token}`, 'x-upload-content-length': '10' },
      payload: { snippet: { title: 'Probe' }, status: { privacyStatus: 'private' } },
    });
    expect(started.statusCode).toBe(200);
    const made = (await folders()).filter((folder) => !before.has(folder));
    expect(made.length).toBeGreaterThan(0);
    await app.close();
    expect(made.some((folder) => !existsSync(folder))).toBe(true);
  });
});

describe('YouTube resumable upload', () => {
  let built: Built;
  const token = localGrant(SECRET, 'youtube').tokens.accessToken;
  const auth = { authorization: `Bearer ${token}` };
  const uploadUrl = `${path('youtube', PUBLISH_ENDPOINTS.youtube.upload)}?uploadType=resumable&part=snippet,status`;
  beforeAll(async () => {
    built = await build();
  });
  afterAll(() => built.app.close());

  async function start(title: string, size: number, headers: Record<string, string> = auth) {
    return built.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { ...headers, 'x-upload-content-length': String(size), 'x-upload-content-type': 'video/mp4' },
      payload: {
        snippet: { title, description: 'Goal of the match', tags: ['football'], categoryId: '17' },
        status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
      },
    });
  }

  const put = (session: string, payload: Buffer | undefined, range?: string) =>
    built.app.inject({
      method: 'PUT',
      url: local(session),
      headers: { ...(range && { 'content-range': range }), ...(payload && { 'content-type': 'video/mp4' }) },
      ...(payload && { payload }),
    });

  it('uploads whole, shows the processing, finds the video among the account uploads', async () => {
    const bytes = fakeMp4();
    const started = await start('Whole clip', bytes.length);
    expect(started.statusCode).toBe(200);
    const session = started.headers.location as string;
    expect(session).toMatch(/^http:\/\/localhost(:80)?\/local-social\/youtube\/upload\/youtube\/v3\/videos\?/);
    expect(session).toContain('uploadType=resumable&part=snippet,status&upload_id=');

    const done = await put(session, bytes);
    expect(done.statusCode).toBe(200);
    const video = done.json();
    expect(video).toMatchObject({
      kind: 'youtube#video',
      id: expect.any(String),
      snippet: { title: 'Whole clip', description: 'Goal of the match', tags: ['football'], categoryId: '17' },
      status: { uploadStatus: 'uploaded', privacyStatus: 'public', selfDeclaredMadeForKids: false },
    });

    const statusUrl = `${path('youtube', PUBLISH_ENDPOINTS.youtube.videos)}?part=status,processingDetails&id=${video.id}`;
    const first = (await built.app.inject({ url: statusUrl, headers: auth })).json();
    expect(first.items[0]).toMatchObject({
      id: video.id,
      status: { uploadStatus: 'uploaded' },
      processingDetails: { processingStatus: 'processing' },
    });
    const second = (await built.app.inject({ url: statusUrl, headers: auth })).json();
    expect(second.items[0]).toMatchObject({
      id: video.id,
      status: { uploadStatus: 'processed' },
      processingDetails: { processingStatus: 'succeeded' },
    });

    const mine = await built.app.inject({
      url: `${path('youtube', PUBLISH_ENDPOINTS.youtube.mine)}?part=snippet&forMine=true&type=video&maxResults=25`,
      headers: auth,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items[0]).toMatchObject({
      id: { kind: 'youtube#video', videoId: video.id },
      snippet: { title: 'Whole clip', description: 'Goal of the match', publishedAt: expect.any(String) },
    });
  });

  it('uploads in chunks and resumes after a 503 by asking bytes */N', async () => {
    const bytes = fakeMp4(10_000);
    const total = bytes.length;
    const session = (await start('Chunked clip', total)).headers.location as string;

    const first = await put(session, bytes.subarray(0, 4096), `bytes 0-4095/${total}`);
    expect(first.statusCode).toBe(308);
    expect(first.headers.range).toBe('bytes=0-4095');

    built.publishFaults.failNextChunk.set('youtube', 1);
    const failed = await put(session, bytes.subarray(4096, 8192), `bytes 4096-8191/${total}`);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.status).toBe('UNAVAILABLE');

    const asked = await put(session, undefined, `bytes */${total}`);
    expect(asked.statusCode).toBe(308);
    expect(asked.headers.range).toBe('bytes=0-4095');

    const second = await put(session, bytes.subarray(4096, 8192), `bytes 4096-8191/${total}`);
    expect(second.statusCode).toBe(308);
    expect(second.headers.range).toBe('bytes=0-8191');
    const gap = await put(session, bytes.subarray(8193), `bytes 8193-${total - 1}/${total}`);
    expect(gap.statusCode).toBe(400);
    const last = await put(session, bytes.subarray(8192), `bytes 8192-${total - 1}/${total}`);
    expect(last.statusCode).toBe(200);
    const id = last.json().id;

    // A client that crashed after the last chunk asks again: the video, not a second one.
    const again = await put(session, undefined, `bytes */${total}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(id);
  });

  it('refuses a bad token (401), an upload over the cap (413), and answers 429 when limited', async () => {
    const bad = await start('Nope', 10, { authorization: 'Bearer nope' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.status).toBe('UNAUTHENTICATED');
    const big = await start('Too big', PUBLISH_MAX_BYTES + 1);
    expect(big.statusCode).toBe(413);
    built.faults.rateLimited.set('youtube', { calls: 1, retryAfterSeconds: 7 });
    const limited = await start('Limited', 10);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');
    expect(limited.json().error.status).toBe('RESOURCE_EXHAUSTED');
    const noSession = await put(`http://localhost${uploadUrl}&upload_id=unknown`, undefined, 'bytes */10');
    expect(noSession.statusCode).toBe(404);
  });

  it('sets a JPEG as the thumbnail (thumbnails.set), refusing what YouTube refuses', async () => {
    const bytes = fakeMp4();
    const session = (await start('With a thumbnail', bytes.length)).headers.location as string;
    const videoId = (await put(session, bytes)).json().id;
    const setThumbnail = (id: string | null, payload: Buffer | undefined, type = 'image/jpeg', headers = auth) =>
      built.app.inject({
        method: 'POST',
        url: `${path('youtube', PUBLISH_ENDPOINTS.youtube.thumbnails)}${id === null ? '' : `?videoId=${id}`}`,
        headers: { ...headers, 'content-type': type },
        ...(payload && { payload }),
      });
    const reason = (answer: { json: () => { error: { errors: { reason: string }[] } } }) =>
      answer.json().error.errors[0]?.reason;

    const image = fakeJpeg();
    const set = await setThumbnail(videoId, image);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      kind: 'youtube#thumbnailSetResponse',
      items: [{ default: { url: expect.any(String) } }],
    });
    const recorded = built.publishFaults.thumbnails.find((item) => item.postId === videoId);
    expect(recorded?.image?.contentType).toBe('image/jpeg');
    expect(recorded?.image?.bytes.equals(image)).toBe(true);

    const notImage = await setThumbnail(videoId, Buffer.from('<html>not a picture</html>'));
    expect([notImage.statusCode, reason(notImage)]).toEqual([400, 'invalidImage']);
    const big = await setThumbnail(videoId, fakeJpeg(YOUTUBE_THUMBNAIL_MAX_BYTES));
    expect([big.statusCode, reason(big)]).toEqual([413, 'uploadTooLarge']);
    const gif = await setThumbnail(videoId, image, 'image/gif');
    expect([gif.statusCode, reason(gif)]).toEqual([400, 'badContent']);
    const empty = await setThumbnail(videoId, undefined);
    expect([empty.statusCode, reason(empty)]).toEqual([400, 'mediaBodyRequired']);
    expect((await setThumbnail(null, image)).statusCode).toBe(400);
    expect((await setThumbnail('unknown', image)).statusCode).toBe(404);
    expect((await setThumbnail(videoId, image, 'image/jpeg', { authorization: 'Bearer nope' })).statusCode).toBe(401);
    // Only the picture that was taken is kept.
    expect(built.publishFaults.thumbnails.filter((item) => item.postId === videoId)).toHaveLength(1);
  });
});

describe('Facebook page video, resumable', () => {
  let built: Built;
  const grant = localGrant(SECRET, 'facebook');
  const pageToken = grant.tokens.targetToken ?? '';
  const pageId = grant.target?.id ?? '';
  const videos = path('facebook', PUBLISH_ENDPOINTS.facebook.videos.replace('{pageId}', pageId));
  beforeAll(async () => {
    built = await build();
  });
  afterAll(() => built.app.close());

  const phase = (values: Record<string, string>, token = pageToken) =>
    built.app.inject({ method: 'POST', url: videos, headers: FORM, payload: form({ access_token: token, ...values }) });

  const transfer = (session: string, start: number, bytes: Buffer) => {
    const body = multipart(
      { access_token: pageToken, upload_phase: 'transfer', upload_session_id: session, start_offset: String(start) },
      { name: 'video_file_chunk', bytes },
    );
    return built.app.inject({ method: 'POST', url: videos, headers: body.headers, payload: body.payload });
  };

  it('starts, transfers 4 MiB chunks, resumes at start_offset after a 503, finishes, shows and lists the video', async () => {
    const bytes = fakeMp4(4 * MIB + 5000);
    const size = bytes.length;
    const started = await phase({ upload_phase: 'start', file_size: String(size) });
    expect(started.statusCode).toBe(200);
    const { video_id: videoId, upload_session_id: session, start_offset, end_offset } = started.json();
    expect({ start_offset, end_offset }).toEqual({ start_offset: '0', end_offset: String(4 * MIB) });

    const first = await transfer(session, 0, bytes.subarray(0, 4 * MIB));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ start_offset: String(4 * MIB), end_offset: String(size) });

    built.publishFaults.failNextChunk.set('facebook', 1);
    const failed = await transfer(session, 4 * MIB, bytes.subarray(4 * MIB));
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toMatchObject({ code: 2, is_transient: true });
    const early = await phase({ upload_phase: 'finish', upload_session_id: session, title: 'Early' });
    expect(early.statusCode).toBe(400);

    const second = await transfer(session, 4 * MIB, bytes.subarray(4 * MIB));
    expect(second.json()).toEqual({ start_offset: String(size), end_offset: String(size) });

    const finished = await phase({
      upload_phase: 'finish',
      upload_session_id: session,
      title: 'Match highlights',
      description: 'What a goal',
    });
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toEqual({ success: true });

    const node = `${path('facebook', `/v21.0/${videoId}`)}?fields=status,permalink_url,description`;
    const headers = { authorization: `Bearer ${pageToken}` };
    const processing = (await built.app.inject({ url: node, headers })).json();
    expect(processing).toMatchObject({
      id: videoId,
      status: { video_status: 'processing' },
      permalink_url: `/${pageId}/videos/${videoId}/`,
      description: 'What a goal',
    });
    const ready = (await built.app.inject({ url: node, headers })).json();
    expect(ready.status).toMatchObject({ video_status: 'ready', processing_progress: 100 });

    const listed = await built.app.inject({
      url: `${videos}?fields=id,description,created_time&access_token=${pageToken}`,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data[0]).toEqual({
      id: videoId,
      description: 'What a goal',
      created_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/),
    });

    // The account routes still answer the other nodes.
    const page = await built.app.inject({ url: `${path('facebook', `/v21.0/${pageId}`)}?access_token=${pageToken}` });
    expect(page.json()).toMatchObject({ id: pageId, name: 'Riverside FC' });
  });

  it('finishes with the `thumb` picture (multipart) and keeps it; refuses one that is not a picture', async () => {
    const bytes = fakeMp4();
    const { video_id: videoId, upload_session_id: session } = (
      await phase({ upload_phase: 'start', file_size: String(bytes.length) })
    ).json();
    expect((await transfer(session, 0, bytes)).statusCode).toBe(200);
    const finish = (thumb: Buffer) => {
      const body = multipart(
        { access_token: pageToken, upload_phase: 'finish', upload_session_id: session, title: 'With a thumb' },
        { name: 'thumb', bytes: thumb },
      );
      return built.app.inject({ method: 'POST', url: videos, headers: body.headers, payload: body.payload });
    };
    const refused = await finish(Buffer.from('not a picture'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe(100);
    const node = `${path('facebook', `/v21.0/${videoId}`)}?access_token=${pageToken}`;
    expect((await built.app.inject({ url: node })).statusCode).toBe(400);

    const image = fakeJpeg();
    const finished = await finish(image);
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await built.app.inject({ url: node })).json().id).toBe(videoId);
    const recorded = built.publishFaults.thumbnails.find((item) => item.postId === videoId);
    expect(recorded).toMatchObject({ platform: 'facebook', image: { contentType: 'image/jpeg' } });
    expect(recorded?.image?.bytes.equals(image)).toBe(true);
  });

  it('refuses a user token (#200), a bad token (190), a file over the cap, and answers 429 when limited', async () => {
    const user = await phase({ upload_phase: 'start', file_size: '100' }, grant.tokens.accessToken);
    expect(user.statusCode).toBe(403);
    expect(user.json().error.code).toBe(200);
    const bad = await phase({ upload_phase: 'start', file_size: '100' }, 'nope');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe(190);
    const big = await phase({ upload_phase: 'start', file_size: String(PUBLISH_MAX_BYTES + 1) });
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toMatchObject({ code: 6000, error_subcode: 1363023 });
    built.faults.rateLimited.set('facebook', { calls: 1, retryAfterSeconds: 3 });
    const limited = await phase({ upload_phase: 'start', file_size: '100' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe(4);
  });
});

describe('Instagram Reels', () => {
  let built: Built;
  let media: Server;
  let mediaBase: string;
  let release: () => void = () => undefined;
  const grant = localGrant(SECRET, 'instagram');
  const pageToken = grant.tokens.targetToken ?? '';
  const igUserId = grant.target?.id ?? '';
  const igPath = (endpoint: string) => path('instagram', endpoint.replace('{igUserId}', igUserId));

  beforeAll(async () => {
    built = await build();
    // The clip's host: the stand-in fetches video_url from here, as Instagram would.
    let gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    media = createServer((request, response) => {
      if (request.url === '/clip.mp4' || request.url === '/slow.mp4') {
        const body = fakeMp4();
        const sendClip = () => response.writeHead(200, { 'content-type': 'video/mp4' }).end(body);
        if (request.url === '/slow.mp4') {
          void gate.then(sendClip);
          gate = Promise.resolve();
        } else sendClip();
        return;
      }
      if (request.url === '/page.html') {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>not a video</p>');
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
    mediaBase = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await built.app.close();
    media.closeAllConnections();
    await new Promise((resolve) => media.close(resolve));
  });

  const createContainer = (videoUrl: string, token = pageToken) =>
    built.app.inject({
      method: 'POST',
      url: igPath(PUBLISH_ENDPOINTS.instagram.media),
      headers: FORM,
      payload: form({ media_type: 'REELS', video_url: videoUrl, caption: 'Last-minute winner', access_token: token }),
    });

  const containerStatus = async (id: string) =>
    (
      await built.app.inject({
        url: `${path('instagram', `/v21.0/${id}`)}?fields=status_code,status&access_token=${pageToken}`,
      })
    ).json();

  async function settled(id: string) {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const status = await containerStatus(id);
      if (status.status_code !== 'IN_PROGRESS') return status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the container stayed IN_PROGRESS');
  }

  const publish = (creationId: string) =>
    built.app.inject({
      method: 'POST',
      url: `${igPath(PUBLISH_ENDPOINTS.instagram.publish)}?creation_id=${creationId}&access_token=${pageToken}`,
    });

  it('fetches video_url, shows IN_PROGRESS then FINISHED, publishes, shows and lists the media', async () => {
    const created = await createContainer(`${mediaBase}/slow.mp4`);
    expect(created.statusCode).toBe(200);
    const containerId = created.json().id;
    expect(await containerStatus(containerId)).toMatchObject({ id: containerId, status_code: 'IN_PROGRESS' });
    const early = await publish(containerId);
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatchObject({ code: 9007, message: 'Media ID is not available' });

    release();
    expect(await settled(containerId)).toMatchObject({ status_code: 'FINISHED' });
    const published = await publish(containerId);
    expect(published.statusCode).toBe(200);
    const mediaId = published.json().id;
    expect(mediaId).toEqual(expect.any(String));
    expect((await containerStatus(containerId)).status_code).toBe('PUBLISHED');

    const item = await built.app.inject({
      url: `${path('instagram', `/v21.0/${mediaId}`)}?fields=permalink,caption,timestamp&access_token=${pageToken}`,
    });
    expect(item.json()).toEqual({
      id: mediaId,
      permalink: expect.stringMatching(/^https:\/\/www\.instagram\.com\/reel\/[\w-]+\/$/),
      caption: 'Last-minute winner',
      timestamp: expect.stringMatching(/\+0000$/),
    });
    const listed = await built.app.inject({
      url: `${igPath(PUBLISH_ENDPOINTS.instagram.media)}?fields=id,caption,timestamp&access_token=${pageToken}`,
    });
    expect(listed.json().data[0]).toMatchObject({ id: mediaId, caption: 'Last-minute winner' });
  });

  it('ends in ERROR for a file that is not an MP4, a URL that fails, and an injected fault', async () => {
    const page = (await createContainer(`${mediaBase}/page.html`)).json().id;
    const notMp4 = await settled(page);
    expect(notMp4.status_code).toBe('ERROR');
    expect(notMp4.status).toMatch(/^Error: .*2207026/);
    const missing = await settled((await createContainer(`${mediaBase}/missing.mp4`)).json().id);
    expect(missing).toMatchObject({ status_code: 'ERROR', status: expect.stringMatching(/^Error: /) });
    built.publishFaults.failNextChunk.set('instagram', 1);
    const faulted = await settled((await createContainer(`${mediaBase}/clip.mp4`)).json().id);
    expect(faulted.status_code).toBe('ERROR');
    expect((await publish(page)).json().error.code).toBe(9007);
    // The fault was used up: the same URL works now.
    expect(await settled((await createContainer(`${mediaBase}/clip.mp4`)).json().id)).toMatchObject({
      status_code: 'FINISHED',
    });
  });

  it('keeps the cover frame of thumb_offset with the media published; refuses one that is not milliseconds', async () => {
    const withOffset = (offset: string) =>
      built.app.inject({
        method: 'POST',
        url: igPath(PUBLISH_ENDPOINTS.instagram.media),
        headers: FORM,
        payload: form({
          media_type: 'REELS',
          video_url: `${mediaBase}/clip.mp4`,
          thumb_offset: offset,
          access_token: pageToken,
        }),
      });
    for (const bad of ['-5', '1.5', 'two']) {
      const refused = await withOffset(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.code).toBe(100);
    }
    const containerId = (await withOffset('2000')).json().id;
    expect((await settled(containerId)).status_code).toBe('FINISHED');
    const mediaId = (await publish(containerId)).json().id;
    expect(built.publishFaults.thumbnails.find((item) => item.postId === mediaId)).toEqual({
      platform: 'instagram',
      postId: mediaId,
      offsetMs: 2000,
    });
  });

  it('refuses a bad token (190) and answers 429 when limited', async () => {
    const bad = await createContainer(`${mediaBase}/clip.mp4`, 'nope');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe(190);
    built.faults.rateLimited.set('instagram', { calls: 1, retryAfterSeconds: 2 });
    expect((await createContainer(`${mediaBase}/clip.mp4`)).statusCode).toBe(429);
  });
});

describe('X chunked media upload and post, driven by twitter-api-v2', () => {
  let built: Built;
  let base: string;
  const httpAgent = new Agent();
  const grant = localGrant(SECRET, 'twitter');
  const user = new TwitterApi(
    {
      appKey: LOCAL_SOCIAL_CLIENT.clientId,
      appSecret: LOCAL_SOCIAL_CLIENT.clientSecret,
      accessToken: grant.tokens.accessToken,
      accessSecret: grant.tokens.tokenSecret ?? '',
    },
    { httpAgent },
  );
  /** The HTTP status of the last answer (TwitterResponse has none). */
  let lastStatus = 0;
  const full = {
    prefix: '',
    fullResponse: true,
    requestEventDebugHandler: (event: string, data?: { res?: { statusCode?: number } }) => {
      if (event === 'response') lastStatus = data?.res?.statusCode ?? 0;
    },
  } as const;

  beforeAll(async () => {
    built = await build();
    // A real socket: the signature covers the URL the library sends to.
    base = `${await built.app.listen({ port: 0, host: '127.0.0.1' })}${LOCAL_SOCIAL_PREFIX}/twitter`;
  });
  afterAll(async () => {
    httpAgent.destroy();
    await built.app.close();
  });

  const upload = () => `${base}${PUBLISH_ENDPOINTS.twitter.media}`;
  /** APPEND a segment: the HTTP status. */
  const append = async (mediaId: string, index: number, bytes: Buffer) => {
    const query = { command: 'APPEND', media_id: mediaId, segment_index: index };
    // Multipart: only the query (and the oauth_* parameters) is signed.
    await user.post(upload(), { media: bytes }, { ...full, forceBodyMode: 'form-data', query }).catch(() => undefined);
    return lastStatus;
  };

  it('INIT, APPEND (resumed after a 503), FINALIZE, STATUS, post, and the post on the timeline', async () => {
    const bytes = fakeMp4(10_000);
    const init = await user.post(
      upload(),
      { command: 'INIT', total_bytes: bytes.length, media_type: 'video/mp4', media_category: 'tweet_video' },
      full,
    );
    expect(lastStatus).toBe(202);
    expect(init.data).toMatchObject({ media_id: expect.any(Number), expires_after_secs: 86400 });
    const mediaId: string = init.data.media_id_string;
    expect(String(init.data.media_id)).toBe(mediaId);

    expect(await append(mediaId, 0, bytes.subarray(0, 6000))).toBe(204);
    const tooEarly = await user.post(upload(), { command: 'FINALIZE', media_id: mediaId }, full).catch((e) => e);
    expect(tooEarly.code).toBe(400);
    expect(tooEarly.data.errors[0].code).toBe(324);

    built.publishFaults.failNextChunk.set('twitter', 1);
    expect(await append(mediaId, 1, bytes.subarray(6000))).toBe(503);
    expect(await append(mediaId, 1, bytes.subarray(6000))).toBe(204);

    const finalized = await user.post(upload(), { command: 'FINALIZE', media_id: mediaId }, full);
    expect(finalized.data).toMatchObject({
      media_id_string: mediaId,
      size: bytes.length,
      expires_after_secs: expect.any(Number),
      processing_info: { state: 'pending', check_after_secs: 1 },
    });

    const tweets = `${base}${PUBLISH_ENDPOINTS.twitter.tweets}`;
    const post = (text: string) =>
      user.post(tweets, { text, media: { media_ids: [mediaId] } }, { ...full, forceBodyMode: 'json' });
    const notReady = await post('Too soon').catch((error) => error);
    expect(notReady.code).toBe(400);
    expect(notReady.data.title).toBe('Invalid Request');

    const status = () => user.get(upload(), { command: 'STATUS', media_id: mediaId }, { prefix: '' });
    expect((await status()).processing_info).toMatchObject({ state: 'in_progress', progress_percent: 50 });
    expect((await status()).processing_info).toMatchObject({ state: 'succeeded', progress_percent: 100 });

    const posted = await post('Goal! #RiversideFC');
    expect(lastStatus).toBe(201);
    expect(posted.data.data).toMatchObject({ id: expect.any(String), text: 'Goal! #RiversideFC' });
    const duplicate = await post('Goal! #RiversideFC').catch((error) => error);
    expect(duplicate.code).toBe(403);

    const timeline = await user.get(
      `${base}${PUBLISH_ENDPOINTS.twitter.timeline.replace('{userId}', 'local-twitter-1')}`,
      { max_results: 5 },
      { prefix: '' },
    );
    expect(timeline.data[0]).toEqual({
      id: posted.data.data.id,
      text: 'Goal! #RiversideFC',
      created_at: expect.any(String),
      edit_history_tweet_ids: [posted.data.data.id],
      attachments: { media_keys: [`7_${mediaId}`] },
    });
    expect(timeline.meta.result_count).toBe(1);
  });

  it('refuses a forged signature (401) and answers 429 when limited', async () => {
    const forged = new TwitterApi(
      {
        appKey: LOCAL_SOCIAL_CLIENT.clientId,
        appSecret: 'wrong',
        accessToken: grant.tokens.accessToken,
        accessSecret: grant.tokens.tokenSecret ?? '',
      },
      { httpAgent },
    );
    const refused = await forged
      .post(upload(), { command: 'INIT', total_bytes: 10, media_type: 'video/mp4' }, full)
      .catch((error) => error);
    expect(refused.code).toBe(401);
    expect(refused.data.errors[0].code).toBe(32);
    const tooBig = await user
      .post(upload(), { command: 'INIT', total_bytes: PUBLISH_MAX_BYTES + 1, media_type: 'video/mp4' }, full)
      .catch((error) => error);
    expect(tooBig.code).toBe(400);
    built.faults.rateLimited.set('twitter', { calls: 1, retryAfterSeconds: 9 });
    const limited = await user
      .post(upload(), { command: 'INIT', total_bytes: 10, media_type: 'video/mp4' }, full)
      .catch((error) => error);
    expect(limited.code).toBe(429);
  });
});

describe('Dailymotion upload and publication', () => {
  let built: Built;
  const token = localGrant(SECRET, 'dailymotion').tokens.accessToken;
  const auth = { authorization: `Bearer ${token}` };
  beforeAll(async () => {
    built = await build();
  });
  afterAll(() => built.app.close());

  const slot = async () =>
    (
      await built.app.inject({ url: path('dailymotion', PUBLISH_ENDPOINTS.dailymotion.uploadUrl), headers: auth })
    ).json();
  const sendFile = (uploadUrl: string, bytes: Buffer) => {
    const body = multipart({}, { name: 'file', bytes });
    return built.app.inject({ method: 'POST', url: local(uploadUrl), headers: body.headers, payload: body.payload });
  };

  it('uploads the file (again after a 503), publishes it, shows the encoding, lists it', async () => {
    const { upload_url: uploadUrl, progress_url: progressUrl } = await slot();
    expect(uploadUrl).toMatch(/^http:\/\/localhost(:80)?\/local-social\/dailymotion\/upload\?uuid=[\w-]+&seal=[\w-]+$/);
    expect(progressUrl).toContain('/local-social/dailymotion/progress?uuid=');
    const bytes = fakeMp4();
    built.publishFaults.failNextChunk.set('dailymotion', 1);
    const failed = await sendFile(uploadUrl, bytes);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.type).toBe('service_unavailable');
    const uploaded = await sendFile(uploadUrl, bytes);
    expect(uploaded.statusCode).toBe(200);
    const file = uploaded.json();
    expect(file).toMatchObject({ url: expect.stringMatching(/^http:\/\//), name: 'clip.mp4', size: bytes.length });
    expect(file.seal).toEqual(expect.any(String));
    expect((await built.app.inject({ url: local(file.url) })).rawPayload.equals(bytes)).toBe(true);
    expect((await built.app.inject({ url: local(progressUrl) })).json()).toMatchObject({ state: 'done' });

    const created = await built.app.inject({
      method: 'POST',
      url: path('dailymotion', PUBLISH_ENDPOINTS.dailymotion.videos),
      headers: { ...auth, ...FORM },
      payload: form({
        url: file.url,
        title: 'Derby highlights',
        description: 'All the goals',
        published: 'true',
        channel: 'sport',
      }),
    });
    expect(created.statusCode).toBe(200);
    const video = created.json();
    expect(video).toEqual({
      id: expect.stringMatching(/^x\w+$/),
      title: 'Derby highlights',
      channel: 'sport',
      owner: 'local-dailymotion-1',
    });

    const status = `${path('dailymotion', `/video/${video.id}`)}?fields=id,status,url,title`;
    expect((await built.app.inject({ url: status, headers: auth })).json()).toEqual({
      id: video.id,
      status: 'processing',
      url: `https://www.dailymotion.com/video/${video.id}`,
      title: 'Derby highlights',
    });
    expect((await built.app.inject({ url: status, headers: auth })).json().status).toBe('published');

    const mine = await built.app.inject({
      url: `${path('dailymotion', PUBLISH_ENDPOINTS.dailymotion.videos)}?fields=id,title,description,created_time`,
      headers: auth,
    });
    expect(mine.json()).toMatchObject({
      has_more: false,
      list: [
        { id: video.id, title: 'Derby highlights', description: 'All the goals', created_time: expect.any(Number) },
      ],
    });
  });

  it('refuses a bad token (401), a forged upload URL, a foreign file URL, and answers 429 when limited', async () => {
    const bad = await built.app.inject({
      url: path('dailymotion', PUBLISH_ENDPOINTS.dailymotion.uploadUrl),
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.type).toBe('invalid_token');
    const { upload_url: uploadUrl } = await slot();
    const forged = await sendFile(uploadUrl.replace(/seal=[^&]+/, 'seal=forged'), fakeMp4());
    expect(forged.statusCode).toBe(403);
    const foreign = await built.app.inject({
      method: 'POST',
      url: path('dailymotion', PUBLISH_ENDPOINTS.dailymotion.videos),
      headers: { ...auth, ...FORM },
      payload: form({ url: 'https://elsewhere.test/clip.mp4', title: 'T', published: 'true', channel: 'sport' }),
    });
    expect(foreign.statusCode).toBe(400);
    built.faults.rateLimited.set('dailymotion', { calls: 1, retryAfterSeconds: 4 });
    const limited = await built.app.inject({
      url: path('dailymotion', PUBLISH_ENDPOINTS.dailymotion.uploadUrl),
      headers: auth,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.type).toBe('rate_limit_exceeded');
  });
});

describe('TikTok direct post', () => {
  let built: Built;
  const token = localGrant(SECRET, 'tiktok').tokens.accessToken;
  const auth = { authorization: `Bearer ${token}` };
  beforeAll(async () => {
    built = await build();
  });
  afterAll(() => built.app.close());

  const init = (source: Record<string, unknown>, headers: Record<string, string> = auth) =>
    built.app.inject({
      method: 'POST',
      url: path('tiktok', PUBLISH_ENDPOINTS.tiktok.init),
      headers,
      payload: {
        post_info: { title: 'Matchday #football', privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: false },
        source_info: { source: 'FILE_UPLOAD', ...source },
      },
    });
  const putChunk = (uploadUrl: string, bytes: Buffer, start: number, total: number) =>
    built.app.inject({
      method: 'PUT',
      url: local(uploadUrl),
      headers: { 'content-type': 'video/mp4', 'content-range': `bytes ${start}-${start + bytes.length - 1}/${total}` },
      payload: bytes,
    });
  const status = async (publishId: string) =>
    (
      await built.app.inject({
        method: 'POST',
        url: path('tiktok', PUBLISH_ENDPOINTS.tiktok.status),
        headers: auth,
        payload: { publish_id: publishId },
      })
    ).json();

  it('posts a whole small video: 201, processing then complete, listed', async () => {
    const bytes = fakeMp4();
    const started = await init({ video_size: bytes.length, chunk_size: bytes.length, total_chunk_count: 1 });
    expect(started.statusCode).toBe(200);
    const { data, error } = started.json();
    expect(error).toMatchObject({ code: 'ok', message: '', log_id: expect.any(String) });
    expect(data.publish_id).toMatch(/^v_pub_file~v2-1\.\d+$/);
    expect(data.upload_url).toMatch(/^http:\/\/localhost(:80)?\/local-social\/tiktok\/video\/\?upload_id=/);

    expect((await putChunk(data.upload_url, bytes, 0, bytes.length)).statusCode).toBe(201);
    expect((await status(data.publish_id)).data).toMatchObject({
      status: 'PROCESSING_UPLOAD',
      uploaded_bytes: bytes.length,
    });
    const done = await status(data.publish_id);
    expect(done.error.code).toBe('ok');
    expect(done.data).toMatchObject({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [expect.any(Number)] });

    const list = await built.app.inject({
      method: 'POST',
      url: `${path('tiktok', PUBLISH_ENDPOINTS.tiktok.list)}?fields=id,title,create_time,share_url`,
      headers: auth,
      payload: { max_count: 20 },
    });
    expect(list.statusCode).toBe(200);
    const { videos, has_more } = list.json().data;
    expect(has_more).toBe(false);
    expect(videos[0]).toEqual({
      id: String(done.data.publicaly_available_post_id[0]),
      title: 'Matchday #football',
      create_time: expect.any(Number),
      share_url: expect.stringMatching(/^https:\/\/www\.tiktok\.com\/@riversidefc\/video\/\d+$/),
    });
  });

  it('posts in 5 MiB chunks, 206 until the last, and resumes the chunk that failed with a 503', async () => {
    const bytes = fakeMp4(10 * MIB + 1234);
    const size = bytes.length;
    const chunk = 5 * MIB;
    const started = await init({ video_size: size, chunk_size: chunk, total_chunk_count: 2 });
    const { upload_url: uploadUrl, publish_id: publishId } = started.json().data;

    expect((await putChunk(uploadUrl, bytes.subarray(0, chunk), 0, size)).statusCode).toBe(206);
    expect((await status(publishId)).data).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: chunk });
    built.publishFaults.failNextChunk.set('tiktok', 1);
    const failed = await putChunk(uploadUrl, bytes.subarray(chunk), chunk, size);
    expect(failed.statusCode).toBe(503);
    const wrong = await putChunk(uploadUrl, bytes.subarray(chunk + 1), chunk + 1, size);
    expect(wrong.statusCode).toBe(416);
    expect((await putChunk(uploadUrl, bytes.subarray(chunk), chunk, size)).statusCode).toBe(201);
    expect((await status(publishId)).data.status).toBe('PROCESSING_UPLOAD');
    expect((await status(publishId)).data.status).toBe('PUBLISH_COMPLETE');
  });

  it('keeps the cover frame of video_cover_timestamp_ms with the post; refuses one that is not milliseconds', async () => {
    const bytes = fakeMp4();
    const source = { source: 'FILE_UPLOAD', video_size: bytes.length, chunk_size: bytes.length, total_chunk_count: 1 };
    const withCover = (cover: unknown) =>
      built.app.inject({
        method: 'POST',
        url: path('tiktok', PUBLISH_ENDPOINTS.tiktok.init),
        headers: auth,
        payload: {
          post_info: { title: 'Cover', privacy_level: 'PUBLIC_TO_EVERYONE', video_cover_timestamp_ms: cover },
          source_info: source,
        },
      });
    for (const bad of [-1, 1.5, '2000', 2 ** 31]) {
      const refused = await withCover(bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json().error.code).toBe('invalid_params');
    }
    const { upload_url: uploadUrl, publish_id: publishId } = (await withCover(1500)).json().data;
    expect((await putChunk(uploadUrl, bytes, 0, bytes.length)).statusCode).toBe(201);
    expect(built.publishFaults.thumbnails.find((item) => item.postId === publishId)).toEqual({
      platform: 'tiktok',
      postId: publishId,
      offsetMs: 1500,
    });
  });

  it('validates the chunking, fails a file that is not a video, refuses a bad token, answers 429', async () => {
    const size = 10 * MIB;
    const small = await init({ video_size: size, chunk_size: MIB, total_chunk_count: 10 });
    expect(small.statusCode).toBe(400);
    expect(small.json().error.code).toBe('invalid_params');
    const inconsistent = await init({ video_size: size, chunk_size: 5 * MIB, total_chunk_count: 3 });
    expect(inconsistent.json().error.code).toBe('invalid_params');
    const huge = await init({ video_size: PUBLISH_MAX_BYTES + 1, chunk_size: 64 * MIB, total_chunk_count: 8 });
    expect(huge.statusCode).toBe(400);

    const text = Buffer.from('not a video at all');
    const started = (await init({ video_size: text.length, chunk_size: text.length, total_chunk_count: 1 })).json()
      .data;
    expect((await putChunk(started.upload_url, text, 0, text.length)).statusCode).toBe(201);
    expect((await status(started.publish_id)).data).toMatchObject({
      status: 'FAILED',
      fail_reason: 'file_format_check_failed',
    });

    const bad = await init({ video_size: 10, chunk_size: 10, total_chunk_count: 1 }, { authorization: 'Bearer nope' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe('access_token_invalid');
    built.faults.rateLimited.set('tiktok', { calls: 1, retryAfterSeconds: 5 });
    const limited = await init({ video_size: 10, chunk_size: 10, total_chunk_count: 1 });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limit_exceeded');
  });
});
