import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLISH_ENDPOINTS } from '../social.endpoints.ts';
import { type Answer, graphError } from './errors.ts';
import { paramsOf, queryPairs, STAND_IN, send } from './http.ts';
import { edgePage, graphParamError, pageAccess, pickFields } from './publish.graph.ts';
import { callParams, graphTime, integerParam, isMultipart, type MultipartFile, multipartCall } from './publish.http.ts';
import {
  copyInto,
  digits,
  imageTypeOf,
  newestFirst,
  type Processing,
  PUBLISH_MAX_BYTES,
  type PublishContext,
  stillProcessing,
} from './publish.store.ts';

/**
 * Facebook page videos, the Graph API's resumable upload: `POST /{page-id}/videos` with
 * upload_phase=start (file_size → the session and the first chunk's offsets), transfer (the
 * chunk as multipart `video_file_chunk` at start_offset → the next offsets), finish (title,
 * description and, multipart, the `thumb` picture → published). The video node shows its
 * processing; the page's videos edge lists it.
 */

/** The most bytes one transfer carries (the end_offset this stand-in asks for). */
export const FACEBOOK_CHUNK_BYTES = 4 * 1024 * 1024;
/** A thumbnail's cap (the Graph API's video thumbnails: 10 MB). */
export const FACEBOOK_THUMB_MAX_BYTES = 10 * 1024 * 1024;

interface Session {
  id: string;
  videoId: string;
  pageId: string;
  size: number;
  received: number;
  path: string;
  video: Video | null;
}

interface Video extends Processing {
  id: string;
  pageId: string;
  title: string;
  description: string;
  size: number;
  createdAt: number;
  sequence: number;
}

interface Records {
  sessions: Map<string, Session>;
  videos: Map<string, Video>;
}

const records = (context: PublishContext) =>
  context.store.records<Records>('facebook', () => ({ sessions: new Map(), videos: new Map() }));

export function registerFacebookPublishing(scope: FastifyInstance, context: PublishContext): void {
  const path = PUBLISH_ENDPOINTS.facebook.videos.replace('{pageId}', ':pageId');
  scope.post(path, STAND_IN, (request, reply) => videosPost(context, request, reply));
  scope.get(path, (request, reply) => {
    const params = paramsOf(queryPairs(request));
    const access = pageAccess(context.state, 'facebook', request, params, pageIdOf(request));
    if (!access.ok) return send(reply, access.answer);
    return send(reply, pageVideos(context, access.page.id, params));
  });
}

const pageIdOf = (request: FastifyRequest) => (request.params as { pageId?: string }).pageId ?? '';

const uploadError = (message: string, subcode: number, title: string): Answer => ({
  status: 400,
  body: graphError('(#6000) There was a problem uploading your video file. Please try again with another file.', 6000, {
    error_subcode: subcode,
    is_transient: false,
    error_user_title: title,
    error_user_msg: message,
  }),
});

const offsets = (session: Session) => ({
  start_offset: String(session.received),
  end_offset: String(Math.min(session.received + FACEBOOK_CHUNK_BYTES, session.size)),
});

async function videosPost(context: PublishContext, request: FastifyRequest, reply: FastifyReply) {
  if (!isMultipart(request)) return send(reply, await phase(context, request, callParams(request), {}));
  // A transfer's chunk or a finish's thumb: spooled, then used once the call is checked.
  const files = { video_file_chunk: FACEBOOK_CHUNK_BYTES, thumb: FACEBOOK_THUMB_MAX_BYTES };
  const answer = await multipartCall(context, 'facebook', request, files, async (form) => {
    if (!form) return { answer: graphParamError('The multipart body could not be read.') };
    const params = paramsOf(queryPairs(request), form.fields);
    const parts = { chunk: form.files.get('video_file_chunk'), thumb: form.files.get('thumb') };
    return { answer: await phase(context, request, params, parts) };
  });
  return send(reply, answer);
}

interface Parts {
  chunk?: MultipartFile | undefined;
  thumb?: MultipartFile | undefined;
}

async function phase(
  context: PublishContext,
  request: FastifyRequest,
  params: Map<string, string>,
  parts: Parts,
): Promise<Answer> {
  const access = pageAccess(context.state, 'facebook', request, params, pageIdOf(request), 'post');
  if (!access.ok) return access.answer;
  const pageId = access.page.id;
  switch (params.get('upload_phase')) {
    case 'start':
      return start(context, pageId, params);
    case 'transfer':
      return transfer(context, pageId, params, parts.chunk);
    case 'finish':
      return finish(context, pageId, params, parts.thumb);
    default:
      return graphParamError(
        'upload_phase must be start, transfer or finish (this stand-in takes the resumable upload only).',
      );
  }
}

async function start(context: PublishContext, pageId: string, params: Map<string, string>): Promise<Answer> {
  const size = integerParam(params.get('file_size'));
  if (size === null || size === 0) return graphParamError('The parameter file_size is required.');
  if (size > PUBLISH_MAX_BYTES) {
    return uploadError(
      `The video file is too large: the most it can be is ${PUBLISH_MAX_BYTES} bytes.`,
      1363023,
      'File Too Large',
    );
  }
  const session: Session = {
    id: digits(16),
    videoId: digits(16),
    pageId,
    size,
    received: 0,
    path: await context.store.newFile('facebook-video'),
    video: null,
  };
  records(context).sessions.set(session.id, session);
  return {
    status: 200,
    body: { video_id: session.videoId, upload_session_id: session.id, ...offsets(session) },
  };
}

function sessionOf(context: PublishContext, pageId: string, params: Map<string, string>): Session | Answer {
  const session = records(context).sessions.get(params.get('upload_session_id') ?? '');
  if (!session || session.pageId !== pageId) {
    return uploadError(
      'The upload session does not exist or has expired: start the upload again.',
      1363030,
      'Upload Session Not Found',
    );
  }
  return session;
}

async function transfer(
  context: PublishContext,
  pageId: string,
  params: Map<string, string>,
  chunk: MultipartFile | undefined,
): Promise<Answer> {
  const session = sessionOf(context, pageId, params);
  if ('status' in session) return session;
  if (!chunk || chunk.size === 0) return graphParamError('The parameter video_file_chunk is required.');
  const startOffset = integerParam(params.get('start_offset'));
  if (startOffset === null) return graphParamError('The parameter start_offset is required.');
  if (startOffset > session.received) {
    return uploadError(
      `start_offset ${startOffset} is past the ${session.received} bytes received: send the chunk at start_offset ${session.received}.`,
      1363037,
      'Wrong Offset',
    );
  }
  if (chunk.tooLarge || startOffset + chunk.size > session.size) {
    return uploadError(
      `The chunk is larger than asked: send at most ${FACEBOOK_CHUNK_BYTES} bytes and no more than file_size.`,
      1363026,
      'Chunk Too Large',
    );
  }
  await copyInto(chunk.spool, session.path, startOffset);
  session.received = Math.max(session.received, startOffset + chunk.size);
  return { status: 200, body: offsets(session) };
}

/** The `thumb` picture of a finish: a JPEG or PNG of at most 10 MB, else the Graph API's (#100). */
async function thumbOf(thumb: MultipartFile): Promise<{ contentType: string; bytes: Buffer } | Answer> {
  if (thumb.tooLarge) return graphParamError(`Param thumb must be at most ${FACEBOOK_THUMB_MAX_BYTES} bytes.`);
  const bytes = await readFile(thumb.spool);
  const contentType = imageTypeOf(bytes);
  if (!contentType) return graphParamError('Param thumb must be a JPEG or PNG image.');
  return { contentType, bytes };
}

async function finish(
  context: PublishContext,
  pageId: string,
  params: Map<string, string>,
  thumb: MultipartFile | undefined,
): Promise<Answer> {
  const session = sessionOf(context, pageId, params);
  if ('status' in session) return session;
  if (session.received < session.size) {
    return uploadError(
      `The upload is incomplete: ${session.received} of ${session.size} bytes were received.`,
      1363040,
      'Upload Incomplete',
    );
  }
  const image = thumb ? await thumbOf(thumb) : null;
  if (image && 'status' in image) return image;
  if (!session.video) {
    const video: Video = {
      id: session.videoId,
      pageId,
      title: params.get('title') ?? '',
      description: params.get('description') ?? '',
      size: session.size,
      createdAt: context.state.now(),
      sequence: context.store.sequence(),
      statusReads: 0,
    };
    session.video = video;
    records(context).videos.set(video.id, video);
  }
  if (image) context.store.recordThumbnail({ platform: 'facebook', postId: session.videoId, image });
  return { status: 200, body: { success: true } };
}

/** The video node's fields (status counts as a status read). */
function videoNode(video: Video, withStatus: boolean): Record<string, unknown> {
  const processing = withStatus && stillProcessing(video);
  const time = graphTime(video.createdAt);
  return {
    id: video.id,
    title: video.title,
    description: video.description,
    created_time: time,
    updated_time: time,
    published: true,
    permalink_url: `/${video.pageId}/videos/${video.id}/`,
    from: { id: video.pageId },
    status: withStatus
      ? {
          video_status: processing ? 'processing' : 'ready',
          processing_progress: processing ? 50 : 100,
          uploading_phase: { status: 'complete', bytes_transferred: video.size },
          processing_phase: { status: processing ? 'in_progress' : 'complete' },
          publishing_phase: processing
            ? { status: 'not_started' }
            : { status: 'complete', publish_status: 'published', publish_time: time },
        }
      : undefined,
  };
}

const VIDEO_DEFAULTS = ['id', 'created_time', 'description'] as const;

/** `GET /v21.0/{video-id}` of a video of this stand-in (null: not one). */
export function facebookNode(context: PublishContext, request: FastifyRequest, id: string): Answer | null {
  const video = records(context).videos.get(id);
  if (!video) return null;
  const params = paramsOf(queryPairs(request));
  const access = pageAccess(context.state, 'facebook', request, params, video.pageId);
  if (!access.ok) return access.answer;
  const fields = params.get('fields');
  const withStatus = fields?.split(',').some((field) => field.trim().startsWith('status')) ?? false;
  const picked = pickFields(videoNode(video, withStatus), 'Video', fields, VIDEO_DEFAULTS);
  return picked.ok ? { status: 200, body: picked.picked } : picked.answer;
}

/** `GET /v21.0/{page-id}/videos`: the page's videos, newest first. */
function pageVideos(context: PublishContext, pageId: string, params: Map<string, string>): Answer {
  const limit = Math.min(Math.max(integerParam(params.get('limit')) ?? 25, 1), 100);
  const videos = newestFirst([...records(context).videos.values()].filter((video) => video.pageId === pageId));
  const data: Record<string, unknown>[] = [];
  for (const video of videos.slice(0, limit)) {
    const fields = params.get('fields');
    const withStatus = fields?.split(',').some((field) => field.trim().startsWith('status')) ?? false;
    const picked = pickFields(videoNode(video, withStatus), 'Video', fields, VIDEO_DEFAULTS);
    if (!picked.ok) return picked.answer;
    data.push(picked.picked);
  }
  return edgePage(data);
}
