import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLISH_ENDPOINTS } from '../social.endpoints.ts';
import { type Answer, faultAnswer, logId } from './errors.ts';
import { LOCAL_USERNAME } from './fixtures.ts';
import { absoluteUrl, paramsOf, queryPairs, STAND_IN, send } from './http.ts';
import { jsonObject, parseContentRange, receiveRange, withBearer } from './publish.http.ts';
import {
  digits,
  looksLikeMp4,
  newestFirst,
  type Processing,
  PUBLISH_MAX_BYTES,
  type PublishContext,
  stillProcessing,
  urlSafeId,
} from './publish.store.ts';
import { sameText } from './tokens.ts';

/**
 * TikTok's Content Posting API, direct post of a FILE_UPLOAD: init (the post's info and the
 * chunking → publish_id and upload_url), the chunks PUT to upload_url with Content-Range (206
 * until the last, then 201), the status fetch (PROCESSING_UPLOAD → PUBLISH_COMPLETE, or FAILED),
 * and the user's videos (the Display API's video list). The cover is the frame at
 * post_info.video_cover_timestamp_ms, kept with the post it becomes.
 */

const MIB = 1024 * 1024;
export const TIKTOK_MIN_CHUNK = 5 * MIB;
export const TIKTOK_MAX_CHUNK = 64 * MIB;
const PRIVACY = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
const VIDEO_TYPES = /^video\/(mp4|quicktime|webm)$/i;

interface Upload extends Processing {
  publishId: string;
  token: string;
  owner: string;
  size: number;
  chunkSize: number;
  chunks: number;
  received: number;
  path: string;
  title: string;
  privacy: string;
  /** The cover's frame, in milliseconds into the video (null: TikTok's default). */
  coverMs: number | null;
  state: 'uploading' | 'complete' | 'failed';
  failReason: string | null;
  post: Post | null;
}

interface Post {
  id: string;
  owner: string;
  title: string;
  privacy: string;
  createdAt: number;
  sequence: number;
}

interface Records {
  uploads: Map<string, Upload>;
  posts: Map<string, Post>;
}

const records = (context: PublishContext) =>
  context.store.records<Records>('tiktok', () => ({ uploads: new Map(), posts: new Map() }));

const ok = (data: unknown, status = 200): Answer => ({
  status,
  body: { data, error: { code: 'ok', message: '', log_id: logId() } },
});

const tiktokError = (status: number, code: string, message: string): Answer => ({
  status,
  body: { data: {}, error: { code, message, log_id: logId() } },
});

const invalidParams = (message: string) => tiktokError(400, 'invalid_params', message);

export function registerTiktokPublishing(scope: FastifyInstance, context: PublishContext): void {
  const endpoints = PUBLISH_ENDPOINTS.tiktok;
  const withToken = (
    request: FastifyRequest,
    reply: FastifyReply,
    handler: (user: string) => Answer | Promise<Answer>,
  ) => withBearer(context.state, 'tiktok', request, reply, handler);
  scope.post(endpoints.init, STAND_IN, (request, reply) =>
    withToken(request, reply, (user) => init(context, request, user)),
  );
  scope.put('/video/', STAND_IN, (request, reply) => putChunk(context, request, reply));
  scope.post(endpoints.status, STAND_IN, (request, reply) =>
    withToken(request, reply, (user) => status(context, user, request.body)),
  );
  scope.post(endpoints.list, STAND_IN, (request, reply) =>
    withToken(request, reply, (user) => videoList(context, user, request)),
  );
}

/** The largest int32: TikTok's integer fields. */
const INT32_MAX = 2 ** 31 - 1;

const wholeNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** The documented chunking: 5–64 MiB chunks, floor(size / chunk) of them, or one whole chunk. */
function chunkingError(size: number, chunkSize: number, chunks: number): string | null {
  if (chunks === 1 && chunkSize === size && size <= TIKTOK_MAX_CHUNK) return null;
  if (size < TIKTOK_MIN_CHUNK)
    return 'A video under 5 MB is uploaded whole: chunk_size = video_size, total_chunk_count = 1.';
  if (chunkSize < TIKTOK_MIN_CHUNK || chunkSize > TIKTOK_MAX_CHUNK) return 'chunk_size must be between 5 MB and 64 MB.';
  if (chunkSize > size) return 'chunk_size cannot exceed video_size.';
  const expected = Math.floor(size / chunkSize);
  if (chunks !== expected) return `total_chunk_count must be video_size / chunk_size rounded down (${expected}).`;
  if (chunks > 1000) return 'total_chunk_count must be at most 1000.';
  return null;
}

async function init(context: PublishContext, request: FastifyRequest, user: string): Promise<Answer> {
  const body = jsonObject(request.body);
  const post = jsonObject(body.post_info);
  const source = jsonObject(body.source_info);
  const title = typeof post.title === 'string' ? post.title : '';
  if ([...title].length > 2200) return invalidParams('post_info.title must be at most 2200 characters.');
  const privacy = post.privacy_level;
  if (typeof privacy !== 'string' || !PRIVACY.includes(privacy)) {
    return invalidParams(`post_info.privacy_level must be one of ${PRIVACY.join(', ')}.`);
  }
  const cover = post.video_cover_timestamp_ms;
  const coverMs = cover === undefined ? null : wholeNumber(cover);
  if (cover !== undefined && (coverMs === null || coverMs > INT32_MAX)) {
    return invalidParams('post_info.video_cover_timestamp_ms must be a whole number of milliseconds (int32).');
  }
  if (source.source !== 'FILE_UPLOAD') return invalidParams('source_info.source must be FILE_UPLOAD on this stand-in.');
  const size = wholeNumber(source.video_size);
  const chunkSize = wholeNumber(source.chunk_size);
  const chunks = wholeNumber(source.total_chunk_count);
  if (!size || !chunkSize || !chunks) {
    return invalidParams('source_info needs video_size, chunk_size and total_chunk_count (positive integers).');
  }
  if (size > PUBLISH_MAX_BYTES) return invalidParams(`video_size must be at most ${PUBLISH_MAX_BYTES} bytes.`);
  const problem = chunkingError(size, chunkSize, chunks);
  if (problem) return invalidParams(problem);
  const upload: Upload = {
    publishId: `v_pub_file~v2-1.${digits(19)}`,
    token: urlSafeId(32),
    owner: user,
    size,
    chunkSize,
    chunks,
    received: 0,
    path: await context.store.newFile('tiktok-video'),
    title,
    privacy,
    coverMs,
    state: 'uploading',
    failReason: null,
    statusReads: 0,
    post: null,
  };
  const uploadId = urlSafeId(24);
  records(context).uploads.set(uploadId, upload);
  const uploadUrl = absoluteUrl(request, `${context.prefix}/video/?upload_id=${uploadId}&upload_token=${upload.token}`);
  return ok({ publish_id: upload.publishId, upload_url: uploadUrl });
}

/** The chunk a Content-Range must be: its index's bytes (the last one takes the remainder). */
function chunkBounds(upload: Upload, start: number): { end: number } | null {
  if (start % upload.chunkSize !== 0) return null;
  const index = start / upload.chunkSize;
  if (index >= upload.chunks) return null;
  return { end: index === upload.chunks - 1 ? upload.size - 1 : start + upload.chunkSize - 1 };
}

async function putChunk(context: PublishContext, request: FastifyRequest, reply: FastifyReply) {
  const params = paramsOf(queryPairs(request));
  const upload = records(context).uploads.get(params.get('upload_id') ?? '');
  if (!upload) return send(reply, tiktokError(404, 'invalid_params', 'The upload_id does not exist.'));
  if (!sameText(params.get('upload_token') ?? '', upload.token)) {
    return send(reply, tiktokError(403, 'access_token_invalid', 'The upload_token is not valid for this upload.'));
  }
  if (upload.state !== 'uploading') return reply.code(201).send('');
  if (context.store.takeChunkFault('tiktok')) {
    return send(reply, faultAnswer('tiktok', { kind: 'unavailable' }, context.state.now()));
  }
  if (!VIDEO_TYPES.test((request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '')) {
    return send(reply, invalidParams('Content-Type must be video/mp4, video/quicktime or video/webm.'));
  }
  const range = parseContentRange(request.headers['content-range']);
  if (!range || range.kind !== 'bytes') {
    return send(reply, invalidParams('Content-Range must be bytes {first}-{last}/{total}.'));
  }
  const bounds = chunkBounds(upload, range.start);
  if (range.total !== upload.size || !bounds || bounds.end !== range.end || range.start > upload.received) {
    const next = upload.received < upload.size ? chunkBounds(upload, upload.received) : null;
    return reply.code(416).send({
      data: {},
      error: {
        code: 'invalid_params',
        message: next
          ? `Send the chunk bytes ${upload.received}-${next.end}/${upload.size}.`
          : 'The range does not match the chunks declared at init.',
        log_id: logId(),
      },
    });
  }
  const problem = await receiveRange(request, upload.path, range);
  if (problem === 'length') return send(reply, invalidParams('Content-Length does not match Content-Range.'));
  if (problem) return send(reply, invalidParams('The body does not match its Content-Range.'));
  upload.received = Math.max(upload.received, range.end + 1);
  if (upload.received < upload.size) return reply.code(206).send('');
  await complete(context, upload);
  return reply.code(201).send('');
}

/** All bytes in: an MP4 becomes the post (listed at once), anything else fails. */
async function complete(context: PublishContext, upload: Upload): Promise<void> {
  if (!(await looksLikeMp4(upload.path))) {
    upload.state = 'failed';
    upload.failReason = 'file_format_check_failed';
    return;
  }
  const post: Post = {
    // 15 digits: the status answers it as a JSON number (list<int64>), exact in JavaScript.
    id: digits(15),
    owner: upload.owner,
    title: upload.title,
    privacy: upload.privacy,
    createdAt: context.state.now(),
    sequence: context.store.sequence(),
  };
  upload.state = 'complete';
  upload.post = post;
  records(context).posts.set(post.id, post);
  if (upload.coverMs !== null) {
    // Under the publish_id: the id a client holds for the post.
    context.store.recordThumbnail({ platform: 'tiktok', postId: upload.publishId, offsetMs: upload.coverMs });
  }
}

/** POST status/fetch {publish_id}: PROCESSING_UPLOAD until the first read after the last chunk. */
function status(context: PublishContext, user: string, body: unknown): Answer {
  const publishId = jsonObject(body).publish_id;
  const upload = [...records(context).uploads.values()].find(
    (item) => item.publishId === publishId && item.owner === user,
  );
  if (!upload) return invalidParams('publish_id does not exist or belongs to another user.');
  if (upload.state === 'failed') {
    return ok({
      status: 'FAILED',
      fail_reason: upload.failReason,
      publicaly_available_post_id: [],
      uploaded_bytes: upload.received,
    });
  }
  const processing = upload.state === 'uploading' || stillProcessing(upload);
  const publicId = upload.post && upload.privacy === 'PUBLIC_TO_EVERYONE' ? [Number(upload.post.id)] : [];
  return ok({
    status: processing ? 'PROCESSING_UPLOAD' : 'PUBLISH_COMPLETE',
    publicaly_available_post_id: processing ? [] : publicId,
    uploaded_bytes: upload.received,
  });
}

const VIDEO_FIELDS = ['id', 'title', 'video_description', 'create_time', 'share_url', 'duration', 'cover_image_url'];

/** POST /v2/video/list/?fields=…  {max_count, cursor}: newest first, cursor a time in ms. */
function videoList(context: PublishContext, user: string, request: FastifyRequest): Answer {
  const fields = (paramsOf(queryPairs(request)).get('fields') ?? '').split(',').filter(Boolean);
  const unknown = fields.find((field) => !VIDEO_FIELDS.includes(field));
  if (fields.length === 0 || unknown) {
    return invalidParams(unknown ? `Invalid field: ${unknown}` : 'The fields parameter is required.');
  }
  const body = jsonObject(request.body);
  const max = body.max_count === undefined ? 10 : wholeNumber(body.max_count);
  if (max === null || max < 1 || max > 20) return invalidParams('max_count must be between 1 and 20.');
  const cursor = body.cursor === undefined ? null : wholeNumber(body.cursor);
  const all = newestFirst([...records(context).posts.values()].filter((post) => post.owner === user)).filter(
    (post) => cursor === null || post.createdAt < cursor,
  );
  const page = all.slice(0, max);
  const videos = page.map((post) => {
    const video: Record<string, unknown> = {
      id: post.id,
      title: post.title,
      video_description: post.title,
      create_time: Math.floor(post.createdAt / 1000),
      share_url: `https://www.tiktok.com/@${LOCAL_USERNAME}/video/${post.id}`,
      duration: 0,
      cover_image_url: `https://p16-sign.tiktokcdn.com/obj/${post.id}.jpeg`,
    };
    return Object.fromEntries(fields.map((field) => [field, video[field]]));
  });
  const last = page.at(-1);
  return ok({ videos, cursor: last ? last.createdAt : (cursor ?? 0), has_more: all.length > page.length });
}
