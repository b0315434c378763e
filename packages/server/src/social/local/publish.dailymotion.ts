import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLISH_ENDPOINTS } from '../social.endpoints.ts';
import type { Answer } from './errors.ts';
import { absoluteUrl, bodyPairs, paramsOf, queryPairs, STAND_IN, send } from './http.ts';
import { integerParam, multipartCall, withBearer } from './publish.http.ts';
import {
  newestFirst,
  type Processing,
  PUBLISH_MAX_BYTES,
  type PublishContext,
  removeFile,
  stillProcessing,
} from './publish.store.ts';
import { derive, sameText } from './tokens.ts';

/**
 * Dailymotion's upload and publication: `GET /file/upload` gives an upload URL (on this stand-in,
 * sealed), the file is posted there as multipart `file` (→ the stored file's URL), `POST
 * /me/videos` makes and publishes a video from that URL; `GET /video/{id}` shows its encoding
 * (processing, then published), `GET /me/videos` the account's videos.
 */

/** Dailymotion's channels (categories) a video is published in. */
export const DAILYMOTION_CHANNELS = [
  'animals',
  'auto',
  'creation',
  'fun',
  'kids',
  'lifestyle',
  'music',
  'news',
  'school',
  'shortfilms',
  'sport',
  'tech',
  'travel',
  'tv',
  'videogames',
  'webcam',
] as const;

interface Slot {
  uuid: string;
  owner: string;
  state: 'pending' | 'uploading' | 'done';
  path: string | null;
  size: number;
  name: string;
}

interface Video extends Processing {
  id: string;
  owner: string;
  title: string;
  description: string;
  channel: string;
  published: boolean;
  isCreatedForKids: boolean;
  size: number;
  createdAt: number;
  sequence: number;
}

interface Records {
  slots: Map<string, Slot>;
  videos: Map<string, Video>;
}

const records = (context: PublishContext) =>
  context.store.records<Records>('dailymotion', () => ({ slots: new Map(), videos: new Map() }));

function dmError(status: number, message: string, type: string): Answer {
  return { status, body: { error: { code: status, message, type } } };
}

export function registerDailymotionPublishing(scope: FastifyInstance, context: PublishContext): void {
  const endpoints = PUBLISH_ENDPOINTS.dailymotion;
  const withToken = (request: FastifyRequest, reply: FastifyReply, handler: (user: string) => Answer) =>
    withBearer(context.state, 'dailymotion', request, reply, handler);
  scope.get(endpoints.uploadUrl, (request, reply) =>
    withToken(request, reply, (user) => uploadUrl(context, request, user)),
  );
  scope.post('/upload', STAND_IN, (request, reply) => receiveFile(context, request, reply));
  scope.get('/progress', (request, reply) => send(reply, progress(context, request)));
  scope.get('/files/:name', (request, reply) => serveFile(context, request, reply));
  scope.post(endpoints.videos, STAND_IN, (request, reply) =>
    withToken(request, reply, (user) => createVideo(context, request, user)),
  );
  scope.get(endpoints.videos, (request, reply) =>
    withToken(request, reply, (user) => myVideos(context, user, paramsOf(queryPairs(request)))),
  );
  scope.get(endpoints.video.replace('{videoId}', ':videoId'), (request, reply) => {
    // Public data: a token is optional, but one that is sent must be good.
    if (request.headers.authorization !== undefined) {
      return withToken(request, reply, () => videoById(context, request));
    }
    return send(reply, videoById(context, request));
  });
}

const sealOf = (context: PublishContext, purpose: string, value: string) =>
  derive(context.state.key, `dailymotion-${purpose}`, value).slice(0, 32);

function uploadUrl(context: PublishContext, request: FastifyRequest, user: string): Answer {
  const uuid = randomUUID();
  records(context).slots.set(uuid, { uuid, owner: user, state: 'pending', path: null, size: 0, name: '' });
  const seal = sealOf(context, 'upload', uuid);
  return {
    status: 200,
    body: {
      upload_url: absoluteUrl(request, `${context.prefix}/upload?uuid=${uuid}&seal=${seal}`),
      progress_url: absoluteUrl(request, `${context.prefix}/progress?uuid=${uuid}`),
    },
  };
}

/** POST <upload_url>: the file as multipart `file`, kept; its URL for POST /me/videos. */
async function receiveFile(context: PublishContext, request: FastifyRequest, reply: FastifyReply) {
  const params = paramsOf(queryPairs(request));
  const slot = records(context).slots.get(params.get('uuid') ?? '');
  if (!slot || !sameText(params.get('seal') ?? '', sealOf(context, 'upload', slot.uuid))) {
    return send(reply, dmError(403, 'Invalid upload URL: ask GET /file/upload for a new one.', 'access_forbidden'));
  }
  slot.state = 'uploading';
  const files = { file: PUBLISH_MAX_BYTES };
  const answer = await multipartCall(context, 'dailymotion', request, files, async (form) => {
    if (!form) return { answer: dmError(400, 'The multipart body could not be read.', 'invalid_parameter') };
    const file = form.files.get('file');
    if (!file || file.size === 0) return { answer: dmError(400, 'Missing file.', 'missing_required_parameter') };
    if (file.tooLarge) {
      return { answer: dmError(413, `The file is larger than ${PUBLISH_MAX_BYTES} bytes.`, 'file_too_large') };
    }
    if (slot.path) await removeFile(slot.path);
    Object.assign(slot, { state: 'done', path: file.spool, size: file.size, name: file.filename || 'video.mp4' });
    return {
      keep: file,
      answer: {
        status: 200,
        body: {
          url: absoluteUrl(request, `${context.prefix}/files/${slot.uuid}.mp4`),
          name: slot.name,
          size: slot.size,
          seal: sealOf(context, 'file', slot.uuid),
          format: 'MPEG-4',
        },
      },
    };
  });
  // A refused or failed upload leaves the slot as it was.
  if (slot.state === 'uploading') slot.state = slot.path ? 'done' : 'pending';
  return send(reply, answer);
}

/** The nginx upload-progress answer Dailymotion's progress_url gives. */
function progress(context: PublishContext, request: FastifyRequest): Answer {
  const slot = records(context).slots.get(paramsOf(queryPairs(request)).get('uuid') ?? '');
  if (!slot) return dmError(404, 'Unknown upload.', 'not_found');
  if (slot.state === 'done') return { status: 200, body: { state: 'done', received: slot.size, size: slot.size } };
  return { status: 200, body: { state: slot.state === 'pending' ? 'starting' : 'uploading' } };
}

function serveFile(context: PublishContext, request: FastifyRequest, reply: FastifyReply) {
  const name = (request.params as { name?: string }).name ?? '';
  const slot = records(context).slots.get(name.replace(/\.mp4$/, ''));
  if (!slot?.path || slot.state !== 'done') return send(reply, dmError(404, 'No such file.', 'not_found'));
  return reply
    .header('content-type', 'video/mp4')
    .header('content-length', String(slot.size))
    .send(createReadStream(slot.path));
}

/** The stand-in's upload a file URL names (the URL the upload answered), or null. */
function slotOfUrl(context: PublishContext, url: string): Slot | null {
  try {
    const match = /\/files\/([0-9a-f-]{36})\.mp4$/.exec(new URL(url).pathname);
    const slot = match?.[1] ? records(context).slots.get(match[1]) : undefined;
    return slot?.state === 'done' ? slot : null;
  } catch {
    return null;
  }
}

const truthy = (value: string | undefined) => value === 'true' || value === '1';

/** POST /me/videos (url, title, description, channel, published): the video, its fields. */
function createVideo(context: PublishContext, request: FastifyRequest, user: string): Answer {
  const query = paramsOf(queryPairs(request));
  const form = paramsOf(bodyPairs(request), queryPairs(request));
  const url = form.get('url');
  if (!url) return dmError(400, 'Missing required parameter: url.', 'missing_required_parameter');
  const slot = slotOfUrl(context, url);
  if (!slot) return dmError(400, 'url: not a file uploaded through GET /file/upload.', 'invalid_parameter');
  const title = form.get('title') ?? '';
  const channel = form.get('channel') ?? '';
  const published = truthy(form.get('published'));
  if (title.length > 255) return dmError(400, 'title: at most 255 characters.', 'invalid_parameter');
  if (channel && !(DAILYMOTION_CHANNELS as readonly string[]).includes(channel)) {
    return dmError(400, `channel: invalid value '${channel}'.`, 'invalid_parameter');
  }
  if (published && (!title || !channel)) {
    return dmError(400, 'A video cannot be published without a title and a channel.', 'invalid_parameter');
  }
  const video: Video = {
    id: `x${Math.floor(Math.random() * 36 ** 7)
      .toString(36)
      .padStart(7, '0')}`,
    owner: user,
    title,
    description: form.get('description') ?? '',
    channel,
    published,
    isCreatedForKids: truthy(form.get('is_created_for_kids')),
    size: slot.size,
    createdAt: context.state.now(),
    sequence: context.store.sequence(),
    statusReads: 0,
  };
  records(context).videos.set(video.id, video);
  return fieldsOf(video, query.get('fields'));
}

const DEFAULT_FIELDS = ['id', 'title', 'channel', 'owner'];

function videoFields(video: Video, withStatus: boolean): Record<string, unknown> {
  const processing = withStatus && stillProcessing(video);
  return {
    id: video.id,
    title: video.title,
    description: video.description,
    channel: video.channel,
    owner: video.owner,
    published: video.published,
    private: false,
    is_created_for_kids: video.isCreatedForKids,
    status: processing ? 'processing' : video.published ? 'published' : 'ready',
    encoding_progress: processing ? 50 : 100,
    publishing_progress: processing ? 0 : 100,
    url: `https://www.dailymotion.com/video/${video.id}`,
    created_time: Math.floor(video.createdAt / 1000),
  };
}

function fieldsOf(video: Video, fields: string | undefined): Answer {
  const names = fields
    ? fields
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
    : DEFAULT_FIELDS;
  const all = videoFields(video, names.includes('status'));
  const unknown = names.find((name) => !Object.hasOwn(all, name));
  if (unknown) return dmError(400, `Unknown field: ${unknown}`, 'invalid_parameter');
  return { status: 200, body: Object.fromEntries(names.map((name) => [name, all[name]])) };
}

function videoById(context: PublishContext, request: FastifyRequest): Answer {
  const id = (request.params as { videoId?: string }).videoId ?? '';
  const video = records(context).videos.get(id);
  if (!video) return dmError(404, 'This video does not exist or has been deleted.', 'not_found');
  return fieldsOf(video, paramsOf(queryPairs(request)).get('fields'));
}

/** GET /me/videos: newest first, `page` and `limit` (at most 100). */
function myVideos(context: PublishContext, user: string, params: Map<string, string>): Answer {
  const limit = Math.min(Math.max(integerParam(params.get('limit')) ?? 10, 1), 100);
  const page = Math.max(integerParam(params.get('page')) ?? 1, 1);
  const mine = newestFirst([...records(context).videos.values()].filter((video) => video.owner === user));
  const list: unknown[] = [];
  for (const video of mine.slice((page - 1) * limit, page * limit)) {
    const answer = fieldsOf(video, params.get('fields'));
    if (answer.status !== 200) return answer;
    list.push(answer.body);
  }
  return {
    status: 200,
    body: { page, limit, explicit: false, total: mine.length, has_more: page * limit < mine.length, list },
  };
}
