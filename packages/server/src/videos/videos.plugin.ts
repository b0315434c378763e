import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { videos } from '../db/videos.table.ts';
import type { ViewerScopes } from '../playback/viewer-scope.ts';
import { type Engine, entryOf, type PresentMedia } from '../resources/resources.types.ts';
import { publicationsRoutes } from '../social/publications.routes.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import { verticalRoutes } from '../vertical/vertical.routes.ts';
import { mediaRoutes } from './media.routes.ts';
import { createMediaTokens, type MediaTokens, mediaUrlOf } from './media.tokens.ts';
import { shareRoutes } from './share.routes.ts';
import { subtitleRoutes } from './subtitles.routes.ts';
import { videoActionRoutes } from './videos.routes.ts';
import { uploadRoutes } from './videos.upload.routes.ts';

/**
 * The signer of media URLs: REGIE_MEDIA_SECRET, or the key `npm start` keeps in the data folder
 * (media-secret.ts); a key of this process only when neither is given (tests).
 */
export function createMediaUrls(config: Pick<AppConfig, 'videos' | 'publicUrl'>): {
  tokens: MediaTokens;
  present: PresentMedia;
} {
  const tokens = createMediaTokens(config.videos.mediaSecret ?? randomBytes(32));
  return { tokens, present: { mediaUrl: mediaUrlOf(tokens, config.publicUrl) } };
}

/** The raw request stream as the body: a part of an upload is streamed to storage, never buffered. */
function passStream(
  _request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (error: null, body: unknown) => void,
) {
  done(null, payload);
}

/**
 * Everything videos add to the app besides their generic CRUD: uploads, import, encoding,
 * subtitles, download, share (under /main-api/videos) and media files (/media). Nothing when the
 * engine serves no videos resource (tests with their own resources).
 */
export async function registerVideos(
  app: FastifyInstance,
  options: {
    engine: Engine;
    guards: Guards;
    storage: ObjectStorage;
    config: Pick<AppConfig, 'videos' | 'social'>;
    tokens: MediaTokens;
    /** A viewer's signed URLs are bound to their country and fan session. */
    scopes: ViewerScopes;
  },
): Promise<void> {
  const entry = entryOf(options.engine, videos);
  if (!entry) return;
  const deps = { ...options, entry, partSize: options.config.videos.uploadPartSize };
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', passStream);
    // Browsers send a Blob slice with its file's type (video/mp4) or none: a part is bytes whatever the type.
    scope.addContentTypeParser('*', passStream);
    scope.addHook('preValidation', ignoreClientAccountKeys);
    await scope.register(uploadRoutes, deps);
    await scope.register(subtitleRoutes, deps);
    await scope.register(videoActionRoutes, deps);
    await scope.register(shareRoutes, deps);
    await scope.register(verticalRoutes, deps);
    await scope.register(publicationsRoutes, deps);
  });
  await app.register(mediaRoutes, deps);
}
