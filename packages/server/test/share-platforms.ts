import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ShareTarget } from '@regie/contract/videos';
import type { VideosConfig } from '../src/config.ts';

/**
 * A local stand-in for the four platforms, on 127.0.0.1: it answers the few endpoints the share
 * adapters call (YouTube's videos.insert multipart upload and token refresh, the Graph API's page
 * video upload, X's v2 chunked media upload and post, Dailymotion's upload URL, upload and
 * publish), the way the platforms document them, and keeps what it received. The real client
 * libraries talk to it over HTTP; nothing leaves the machine.
 */

/** Facebook asks for the file in chunks this long, so a test video takes several. */
const FACEBOOK_CHUNK = 16 * 1024;

/** A token the platforms refuse as expired or revoked. */
export const EXPIRED_TOKEN = 'expired-token';

export interface ReceivedVideo {
  target: ShareTarget;
  externalId: string;
  title: string;
  bytes: Buffer;
  /** The user's token the platform saw (access token, or the OAuth 1.0a oauth_token). */
  token: string;
}

export interface FakePlatforms {
  url: string;
  received: ReceivedVideo[];
  /** The share config pointing every target at this server. */
  share: VideosConfig['share'];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface Part {
  headers: string;
  name: string | null;
  body: Buffer;
}

/** The parts of a multipart body (form-data or related), split on its boundary. */
function multipart(contentType: string | undefined, body: Buffer): Part[] {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType ?? '')?.[1];
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const chunk = body.subarray(start + delimiter.length + 2, next - 2);
    const split = chunk.indexOf('\r\n\r\n');
    const headers = chunk.subarray(0, split).toString();
    parts.push({ headers, name: /name="([^"]*)"/.exec(headers)?.[1] ?? null, body: chunk.subarray(split + 4) });
    start = next;
  }
  return parts;
}

function field(parts: Part[], name: string): string {
  return parts.find((part) => part.name === name)?.body.toString() ?? '';
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const bearer = (request: IncomingMessage) => (request.headers.authorization ?? '').replace(/^Bearer /, '');

export async function startFakePlatforms(): Promise<FakePlatforms> {
  const received: ReceivedVideo[] = [];
  let counter = 0;
  /** X's media uploads in progress: id → chunks by segment index. */
  const twitterMedia = new Map<string, Buffer[]>();
  /** Dailymotion files uploaded, not yet published: url → bytes. */
  const dailymotionFiles = new Map<string, Buffer>();
  let base = '';

  async function youtube(request: IncomingMessage, response: ServerResponse, path: string) {
    if (path === '/youtube/token') {
      const form = new URLSearchParams((await readBody(request)).toString());
      if (form.get('client_id') !== 'local-app' || form.get('client_secret') !== 'local-secret') {
        return send(response, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
      }
      if (form.get('refresh_token') === EXPIRED_TOKEN) {
        return send(response, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      }
      return send(response, 200, { access_token: `refreshed-${counter}`, expires_in: 3600, token_type: 'Bearer' });
    }
    if (path !== '/youtube/upload/youtube/v3/videos' || request.method !== 'POST') return false;
    // Only access tokens this platform handed out (by refresh) are good for an upload.
    const token = bearer(request);
    if (!token.startsWith('refreshed-')) {
      return send(response, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
    }
    const parts = multipart(request.headers['content-type'], await readBody(request));
    const metadata = JSON.parse(parts[0]?.body.toString() ?? '{}') as { snippet?: { title?: string } };
    counter += 1;
    const externalId = `yt${counter}`;
    received.push({
      target: 'youtube',
      externalId,
      title: metadata.snippet?.title ?? '',
      bytes: parts[1]?.body ?? Buffer.alloc(0),
      token,
    });
    return send(response, 200, { kind: 'youtube#video', id: externalId, snippet: metadata.snippet });
  }

  /** Facebook's resumable uploads: session id → the video id and the bytes so far. */
  const facebookUploads = new Map<string, { videoId: string; size: number; bytes: Buffer }>();

  async function facebook(request: IncomingMessage, response: ServerResponse, path: string) {
    if (!/^\/facebook\/([^/]+)\/videos$/.test(path) || request.method !== 'POST') return false;
    const body = await readBody(request);
    const type = request.headers['content-type'] ?? '';
    const parts = type.startsWith('multipart/') ? multipart(type, body) : [];
    const form = parts.length > 0 ? null : new URLSearchParams(body.toString());
    const value = (name: string) => form?.get(name) ?? field(parts, name);
    if (value('access_token') === EXPIRED_TOKEN) {
      return send(response, 400, {
        error: { message: 'Error validating access token: Session has expired', type: 'OAuthException', code: 190 },
      });
    }
    const offsets = (upload: { size: number; bytes: Buffer }) => ({
      start_offset: String(upload.bytes.length),
      end_offset: String(Math.min(upload.size, upload.bytes.length + FACEBOOK_CHUNK)),
    });
    const phase = value('upload_phase');
    if (phase === 'start') {
      counter += 1;
      const sessionId = `fb-session-${counter}`;
      const upload = { videoId: `${counter}0042`, size: Number(value('file_size')), bytes: Buffer.alloc(0) };
      facebookUploads.set(sessionId, upload);
      return send(response, 200, { upload_session_id: sessionId, video_id: upload.videoId, ...offsets(upload) });
    }
    const upload = facebookUploads.get(value('upload_session_id'));
    if (!upload) return send(response, 400, { error: { message: 'Invalid upload session', code: 100 } });
    if (phase === 'transfer') {
      if (Number(value('start_offset')) !== upload.bytes.length) {
        return send(response, 400, { error: { message: 'Wrong start_offset', code: 100 } });
      }
      const chunk = parts.find((part) => part.name === 'video_file_chunk')?.body ?? Buffer.alloc(0);
      upload.bytes = Buffer.concat([upload.bytes, chunk]);
      return send(response, 200, offsets(upload));
    }
    if (phase === 'finish' && upload.bytes.length === upload.size) {
      received.push({
        target: 'facebook',
        externalId: upload.videoId,
        title: value('title'),
        bytes: upload.bytes,
        token: value('access_token'),
      });
      return send(response, 200, { success: true });
    }
    return send(response, 400, { error: { message: `Unexpected upload_phase ${phase}`, code: 100 } });
  }

  async function twitter(request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams) {
    if (!path.startsWith('/2/')) return false;
    const token = /oauth_token="([^"]*)"/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (decodeURIComponent(token) === EXPIRED_TOKEN) {
      return send(response, 401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
    }
    const body = await readBody(request);
    if (path === '/2/media/upload/initialize') {
      counter += 1;
      const id = `${counter}77`;
      twitterMedia.set(id, []);
      return send(response, 200, { data: { id, media_key: `7_${id}`, expires_after_secs: 86400 } });
    }
    const append = /^\/2\/media\/upload\/([^/]+)\/append$/.exec(path);
    if (append) {
      const parts = multipart(request.headers['content-type'], body);
      const chunks = twitterMedia.get(append[1] ?? '');
      if (!chunks) return send(response, 400, { title: 'Invalid Request', detail: 'Unknown media id' });
      chunks[Number(field(parts, 'segment_index'))] =
        parts.find((part) => part.name === 'media')?.body ?? Buffer.alloc(0);
      return send(response, 200, { data: { expires_at: 0 } });
    }
    const finalize = /^\/2\/media\/upload\/([^/]+)\/finalize$/.exec(path);
    if (finalize) {
      return send(response, 200, {
        data: { id: finalize[1], processing_info: { state: 'pending', check_after_secs: 1 } },
      });
    }
    if (path === '/2/media/upload' && query.get('command') === 'STATUS') {
      return send(response, 200, {
        data: { id: query.get('media_id'), processing_info: { state: 'succeeded', progress_percent: 100 } },
      });
    }
    if (path === '/2/tweets' && request.method === 'POST') {
      const post = JSON.parse(body.toString()) as { text: string; media?: { media_ids?: string[] } };
      const mediaId = post.media?.media_ids?.[0] ?? '';
      const chunks = twitterMedia.get(mediaId);
      if (!chunks) return send(response, 400, { title: 'Invalid Request', detail: 'Unknown media id' });
      counter += 1;
      const externalId = `18${counter}`;
      received.push({
        target: 'twitter',
        externalId,
        title: post.text.split('\n')[0] ?? '',
        bytes: Buffer.concat(chunks),
        token,
      });
      return send(response, 201, { data: { id: externalId, text: post.text } });
    }
    return false;
  }

  async function dailymotion(request: IncomingMessage, response: ServerResponse, path: string) {
    if (!path.startsWith('/dailymotion')) return false;
    if (path.startsWith('/dailymotion-upload/') && request.method === 'POST') {
      const parts = multipart(request.headers['content-type'], await readBody(request));
      const url = `${base}/dailymotion-files${path.slice('/dailymotion-upload'.length)}`;
      dailymotionFiles.set(url, parts.find((part) => part.name === 'file')?.body ?? Buffer.alloc(0));
      return send(response, 200, { url, name: 'video', acodec: 'AAC', vcodec: 'H264' });
    }
    const token = bearer(request);
    if (token === EXPIRED_TOKEN) {
      return send(response, 401, { error: { code: 401, message: 'Invalid access token', type: 'invalid_token' } });
    }
    if (path === '/dailymotion/file/upload' && request.method === 'GET') {
      counter += 1;
      return send(response, 200, {
        upload_url: `${base}/dailymotion-upload/${counter}`,
        progress_url: `${base}/progress`,
      });
    }
    if (path === '/dailymotion/me/videos' && request.method === 'POST') {
      const form = new URLSearchParams((await readBody(request)).toString());
      const bytes = dailymotionFiles.get(form.get('url') ?? '');
      if (!bytes)
        return send(response, 400, { error: { code: 400, message: 'Unknown file url', type: 'invalid_parameter' } });
      counter += 1;
      const externalId = `x8${counter}`;
      received.push({ target: 'dailymotion', externalId, title: form.get('title') ?? '', bytes, token });
      return send(response, 200, { id: externalId, url: `https://www.dailymotion.com/video/${externalId}` });
    }
    return false;
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const handlers = [
      () => youtube(request, response, path),
      () => facebook(request, response, path),
      () => twitter(request, response, path, url.searchParams),
      () => dailymotion(request, response, path),
    ];
    (async () => {
      for (const handler of handlers) if ((await handler()) !== false) return;
      send(response, 404, { error: { message: `No such endpoint: ${request.method} ${path}` } });
    })().catch((error: unknown) => send(response, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const credentials = (apiUrl: string, tokenUrl?: string) => ({
    clientId: 'local-app',
    clientSecret: 'local-secret',
    apiUrl,
    ...(tokenUrl ? { tokenUrl } : {}),
  });
  return {
    url: base,
    received,
    share: {
      youtube: credentials(`${base}/youtube/`, `${base}/youtube/token`),
      facebook: credentials(`${base}/facebook/`),
      twitter: credentials(`${base}/2/`),
      dailymotion: credentials(`${base}/dailymotion/`),
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
