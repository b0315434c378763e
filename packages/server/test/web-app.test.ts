import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { paths } from '@regie/contract/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompressible } from '../src/http/compress.plugin.ts';
import { createTestContext, type TestContext } from './helpers.ts';

const INDEX = '<!doctype html><html><body><div id="root"></div>fake web app</body></html>';
const PRECOMPRESSED: Record<string, string> = {
  'assets/app-def456.js': `export const app = "${'x'.repeat(2000)}";`,
  'assets/app-def456.css': `body { color: black; } ${'.a{}'.repeat(500)}`,
};
let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'regie-web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What the build's precompress plugin writes beside each text file.
  for (const [file, content] of Object.entries(PRECOMPRESSED)) {
    writeFileSync(join(webDist, file), content);
    writeFileSync(join(webDist, `${file}.br`), brotliCompressSync(content));
    writeFileSync(join(webDist, `${file}.gz`), gzipSync(content));
  }
  ctx = await createTestContext({ config: { webDist } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves index.html at / without caching', async () => {
    const response = await ctx.request({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await ctx.request({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files of the build', async () => {
    const response = await ctx.request({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });

  it('answers index.html for any screen path, so a reload works', async () => {
    for (const url of ['/account/users/list', '/login?lastpath=%2Fdashboard', '/events/sports/edit/12']) {
      const response = await ctx.request({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 404, not index.html, for a missing file', async () => {
    for (const url of ['/assets/missing-123.js', '/missing.png']) {
      const response = await ctx.request({ url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('leaves the probes and /metrics to themselves, and counts a missing file once, as unmatched', async () => {
    for (const url of ['/livez', '/readyz']) {
      const response = await ctx.request({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toMatchObject({ status: 'ok' });
    }
    const unmatched = /^regie_http_request_duration_seconds_count\{[^}]*route="unmatched",status_code="404"\} (\d+)$/m;
    const count = async () => {
      const metrics = await ctx.request({ url: '/metrics' });
      expect(metrics.body).toContain('# TYPE regie_http_request_duration_seconds histogram');
      // Not under the static files' route as well: counted once.
      expect(metrics.body).not.toContain('route="/*",status_code="404"');
      return Number(unmatched.exec(metrics.body)?.[1] ?? 0);
    };
    const before = await count();
    expect((await ctx.request({ url: '/assets/missing-456.js' })).statusCode).toBe(404);
    expect(await count()).toBe(before + 1);
  });

  it('keeps unknown API routes a JSON 404', async () => {
    const response = await ctx.request({ url: '/main-api/xyz' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /main-api/xyz not found',
    });
  });
});

describe('compression', () => {
  const decode = (encoding: string | undefined, body: Buffer) =>
    (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();

  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip, deflate'],
  ])('serves the built %s file by Accept-Encoding, never compressing on the fly', async (encoding, accept) => {
    for (const [file, content] of Object.entries(PRECOMPRESSED)) {
      const response = await ctx.request({ url: `/${file}`, headers: { 'accept-encoding': accept } });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-encoding'], file).toBe(encoding);
      expect(response.headers.vary, file).toMatch(/accept-encoding/i);
      expect(response.headers['content-type'], file).toMatch(file.endsWith('.js') ? /javascript/ : /text\/css/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(encoding, response.rawPayload), file).toBe(content);
    }
  });

  it('serves plain files to a client that accepts no encoding', async () => {
    const response = await ctx.request({ url: '/assets/app-def456.js' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(PRECOMPRESSED['assets/app-def456.js']);
  });

  it('serves index.html compressed at / and for screen paths', async () => {
    writeFileSync(join(webDist, 'index.html.br'), brotliCompressSync(INDEX));
    for (const url of ['/', '/account/users/list']) {
      const response = await ctx.request({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(decode('br', response.rawPayload), url).toBe(INDEX);
    }
    rmSync(join(webDist, 'index.html.br'));
  });

  it('compresses API JSON above about 1 KB', async () => {
    const token = await ctx.login('producer');
    const response = await ctx.request({ url: paths.adminPayload, token, headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode('gzip', response.rawPayload)).modules.length).toBeGreaterThan(10);
    const small = await ctx.request({ url: paths.health, headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses HLS playlists and subtitles, never video segments or files', () => {
    expect(isCompressible('application/vnd.apple.mpegurl')).toBe(true);
    expect(isCompressible('text/vtt; charset=utf-8')).toBe(true);
    expect(isCompressible('application/json; charset=utf-8')).toBe(true);
    for (const media of ['video/mp2t', 'video/iso.segment', 'video/mp4', 'image/jpeg', 'application/octet-stream']) {
      expect(isCompressible(media), media).toBe(false);
    }
  });
});
