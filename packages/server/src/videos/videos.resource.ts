import { hasRole } from '@regie/contract/access';
import { videoClipInfo } from '@regie/contract/clips.schemas';
import { messageSchema } from '@regie/contract/messages.schemas';
import { CRUD_MESSAGES } from '@regie/contract/resources/shapes';
import { videosResource } from '@regie/contract/resources/videos';
import { type PresentedVideo, type VideoPlayback, videoPlayback, videoRecord } from '@regie/contract/videos.schemas';
import { and, eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { clipOf } from '../clips/clips.present.ts';
import { CATEGORY_ITEM_LINKS } from '../content/category-items.ts';
import type { Db } from '../db/database.ts';
import { sports } from '../db/sports.table.ts';
import { tags } from '../db/tags.table.ts';
import { uploadSessions, type VideoRow, videos, videoTags } from '../db/videos.table.ts';
import { badRequest } from '../http/http.errors.ts';
import { localize } from '../http/localize.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import { PRODUCT_ITEM_LINKS } from '../payments/product-items.ts';
import { deleteItemLinks } from '../resources/item-links.ts';
import { actsForPlatform } from '../resources/resources.access.ts';
import { presentOne } from '../resources/resources.service.ts';
import {
  type Engine,
  type PresentMedia,
  type ResourceEntry,
  type Row,
  resourceEntry,
  type Viewer,
  type WriteContext,
} from '../resources/resources.types.ts';
import { type AuthContext, accessSubject } from '../tenancy/tenancy.guards.ts';
import { downloadWanted } from './videos.download.ts';
import { enqueueEncode } from './videos.encode.job.ts';
import { subtitleKey, subtitleLanguagesOf } from './videos.keys.ts';
import { purgeVideoJob } from './videos.purge.job.ts';
import { cancelVideoJobs } from './videos.service.ts';

/** The videos' engine entry, typed by its table. */
export type VideosEntry = ResourceEntry<typeof videos>;

/**
 * own_videos_only (spec §6) without video_write or video_download: the user sees the videos
 * they uploaded, no other.
 */
export function ownVideosOnly(auth: AuthContext): boolean {
  if (actsForPlatform(auth)) return false;
  const subject = accessSubject(auth);
  return hasRole(subject, 'own_videos_only') && !hasRole(subject, 'video_write') && !hasRole(subject, 'video_download');
}

/** A video as the API answers it (the engine's presenter: fields, then playback). */
export async function presentVideo(
  engine: Engine,
  entry: ResourceEntry,
  row: Row,
  viewer: Viewer,
): Promise<PresentedVideo> {
  // The loose check costs little and makes the presenter's output a typed video.
  return videoRecord.parse(await presentOne(engine, entry, row, viewer));
}

/** The signed URLs a player needs, once the video is ready. */
export function playbackOf(video: VideoRow, context: PresentMedia): VideoPlayback {
  if (video.state !== 'ready' || !video.hlsKey) return null;
  return {
    hlsUrl: context.mediaUrl(video.hlsKey),
    posterUrl: video.posterKey ? context.mediaUrl(video.posterKey) : null,
    storyboardVttUrl: video.storyboardVttKey ? context.mediaUrl(video.storyboardVttKey) : null,
    subtitles: subtitleLanguagesOf(video).map((language) => ({
      language,
      url: context.mediaUrl(subtitleKey(video.accountId, video.id, language)),
    })),
  };
}

/** A sport the video's account may use: its own, or one of the platform's. */
async function assertSport(values: Row, db: Db, accountId: number | null): Promise<void> {
  const sportId = values.sportId;
  if (typeof sportId !== 'number') return;
  const [found] = await db
    .select({ id: sports.id })
    .from(sports)
    .where(and(eq(sports.id, sportId), or(isNull(sports.accountId), eq(sports.accountId, accountId ?? -1))))
    .limit(1);
  if (!found) {
    const message = CRUD_MESSAGES.unknownReference('sportId');
    throw badRequest(message, [{ path: 'sportId', message }]);
  }
}

/**
 * A ready video switched to downloadable (DOWNLOAD) has no MP4 yet: it is encoded again, playing
 * on meanwhile, and the encode makes it (the watermark with it). Queued in the write's transaction.
 */
async function makeDownloadWhenAllowed(values: Record<string, unknown>, context: WriteContext<typeof videos>) {
  const existing = context.existing;
  if (context.action !== 'update' || !existing || values.downloadable !== true || existing.downloadable) return;
  if (existing.state !== 'ready' || existing.downloadKey !== null) return;
  if (!(await downloadWanted(context.db, { accountId: existing.accountId, downloadable: true }))) return;
  await enqueueEncode(context.db, existing, { keepPlaying: true });
}

export const videosEntry = resourceEntry({
  definition: videosResource,
  table: videos,
  links: {
    tags: {
      table: videoTags,
      owner: videoTags.videoId,
      target: videoTags.tagId,
      sameAccount: { table: tags, id: tags.id, accountId: tags.accountId },
    },
  },
  hooks: {
    async prepare(values, context) {
      await assertSport(values, context.db, context.accountId);
      await makeDownloadWhenAllowed(values, context);
      // The uploading user owns the video (own_videos_only users see theirs).
      return context.action === 'create' ? { ...values, ownerId: context.auth.user.id } : values;
    },
    async beforeDelete(row, context) {
      const id = row.id;
      // A deleted video leaves no category or product pointing at it.
      await deleteItemLinks(context.db, CATEGORY_ITEM_LINKS, 'video', id);
      await deleteItemLinks(context.db, PRODUCT_ITEM_LINKS, 'video', id);
      await cancelVideoJobs(context.db, { id, accountId: row.accountId });
      const uploads = await context.db
        .select({ key: uploadSessions.storageKey, uploadId: uploadSessions.storageUploadId })
        .from(uploadSessions)
        .where(and(eq(uploadSessions.videoId, id), eq(uploadSessions.state, 'open')));
      // In the delete's transaction: the files go if, and only if, the video does.
      await enqueueJob(
        context.db,
        purgeVideoJob,
        { accountId: row.accountId, videoId: id, uploads },
        { accountId: row.accountId },
      );
    },
  },
  scope: (auth) => (ownVideosOnly(auth) ? eq(videos.ownerId, auth.user.id) : undefined),
  present: {
    fields: {
      failureReason: z.string().nullable(),
      failureReasonMessage: messageSchema.nullable(),
      playback: videoPlayback,
      clip: videoClipInfo,
    },
    add: (row, context) => ({
      // The stored Message, in words in the request's language, and as it is for the web.
      failureReason: row.failureReason ? localize(row.failureReason, context.language) : null,
      failureReasonMessage: row.failureReason ?? null,
      playback: playbackOf(row, context),
      clip: clipOf(row),
    }),
  },
});
