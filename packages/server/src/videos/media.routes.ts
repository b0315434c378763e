import { text } from 'node:stream/consumers';
import { errorBody } from '@regie/contract/auth';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { GEO_REFUSED_STATUS } from '@regie/contract/geo';
import {
  MEDIA_CONTENT_TYPES,
  MEDIA_PATH,
  MEDIA_TOKEN_PARAM,
  MEDIA_VERSION_PARAM,
  VIDEO_MESSAGES,
} from '@regie/contract/videos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, HttpError, notFound } from '../http/http.errors.ts';
import { essence, fileResponse } from '../http/media.schema.ts';
import { BEARER } from '../http/responses.schema.ts';
import type { ViewerScopes } from '../playback/viewer-scope.ts';
import { assertMayRead } from '../resources/resources.access.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { attachment, sendObject } from './media.send.ts';
import type { MediaTokens } from './media.tokens.ts';
import { downloadBegins, downloadFileName, downloadOpen, recordDownload } from './videos.download.ts';
import { type MediaKey, parseMediaKey } from './videos.keys.ts';
import type { VideosEntry } from './videos.resource.ts';
import { findVideo } from './videos.service.ts';

/** How long a browser may keep each kind of file (the `?t=` URL of a file changes every step). */
const CACHE_CONTROL: Record<MediaKey['kind'], string> = {
  playlist: 'private, no-cache',
  subtitles: 'private, no-cache',
  storyboard: 'private, max-age=300',
  image: 'private, max-age=300',
  segment: 'private, max-age=3600',
  download: 'private, no-store',
};

/** Segments and init files once encoded are cached for good under their encode's version. */
const IMMUTABLE_SEGMENT = 'public, max-age=31536000, immutable';
/** What a media file may be: its extension's type, or bytes. */
const MEDIA_TYPES = [...new Set([...Object.values(MEDIA_CONTENT_TYPES).map(essence), 'application/octet-stream'])];

const withToken = (uri: string, token: string, version?: string) => {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri)) return uri;
  const signed = `${uri}${uri.includes('?') ? '&' : '?'}${MEDIA_TOKEN_PARAM}=${token}`;
  // A playlist is read again; what it lists (segments, init files) is named by the encode.
  return version === undefined || /\.m3u8(?:\?|$)/i.test(uri) ? signed : `${signed}&${MEDIA_VERSION_PARAM}=${version}`;
};

/**
 * A playlist served with `?t=`: its relative URIs (rung playlists, segments, init files) get the
 * same token, so a player without headers reaches them too; segments and init files also get
 * the encode's `version`, so their URLs change with a new encode and may be cached for good.
 */
export function signPlaylist(playlist: string, token: string, version?: string): string {
  return playlist
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '') return line;
      if (!trimmed.startsWith('#')) return withToken(trimmed, token, version);
      return line.replace(/URI="([^"]+)"/g, (_, uri: string) => `URI="${withToken(uri, token, version)}"`);
    })
    .join('\n');
}

/** The version of a video's encode: when its row last changed (a new encode makes it ready again). */
const encodeVersion = (video: { updatedAt: Date }) => video.updatedAt.getTime().toString(36);

/** The storyboard's WebVTT served with `?t=`: its cues' sprite URLs get the token, before `#xywh`. */
export function signStoryboard(vtt: string, token: string): string {
  return vtt.replace(
    /^([^\s#]+\.jpg)(#xywh=[0-9,]+)?$/gm,
    (_, uri: string, fragment = '') => `${withToken(uri, token)}${fragment}`,
  );
}

const mediaQuery = z.object({
  [MEDIA_TOKEN_PARAM]: z.string().max(200).optional(),
  [MEDIA_VERSION_PARAM]: z.string().max(20).optional(),
});

/**
 * GET /media/{key}: the encoded files of a video (HLS playlists and segments, poster, storyboard,
 * subtitles) to whoever may read the video, authorised by the Authorization header or by the
 * video's signed `?t=` token (contract MEDIA_PATH). Another account's files answer 404.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{
  engine: Engine;
  entry: VideosEntry;
  guards: Guards;
  storage: ObjectStorage;
  tokens: MediaTokens;
  scopes: ViewerScopes;
}> = async (app, { engine, entry, guards, storage, tokens, scopes }) => {
  app.get(
    `${MEDIA_PATH}/*`,
    {
      schema: {
        tags: ['videos'],
        // The bearer token, or none: the signed `?t=` of a playback URL (a query parameter).
        security: [...BEARER, {}],
        summary: 'A media file of a video: HLS playlist or segment, poster, storyboard, subtitles (Range supported)',
        description:
          'Authorised by `Authorization: Bearer <token>` (with x-account-key when simulating) or by the signed ' +
          '`?t=` token of the playback URLs in GET /main-api/videos/{id}. Playlists and the storyboard WebVTT ' +
          'fetched with `?t=` carry the token in their own URLs.',
        params: z.object({ '*': z.string().max(500) }),
        querystring: mediaQuery,
        response: {
          200: fileResponse('The file', MEDIA_TYPES),
          206: fileResponse('Part of the file (Range)', MEDIA_TYPES),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          416: errorBody,
          [GEO_REFUSED_STATUS]: errorBody,
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const media = parseMediaKey(key);
      if (!media) throw notFound(VIDEO_MESSAGES.mediaNotFound);
      const token = request.query[MEDIA_TOKEN_PARAM];
      let version: string | undefined;
      let downloadName: string | undefined;
      if (token !== undefined) {
        if (!tokens.verify(token, media.accountId, media.videoId)) {
          throw forbidden(HTTP_MESSAGES.mediaLinkExpired);
        }
        // A viewer's URL (geo blocking, fans only, paid): their country and fan session only.
        await scopes.check(request.raw, token);
        const video = await findVideo(engine.db, media.videoId);
        if (video?.accountId !== media.accountId) throw notFound(VIDEO_MESSAGES.mediaNotFound);
        version = encodeVersion(video);
        if (media.kind === 'download') {
          // A fan's download (DOWNLOAD): only while the account and the video allow it; each one begun counts.
          if (!(await downloadOpen(engine.db, video))) throw notFound(VIDEO_MESSAGES.mediaNotFound);
          if (downloadBegins(request.headers.range)) await recordDownload(engine.db, video);
          downloadName = downloadFileName(video.title);
        }
      } else {
        await guards.requireAuth(request);
        const auth = authOf(request);
        assertMayRead(entry.definition, auth);
        const video = await findVisible(engine, entry, auth, media.videoId).catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 404) return null;
          throw error;
        });
        if (video?.accountId !== media.accountId) throw notFound(VIDEO_MESSAGES.mediaNotFound);
      }

      const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
      const contentType = MEDIA_CONTENT_TYPES[extension] ?? 'application/octet-stream';
      // A segment named by its encode (the URL a signed playlist lists) is the same bytes for good.
      const named = token !== undefined && media.kind === 'segment' && request.query[MEDIA_VERSION_PARAM] === version;
      const cacheControl = named ? IMMUTABLE_SEGMENT : CACHE_CONTROL[media.kind];
      const rewrite = token !== undefined && (media.kind === 'playlist' || media.kind === 'storyboard');
      if (!rewrite) {
        return sendObject(reply, storage, key, request.headers.range, {
          contentType,
          cacheControl,
          notFoundMessage: VIDEO_MESSAGES.mediaNotFound,
          ...(downloadName ? { disposition: attachment(downloadName) } : {}),
        });
      }
      const object = await storage.get(key);
      if (!object) throw notFound(VIDEO_MESSAGES.mediaNotFound);
      const content = await text(object.body);
      const signed = media.kind === 'playlist' ? signPlaylist(content, token, version) : signStoryboard(content, token);
      return reply
        .header('cache-control', cacheControl)
        .header('x-content-type-options', 'nosniff')
        .type(contentType)
        .send(signed);
    },
  );
};
