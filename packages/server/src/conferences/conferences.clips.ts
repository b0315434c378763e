import { CONFERENCE_MESSAGES } from '@regie/contract/conferences';
import type { ConferenceClipBody } from '@regie/contract/conferences.schemas';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { AuditSource } from '../audit/audit.service.ts';
import { recordedClip } from '../clips/clips.audit.ts';
import { type ClipRequest, createClip, defaultClipTitle, defaultTemplate } from '../clips/clips.service.ts';
import { businessPlayerClips } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import type { JobRow } from '../db/jobs.table.ts';
import { type VideoRow, videos } from '../db/videos.table.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import type { AuthContext } from '../tenancy/tenancy.guards.ts';
import type { VideosEntry } from '../videos/videos.resource.ts';
import { chapterRows } from './chapters.service.ts';
import type { ConferenceRow } from './conferences.find.ts';

/** What POST business-players/{id}/clips cuts: the range, the clip's title and template, its chapter. */
interface ConferenceClip {
  clip: ClipRequest;
  chapterId: number | null;
}

/** A chapter's clip: its start to the next chapter's start, else the end of the video. */
async function chapterClip(db: Db, conference: ConferenceRow, source: VideoRow, chapterId: number) {
  const chapters = await chapterRows(db, conference.id);
  const index = chapters.findIndex((chapter) => chapter.id === chapterId);
  const chapter = chapters[index];
  if (!chapter) throw notFound(CONFERENCE_MESSAGES.chapterNotFound(chapterId));
  const end = chapters[index + 1]?.startSeconds ?? source.duration ?? chapter.startSeconds;
  return { inSeconds: chapter.startSeconds, outSeconds: end, title: defaultClipTitle(conference.name, chapter.title) };
}

/** The range asked for: a chapter, or in and out points, never both. */
async function clipRange(db: Db, conference: ConferenceRow, source: VideoRow, body: ConferenceClipBody) {
  const ranged = body.inSeconds !== undefined || body.outSeconds !== undefined;
  if (body.chapterId !== undefined) {
    if (ranged)
      throw badRequest(CONFERENCE_MESSAGES.rangeOrChapter, [
        { path: 'chapterId', message: CONFERENCE_MESSAGES.rangeOrChapter },
      ]);
    return chapterClip(db, conference, source, body.chapterId);
  }
  if (body.inSeconds === undefined || body.outSeconds === undefined) {
    const path = body.inSeconds === undefined ? 'inSeconds' : 'outSeconds';
    throw badRequest(CONFERENCE_MESSAGES.rangeMissing, [{ path, message: CONFERENCE_MESSAGES.rangeMissing }]);
  }
  return { inSeconds: body.inSeconds, outSeconds: body.outSeconds, title: defaultClipTitle(conference.name) };
}

/**
 * The clip a request asks for, from the conference's replay. The template is the given one, else
 * the account's default one (null: none, no skin unless one is given).
 */
async function conferenceClipRequest(
  engine: Engine,
  videosEntry: VideosEntry,
  auth: AuthContext,
  conference: ConferenceRow,
  body: ConferenceClipBody,
): Promise<{ source: VideoRow } & ConferenceClip> {
  if (conference.videoId === null) throw new HttpError(409, CONFERENCE_MESSAGES.noVideo(conference.id));
  const source = await findVisible(engine, videosEntry, auth, conference.videoId);
  const range = await clipRange(engine.db, conference, source, body);
  const template = body.clipTemplateId === undefined ? await defaultTemplate(engine.db, source.accountId) : null;
  return {
    source,
    chapterId: body.chapterId ?? null,
    clip: {
      inSeconds: range.inSeconds,
      outSeconds: range.outSeconds,
      title: body.title ?? range.title,
      clipTemplateId: body.clipTemplateId === undefined ? (template?.id ?? null) : body.clipTemplateId,
      ...(body.clipSkinId === undefined ? {} : { clipSkinId: body.clipSkinId }),
    },
  };
}

/** Cuts the clip (a clip video and its video.clip job) and records it as the conference's, at once. */
export async function createConferenceClip(
  engine: Engine,
  videosEntry: VideosEntry,
  auth: AuthContext,
  conference: ConferenceRow,
  body: ConferenceClipBody,
  /** The request's audit source: the clip's entry goes in its transaction. */
  source: AuditSource,
): Promise<{ video: VideoRow; job: JobRow }> {
  const request = await conferenceClipRequest(engine, videosEntry, auth, conference, body);
  const { chapterId } = request;
  return recordedClip(
    engine.db,
    source,
    async (tx) => {
      const created = await createClip(tx, auth, request.source, request.clip);
      await tx
        .insert(businessPlayerClips)
        .values({ videoId: created.video.id, businessPlayerId: conference.id, chapterId });
      return created;
    },
    {
      businessPlayerId: { before: null, after: conference.id },
      ...(chapterId === null ? {} : { chapterId: { before: null, after: chapterId } }),
    },
  );
}

/** The clip videos of a conference (for listClips). */
export function conferenceClips(db: Db, conferenceId: number): SQL {
  return inArray(
    videos.id,
    db
      .select({ id: businessPlayerClips.videoId })
      .from(businessPlayerClips)
      .where(eq(businessPlayerClips.businessPlayerId, conferenceId)),
  );
}
