import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../src/storage/storage.local.ts';
import { s3Storage } from '../src/storage/storage.s3.ts';
import type { ObjectStorage } from '../src/storage/storage.types.ts';

/**
 * Both backends keep the same promises. The S3 one talks to a bucket served here, on localhost,
 * by a few lines that speak just enough of the S3 protocol (path-style PUT, GET, HEAD, DELETE).
 */
function fakeS3(): Server {
  const objects = new Map<string, { body: Buffer; type: string }>();
  return createServer((request, response) => {
    const key = decodeURIComponent((request.url ?? '').split('?')[0] ?? '');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const found = objects.get(key);
      if (request.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: request.headers['content-type'] ?? '' });
        response.writeHead(200, { etag: '"x"' }).end();
      } else if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
      } else if (!found) {
        const xml = '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>';
        response.writeHead(404, { 'content-type': 'application/xml' }).end(request.method === 'HEAD' ? undefined : xml);
      } else {
        response.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length });
        response.end(request.method === 'HEAD' ? undefined : found.body);
      }
    });
  });
}

let server: Server;
let folder: string;
const backends: Record<string, () => ObjectStorage> = {};
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'regie-storage-'));
  server = fakeS3();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  backends.local = () => localStorage(folder, '/images');
  backends.s3 = () =>
    s3Storage(
      {
        driver: 's3',
        bucket: 'regie-test',
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
        forcePathStyle: true,
      },
      '/images',
    );
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(folder, { recursive: true, force: true });
});

describe.each(['local', 's3'])('%s storage', (driver) => {
  it('puts, reads back, tells what exists and deletes', async () => {
    const storage = backends[driver]?.() as ObjectStorage;
    expect(storage.driver).toBe(driver);
    const key = '12/logo/abc.png';
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('image bytes'), 'image/png');
    expect(await storage.exists(key)).toBe(true);
    const object = await storage.get(key);
    expect(object).toMatchObject({ contentType: 'image/png', size: 11 });
    if (!object) throw new Error('stored object not found');
    expect(await text(object.body)).toBe('image bytes');
    expect(storage.url(key)).toBe('/images/12/logo/abc.png');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
  });
});

describe('local storage', () => {
  it('never leaves its folder', async () => {
    const storage = localStorage(folder, '/images');
    expect(await storage.get('../outside.png')).toBeNull();
    await expect(storage.put('../outside.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/Unsafe storage key/);
  });
});
