import { rm, stat } from 'node:fs/promises';
import { JOB_MESSAGES } from '@regie/contract/jobs';
import type { Message } from '@regie/contract/messages';
import { PUBLICATION_MESSAGES, PUBLISH_JOB_TYPE } from '@regie/contract/publications';
import { SOCIAL_MESSAGES, SOCIAL_PLATFORM_NAMES, type SocialPlatform } from '@regie/contract/social';
import { MEDIA_TOKEN_PARAM, VIDEO_RESOURCE_TYPE, videoPaths } from '@regie/contract/videos';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { createCredentialSeal } from '../data-providers/credentials.ts';
import type { Db } from '../db/database.ts';
import type { JobRow } from '../db/jobs.table.ts';
import { type PublicationProgress, type PublicationRow, publications } from '../db/publications.table.ts';
import { socialLinks } from '../db/social-links.table.ts';
import type { VideoRow } from '../db/videos.table.ts';
import { defineJob, type JobContext, PermanentJobError, skipped } from '../jobs/jobs.define.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import { enqueueRender } from '../vertical/rendition.job.ts';
import { findRendition, requestRender, sourceAspectOf } from '../vertical/renditions.service.ts';
import { createMediaTokens, mediaUrlOf } from '../videos/media.tokens.ts';
import { sourceFile, workFolder } from '../videos/videos.files.ts';
import { exactCutUnderWay, findVideo } from '../videos/videos.service.ts';
import { publicationChanged } from './publications.events.ts';
import { dailymotionPublisher } from './publish.dailymotion.ts';
import { facebookPublisher } from './publish.facebook.ts';
import { instagramPublisher } from './publish.instagram.ts';
import { makeThumbnail, thumbnailSeconds } from './publish.thumbnail.ts';
import { tiktokPublisher } from './publish.tiktok.ts';
import { twitterPublisher } from './publish.twitter.ts';
import type { Publisher, PublisherFactory, PublishLink, PublishThumbnail } from './publish.types.ts';
import { youtubePublisher } from './publish.youtube.ts';
import { createSocialPlatforms } from './social.platforms.ts';
import { freshTokens, type SocialDeps } from './social.service.ts';
import { SocialError } from './social.types.ts';

/** Each platform's publisher (publish.<platform>.ts). */
export const PUBLISHERS: Readonly<Record<SocialPlatform, PublisherFactory>> = {
  youtube: youtubePublisher,
  facebook: facebookPublisher,
  instagram: instagramPublisher,
  twitter: twitterPublisher,
  dailymotion: dailymotionPublisher,
  tiktok: tiktokPublisher,
};

/**
 * A clip rule publishes its clip as soon as it is made: the publication waits while it is cut
 * (and, for anyone's publication, while a live clip's exact cut is made: exactCutUnderWay). What
 * goes is the cut (the video's original): the streaming ladder encoded from it is not waited for.
 */
const CLIP_IN_MAKING: ReadonlySet<string> = new Set(['uploading', 'uploaded', 'processing']);

/** How often a publication waiting for its clip's cut or its rendition looks again. */
const RENDITION_WAIT_MS = 1_000;
/**
 * When a publication looks again at its platform's processing: at once after the upload, then
 * after half the time since the upload, between 1 s and 30 s (1, 1, 1, 2, 3, 4.5 s… then every
 * 30 s): a short clip is seen published within a second, a long YouTube processing costs a look
 * every 30 s of API quota, not one a second.
 */
export function processingLookAt(uploadedAt: Date | null, now = Date.now()): Date {
  const since = uploadedAt ? now - uploadedAt.getTime() : 0;
  return new Date(now + Math.min(30_000, Math.max(1_000, since / 2)));
}
/** A platform that has not processed a video in this long has failed it. */
const PROCESSING_LIMIT_MS = 2 * 60 * 60 * 1000;

const payloadSchema = z.object({ publicationId: z.number().int().positive() });
type PublishContext = JobContext<z.infer<typeof payloadSchema>>;

async function update(db: Db, id: number, changes: Partial<PublicationRow>): Promise<PublicationRow | null> {
  const [row] = await db
    .update(publications)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(publications.id, id))
    .returning();
  if (row) publicationChanged(db, row);
  return row ?? null;
}

/** Queues the publication's next step (now, or at `runAt`). */
export function enqueuePublish(
  db: Db,
  row: Pick<PublicationRow, 'id' | 'accountId' | 'videoId'>,
  runAt?: Date,
  requestId: string | null = null,
) {
  return enqueueJob(
    db,
    publishJob,
    { publicationId: row.id },
    {
      accountId: row.accountId,
      resourceType: VIDEO_RESOURCE_TYPE,
      resourceId: row.videoId,
      requestId,
      ...(runAt ? { runAt } : {}),
    },
  );
}

/** Where this server answers, as a worker reaches it: the local stand-ins, the media a platform fetches. */
function selfOf(context: PublishContext): string {
  return context.config.social?.localUrl ?? `http://127.0.0.1:${context.config.port ?? 3000}`;
}

/**
 * A URL a platform can fetch the file from (Instagram reads the video itself), signed and
 * short-lived: the original's download link, or the rendition's media URL. On the public URL
 * when there is one, else this server's own (the local stand-ins).
 */
function fetchableUrl(context: PublishContext, video: VideoRow, key: string | null): string {
  const secret = context.config.videos.mediaSecret;
  if (!secret) return '';
  const origin = context.config.publicUrl || selfOf(context);
  const tokens = createMediaTokens(secret);
  if (key) return mediaUrlOf(tokens, origin)(key);
  const { token } = tokens.signDownload(video.accountId, video.id);
  return `${origin}${videoPaths.download(video.id)}?${MEDIA_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

/** The deps of the link's tokens in a worker: the platforms as this server reaches them. */
function socialDepsOf(context: PublishContext): SocialDeps {
  const social = context.config.social ?? { apps: {}, local: true, localUrl: null };
  const self = selfOf(context);
  return {
    db: context.db,
    platforms: createSocialPlatforms(social, () => self),
    seal: context.config.videos.mediaSecret
      ? createCredentialSeal(context.config.videos.mediaSecret, 'social-tokens')
      : null,
    publicUrl: '',
  };
}

/** The link and its publisher, the link's tokens fresh; a link gone or broken fails the publication for good. */
async function linkOf(
  context: PublishContext,
  row: PublicationRow,
): Promise<{ link: PublishLink; publisher: Publisher }> {
  const name = SOCIAL_PLATFORM_NAMES[row.platform];
  const [linkRow] = row.linkId ? await context.db.select().from(socialLinks).where(eq(socialLinks.id, row.linkId)) : [];
  if (!linkRow) throw new PermanentJobError(PUBLICATION_MESSAGES.notLinked(name));
  const deps = socialDepsOf(context);
  const client = deps.platforms.client(row.platform, deps.publicUrl);
  const factory = PUBLISHERS[row.platform];
  const setup = deps.platforms.setup(row.platform, deps.publicUrl);
  if (!client || !setup) throw new PermanentJobError(SOCIAL_MESSAGES.notConfigured(name));
  try {
    const tokens = await freshTokens(deps, linkRow, client);
    return {
      link: { tokens, externalId: linkRow.externalId, accountName: linkRow.accountName, targetId: linkRow.targetId },
      publisher: factory(setup),
    };
  } catch (error) {
    throw asJobError(error);
  }
}

/** A platform's refusal is permanent (retrying cannot help); its unreachability is retried. */
function asJobError(error: unknown): unknown {
  if (error instanceof SocialError && error.failure !== 'unreachable') {
    return new PermanentJobError(error.reason, { cause: error });
  }
  return error;
}

/**
 * The file of the publication's aspect: the video's own for its source aspect, else its
 * rendition's MP4 (asked for when missing: answers null while it renders), with the time it was
 * rendered (null: now, the video's own). A clip rule's clip still being cut or encoded, and a live
 * clip whose exact cut is under way, answer null too.
 */
async function mediaOf(context: PublishContext, row: PublicationRow, work: string) {
  const video = await findVideo(context.db, row.videoId);
  if (!video) throw new PermanentJobError(PUBLICATION_MESSAGES.videoNotReady);
  const making = CLIP_IN_MAKING.has(video.state);
  if (row.ruleId !== null && making && !video.originalKey) return null;
  if (await exactCutUnderWay(context.db, video)) return null;
  if (!video.originalKey || !(video.state === 'ready' || (row.ruleId !== null && making)))
    throw new PermanentJobError(PUBLICATION_MESSAGES.videoNotReady);
  // A rule's clip: the time its cut was found stored (the video's last change) is a stage of its own.
  if (row.ruleId !== null && row.clipReadyAt === null)
    await update(context.db, row.id, { clipReadyAt: video.updatedAt });
  if (row.aspect === (sourceAspectOf(video) ?? '16:9')) {
    const path = await sourceFile(context.storage, video, work);
    return { video, path, size: (await stat(path)).size, url: fetchableUrl(context, video, null), renderedAt: null };
  }
  const rendition = await findRendition(context.db, video.id, row.aspect);
  if (rendition?.mp4Key && rendition.state === 'ready') {
    const path = await sourceFile(context.storage, video, work, rendition.mp4Key);
    return {
      video,
      path,
      size: (await stat(path)).size,
      url: fetchableUrl(context, video, rendition.mp4Key),
      renderedAt: rendition.renderedAt,
    };
  }
  if (!rendition || rendition.state === 'failed') {
    const asked = await requestRender(context.db, video, row.aspect);
    await enqueueRender(context.db, asked.row, asked.generation, context.job.requestId);
  }
  return null;
}

/**
 * The thumbnail asked for (null: the platform's default), its second kept within the video; the
 * JPEG of that frame is made in the work folder only for a publisher that sends pictures.
 */
async function thumbnailOf(
  context: PublishContext,
  row: PublicationRow,
  media: { video: VideoRow; path: string },
  publisher: Publisher,
  work: string,
): Promise<PublishThumbnail | null> {
  if (row.thumbnailSeconds === null) return null;
  const seconds = thumbnailSeconds(row.thumbnailSeconds, media.video.duration);
  if (!publisher.sendsThumbnailImage) return { seconds, path: null };
  return { seconds, path: await makeThumbnail(media.path, work, seconds, context.signal) };
}

async function upload(context: PublishContext, row: PublicationRow): Promise<Record<string, unknown>> {
  const { db } = context;
  const work = await workFolder(context.dataDir, `publication-${row.id}-job-${context.job.id}`, context.job.attempt);
  try {
    const media = await mediaOf(context, row, work);
    if (!media) {
      await update(db, row.id, { state: 'rendering', progress: 0 });
      await enqueuePublish(db, row, new Date(Date.now() + RENDITION_WAIT_MS), context.job.requestId);
      return { waiting: 'rendition' };
    }
    const { link, publisher } = await linkOf(context, row);
    const thumbnail = await thumbnailOf(context, row, media, publisher, work);
    const now = new Date();
    await update(db, row.id, {
      state: 'uploading',
      progress: 0,
      renderedAt: row.renderedAt ?? media.renderedAt ?? now,
      uploadStartedAt: row.uploadStartedAt ?? now,
      attempts: row.attempts + 1,
      error: null,
    });
    let progress: PublicationProgress = row.upload;
    let lastReport = 0;
    const post = await publisher
      .publish({
        link,
        file: { path: media.path, size: media.size, url: media.url },
        title: row.title,
        caption: row.caption,
        thumbnail,
        idempotencyKey: row.idempotencyKey,
        progress,
        signal: context.signal,
        save: async (next) => {
          progress = next;
          await update(db, row.id, { upload: next });
        },
        onBytes: (sent) => {
          const percent = media.size > 0 ? Math.min(100, Math.floor((sent / media.size) * 100)) : 100;
          context.reportProgress(percent);
          if (percent - lastReport >= 5 || percent === 100) {
            lastReport = percent;
            void update(db, row.id, { progress: percent }).catch(() => undefined);
          }
        },
      })
      .catch((error: unknown) => {
        throw asJobError(error);
      });
    const uploaded = await update(db, row.id, {
      state: 'processing',
      progress: null,
      upload: { ...progress, postId: post.postId },
      externalId: post.postId,
      url: post.url,
      uploadedAt: new Date(),
    });
    // Its processing looked at at once, in this step (a short clip may be published already), then
    // by steps of its own.
    const looked = uploaded ? await checkProcessing(context, uploaded) : {};
    return {
      uploaded: post.postId,
      ...looked,
      ...(post.thumbnailRefused && { thumbnailRefused: post.thumbnailRefused }),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function checkProcessing(context: PublishContext, row: PublicationRow): Promise<Record<string, unknown>> {
  const { link, publisher } = await linkOf(context, row);
  const postId = row.upload.postId ?? row.externalId;
  if (!postId) throw new PermanentJobError(JOB_MESSAGES.failedUnknown);
  const status = await publisher.status(link, { postId, url: row.url }, row.upload).catch((error: unknown) => {
    throw asJobError(error);
  });
  if (status.state === 'published') {
    await update(db(context), row.id, {
      state: 'published',
      url: status.url ?? row.url,
      externalId: status.externalId ?? row.externalId,
      publishedAt: new Date(),
    });
    return { published: status.url };
  }
  if (status.state === 'failed') {
    throw new PermanentJobError(SOCIAL_MESSAGES.refused(SOCIAL_PLATFORM_NAMES[row.platform], status.reason ?? ''));
  }
  if (row.uploadedAt && Date.now() - row.uploadedAt.getTime() > PROCESSING_LIMIT_MS) {
    throw new PermanentJobError(
      SOCIAL_MESSAGES.unreachable(SOCIAL_PLATFORM_NAMES[row.platform], 'still processing after 2 hours'),
    );
  }
  await enqueuePublish(db(context), row, processingLookAt(row.uploadedAt), context.job.requestId);
  return { waiting: 'processing' };
}

const db = (context: PublishContext) => context.db;

function publicationOf(job: JobRow): number | null {
  return payloadSchema.safeParse(job.payload).data?.publicationId ?? null;
}

async function markFailed(database: Db, job: JobRow, reason: Message): Promise<void> {
  const id = publicationOf(job);
  if (id === null) return;
  // A refusal already said its reason on the publication (perform): kept.
  const [row] = await database
    .update(publications)
    .set({ state: 'failed', progress: null, error: reason, updatedAt: new Date() })
    .where(and(eq(publications.id, id), ne(publications.state, 'failed')))
    .returning();
  if (row) publicationChanged(database, row);
}

/**
 * social.publish: one step of a publication (issue 41 point 2), then the next step queued: its
 * aspect's rendition asked for and waited on, the upload (resumed where the platform stands: a
 * retry never posts twice), the platform's processing followed until the post is published or
 * refused. A scheduled publication's first step runs at its time.
 */
export const publishJob = defineJob({
  type: PUBLISH_JOB_TYPE,
  payload: payloadSchema,
  retry: { maxAttempts: 5, backoff: { initialMs: 5_000, maxMs: 300_000 } },
  timeoutMs: 6 * 60 * 60 * 1000,
  async onFailed({ db: database, job }) {
    await markFailed(database, job, job.lastError ?? JOB_MESSAGES.failedUnknown);
  },
  async perform(context) {
    const [row] = await context.db
      .select()
      .from(publications)
      .where(eq(publications.id, context.payload.publicationId));
    if (!row) return skipped(`Publication ${context.payload.publicationId} no longer exists`);
    try {
      if (row.state === 'processing') return await checkProcessing(context, row);
      if (row.state === 'published' || row.state === 'cancelled' || row.state === 'failed') {
        return skipped(`Publication ${row.id} is ${row.state}`);
      }
      return await upload(context, row);
    } catch (error) {
      // A refusal is said in the user's terms on the publication, not only on the job.
      if (error instanceof PermanentJobError)
        await update(context.db, row.id, { state: 'failed', progress: null, error: error.reason });
      throw error;
    }
  },
});
