import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { type Message, messageCatalog } from './messages.ts';
import { SOCIAL_MODULE, SOCIAL_PLATFORM_NAMES, SOCIAL_PLATFORMS, type SocialPlatform } from './social.ts';
import { ASPECTS, type Aspect } from './vertical.ts';

/**
 * Publishing a clip or a video to a linked social account (issue 41 point 2): each platform the
 * user picks becomes a publication with its own caption, aspect and schedule, followed through
 * its states. What a platform would refuse is refused before anything is queued, with a message
 * naming the limit; the limits below are the platforms' published ones (2026).
 */

/**
 * Who publishes (with the SOCIAL_SHARING module, which the routes check with a message of their
 * own): video writers, any video they see; those who clip (liveclipping_write, clip_only), clips
 * only. Who reads the account's publications: these and the video readers.
 */
export const VIDEO_PUBLISH_RULE: AccessRule = { authorizedRoles: ['video_write'] };
export const CLIP_PUBLISH_RULE: AccessRule = { authorizedRoles: ['liveclipping_write', 'clip_only'] };
export const PUBLISH_RULES: readonly AccessRule[] = [VIDEO_PUBLISH_RULE, CLIP_PUBLISH_RULE];
export const PUBLICATIONS_READ_RULES: readonly AccessRule[] = [
  ...PUBLISH_RULES,
  { authorizedRoles: ['video_download', 'own_videos_only'] },
];
/** Who opens Medias › Publications (menu.ts). */
export const PUBLICATIONS_MENU_RULE: AccessRule = {
  authorizedRoles: ['video_download', 'video_write', 'own_videos_only', 'liveclipping_write', 'clip_only'],
  requiredModules: [SOCIAL_MODULE],
};

/** Who opens Medias › Approvals, where the clip rules' publications are approved (menu.ts): those who publish. */
export const APPROVALS_MENU_RULE: AccessRule = {
  authorizedRoles: ['video_write', 'liveclipping_write', 'clip_only'],
  requiredModules: [SOCIAL_MODULE],
};

/**
 * A publication's life: `approval` (a clip rule made it: it waits for a producer to approve it,
 * caption edited or not, or to reject it), `scheduled` (waits for its time), `queued` (waits for a worker),
 * `rendering` (its aspect's rendition is being made), `uploading` (bytes going up, with progress),
 * `processing` (the platform prepares it), `published` (with its URL), `failed` (with the
 * platform's reason; retry possible), `cancelled`.
 */
export const PUBLICATION_STATES = [
  'approval',
  'scheduled',
  'queued',
  'rendering',
  'uploading',
  'processing',
  'published',
  'failed',
  'cancelled',
] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

/** States of a publication on its way to its platform (its shape still to be sent). */
export const WAITING_STATES: readonly PublicationState[] = ['approval', 'scheduled', 'queued', 'rendering'];
/** States a publication can still be cancelled in (nothing is on the platform yet). */
export const CANCELLABLE_STATES: readonly PublicationState[] = [...WAITING_STATES, 'failed'];
/** States a publication can be retried from. */
export const RETRYABLE_STATES: readonly PublicationState[] = ['failed', 'cancelled'];

/** How a platform counts a caption's length. */
export type CaptionCount = 'characters' | 'x-weighted';

export interface PlatformLimits {
  /** The title's longest (characters); null: the platform has no title (the caption is all). */
  titleMax: number | null;
  captionMax: number;
  captionCount: CaptionCount;
  /** Most hashtags a caption may hold; null: no limit. */
  hashtagsMax: number | null;
  /** Longest video, in seconds. */
  maxSeconds: number;
  /** Shortest video, in seconds. */
  minSeconds: number;
  /** Biggest file, in bytes. */
  maxBytes: number;
  /** Aspects the platform takes; the first is the default. */
  aspects: readonly Aspect[];
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

/**
 * The platforms' limits for a video post through their APIs: YouTube (title 100, description
 * 5 000, 12 h, 256 GB), Facebook page videos (title 255, description 63 206, 240 min, 10 GB),
 * Instagram Reels (caption 2 200, 30 hashtags, 3 s to 15 min, 1 GB, vertical), X (280 weighted,
 * 140 s, 512 MB), Dailymotion (title 255, description 3 000, 4 h, 4 GB), TikTok direct post
 * (title 2 200, 3 s to 10 min, 4 GB, vertical first).
 */
export const PLATFORM_LIMITS: Readonly<Record<SocialPlatform, PlatformLimits>> = {
  youtube: {
    titleMax: 100,
    captionMax: 5000,
    captionCount: 'characters',
    hashtagsMax: 60,
    maxSeconds: 12 * 3600,
    minSeconds: 1,
    maxBytes: 256 * GB,
    aspects: ['16:9', '9:16', '1:1', '4:5'],
  },
  facebook: {
    titleMax: 255,
    captionMax: 63_206,
    captionCount: 'characters',
    hashtagsMax: null,
    maxSeconds: 240 * 60,
    minSeconds: 1,
    maxBytes: 10 * GB,
    aspects: ['16:9', '9:16', '1:1', '4:5'],
  },
  instagram: {
    titleMax: null,
    captionMax: 2200,
    captionCount: 'characters',
    hashtagsMax: 30,
    maxSeconds: 15 * 60,
    minSeconds: 3,
    maxBytes: 1 * GB,
    aspects: ['9:16', '4:5', '1:1'],
  },
  twitter: {
    titleMax: null,
    captionMax: 280,
    captionCount: 'x-weighted',
    hashtagsMax: null,
    maxSeconds: 140,
    minSeconds: 0.5,
    maxBytes: 512 * MB,
    aspects: ['16:9', '1:1', '9:16', '4:5'],
  },
  dailymotion: {
    titleMax: 255,
    captionMax: 3000,
    captionCount: 'characters',
    hashtagsMax: null,
    maxSeconds: 4 * 3600,
    minSeconds: 1,
    maxBytes: 4 * GB,
    aspects: ['16:9', '9:16', '1:1', '4:5'],
  },
  tiktok: {
    titleMax: null,
    captionMax: 2200,
    captionCount: 'characters',
    hashtagsMax: null,
    maxSeconds: 10 * 60,
    minSeconds: 3,
    maxBytes: 4 * GB,
    aspects: ['9:16', '1:1', '16:9', '4:5'],
  },
};

/** The aspect a platform gets unless the user picks another (vertical for TikTok and Reels). */
/** The job that uploads one publication and follows it on its platform (its resource: the video). */
export const PUBLISH_JOB_TYPE = 'social.publish';

export const defaultAspect = (platform: SocialPlatform): Aspect => PLATFORM_LIMITS[platform].aspects[0] ?? '16:9';

/**
 * The shapes a video may go to a platform in: every shape the platform takes where the account
 * renders others (`vertical`: the VERTICAL_VIDEO module), else only the video's own (`own`, null
 * when not yet known: 16:9) when the platform takes it.
 */
export function publishAspects(platform: SocialPlatform, own: Aspect | null, vertical: boolean): Aspect[] {
  const offered = PLATFORM_LIMITS[platform].aspects;
  if (vertical) return [...offered];
  const shape = own ?? '16:9';
  return offered.includes(shape) ? [shape] : [];
}

/**
 * The shape a publication gets unless its author picks another (the Publish dialog's first
 * choice, a share's and a clip rule's shape): the platform's default (9:16 for TikTok and Reels)
 * when it may be sent, else the video's own.
 */
export function startAspect(platform: SocialPlatform, own: Aspect | null, vertical: boolean): Aspect {
  const preferred = defaultAspect(platform);
  return publishAspects(platform, own, vertical).includes(preferred) ? preferred : (own ?? '16:9');
}

/** A caption's length as a person counts it: Unicode code points (an emoji is one, not two UTF-16 units). */
export const characterLength = (text: string) => [...text].length;

/** X's length of a URL, whatever it is: every link is shortened to t.co. */
const X_URL_LENGTH = 23;
const X_URL = /https?:\/\/[^\s]+/giu;
/**
 * Code points X counts once (weight 100 of a 200 default): Latin, Greek, Cyrillic, Hebrew,
 * Arabic and the other scripts up to U+10FF, general punctuation's spaces and dashes
 * (twitter-text v3 configuration); everything else (CJK, emoji) counts twice.
 */
const X_LIGHT_RANGES: readonly (readonly [number, number])[] = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];

/** A post's length as X counts it (twitter-text v3's weighted length): at most 280. */
export function xWeightedLength(text: string): number {
  let length = 0;
  const withoutUrls = text.normalize('NFC').replace(X_URL, () => {
    length += X_URL_LENGTH;
    return '';
  });
  for (const character of withoutUrls) {
    const point = character.codePointAt(0) ?? 0;
    length += X_LIGHT_RANGES.some(([from, to]) => point >= from && point <= to) ? 1 : 2;
  }
  return length;
}

/** A caption's length as the platform counts it. */
export function captionLength(platform: SocialPlatform, text: string): number {
  return PLATFORM_LIMITS[platform].captionCount === 'x-weighted' ? xWeightedLength(text) : characterLength(text);
}

/** The hashtags of a caption (#word, Unicode letters and digits). */
export const hashtagsOf = (text: string): string[] => text.match(/(?<![\p{L}\p{N}_])#[\p{L}\p{N}_]+/gu) ?? [];

export const publicationsPaths = {
  /** GET (paged, filters) the account's publications. */
  list: `${MAIN_API}/publications`,
  /** GET one; DELETE cancels it. */
  one: (id?: number) => `${MAIN_API}/publications/${id ?? ':id'}`,
  /** POST: tries a failed or cancelled publication again. */
  retry: (id?: number) => `${MAIN_API}/publications/${id ?? ':id'}/retry`,
  /** POST approveBody: a publication awaiting approval goes (its title and caption as edited). */
  approve: (id?: number) => `${MAIN_API}/publications/${id ?? ':id'}/approve`,
  /** POST: a publication awaiting approval is rejected (cancelled, never sent). */
  reject: (id?: number) => `${MAIN_API}/publications/${id ?? ':id'}/reject`,
  /** GET a video's publications; POST publishes it (one publication per target). */
  ofVideo: (videoId?: number) => `${MAIN_API}/videos/${videoId ?? ':videoId'}/publications`,
} as const;

/**
 * The realtime topic of the account's publications: every change of one (state, upload
 * progress) is a PUBLICATION_EVENT carrying publicationEvent, so each open screen follows it
 * live (the dialog's list, the Publications screen, the approval queue).
 */
export const PUBLICATIONS_TOPIC = '/admin/publications';
export const PUBLICATION_EVENT = 'publication.changed';
export const publicationEvent = z.object({
  id: z.number().int(),
  videoId: z.number().int(),
  state: z.enum(PUBLICATION_STATES),
  /** 0–100 while rendering or uploading, else null. */
  progress: z.number().int().min(0).max(100).nullable(),
});
export type PublicationEvent = z.infer<typeof publicationEvent>;

const target = z.object({
  platform: z.enum(SOCIAL_PLATFORMS),
  /** The platform's title (ignored where it has none). */
  title: z.string().trim().max(1000).default(''),
  caption: z.string().max(100_000).default(''),
  aspect: z.enum(ASPECTS).optional(),
});

export const publishBody = z.object({
  targets: z.array(target).min(1).max(SOCIAL_PLATFORMS.length),
  /** When to publish; absent or null: now. */
  scheduledAt: isoDateTime.nullable().optional(),
  /** The thumbnail: the frame at this second of the video (default: the poster's). */
  thumbnailSeconds: z.number().min(0).max(86_400).nullable().optional(),
});
export type PublishBody = z.infer<typeof publishBody>;

/** Approving may edit what goes out; what is left out stays as the rule wrote it. */
export const approveBody = z.object({
  title: z.string().trim().max(1000).optional(),
  caption: z.string().max(100_000).optional(),
});
export type ApproveBody = z.infer<typeof approveBody>;

/**
 * The time each stage began, for the publication's timeline (and bench:social). A clip rule's
 * publication starts earlier: the marker's arrival (a goal in the feed), its clip made, the clip
 * ready (its cut stored: what is published, before its streaming ladder is encoded), the
 * producer's approval; then as any other.
 */
export const PUBLICATION_STAGES = [
  'markerAt',
  'clipMadeAt',
  'clipReadyAt',
  'approvedAt',
  'queuedAt',
  'renderedAt',
  'uploadStartedAt',
  'uploadedAt',
  'publishedAt',
] as const;
export const publicationStages = z.object({
  markerAt: isoDateTime.nullable(),
  clipMadeAt: isoDateTime.nullable(),
  clipReadyAt: isoDateTime.nullable(),
  approvedAt: isoDateTime.nullable(),
  queuedAt: isoDateTime.nullable(),
  renderedAt: isoDateTime.nullable(),
  uploadStartedAt: isoDateTime.nullable(),
  uploadedAt: isoDateTime.nullable(),
  publishedAt: isoDateTime.nullable(),
});

export const publicationResponse = z.object({
  id: z.number().int(),
  videoId: z.number().int(),
  videoTitle: z.string(),
  platform: z.enum(SOCIAL_PLATFORMS),
  /** The linked account and the page or channel it publishes to. */
  accountName: z.string(),
  targetName: z.string().nullable(),
  aspect: z.enum(ASPECTS),
  title: z.string(),
  caption: z.string(),
  state: z.enum(PUBLICATION_STATES),
  /** 0–100 while rendering or uploading, else null. */
  progress: z.number().int().min(0).max(100).nullable(),
  scheduledAt: isoDateTime.nullable(),
  /** On the platform, once published. */
  externalId: z.string().nullable(),
  url: z.string().nullable(),
  /** Why it failed (the platform's words inside), in the caller's language. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  stages: publicationStages,
  userName: z.string().nullable(),
  /** The clip rule that made it (publishing that runs itself), else null. */
  ruleId: z.number().int().nullable(),
  ruleName: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Publication = z.infer<typeof publicationResponse>;

export const PUBLICATION_MESSAGES = messageCatalog('PUBLICATION_MESSAGES', {
  notLinked: (platform: string) => `You have no ${platform} account linked: link it in Settings › Social networks`,
  linkNotActive: (platform: string) =>
    `Your ${platform} link no longer works: reconnect it in Settings › Social networks`,
  targetNeeded: (platform: string) =>
    `Choose the page or channel your ${platform} link publishes to in Settings › Social networks`,
  videoNotReady: 'The video must be ready (encoded) before it is published',
  tooLong: (platform: string, limit: string, duration: string) =>
    `${platform} takes videos of ${limit} at most: this one lasts ${duration}`,
  tooShort: (platform: string, limit: string, duration: string) =>
    `${platform} takes videos of ${limit} at least: this one lasts ${duration}`,
  tooBig: (platform: string, limit: string) => `${platform} takes files of ${limit} at most: this video is bigger`,
  titleTooLong: (platform: string, limit: number, length: number) =>
    `${platform} titles have ${limit} characters at most: this one has ${length}`,
  titleNeeded: (platform: string) => `${platform} needs a title`,
  captionTooLong: (platform: string, limit: number, length: number) =>
    `${platform} captions have ${limit} characters at most, counted as ${platform} counts them: this one has ${length}`,
  tooManyHashtags: (platform: string, limit: number, count: number) =>
    `${platform} takes ${limit} hashtags at most: this caption has ${count}`,
  wrongAspect: (platform: string, aspects: string) => `${platform} takes these shapes only: ${aspects}`,
  twiceSamePlatform: (platform: string) => `${platform} is chosen twice: publish once per platform`,
  scheduleInPast: 'The scheduled time is past: choose a later time, or publish now',
  notFound: (id: number) => `No publication ${id} in this account`,
  cannotCancel: (state: string) => `A publication that is ${state} can no longer be cancelled`,
  notAwaitingApproval: (state: string) =>
    `Only a publication awaiting approval can be approved or rejected (this one is ${state})`,
  cannotRetry: (state: string) => `Only a failed or cancelled publication can be tried again (this one is ${state})`,
});

/** `1 min 30 s` / `2 h 5 min`: a duration as the limits' messages say it. */
export function formatLimitDuration(seconds: number): string {
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
  return `${rest} s`;
}

/** `512 MB` / `4 GB`. */
export function formatLimitBytes(bytes: number): string {
  return bytes >= GB ? `${Math.round(bytes / GB)} GB` : `${Math.round(bytes / MB)} MB`;
}

/** A limit the platform would refuse, and the field of the dialog it concerns. */
export interface PublicationProblem {
  field: 'title' | 'caption' | 'aspect' | 'video';
  message: Message;
}

/** What is known of the video when a publication is asked for. */
export interface PublishedMedia {
  durationSeconds: number;
  bytes: number;
}

/**
 * What the platform would refuse of this target, as messages with the field they concern (an
 * empty list: nothing). Checked before anything is queued, in the dialog and on the server.
 */
export function publicationProblems(
  input: { platform: SocialPlatform; title: string; caption: string; aspect: Aspect },
  media: PublishedMedia | null,
): PublicationProblem[] {
  const limits = PLATFORM_LIMITS[input.platform];
  const name = SOCIAL_PLATFORM_NAMES[input.platform];
  const problems: PublicationProblem[] = [];
  if (limits.titleMax !== null) {
    const length = characterLength(input.title);
    if (length === 0) problems.push({ field: 'title', message: PUBLICATION_MESSAGES.titleNeeded(name) });
    if (length > limits.titleMax)
      problems.push({ field: 'title', message: PUBLICATION_MESSAGES.titleTooLong(name, limits.titleMax, length) });
  }
  const length = captionLength(input.platform, input.caption);
  if (length > limits.captionMax)
    problems.push({ field: 'caption', message: PUBLICATION_MESSAGES.captionTooLong(name, limits.captionMax, length) });
  const hashtags = hashtagsOf(input.caption).length;
  if (limits.hashtagsMax !== null && hashtags > limits.hashtagsMax)
    problems.push({
      field: 'caption',
      message: PUBLICATION_MESSAGES.tooManyHashtags(name, limits.hashtagsMax, hashtags),
    });
  if (!limits.aspects.includes(input.aspect))
    problems.push({ field: 'aspect', message: PUBLICATION_MESSAGES.wrongAspect(name, limits.aspects.join(', ')) });
  if (media) {
    const duration = formatLimitDuration(media.durationSeconds);
    if (media.durationSeconds > limits.maxSeconds)
      problems.push({
        field: 'video',
        message: PUBLICATION_MESSAGES.tooLong(name, formatLimitDuration(limits.maxSeconds), duration),
      });
    if (media.durationSeconds < limits.minSeconds)
      problems.push({
        field: 'video',
        message: PUBLICATION_MESSAGES.tooShort(name, formatLimitDuration(limits.minSeconds), duration),
      });
    if (media.bytes > limits.maxBytes)
      problems.push({ field: 'video', message: PUBLICATION_MESSAGES.tooBig(name, formatLimitBytes(limits.maxBytes)) });
  }
  return problems;
}
