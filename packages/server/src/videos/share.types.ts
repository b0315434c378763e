import type { Message } from '@regie/contract/messages';
import type { ShareTarget } from '@regie/contract/videos';
import { VIDEO_MESSAGES } from '@regie/contract/videos';
import type { ShareResult } from '@regie/contract/videos.schemas';
import { MessageError } from '../common/message.error.ts';
import type { ShareCredentials } from '../config.ts';
import type { StoredOauth } from '../db/users.table.ts';

/** What every share adapter (share.<target>.ts) is and speaks; share.adapters.ts picks them. */

/** The file sent to the platform: the video's original, as a file on this machine. */
export interface ShareFile {
  path: string;
  size: number;
  contentType: string;
  filename: string;
}

export interface ShareUpload {
  title: string;
  description: string;
  file: ShareFile;
  signal: AbortSignal;
  /** 0–1: the share of the file's bytes sent so far. */
  onProgress(fraction: number): void;
}

export interface ShareAdapter {
  readonly target: ShareTarget;
  /** The server has the target's app credentials. */
  readonly configured: boolean;
  /** The user's link (users.oauth) holds what this target needs to publish. */
  linked(oauth: StoredOauth): boolean;
  /** Uploads and publishes; throws ShareError with a readable reason. */
  share(oauth: StoredOauth, upload: ShareUpload): Promise<Omit<ShareResult, 'target'>>;
}

/** A platform's refusal or failure, in words a user understands; `permanent`: trying again cannot help. */
export class ShareError extends MessageError {
  constructor(
    message: Message,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'ShareError';
  }
}

/** The reason for an HTTP status a platform answered, `detail` being its own message. */
export function shareErrorFor(target: ShareTarget, status: number, detail: string, expired = false): ShareError {
  if (expired || status === 401) return new ShareError(VIDEO_MESSAGES.shareLinkExpired(target), true);
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return new ShareError(VIDEO_MESSAGES.shareRefused(target, detail), true);
  }
  return new ShareError(VIDEO_MESSAGES.shareUnreachable(target, detail), false);
}

/** A configured target's upload, made from its app credentials. */
export type ShareFactory = (credentials: ShareCredentials) => ShareAdapter['share'];
