import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { VIDEO_PART_SIZE } from '@regie/contract/videos';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../src/storage/storage.local.ts';
import { s3Storage } from '../src/storage/storage.s3.ts';
import { type ObjectStorage, SizeMismatchError } from '../src/storage/storage.types.ts';

/**
 * The storage calls videos use, on both backends. The S3 backend runs twice: against s3rver, an
 * S3-compatible server from the npm registry (no S3 server binary can be installed here), and
 * against a bucket served by a few lines below that record which S3 calls the client makes.
 */
function fakeS3(): { server: Server; calls: string[] } {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const calls: string[] = [];
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>${body}`;
  const server = createServer(async (request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '', 'http://s3');
    const key = decodeURIComponent(url.pathname.replace(/^\/regie-test\/?/, ''));
    const body = await buffer(request).catch(() => null);
    // The client gave up on its request (a part of the wrong size, aborted).
    if (body === null) return;
    const query = url.searchParams;
    const send = (status: number, headers: Record<string, string | number> = {}, payload?: string | Buffer) =>
      response.writeHead(status, headers).end(request.method === 'HEAD' ? undefined : payload);
    calls.push(
      `${request.method} ${query.has('uploads') ? 'create' : query.has('partNumber') ? 'part' : query.has('uploadId') ? 'upload' : key}`,
    );

    if (request.method === 'POST' && query.has('uploads')) {
      const id = randomBytes(8).toString('hex');
      uploads.set(id, new Map());
      return send(
        200,
        { 'content-type': 'application/xml' },
        xml(
          `<InitiateMultipartUploadResult><Bucket>regie-test</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        ),
      );
    }
    if (request.method === 'PUT' && query.has('partNumber')) {
      const parts = uploads.get(query.get('uploadId') ?? '');
      if (!parts) return send(404, {}, xml('<Error><Code>NoSuchUpload</Code></Error>'));
      parts.set(Number(query.get('partNumber')), body);
      return send(200, { etag: `"etag-${query.get('partNumber')}"` });
    }
    if (request.method === 'POST' && query.has('uploadId')) {
      const parts = uploads.get(query.get('uploadId') ?? '');
      if (!parts) return send(404, {}, xml('<Error><Code>NoSuchUpload</Code></Error>'));
      const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) =>
        Number(match[1]),
      );
      objects.set(key, Buffer.concat(numbers.map((n) => parts.get(n) ?? Buffer.alloc(0))));
      uploads.delete(query.get('uploadId') ?? '');
      return send(
        200,
        { 'content-type': 'application/xml' },
        xml(`<CompleteMultipartUploadResult><Key>${key}</Key><ETag>"x"</ETag></CompleteMultipartUploadResult>`),
      );
    }
    if (request.method === 'DELETE' && query.has('uploadId')) {
      uploads.delete(query.get('uploadId') ?? '');
      return send(204);
    }
    if (request.method === 'GET' && query.get('list-type') === '2') {
      const prefix = query.get('prefix') ?? '';
      const keys = [...objects.keys()].filter((name) => name.startsWith(prefix));
      const contents = keys.map((name) => `<Contents><Key>${name}</Key><Size>1</Size></Contents>`).join('');
      return send(
        200,
        { 'content-type': 'application/xml' },
        xml(
          `<ListBucketResult><Name>regie-test</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        ),
      );
    }
    if (request.method === 'POST' && query.has('delete')) {
      for (const match of body.toString().matchAll(/<Key>([^<]+)<\/Key>/g)) objects.delete(match[1] ?? '');
      return send(200, { 'content-type': 'application/xml' }, xml('<DeleteResult></DeleteResult>'));
    }
    if (request.method === 'PUT') {
      objects.set(key, body);
      return send(200, { etag: '"x"' });
    }
    const found = objects.get(key);
    if (!found) return send(404, { 'content-type': 'application/xml' }, xml('<Error><Code>NoSuchKey</Code></Error>'));
    const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), found.length - 1);
      return send(
        206,
        { 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${found.length}` },
        found.subarray(start, end + 1),
      );
    }
    return send(200, { 'content-length': found.length, 'content-type': 'application/octet-stream' }, found);
  });
  return { server, calls };
}

let folder: string;
let s3: ReturnType<typeof fakeS3>;
let s3rver: S3rver;
const backends: Record<string, () => ObjectStorage> = {};

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'regie-video-storage-'));
  s3 = fakeS3();
  await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
  const { port } = s3.server.address() as AddressInfo;
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(folder, 's3rver'),
    configureBuckets: [{ name: 'regie-test', configs: [] }],
  });
  const s3rverAddress = await s3rver.run();
  const bucketAt = (endpoint: string) => () =>
    s3Storage(
      {
        driver: 's3',
        bucket: 'regie-test',
        endpoint,
        region: 'us-east-1',
        // s3rver's fixed credentials; the recording fake accepts any.
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        forcePathStyle: true,
      },
      '/images',
    );
  backends.local = () => localStorage(folder, '/images');
  backends.s3 = bucketAt(`http://127.0.0.1:${port}`);
  backends.s3rver = bucketAt(`http://${s3rverAddress.address}:${s3rverAddress.port}`);
});
afterAll(async () => {
  await s3rver.close();
  await new Promise((resolve) => s3.server.close(resolve));
  await rm(folder, { recursive: true, force: true });
});

async function read(
  storage: ObjectStorage,
  key: string,
  range?: { start: number; end: number },
): Promise<Buffer | null> {
  const object = await storage.get(key, range);
  return object ? buffer(object.body) : null;
}

describe.each(['local', 's3', 's3rver'])('%s storage for videos', (driver) => {
  const storage = () => backends[driver]?.() as ObjectStorage;
  const data = randomBytes(3 * 1000 + 7);

  it.each([
    ['with their offsets (written in place by the local folder)', true],
    ['without offsets', false],
  ])('assembles a multipart upload in part order, parts sent in any order and again, %s', async (_, withOffsets) => {
    const key = `videos/1/${driver}-${withOffsets}/original.mp4`;
    const target = storage();
    const uploadId = await target.createMultipart(key, 'video/mp4');
    const part = (n: number) => data.subarray((n - 1) * 1000, Math.min(data.length, n * 1000));
    const stored = [];
    for (const n of [3, 1, 2, 1, 4]) {
      const offset = withOffsets ? (n - 1) * 1000 : undefined;
      stored[n - 1] = await target.uploadPart(key, uploadId, n, Readable.from([part(n)]), part(n).length, offset);
    }
    expect(stored.map((item) => item.partNumber)).toEqual([1, 2, 3, 4]);
    await target.completeMultipart(key, uploadId, stored);
    expect(await read(target, key)).toEqual(data);
    expect(await target.stat(key)).toEqual({ size: data.length });
    expect(await read(target, key, { start: 998, end: 1001 })).toEqual(data.subarray(998, 1002));
    const ranged = await target.get(key, { start: 10, end: 19 });
    expect({ size: ranged?.size, totalSize: ranged?.totalSize }).toEqual({ size: 10, totalSize: data.length });
    ranged?.body.destroy();
  });

  it('refuses a part of the wrong size and keeps nothing of it', async () => {
    const key = `videos/1/3${driver}/original.mp4`;
    const target = storage();
    const uploadId = await target.createMultipart(key, 'video/mp4');
    await expect(target.uploadPart(key, uploadId, 1, Readable.from([Buffer.alloc(10)]), 20)).rejects.toBeInstanceOf(
      SizeMismatchError,
    );
    await expect(target.uploadPart(key, uploadId, 2, Readable.from([Buffer.alloc(30)]), 20, 20)).rejects.toBeInstanceOf(
      SizeMismatchError,
    );
    // s3rver does not implement AbortMultipartUpload (405); S3 and the recording fake do.
    if (driver !== 's3rver') await target.abortMultipart(key, uploadId);
    if (driver === 'local') expect(await readdir(join(folder, '.multipart'))).toEqual([]);
  });

  it('streams bodies of unknown length, several parts long, and deletes a folder', async () => {
    const target = storage();
    const prefix = `videos/7/${driver}/`;
    const large = randomBytes(VIDEO_PART_SIZE + 1234);
    expect(
      await target.putStream(
        `${prefix}hls/360p/segment_000.ts`,
        Readable.from([large.subarray(0, 5), large.subarray(5)]),
        'video/mp2t',
      ),
    ).toBe(large.length);
    // Buffer.equals: a deep comparison of 8 MiB is slow.
    expect((await read(target, `${prefix}hls/360p/segment_000.ts`))?.equals(large)).toBe(true);
    await target.putStream(`${prefix}poster.jpg`, Readable.from([Buffer.from('jpeg')]), 'image/jpeg', { size: 4 });
    expect(await target.exists(`${prefix}poster.jpg`)).toBe(true);
    await expect(
      target.putStream(`${prefix}short.jpg`, Readable.from([Buffer.from('abc')]), 'image/jpeg', { size: 4 }),
    ).rejects.toBeInstanceOf(SizeMismatchError);
    await target.deletePrefix(prefix);
    expect(await target.exists(`${prefix}poster.jpg`)).toBe(false);
    expect(await target.exists(`${prefix}hls/360p/segment_000.ts`)).toBe(false);
  });
});

it('speaks S3 multipart to the bucket', () => {
  expect(s3.calls).toEqual(expect.arrayContaining(['POST create', 'PUT part', 'POST upload', 'DELETE upload']));
});
