import { SHARE_TARGETS, type ShareTarget, VIDEO_MESSAGES } from '@regie/contract/videos';
import type { ShareCredentials, VideosConfig } from '../config.ts';
import type { VideoRow } from '../db/videos.table.ts';
import { HttpError } from '../http/http.errors.ts';

/**
 * Sharing a video to a social platform (spec §7 "POST videos/{id}/share/{target}"). Each target
 * is an adapter behind one interface. None talks to its platform yet: their official clients
 * (googleapis alone is tens of megabytes) come with the issue that builds sharing. Until then a
 * target answers 503 when its credentials are not configured, and 501 when they are: nothing
 * pretends to have shared.
 */
export interface ShareRequest {
  video: VideoRow;
  /** Reads the original (or a rendition) to upload it to the platform. */
  openFile(): Promise<NodeJS.ReadableStream | null>;
  /** The user's link to the platform (users.oauth), when they connected one. */
  userOauth: Record<string, unknown> | null;
}

export interface ShareResult {
  externalId: string;
  url: string;
}

export interface ShareAdapter {
  readonly target: ShareTarget;
  share(request: ShareRequest): Promise<ShareResult>;
}

/** A target whose credentials are missing: 503, naming it. */
function notConfigured(target: ShareTarget): ShareAdapter {
  return {
    target,
    share: () => Promise.reject(new HttpError(503, VIDEO_MESSAGES.shareNotConfigured(target))),
  };
}

/** A configured target without a client in this version: 501, naming it. */
function notImplemented(target: ShareTarget, _credentials: ShareCredentials): ShareAdapter {
  return {
    target,
    share: () => Promise.reject(new HttpError(501, VIDEO_MESSAGES.shareNotImplemented(target))),
  };
}

export type ShareAdapters = Readonly<Record<ShareTarget, ShareAdapter>>;

export function createShareAdapters(config: Pick<VideosConfig, 'share'>): ShareAdapters {
  const adapters = {} as Record<ShareTarget, ShareAdapter>;
  for (const target of SHARE_TARGETS) {
    const credentials = config.share[target];
    adapters[target] = credentials ? notImplemented(target, credentials) : notConfigured(target);
  }
  return adapters;
}
