import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLISH_ENDPOINTS } from '../social.endpoints.ts';
import { type Answer, faultAnswer } from './errors.ts';
import { LOCAL_CHANNELS } from './fixtures.ts';
import { absoluteUrl, paramsOf, queryPairs, STAND_IN, send } from './http.ts';
import {
  contentLength,
  isoSeconds,
  parseContentRange,
  readSmallBody,
  receiveRange,
  withBearer,
} from './publish.http.ts';
import {
  imageTypeOf,
  newestFirst,
  type Processing,
  PUBLISH_MAX_BYTES,
  type PublishContext,
  stillProcessing,
  urlSafeId,
} from './publish.store.ts';

/**
 * YouTube Data API v3 publishing: the resumable upload of videos.insert (POST the metadata →
 * a session URL in Location; PUT the bytes, whole or in chunks, 308 + Range until complete, then
 * the video resource; `Content-Range: bytes *\/N` asks how far it got), thumbnails.set (the
 * picture as the body), videos.list for the processing, search.list forMine for the account's
 * uploads (finding a post again after a crash).
 */

/** thumbnails.set's cap on the picture. */
export const YOUTUBE_THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
const THUMBNAIL_TYPES = /^(image\/jpeg|image\/png|application\/octet-stream)$/i;

interface Snippet {
  title: string;
  description: string;
  tags?: string[];
  categoryId: string;
}

interface Session {
  id: string;
  owner: string;
  /** X-Upload-Content-Length, or the total of the first Content-Range that gave one. */
  size: number | null;
  received: number;
  path: string;
  snippet: Snippet;
  privacyStatus: string;
  madeForKids: boolean | undefined;
  parts: string[];
  video: Video | null;
}

interface Video extends Processing {
  id: string;
  owner: string;
  channel: { id: string; title: string };
  snippet: Snippet;
  privacyStatus: string;
  madeForKids: boolean | undefined;
  createdAt: number;
  sequence: number;
}

interface Records {
  sessions: Map<string, Session>;
  videos: Map<string, Video>;
}

const PRIVACY = ['public', 'unlisted', 'private'];
const CHANNEL = LOCAL_CHANNELS[0] ?? { id: 'UCriverside0000000000001', title: 'Riverside FC' };

export function registerYoutubePublishing(scope: FastifyInstance, context: PublishContext): void {
  const endpoints = PUBLISH_ENDPOINTS.youtube;
  const records = () => context.store.records<Records>('youtube', () => ({ sessions: new Map(), videos: new Map() }));
  const withToken = (
    request: FastifyRequest,
    reply: FastifyReply,
    handler: (user: string, params: Map<string, string>) => Answer | Promise<Answer>,
  ) => withBearer(context.state, 'youtube', request, reply, (user) => handler(user, paramsOf(queryPairs(request))));
  scope.post(endpoints.upload, STAND_IN, (request, reply) =>
    withToken(request, reply, (user, params) => startUpload(context, records(), request, user, params)),
  );
  scope.put(endpoints.upload, STAND_IN, (request, reply) => putBytes(context, records(), request, reply));
  scope.post(endpoints.thumbnails, STAND_IN, (request, reply) =>
    withToken(request, reply, (user, params) => setThumbnail(context, records(), request, user, params)),
  );
  scope.get(endpoints.videos, (request, reply) =>
    withToken(request, reply, (user, params) => videosList(records(), user, params)),
  );
  scope.get(endpoints.mine, (request, reply) =>
    withToken(request, reply, (user, params) => searchMine(records(), user, params)),
  );
}

/** Google's error envelope. */
function googleError(code: number, message: string, reason: string, status: string, domain = 'global'): Answer {
  return { status: code, body: { error: { code, message, errors: [{ message, domain, reason }], status } } };
}

const badRequest = (message: string, reason = 'badRequest', domain = 'global') =>
  googleError(400, message, reason, 'INVALID_ARGUMENT', domain);

const tooLarge = () =>
  googleError(413, `Media larger than ${PUBLISH_MAX_BYTES} bytes.`, 'uploadTooLarge', 'OUT_OF_RANGE');

function readSnippet(body: unknown): { snippet: Snippet; privacyStatus: string; madeForKids?: boolean } | Answer {
  const resource = (typeof body === 'object' && body !== null ? body : {}) as {
    snippet?: Record<string, unknown>;
    status?: Record<string, unknown>;
  };
  const snippet = resource.snippet ?? {};
  const status = resource.status ?? {};
  const title = typeof snippet.title === 'string' ? snippet.title.trim() : '';
  if (!title || title.length > 100 || /[<>]/.test(title)) {
    return badRequest(
      'The request metadata specifies an invalid or empty video title.',
      'invalidTitle',
      'youtube.video',
    );
  }
  const description = typeof snippet.description === 'string' ? snippet.description : '';
  if (Buffer.byteLength(description) > 5000 || /[<>]/.test(description)) {
    return badRequest(
      'The request metadata specifies an invalid video description.',
      'invalidDescription',
      'youtube.video',
    );
  }
  const tags = snippet.tags;
  if (tags !== undefined && (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string'))) {
    return badRequest('The request metadata specifies invalid video keywords.', 'invalidTags', 'youtube.video');
  }
  const categoryId = snippet.categoryId === undefined ? '22' : String(snippet.categoryId);
  if (!/^\d{1,3}$/.test(categoryId)) {
    return badRequest(
      'The video category specified in the request does not exist.',
      'invalidCategoryId',
      'youtube.video',
    );
  }
  const privacyStatus = status.privacyStatus === undefined ? 'public' : String(status.privacyStatus);
  if (!PRIVACY.includes(privacyStatus)) {
    return badRequest(`Invalid value for privacyStatus: ${privacyStatus}`, 'invalidVideoMetadata', 'youtube.video');
  }
  const madeForKids = status.selfDeclaredMadeForKids;
  return {
    snippet: { title, description, categoryId, ...(tags ? { tags: tags as string[] } : {}) },
    privacyStatus,
    ...(typeof madeForKids === 'boolean' ? { madeForKids } : {}),
  };
}

/** POST /upload/youtube/v3/videos?uploadType=resumable&part=…: a session, its URL in Location. */
async function startUpload(
  context: PublishContext,
  records: Records,
  request: FastifyRequest,
  user: string,
  params: Map<string, string>,
): Promise<Answer> {
  if (params.get('uploadType') !== 'resumable') {
    return badRequest(
      'Upload requests must include an uploadType URL parameter (this stand-in supports uploadType=resumable).',
      'wrongUrlForUpload',
    );
  }
  const parts = (params.get('part') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return badRequest('Required parameter: part', 'required', 'youtube.parameter');
  const metadata = readSnippet(request.body);
  if ('status' in metadata) return metadata;
  const declared = request.headers['x-upload-content-length'];
  let size: number | null = null;
  if (declared !== undefined) {
    if (typeof declared !== 'string' || !/^\d{1,16}$/.test(declared)) {
      return badRequest('Invalid X-Upload-Content-Length header.');
    }
    size = Number(declared);
    if (size > PUBLISH_MAX_BYTES) return tooLarge();
  }
  const type = request.headers['x-upload-content-type'];
  if (typeof type === 'string' && !/^(video\/[\w.+-]+|application\/octet-stream)$/i.test(type.trim())) {
    return badRequest(
      `Media type '${type}' is not supported. Valid media types: [video/*, application/octet-stream]`,
      'badContent',
    );
  }
  const id = urlSafeId(48);
  const session: Session = {
    id,
    owner: user,
    size,
    received: 0,
    path: await context.store.newFile(`youtube-${id.slice(0, 12)}`),
    snippet: metadata.snippet,
    privacyStatus: metadata.privacyStatus,
    madeForKids: metadata.madeForKids,
    parts,
    video: null,
  };
  records.sessions.set(id, session);
  const location = absoluteUrl(request, `${request.url}${request.url.includes('?') ? '&' : '?'}upload_id=${id}`);
  return { status: 200, headers: { location, 'x-guploader-uploadid': id }, body: '' };
}

/** PUT <session URL>: bytes (whole or `Content-Range: bytes a-b/N`), or `bytes *\/N` to ask how far. */
async function putBytes(context: PublishContext, records: Records, request: FastifyRequest, reply: FastifyReply) {
  const session = records.sessions.get(paramsOf(queryPairs(request)).get('upload_id') ?? '');
  if (!session) return send(reply, googleError(404, 'Not Found', 'notFound', 'NOT_FOUND'));
  const header = request.headers['content-range'];
  const length = contentLength(request);
  const range =
    header === undefined
      ? length
        ? ({ kind: 'bytes', start: 0, end: length - 1, total: length } as const)
        : ({ kind: 'status', total: session.size } as const)
      : parseContentRange(header);
  if (!range) return send(reply, badRequest('Failed to parse Content-Range header.'));
  if (session.video) return send(reply, { status: 200, body: videoResource(session.video, session.parts) });
  if (range.kind === 'status') return incomplete(reply, session);

  if (context.store.takeChunkFault('youtube')) {
    return send(reply, faultAnswer('youtube', { kind: 'unavailable' }, context.state.now()));
  }
  if (range.total !== null) {
    if (session.size !== null && range.total !== session.size) {
      return send(
        reply,
        badRequest(`The total size ${range.total} does not match the ${session.size} bytes declared.`),
      );
    }
    if (range.total > PUBLISH_MAX_BYTES) return send(reply, tooLarge());
    session.size = range.total;
  }
  if (range.start > session.received) {
    return send(
      reply,
      badRequest(
        `The chunk starts at byte ${range.start} but ${session.received} bytes were received: ask with Content-Range: bytes */${session.size ?? '*'}.`,
      ),
    );
  }
  const problem = await receiveRange(request, session.path, range);
  if (problem === 'length') return send(reply, badRequest('The Content-Length does not match the Content-Range.'));
  if (problem) return send(reply, badRequest('The request body does not match its Content-Range.'));
  session.received = Math.max(session.received, range.end + 1);
  if (session.size === null || session.received < session.size) return incomplete(reply, session);
  const video: Video = {
    id: urlSafeId(11),
    owner: session.owner,
    channel: CHANNEL,
    snippet: session.snippet,
    privacyStatus: session.privacyStatus,
    madeForKids: session.madeForKids,
    createdAt: context.state.now(),
    sequence: context.store.sequence(),
    statusReads: 0,
  };
  session.video = video;
  records.videos.set(video.id, video);
  return send(reply, { status: 200, body: videoResource(video, session.parts) });
}

/**
 * POST /upload/youtube/v3/thumbnails/set?videoId=…: the picture (JPEG or PNG, 2 MB at most) as the
 * body becomes the video's custom thumbnail, replacing one set before.
 */
async function setThumbnail(
  context: PublishContext,
  records: Records,
  request: FastifyRequest,
  user: string,
  params: Map<string, string>,
): Promise<Answer> {
  const videoId = params.get('videoId');
  if (!videoId) return badRequest('Required parameter: videoId', 'required', 'youtube.parameter');
  const video = records.videos.get(videoId);
  if (!video) {
    return googleError(
      404,
      'The video that you are trying to update cannot be found.',
      'videoNotFound',
      'NOT_FOUND',
      'youtube.thumbnail',
    );
  }
  if (video.owner !== user) {
    return googleError(403, 'The thumbnail can’t be set for the specified video.', 'forbidden', 'PERMISSION_DENIED');
  }
  if (context.store.takeChunkFault('youtube'))
    return faultAnswer('youtube', { kind: 'unavailable' }, context.state.now());
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  if (!THUMBNAIL_TYPES.test(type)) {
    return badRequest(
      `Media type '${type}' is not supported. Valid media types: [image/jpeg, image/png, application/octet-stream]`,
      'badContent',
    );
  }
  const body = await readSmallBody(request, YOUTUBE_THUMBNAIL_MAX_BYTES);
  if (body.tooLarge) {
    return googleError(
      413,
      `Media larger than ${YOUTUBE_THUMBNAIL_MAX_BYTES} bytes.`,
      'uploadTooLarge',
      'OUT_OF_RANGE',
    );
  }
  if (!body.ended || body.bytes.length === 0) {
    return badRequest('The request does not include the image content.', 'mediaBodyRequired', 'youtube.thumbnail');
  }
  const imageType = imageTypeOf(body.bytes);
  if (!imageType) return badRequest('The provided image content is invalid.', 'invalidImage', 'youtube.thumbnail');
  context.store.recordThumbnail({
    platform: 'youtube',
    postId: video.id,
    image: { contentType: imageType, bytes: body.bytes },
  });
  return {
    status: 200,
    body: { kind: 'youtube#thumbnailSetResponse', etag: `etag-thumbnail-${video.id}`, items: [thumbnails(video.id)] },
  };
}

/** 308 Resume Incomplete, with the bytes kept so far (none: no Range). */
function incomplete(reply: FastifyReply, session: Session) {
  if (session.received > 0) reply.header('range', `bytes=0-${session.received - 1}`);
  return reply.code(308).header('x-guploader-uploadid', session.id).send('');
}

const thumbnails = (id: string) => ({
  default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
  medium: { url: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
  high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
});

function snippetOf(video: Video) {
  return {
    publishedAt: isoSeconds(video.createdAt),
    channelId: video.channel.id,
    title: video.snippet.title,
    description: video.snippet.description,
    thumbnails: thumbnails(video.id),
    channelTitle: video.channel.title,
    ...(video.snippet.tags ? { tags: video.snippet.tags } : {}),
    categoryId: video.snippet.categoryId,
    liveBroadcastContent: 'none',
    localized: { title: video.snippet.title, description: video.snippet.description },
  };
}

function statusOf(video: Video, uploadStatus: 'uploaded' | 'processed') {
  return {
    uploadStatus,
    privacyStatus: video.privacyStatus,
    license: 'youtube',
    embeddable: true,
    publicStatsViewable: true,
    ...(video.madeForKids !== undefined ? { selfDeclaredMadeForKids: video.madeForKids } : {}),
    madeForKids: video.madeForKids ?? false,
  };
}

/** The video resource videos.insert answers once the bytes are all in (only the parts asked for). */
function videoResource(video: Video, parts: string[]) {
  return {
    kind: 'youtube#video',
    etag: `etag-${video.id}`,
    id: video.id,
    ...(parts.includes('snippet') && { snippet: snippetOf(video) }),
    ...(parts.includes('status') && { status: statusOf(video, 'uploaded') }),
  };
}

/** videos.list by id: the parts asked for; processingDetails for the owner (processing on the first read). */
function videosList(records: Records, user: string, params: Map<string, string>): Answer {
  const parts = (params.get('part') ?? '').split(',').map((part) => part.trim());
  if (!params.get('part')) return badRequest('Required parameter: part', 'required', 'youtube.parameter');
  const ids = params
    .get('id')
    ?.split(',')
    .map((id) => id.trim());
  if (!ids) {
    return badRequest(
      'No filter selected. Expected one of: myRating, chart, id',
      'missingRequiredParameter',
      'youtube.parameter',
    );
  }
  const items = ids.flatMap((id) => {
    const video = records.videos.get(id);
    if (!video || (video.owner !== user && video.privacyStatus === 'private')) return [];
    const mine = video.owner === user;
    const processing =
      mine && (parts.includes('status') || parts.includes('processingDetails')) ? stillProcessing(video) : false;
    return [
      {
        kind: 'youtube#video',
        etag: `etag-${video.id}`,
        id: video.id,
        ...(parts.includes('snippet') && { snippet: snippetOf(video) }),
        ...(parts.includes('status') && { status: statusOf(video, processing ? 'uploaded' : 'processed') }),
        ...(parts.includes('processingDetails') &&
          mine && {
            processingDetails: processing
              ? {
                  processingStatus: 'processing',
                  processingProgress: { partsTotal: 100, partsProcessed: 50, timeLeftMs: '1000' },
                }
              : { processingStatus: 'succeeded' },
          }),
      },
    ];
  });
  return {
    status: 200,
    body: {
      kind: 'youtube#videoListResponse',
      etag: 'etag-videos',
      items,
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
    },
  };
}

/** search.list forMine=true&type=video: the account's uploads, newest first, pageToken an offset. */
function searchMine(records: Records, user: string, params: Map<string, string>): Answer {
  if (!params.get('part')) return badRequest('Required parameter: part', 'required', 'youtube.parameter');
  if (params.get('forMine') !== 'true') {
    return badRequest(
      'This stand-in searches your own videos only: forMine=true.',
      'invalidSearchFilter',
      'youtube.search',
    );
  }
  if (params.get('type') !== 'video') {
    return badRequest(
      'The request contains an invalid combination of search filters and/or restrictions. Note that you must set the type parameter to video if you set the forMine parameter.',
      'invalidSearchFilter',
      'youtube.search',
    );
  }
  const max = Number(params.get('maxResults') ?? '5');
  if (!Number.isInteger(max) || max < 0 || max > 50) {
    return badRequest(
      `Invalid value '${params.get('maxResults')}'. Values must be within the range: [0, 50]`,
      'invalidParameter',
      'youtube.parameter',
    );
  }
  const token = params.get('pageToken');
  const offset = token ? Number(Buffer.from(token, 'base64url').toString('utf8')) : 0;
  if (!Number.isInteger(offset) || offset < 0)
    return badRequest('Invalid page token.', 'invalidPageToken', 'youtube.parameter');
  const mine = newestFirst([...records.videos.values()].filter((video) => video.owner === user));
  const page = mine.slice(offset, offset + max);
  const withSnippet = (params.get('part') ?? '').split(',').includes('snippet');
  const next = offset + max < mine.length ? Buffer.from(String(offset + max)).toString('base64url') : undefined;
  return {
    status: 200,
    body: {
      kind: 'youtube#searchListResponse',
      etag: 'etag-search',
      ...(next && { nextPageToken: next }),
      regionCode: 'GB',
      pageInfo: { totalResults: mine.length, resultsPerPage: max },
      items: page.map((video) => ({
        kind: 'youtube#searchResult',
        etag: `etag-search-${video.id}`,
        id: { kind: 'youtube#video', videoId: video.id },
        ...(withSnippet && {
          snippet: {
            publishedAt: isoSeconds(video.createdAt),
            channelId: video.channel.id,
            title: video.snippet.title,
            description: video.snippet.description,
            thumbnails: thumbnails(video.id),
            channelTitle: video.channel.title,
            liveBroadcastContent: 'none',
            publishTime: isoSeconds(video.createdAt),
          },
        }),
      })),
    },
  };
}
