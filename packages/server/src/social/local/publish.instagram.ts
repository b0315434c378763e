import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLISH_ENDPOINTS } from '../social.endpoints.ts';
import { type Answer, graphError } from './errors.ts';
import { LOCAL_PAGES, LOCAL_USERNAME } from './fixtures.ts';
import { paramsOf, queryPairs, STAND_IN, send } from './http.ts';
import { edgePage, graphParamError, pageAccess, pickFields, unknownObject } from './publish.graph.ts';
import { callParams, graphTime, integerParam } from './publish.http.ts';
import {
  digits,
  looksLikeMp4,
  newestFirst,
  PUBLISH_MAX_BYTES,
  type PublishContext,
  removeFile,
  urlSafeId,
  writeAt,
} from './publish.store.ts';

/**
 * Instagram Reels through the Graph API: `POST /{ig-user-id}/media` (media_type=REELS, video_url)
 * makes a container, for which the platform fetches the video itself (here too: a real fetch,
 * 30 s at most, up to the size cap, and an MP4 check); its status_code goes IN_PROGRESS →
 * FINISHED (or ERROR); `media_publish` turns a finished container into a media with a permalink.
 * The cover is the frame at the container's thumb_offset (milliseconds), kept with the media.
 */

export const INSTAGRAM_FETCH_TIMEOUT_MS = 30_000;

type ContainerState = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'PUBLISHED';

interface Container {
  id: string;
  igUserId: string;
  pageId: string;
  videoUrl: string;
  caption: string;
  shareToFeed: boolean;
  /** The cover's frame, in milliseconds into the video (null: Instagram's default). */
  thumbOffsetMs: number | null;
  state: ContainerState;
  error: { subcode: number; reason: string } | null;
  path: string | null;
  mediaId: string | null;
}

interface Media {
  id: string;
  igUserId: string;
  pageId: string;
  code: string;
  caption: string;
  createdAt: number;
  sequence: number;
}

interface Records {
  containers: Map<string, Container>;
  media: Map<string, Media>;
}

const records = (context: PublishContext) =>
  context.store.records<Records>('instagram', () => ({ containers: new Map(), media: new Map() }));

const pageOf = (igUserId: string) => LOCAL_PAGES.find((page) => page.instagramId === igUserId);

export function registerInstagramPublishing(scope: FastifyInstance, context: PublishContext): void {
  const endpoints = PUBLISH_ENDPOINTS.instagram;
  const media = endpoints.media.replace('{igUserId}', ':igUserId');
  scope.post(media, STAND_IN, (request, reply) => withAccount(context, request, reply, 'post', createContainer));
  scope.get(media, (request, reply) => withAccount(context, request, reply, 'get', listMedia));
  scope.post(endpoints.publish.replace('{igUserId}', ':igUserId'), STAND_IN, (request, reply) =>
    withAccount(context, request, reply, 'post', publish),
  );
}

type AccountHandler = (
  context: PublishContext,
  igUserId: string,
  pageId: string,
  params: Map<string, string>,
) => Answer | Promise<Answer>;

/** A call on an IG user: the page access token of the page behind it. */
async function withAccount(
  context: PublishContext,
  request: FastifyRequest,
  reply: FastifyReply,
  method: 'get' | 'post',
  handler: AccountHandler,
) {
  const igUserId = (request.params as { igUserId?: string }).igUserId ?? '';
  const params = callParams(request);
  const page = pageOf(igUserId);
  if (!page) return send(reply, unknownObject(igUserId, method));
  const access = pageAccess(context.state, 'instagram', request, params, page.id, method);
  if (!access.ok) return send(reply, access.answer);
  return send(reply, await handler(context, igUserId, page.id, params));
}

async function createContainer(
  context: PublishContext,
  igUserId: string,
  pageId: string,
  params: Map<string, string>,
): Promise<Answer> {
  const mediaType = params.get('media_type');
  if (mediaType !== 'REELS') {
    return graphParamError(
      mediaType === 'VIDEO'
        ? 'The VIDEO media type is no longer supported: publish videos as REELS.'
        : 'This stand-in publishes media_type=REELS only.',
    );
  }
  const videoUrl = params.get('video_url');
  if (!videoUrl) return graphParamError('The parameter video_url is required.');
  if (!isHttpUrl(videoUrl)) return graphParamError('Param video_url must be a valid http(s) URL.');
  const caption = params.get('caption') ?? '';
  if (caption.length > 2200) return graphParamError('Param caption must be at most 2200 characters long.');
  const offset = params.get('thumb_offset');
  const thumbOffsetMs = offset === undefined ? null : integerParam(offset);
  if (offset !== undefined && thumbOffsetMs === null) {
    return graphParamError('Param thumb_offset must be a non-negative integer (milliseconds).');
  }
  const container: Container = {
    id: digits(17),
    igUserId,
    pageId,
    videoUrl,
    caption,
    shareToFeed: params.get('share_to_feed') !== 'false',
    thumbOffsetMs,
    state: 'IN_PROGRESS',
    error: null,
    path: null,
    mediaId: null,
  };
  records(context).containers.set(container.id, container);
  context.store.track(fetchVideo(context, container));
  return { status: 200, body: { id: container.id } };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The platform's side: fetch video_url, keep it if it is an MP4 no bigger than the cap. */
async function fetchVideo(context: PublishContext, container: Container): Promise<void> {
  const fail = (subcode: number, reason: string) => {
    container.state = 'ERROR';
    container.error = { subcode, reason };
  };
  if (context.store.takeChunkFault('instagram')) {
    fail(2207001, 'Instagram server error. Try again.');
    return;
  }
  const signal = AbortSignal.any([context.store.signal, AbortSignal.timeout(INSTAGRAM_FETCH_TIMEOUT_MS)]);
  const path = await context.store.newFile('instagram-video');
  try {
    const response = await fetch(container.videoUrl, { signal, redirect: 'follow' });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      fail(2207052, `The media could not be fetched from this URI (HTTP ${response.status}).`);
      return;
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > PUBLISH_MAX_BYTES) {
      await response.body.cancel();
      fail(2207026, `The video is larger than ${PUBLISH_MAX_BYTES} bytes.`);
      return;
    }
    const body = Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>);
    const written = await writeAt(body, path, 0, PUBLISH_MAX_BYTES);
    if (!written.ended) throw signal.reason ?? new Error('The download was cut.');
    if (written.overflow) {
      fail(2207026, `The video is larger than ${PUBLISH_MAX_BYTES} bytes.`);
      return;
    }
    if (!(await looksLikeMp4(path))) {
      fail(2207026, 'The video format is not supported: upload an MP4 (H.264, AAC).');
      return;
    }
    container.path = path;
    container.state = 'FINISHED';
  } catch (error) {
    if (context.store.signal.aborted) return;
    const timedOut = signal.aborted || (error instanceof Error && error.name === 'TimeoutError');
    if (timedOut) fail(2207003, 'It takes too long to download the media.');
    else fail(2207052, `The media could not be fetched from this URI (${(error as Error).message}).`);
  } finally {
    if (container.state !== 'FINISHED') await removeFile(path);
  }
}

const STATUS_TEXT: Readonly<Record<Exclude<ContainerState, 'ERROR'>, string>> = {
  IN_PROGRESS: 'In Progress: Media is still being processed.',
  FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
  PUBLISHED: 'Published: Media has been successfully published.',
};

function containerNode(container: Container): Record<string, unknown> {
  const error = container.state === 'ERROR' ? container.error : null;
  return {
    id: container.id,
    status_code: container.state,
    status: error
      ? `Error: Media upload has failed with error code ${error.subcode}: ${error.reason}`
      : STATUS_TEXT[container.state as Exclude<ContainerState, 'ERROR'>],
    video_url: container.videoUrl,
  };
}

function mediaNode(media: Media): Record<string, unknown> {
  return {
    id: media.id,
    caption: media.caption,
    media_type: 'VIDEO',
    media_product_type: 'REELS',
    permalink: `https://www.instagram.com/reel/${media.code}/`,
    shortcode: media.code,
    timestamp: graphTime(media.createdAt),
    username: LOCAL_USERNAME,
    owner: { id: media.igUserId },
    like_count: 0,
    comments_count: 0,
  };
}

/** `POST /{ig-user-id}/media_publish?creation_id=`: a FINISHED container becomes a media. */
function publish(context: PublishContext, igUserId: string, pageId: string, params: Map<string, string>): Answer {
  const container = records(context).containers.get(params.get('creation_id') ?? '');
  if (!container || container.igUserId !== igUserId) {
    return graphParamError('Param creation_id must be a media container of this account.');
  }
  if (container.state !== 'FINISHED') {
    return {
      status: 400,
      body: graphError('Media ID is not available', 9007, {
        error_subcode: 2207027,
        is_transient: false,
        error_user_title: 'Media not ready for publishing',
        error_user_msg: 'The media is not ready for publishing, please wait for a moment',
      }),
    };
  }
  const media: Media = {
    id: digits(17),
    igUserId,
    pageId,
    code: urlSafeId(11),
    caption: container.caption,
    createdAt: context.state.now(),
    sequence: context.store.sequence(),
  };
  records(context).media.set(media.id, media);
  container.state = 'PUBLISHED';
  container.mediaId = media.id;
  if (container.thumbOffsetMs !== null) {
    context.store.recordThumbnail({ platform: 'instagram', postId: media.id, offsetMs: container.thumbOffsetMs });
  }
  return { status: 200, body: { id: media.id } };
}

/** `GET /{ig-user-id}/media`: the account's media, newest first. */
function listMedia(context: PublishContext, igUserId: string, _pageId: string, params: Map<string, string>): Answer {
  const all = newestFirst([...records(context).media.values()].filter((media) => media.igUserId === igUserId));
  const limit = Math.min(Math.max(Number(params.get('limit') ?? '25') || 25, 1), 100);
  const data: Record<string, unknown>[] = [];
  for (const media of all.slice(0, limit)) {
    const picked = pickFields(mediaNode(media), 'IGMedia', params.get('fields'), ['id']);
    if (!picked.ok) return picked.answer;
    data.push(picked.picked);
  }
  return edgePage(data);
}

/** `GET /v21.0/{container-id}` and `GET /v21.0/{media-id}` (null: not one of this stand-in's). */
export function instagramNode(context: PublishContext, request: FastifyRequest, id: string): Answer | null {
  const { containers, media } = records(context);
  const container = containers.get(id);
  const item = media.get(id);
  if (!container && !item) return null;
  const params = paramsOf(queryPairs(request));
  const pageId = container?.pageId ?? item?.pageId ?? '';
  const access = pageAccess(context.state, 'instagram', request, params, pageId);
  if (!access.ok) return access.answer;
  const picked = container
    ? pickFields(containerNode(container), 'ShadowIGMediaBuilder', params.get('fields'), ['id'])
    : pickFields(mediaNode(item as Media), 'IGMedia', params.get('fields'), ['id']);
  return picked.ok ? { status: 200, body: picked.picked } : picked.answer;
}
