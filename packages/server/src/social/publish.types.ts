import type { SocialPlatform } from '@regie/contract/social';
import type { PublicationProgress } from '../db/publications.table.ts';
import type { PlatformSetup, SocialTokens } from './social.types.ts';

/**
 * What every platform's publisher (publish.<platform>.ts) is and speaks. A publish is a few steps
 * on the platform (a session, the bytes, the post); after each, the caller saves `progress`, so a
 * retry or a restarted worker resumes where the platform stands and never posts twice.
 */

/** The link as a publisher needs it: its tokens, its account and the page or channel chosen. */
export interface PublishLink {
  tokens: SocialTokens;
  externalId: string;
  accountName: string;
  targetId: string | null;
}

export interface PublishFile {
  path: string;
  size: number;
  /** A URL the platform can fetch the file from (Instagram), signed and short-lived. */
  url: string;
}

/**
 * The thumbnail asked for: the frame at `seconds` of the video (within its duration), and a JPEG
 * of that frame when the publisher sends pictures (`sendsThumbnailImage`), else null.
 */
export interface PublishThumbnail {
  seconds: number;
  path: string | null;
}

export interface PublishInput {
  link: PublishLink;
  file: PublishFile;
  title: string;
  caption: string;
  /** The frame the post shows before it plays; null: the platform's default. */
  thumbnail: PublishThumbnail | null;
  /** The publication's own key: sent where the platform takes one, kept to find a post made. */
  idempotencyKey: string;
  /** Where the upload stood when this attempt started (empty the first time). */
  progress: PublicationProgress;
  /** Saves the progress (after each step, before the next). */
  save(progress: PublicationProgress): Promise<void>;
  /** Bytes the platform has of the file. */
  onBytes(sent: number): void;
  signal: AbortSignal;
}

/** A post on the platform, once it exists; `url` may come only when it is processed. */
export interface PostRef {
  postId: string;
  url: string | null;
  /** The platform's words when it refused the thumbnail alone: the video is posted all the same. */
  thumbnailRefused?: string;
}

export interface PostStatus {
  /** processing: the platform prepares it; published: fans can see it; failed: it refused it. */
  state: 'processing' | 'published' | 'failed';
  url: string | null;
  /** The post's public id once published, when it differs from the upload's (TikTok). */
  externalId?: string;
  /** The platform's words when it failed. */
  reason?: string;
}

export interface Publisher {
  readonly platform: SocialPlatform;
  /** True when the platform takes the thumbnail as a picture: the job makes the JPEG only then. */
  readonly sendsThumbnailImage: boolean;
  /** Uploads (resuming where `progress` says) and posts; answers the post. */
  publish(input: PublishInput): Promise<PostRef>;
  /** Where the post stands on the platform. */
  status(link: PublishLink, post: PostRef, progress: PublicationProgress): Promise<PostStatus>;
}

export type PublisherFactory = (setup: PlatformSetup) => Publisher;
