import type { Message } from '@regie/contract/messages';
import type { PublicationState, PublishBody } from '@regie/contract/publications';
import type { ShareTarget } from '@regie/contract/videos';
import { and, eq, inArray } from 'drizzle-orm';
import type { AuditSource } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { type PublicationRow, publications } from '../db/publications.table.ts';
import type { VideoRow } from '../db/videos.table.ts';
import { badRequest, HttpError } from '../http/http.errors.ts';
import { type PublicationWithNames, publicationsWithNames } from '../social/publications.presenter.ts';
import { publishVideo } from '../social/publications.service.ts';

/**
 * The spec's share calls (POST videos/{id}/share/{target}, POST events/{id}/reposts and the share
 * a -dailymotion end of live keeps for its replay) publish through the user's social links as
 * publications (social/publications.service.ts): the same checks, the same publish job.
 */

/** What a share publishes and what publishVideo checks of it. */
export type SharedVideo = Pick<
  VideoRow,
  'id' | 'accountId' | 'state' | 'originalKey' | 'duration' | 'size' | 'width' | 'height' | 'title' | 'description'
>;

export interface ShareOrder {
  userId: number;
  /** The account's active modules. */
  modules: readonly string[];
  video: SharedVideo;
  target: ShareTarget;
  /** The caption; the video's description when absent. */
  caption?: string | undefined;
  audit: AuditSource;
  requestId: string | null;
}

function shareBody(order: ShareOrder): PublishBody {
  const { video, target } = order;
  return {
    targets: [
      {
        platform: target,
        title: video.title,
        caption: order.caption ?? video.description,
      },
    ],
  };
}

/** A refusal's fields named as the share's (`caption`), not as the body publishVideo was given (`targets.0.caption`). */
function ownFields(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 400 || !error.errors) return error;
  const errors = error.errors.map((field) => ({ ...field, path: field.path.replace(/^targets\.0\./, '') }));
  return badRequest(error.reason, errors);
}

/** Publishes the video to one target: the publication made, or throws publishVideo's refusal (4xx). */
export async function shareVideo(db: Db, order: ShareOrder): Promise<PublicationRow> {
  const [made] = await publishVideo(db, {
    userId: order.userId,
    modules: order.modules,
    video: order.video,
    body: shareBody(order),
    audit: order.audit,
    requestId: order.requestId,
  }).catch((error: unknown) => {
    throw ownFields(error);
  });
  if (!made) throw new Error('publication not made');
  return made;
}

/** A share's outcome where each target answers on its own: the publication, or the reasons of its refusal. */
export type ShareOutcome = { publication: PublicationRow; reasons: [] } | { publication: null; reasons: Message[] };

/** shareVideo, a refusal (400: no link, a platform's limit) answered as its reasons rather than thrown. */
export async function tryShareVideo(db: Db, order: ShareOrder): Promise<ShareOutcome> {
  try {
    return { publication: await shareVideo(db, order), reasons: [] };
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
    const reasons = error.errors?.length ? error.errors.map((field) => field.message) : [error.reason];
    return { publication: null, reasons };
  }
}

/** States of a publication on its way to the platform. */
const UNDER_WAY: PublicationState[] = ['queued', 'rendering', 'uploading', 'processing'];

/** The video's publication under way to `target` by `userId`, if any (what a second share answers). */
export async function shareUnderWay(
  db: Db,
  video: Pick<VideoRow, 'id' | 'accountId'>,
  target: ShareTarget,
  userId: number,
): Promise<PublicationWithNames | null> {
  const where = and(
    eq(publications.accountId, video.accountId),
    eq(publications.videoId, video.id),
    eq(publications.platform, target),
    eq(publications.userId, userId),
    inArray(publications.state, UNDER_WAY),
  );
  const [row] = await publicationsWithNames(db, where, 1);
  return row ?? null;
}
