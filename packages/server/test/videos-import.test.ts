import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { renderMessage } from '@regie/contract/messages.render';
import { VIDEO_MESSAGES, videoPaths } from '@regie/contract/videos';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ImportError, openRemoteFile } from '../src/videos/import.fetch.ts';
import { waitForState } from './jobs-fixtures.ts';
import { makeTestVideo } from './media-fixtures.ts';
import { type VideoTestContext, videoRow, videoTestContext, waitForVideo } from './videos-fixtures.ts';

/**
 * import-url against a web server of this test, on 127.0.0.1: allowed for `allowing` through
 * REGIE_IMPORT_ALLOW_HOSTS, refused for `strict`, which has no allow-list (no request leaves
 * the machine: private addresses are refused before any connection).
 */
let strict: VideoTestContext;
let allowing: VideoTestContext;
let server: Server;
let base: string;
let video: Buffer;
const hosts: string[] = [];

beforeAll(async () => {
  strict = await videoTestContext();
  allowing = await videoTestContext({ importAllowHosts: ['127.0.0.1'] });
  video = await readFile(
    await makeTestVideo(join(allowing.dir, 'remote.mp4'), { width: 320, height: 180, seconds: 2 }),
  );
  server = createServer((request, response) => {
    hosts.push(request.headers.host ?? '');
    const path = request.url ?? '';
    if (path === '/files/match.mp4') {
      response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': video.length }).end(video);
    } else if (path === '/go') {
      response.writeHead(302, { location: '/files/match.mp4' }).end();
    } else if (path === '/to-private') {
      response.writeHead(302, { location: 'http://10.0.0.1/files/match.mp4' }).end();
    } else if (path === '/to-metadata') {
      response.writeHead(307, { location: 'http://[::ffff:169.254.169.254]/latest/meta-data/' }).end();
    } else if (path.startsWith('/loop')) {
      response.writeHead(302, { location: `/loop${path.length}` }).end();
    } else {
      response.writeHead(404).end('no such file');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await strict.stopWorkers();
  await allowing.stopWorkers();
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await strict.cleanup();
  await allowing.cleanup();
});

const importUrl = (ctx: VideoTestContext, url: string, title?: string) =>
  ctx.request({
    method: 'POST',
    url: videoPaths.importUrl,
    token: ctx.tokens.writerA ?? '',
    payload: { url, ...(title ? { title } : {}) },
  });

describe('POST /main-api/videos/import-url', () => {
  it('downloads the file in a job, then probes and encodes it like an upload', async () => {
    const response = await importUrl(allowing, `${base}/go`, 'Imported final');
    expect(response.statusCode, response.body).toBe(202);
    const { video: created, job } = response.json();
    expect(created).toMatchObject({ title: 'Imported final', state: 'uploading', AccountId: allowing.accountA.id });
    expect(job).toMatchObject({
      type: 'video.import',
      state: 'waiting',
      resourceType: 'Video',
      resourceId: String(created.id),
    });
    allowing.workers();
    const ready = await waitForVideo(allowing, created.id, ['ready', 'failed'], 60_000);
    expect(ready).toMatchObject({
      state: 'ready',
      filename: 'match.mp4',
      size: video.length,
      contentType: 'video/mp4',
    });
    const done = await waitForState(allowing.db, job.id, ['done']);
    expect(done.result).toMatchObject({ bytes: video.length, url: `${base}/files/match.mp4` });
    const original = await allowing.storage.get(ready.originalKey ?? '');
    expect(original?.size).toBe(video.length);
    original?.body.destroy();
  });

  it.each([
    ['127.0.0.1', 'http://127.0.0.1/video.mp4', '127.0.0.1'],
    ['10.0.0.1', 'http://10.0.0.1/video.mp4', '10.0.0.1'],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['[::1]', 'http://[::1]:8080/video.mp4', '::1'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/video.mp4', '::ffff:7f00:1'],
    ['unique-local IPv6', 'http://[fd12:3456::1]/video.mp4', 'fd12:3456::1'],
    ['0.0.0.0', 'http://0.0.0.0/video.mp4', '0.0.0.0'],
  ])('refuses %s with a 400 and makes no video', async (_name, url, address) => {
    const before = (await strict.request({ url: videoPaths.videos, token: strict.tokens.writerA ?? '' })).json().total;
    const response = await importUrl(strict, url);
    expect(response.statusCode).toBe(400);
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    expect(response.json().message).toBe(renderMessage(VIDEO_MESSAGES.importRefused(host, address)));
    expect(response.json().errors).toEqual([
      { path: 'url', message: renderMessage(VIDEO_MESSAGES.importRefused(host, address)) },
    ]);
    const after = (await strict.request({ url: videoPaths.videos, token: strict.tokens.writerA ?? '' })).json().total;
    expect(after).toBe(before);
  });

  it('refuses other schemes and non-URLs', async () => {
    expect((await importUrl(strict, 'ftp://example.com/video.mp4')).json().message).toBe(
      renderMessage(VIDEO_MESSAGES.importScheme),
    );
    expect((await importUrl(strict, 'file:///etc/passwd')).json().message).toBe(
      renderMessage(VIDEO_MESSAGES.importScheme),
    );
    expect((await importUrl(strict, 'not a url')).json().message).toBe(renderMessage(VIDEO_MESSAGES.importBadUrl));
  });

  it.each([
    ['a private address', '/to-private', renderMessage(VIDEO_MESSAGES.importRefused('10.0.0.1', '10.0.0.1'))],
    [
      'the metadata service',
      '/to-metadata',
      renderMessage(VIDEO_MESSAGES.importRefused('::ffff:a9fe:a9fe', '::ffff:a9fe:a9fe')),
    ],
    ['itself, more than 5 times', '/loop', renderMessage(VIDEO_MESSAGES.importTooManyRedirects)],
    ['a missing file', '/missing.mp4', renderMessage(VIDEO_MESSAGES.importHttpStatus(404))],
  ])('fails the video when the server redirects to %s', async (_name, path, reason) => {
    const response = await importUrl(allowing, `${base}${path}`);
    expect(response.statusCode).toBe(202);
    const { video: created, job } = response.json();
    allowing.workers();
    const failed = await waitForVideo(allowing, created.id, ['failed', 'ready']);
    expect(failed.failureReason).toBe(reason);
    expect((await waitForState(allowing.db, job.id, ['failed'])).attempts).toBe(1);
    expect((await videoRow(allowing, created.id))?.originalKey).toBeNull();
  });

  it('needs video_write', async () => {
    await strict.user('readerA', strict.accountA, ['video_download']);
    const response = await strict.request({
      method: 'POST',
      url: videoPaths.importUrl,
      token: strict.tokens.readerA ?? '',
      payload: { url: 'https://example.com/video.mp4' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the download of an import', () => {
  const policy = { allowHosts: ['127.0.0.1'], maxBytes: 10_000_000, timeoutMs: 10_000 };

  it('connects to the address it checked, whatever a later DNS answer says (no rebinding)', async () => {
    const port = (server.address() as AddressInfo).port;
    let lookups = 0;
    const remote = await openRemoteFile(
      `http://videos.example.test:${port}/files/match.mp4`,
      {
        ...policy,
        resolve: async () => {
          lookups += 1;
          return [{ address: '127.0.0.1', family: 4 }];
        },
      },
      AbortSignal.timeout(5_000),
    );
    expect((await text(remote.body)).length).toBeGreaterThan(0);
    expect(lookups).toBe(1);
    expect(hosts.at(-1)).toBe(`videos.example.test:${port}`);
  });

  it('refuses a host with any private address among its answers', async () => {
    const opened = openRemoteFile(
      'http://mixed.example.test/video.mp4',
      {
        ...policy,
        resolve: async () => [
          { address: '93.184.216.34', family: 4 },
          { address: '192.168.1.20', family: 4 },
        ],
      },
      AbortSignal.timeout(5_000),
    );
    await expect(opened).rejects.toThrow(
      renderMessage(VIDEO_MESSAGES.importRefused('mixed.example.test', '192.168.1.20')),
    );
  });

  it('refuses a file larger than the limit before reading it', async () => {
    const opened = openRemoteFile(`${base}/files/match.mp4`, { ...policy, maxBytes: 1000 }, AbortSignal.timeout(5_000));
    await expect(opened).rejects.toBeInstanceOf(ImportError);
    await expect(opened).rejects.toThrow(renderMessage(VIDEO_MESSAGES.importTooLarge(1000)));
  });
});
