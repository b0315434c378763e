import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { renderMessage } from '@regie/contract/messages.render';
import { IMAGE_CACHE_CONTROL, IMAGE_MAX_BYTES, UPLOAD_IMAGES_PATH, UPLOAD_MESSAGES } from '@regie/contract/uploads';
import { uploadedImage } from '@regie/contract/uploads.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
let folder: string;
let producer: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'regie-storage-'));
  ctx = await createTestContext({
    config: { storage: { driver: 'local', folder }, publicUrl: 'https://cdn.example.test' },
  });
  producer = await ctx.login('producer');
});
afterAll(async () => {
  await ctx.close();
  await rm(folder, { recursive: true, force: true });
});

/** A 1×1 PNG, made here: signature, IHDR, IDAT, IEND. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x0a, 0xca, 0xff, 0xff]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** multipart/form-data with `kind` then `file`, as the web client sends it. */
function multipart(file: Buffer, filename: string, kind = 'logo', type = 'image/png') {
  const boundary = '----regie-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (file: Buffer, filename: string, kind?: string, token = producer) => {
  const { payload, headers } = multipart(file, filename, kind);
  return ctx.app.inject({
    method: 'POST',
    url: UPLOAD_IMAGES_PATH,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
};

describe('POST /main-api/uploads/images and GET /images/{key}', () => {
  it('stores a PNG under the account, named by its content, and serves it for good', async () => {
    const png = tinyPng();
    const response = await upload(png, 'logo.png');
    expect(response.statusCode, response.body).toBe(201);
    const image = uploadedImage.parse(response.json());
    const club = (await ctx.request({ url: '/users-service-api/users/me', token: producer })).json().AccountId;
    expect(image).toMatchObject({ contentType: 'image/png', size: png.length });
    expect(image.key).toMatch(new RegExp(`^${club}/logo/[a-f0-9]{64}\\.png$`));
    expect(image.url).toBe(`https://cdn.example.test/images/${image.key}`);

    const served = await ctx.request({ url: `/images/${image.key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
    expect(served.rawPayload.equals(png)).toBe(true);
    const etag = String(served.headers.etag);
    expect(etag).toMatch(/^"[a-f0-9]{64}"$/);
    const again = await ctx.request({ url: `/images/${image.key}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    // The same file twice is the same key.
    expect((await upload(png, 'copy.png')).json().key).toBe(image.key);
  });

  it('refuses a text file renamed .png, naming the accepted types', async () => {
    const response = await upload(Buffer.from('just some text, not an image'), 'fake.png');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(renderMessage(UPLOAD_MESSAGES.unsupportedType));
  });

  it(`refuses a file over ${IMAGE_MAX_BYTES / 1024 / 1024} MiB with 413`, async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const response = await upload(big, 'big.png');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(renderMessage(UPLOAD_MESSAGES.tooLarge));
  });

  it('accepts a clean SVG and refuses one with a script or an event handler', async () => {
    const clean = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    );
    const accepted = await upload(clean, 'icon.svg', 'icon');
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().contentType).toBe('image/svg+xml');
    const served = await ctx.request({ url: `/images/${accepted.json().key}` });
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
    ]) {
      const refused = await upload(Buffer.from(svg), 'evil.svg', 'icon');
      expect(refused.statusCode, svg).toBe(400);
      expect(refused.json().message).toBe(renderMessage(UPLOAD_MESSAGES.unsafeSvg));
    }
  });

  it('needs a known kind, a file, a token and a role that writes', async () => {
    expect((await upload(tinyPng(), 'a.png', 'wallpaper')).json().message).toBe(
      renderMessage(UPLOAD_MESSAGES.unknownKind),
    );
    const json = await ctx.request({
      method: 'POST',
      url: UPLOAD_IMAGES_PATH,
      token: producer,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: UPLOAD_IMAGES_PATH,
      ...multipart(tinyPng(), 'a.png'),
    });
    expect(anonymous.statusCode).toBe(401);
    const viewer = await upload(tinyPng(), 'a.png', 'logo', await ctx.login('viewer'));
    expect(viewer.statusCode).toBe(403);
  });

  it('answers 404 for an unknown image or a key that is not one', async () => {
    for (const key of [`1/logo/${'0'.repeat(64)}.png`, '../../package.json', 'x']) {
      const response = await ctx.request({ url: `/images/${key}` });
      expect(response.statusCode, key).toBe(404);
    }
  });
});
