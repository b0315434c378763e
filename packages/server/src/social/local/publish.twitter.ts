import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLISH_ENDPOINTS } from '../social.endpoints.ts';
import { type Answer, xProblem, xV1Error } from './errors.ts';
import { bodyPairs, paramsOf, queryPairs, STAND_IN, send } from './http.ts';
import { integerParam, isMultipart, type MultipartFile, multipartCall } from './publish.http.ts';
import { copyInto, digits, newestFirst, PUBLISH_MAX_BYTES, type PublishContext, removeFile } from './publish.store.ts';
import type { LocalState } from './state.ts';
import { verifyAccess } from './twitter.routes.ts';

/**
 * X: the chunked media upload of API v1.1 (`POST media/upload.json` command=INIT, APPEND with the
 * segment as multipart `media`, FINALIZE; `GET` command=STATUS for the processing), the post of
 * API v2 (`POST /2/tweets` with media_ids) and the user's posts (`GET /2/users/{id}/tweets`).
 * Every call is OAuth 1.0a-signed with the user's token: the query, the header's oauth_* and a
 * form body are signed; a multipart or JSON body is not (RFC 5849 §3.4.1.3.1).
 */

export const X_SEGMENT_MAX_BYTES = 5 * 1024 * 1024;
const MEDIA_LIFETIME_SECONDS = 86_400;

type MediaState = 'uploading' | 'pending' | 'in_progress' | 'succeeded';

interface Media {
  id: string;
  owner: string;
  size: number;
  createdAt: number;
  segments: Map<number, { path: string; size: number }>;
  state: MediaState;
  path: string | null;
}

interface Post {
  id: string;
  author: string;
  text: string;
  mediaIds: string[];
  createdAt: number;
  sequence: number;
}

interface Records {
  media: Map<string, Media>;
  posts: Map<string, Post>;
}

const records = (context: PublishContext) =>
  context.store.records<Records>('twitter', () => ({ media: new Map(), posts: new Map() }));

export function registerTwitterPublishing(scope: FastifyInstance, context: PublishContext): void {
  const endpoints = PUBLISH_ENDPOINTS.twitter;
  scope.post(endpoints.media, STAND_IN, (request, reply) => mediaUpload(context, request, reply));
  scope.get(endpoints.media, (request, reply) => {
    const user = verifyUser(context.state, request);
    if (!user) return send(reply, notAuthenticated());
    const params = paramsOf(queryPairs(request));
    if (params.get('command') !== 'STATUS') return send(reply, mediaError('command must be STATUS on a GET.'));
    return send(reply, status(context, user, params));
  });
  scope.post(endpoints.tweets, STAND_IN, (request, reply) => {
    const user = verifyUser(context.state, request);
    if (!user) return send(reply, xProblem(401, 'Unauthorized'));
    return send(reply, createPost(context, user, request.body));
  });
  scope.get(endpoints.timeline.replace('{userId}', ':userId'), (request, reply) => {
    const user = verifyUser(context.state, request);
    if (!user) return send(reply, xProblem(401, 'Unauthorized'));
    const userId = (request.params as { userId?: string }).userId ?? '';
    return send(reply, timeline(context, userId, paramsOf(queryPairs(request))));
  });
}

const notAuthenticated = () => xV1Error(401, 32, 'Could not authenticate you.');
const mediaError = (message: string) => xV1Error(400, 324, message);

async function mediaUpload(context: PublishContext, request: FastifyRequest, reply: FastifyReply) {
  // A multipart body is not signed: the call is checked before a byte of it is read.
  const user = verifyUser(context.state, request);
  if (!user) return send(reply, notAuthenticated());
  if (!isMultipart(request)) {
    return send(reply, await command(context, user, paramsOf(queryPairs(request), bodyPairs(request)), null));
  }
  const files = { media: X_SEGMENT_MAX_BYTES };
  const answer = await multipartCall(context, 'twitter', request, files, async (form) => {
    if (!form) return { answer: mediaError('The multipart body could not be read.') };
    const segment = form.files.get('media');
    const answered = await command(context, user, paramsOf(queryPairs(request), form.fields), segment ?? null);
    // An appended segment's file is the media's now.
    return { answer: answered, ...(answered.status === 204 && segment && { keep: segment }) };
  });
  return send(reply, answer);
}

async function command(
  context: PublishContext,
  user: string,
  params: Map<string, string>,
  segment: MultipartFile | null,
): Promise<Answer> {
  switch (params.get('command')) {
    case 'INIT':
      return init(context, user, params);
    case 'APPEND':
      return append(context, user, params, segment);
    case 'FINALIZE':
      return finalize(context, user, params);
    case 'STATUS':
      return status(context, user, params);
    default:
      return xV1Error(400, 38, 'command parameter is missing or not one of INIT, APPEND, FINALIZE, STATUS.');
  }
}

async function init(context: PublishContext, user: string, params: Map<string, string>): Promise<Answer> {
  const size = integerParam(params.get('total_bytes'));
  if (size === null || size === 0) return xV1Error(400, 38, 'total_bytes parameter is missing.');
  const type = params.get('media_type');
  if (!type) return xV1Error(400, 38, 'media_type parameter is missing.');
  if (type !== 'video/mp4') return mediaError(`Unsupported media type ${type}: this stand-in takes video/mp4.`);
  const category = params.get('media_category');
  if (category !== undefined && category !== 'tweet_video' && category !== 'amplify_video') {
    return mediaError(`Unsupported media_category ${category} for video/mp4.`);
  }
  if (size > PUBLISH_MAX_BYTES) return mediaError(`File size exceeds ${PUBLISH_MAX_BYTES} bytes.`);
  const media: Media = {
    id: digits(15),
    owner: user,
    size,
    createdAt: context.state.now(),
    segments: new Map(),
    state: 'uploading',
    path: null,
  };
  records(context).media.set(media.id, media);
  return { status: 202, body: { ...mediaIds(media), expires_after_secs: expiresAfter(context, media) } };
}

const mediaIds = (media: Media) => ({
  media_id: Number(media.id),
  media_id_string: media.id,
  media_key: `7_${media.id}`,
});

const expiresAfter = (context: PublishContext, media: Media) =>
  Math.max(0, MEDIA_LIFETIME_SECONDS - Math.floor((context.state.now() - media.createdAt) / 1000));

function mediaOf(context: PublishContext, user: string, params: Map<string, string>): Media | null {
  const media = records(context).media.get(params.get('media_id') ?? '');
  if (!media || media.owner !== user || expiresAfter(context, media) === 0) return null;
  return media;
}

async function append(
  context: PublishContext,
  user: string,
  params: Map<string, string>,
  segment: MultipartFile | null,
): Promise<Answer> {
  const media = mediaOf(context, user, params);
  if (!media) return mediaError('Invalid or expired media_id.');
  if (media.state !== 'uploading') return mediaError('The media was finalized: no more segments.');
  const index = integerParam(params.get('segment_index'));
  if (index === null || index > 999) return xV1Error(400, 38, 'segment_index parameter is missing or not 0-999.');
  if (!segment || segment.size === 0) return xV1Error(400, 38, 'media parameter is missing.');
  if (segment.tooLarge) return mediaError(`A segment is at most ${X_SEGMENT_MAX_BYTES} bytes.`);
  const others = [...media.segments].filter(([at]) => at !== index).reduce((sum, [, item]) => sum + item.size, 0);
  if (others + segment.size > media.size) return mediaError('The segments are larger than total_bytes.');
  const previous = media.segments.get(index);
  if (previous) await removeFile(previous.path);
  media.segments.set(index, { path: segment.spool, size: segment.size });
  return { status: 204, body: '' };
}

async function finalize(context: PublishContext, user: string, params: Map<string, string>): Promise<Answer> {
  const media = mediaOf(context, user, params);
  if (!media) return mediaError('Invalid or expired media_id.');
  if (media.state === 'uploading') {
    const order = [...media.segments.keys()].sort((a, b) => a - b);
    const received = [...media.segments.values()].reduce((sum, item) => sum + item.size, 0);
    if (received !== media.size || order.some((at, position) => at !== position)) {
      return mediaError(`Segments do not add up to provided total file size: ${received} of ${media.size} bytes.`);
    }
    const path = await context.store.newFile('x-media');
    let offset = 0;
    for (const at of order) {
      const part = media.segments.get(at);
      if (!part) continue;
      offset += await copyInto(part.path, path, offset);
      await removeFile(part.path);
    }
    media.segments.clear();
    media.path = path;
    media.state = 'pending';
  }
  return { status: 200, body: mediaAnswer(context, media) };
}

function mediaAnswer(context: PublishContext, media: Media) {
  const state = media.state === 'uploading' ? 'pending' : media.state;
  const progress = { pending: 0, in_progress: 50, succeeded: 100 }[state];
  return {
    ...mediaIds(media),
    size: media.size,
    expires_after_secs: expiresAfter(context, media),
    processing_info: {
      state,
      ...(state !== 'succeeded' && { check_after_secs: 1 }),
      ...(state !== 'pending' && { progress_percent: progress }),
    },
  };
}

/** STATUS: pending → in_progress (the first read) → succeeded. */
function status(context: PublishContext, user: string, params: Map<string, string>): Answer {
  const media = mediaOf(context, user, params);
  if (!media) return mediaError('Invalid or expired media_id.');
  if (media.state === 'uploading') return mediaError('The media is not finalized: FINALIZE it first.');
  media.state = media.state === 'pending' ? 'in_progress' : 'succeeded';
  return { status: 200, body: mediaAnswer(context, media) };
}

function invalidRequest(message: string, parameters: Record<string, unknown> = {}): Answer {
  return {
    status: 400,
    headers: { 'content-type': 'application/problem+json' },
    body: {
      errors: [{ parameters, message }],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    },
  };
}

/** POST /2/tweets {text, media: {media_ids}}: 201, or refused (media not ready, duplicate). */
function createPost(context: PublishContext, user: string, body: unknown): Answer {
  const request = (typeof body === 'object' && body !== null ? body : {}) as {
    text?: unknown;
    media?: { media_ids?: unknown };
  };
  const text = typeof request.text === 'string' ? request.text : '';
  if (request.text !== undefined && typeof request.text !== 'string') {
    return invalidRequest('`text` must be a string.', { text: [] });
  }
  if ([...text].length > 280) return invalidRequest('Your Tweet text is too long.', { text: [text] });
  const ids = request.media?.media_ids;
  if (ids !== undefined && (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string') || ids.length > 4)) {
    return invalidRequest('`media.media_ids` must be a list of 1 to 4 media id strings.', { 'media.media_ids': [] });
  }
  const mediaIds = (ids ?? []) as string[];
  if (!text && mediaIds.length === 0) {
    return invalidRequest('You must specify at least one of text or media.', { text: [] });
  }
  const { media, posts } = records(context);
  const notReady = mediaIds.filter((id) => {
    const item = media.get(id);
    return !item || item.owner !== user || item.state !== 'succeeded';
  });
  if (notReady.length > 0) return invalidRequest('Your media IDs are invalid.', { 'media.media_ids': notReady });
  if (text && [...posts.values()].some((post) => post.author === user && post.text === text)) {
    return {
      status: 403,
      headers: { 'content-type': 'application/problem+json' },
      body: {
        detail: 'You are not allowed to create a Tweet with duplicate content.',
        type: 'about:blank',
        title: 'Forbidden',
        status: 403,
      },
    };
  }
  const post: Post = {
    id: digits(19),
    author: user,
    text,
    mediaIds,
    createdAt: context.state.now(),
    sequence: context.store.sequence(),
  };
  posts.set(post.id, post);
  return { status: 201, body: { data: { id: post.id, text: post.text, edit_history_tweet_ids: [post.id] } } };
}

/** GET /2/users/{id}/tweets: the user's posts, newest first (max_results 5–100, default 10). */
function timeline(context: PublishContext, userId: string, params: Map<string, string>): Answer {
  const max = params.has('max_results') ? integerParam(params.get('max_results')) : 10;
  if (max === null || max < 5 || max > 100) {
    return invalidRequest('The `max_results` query parameter value is not between 5 and 100', {
      max_results: [params.get('max_results')],
    });
  }
  const posts = newestFirst([...records(context).posts.values()].filter((post) => post.author === userId)).slice(
    0,
    max,
  );
  if (posts.length === 0) return { status: 200, body: { meta: { result_count: 0 } } };
  return {
    status: 200,
    body: {
      data: posts.map((post) => ({
        id: post.id,
        text: post.text,
        created_at: new Date(post.createdAt).toISOString(),
        edit_history_tweet_ids: [post.id],
        ...(post.mediaIds.length > 0 && { attachments: { media_keys: post.mediaIds.map((id) => `7_${id}`) } }),
      })),
      meta: { result_count: posts.length, newest_id: posts[0]?.id, oldest_id: posts.at(-1)?.id },
    },
  };
}

/** The user of a call signed with a good access token of X, or null. */
function verifyUser(state: LocalState, request: FastifyRequest): string | null {
  const verified = verifyAccess(state, request);
  return verified.ok ? verified.token.payload.u : null;
}
