import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { videosResource } from '@regie/contract/resources/videos';
import {
  partCount,
  partLength,
  UPLOAD_SESSION_TTL_HOURS,
  VIDEO_JOB_TYPES,
  VIDEO_MESSAGES,
  VIDEO_TITLE_MAX,
  videoPaths,
} from '@regie/contract/videos';
import type { MultipartUploadRequest, MultipartUploadResponse } from '@regie/contract/videos.schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import type { JobRow } from '../db/jobs.table.ts';
import { transaction } from '../db/transactions.ts';
import { type UploadSessionRow, uploadParts, uploadSessions, type VideoRow } from '../db/videos.table.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { createRecord, findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { SizeMismatchError } from '../storage/storage.types.ts';
import type { AuthContext } from '../tenancy/tenancy.guards.ts';
import { enqueueEncode } from './videos.encode.job.ts';
import { originalKey } from './videos.keys.ts';
import type { VideosEntry } from './videos.resource.ts';
import { findVideo, latestJob, updateVideo } from './videos.service.ts';
import { videoStates } from './videos.state.ts';

/**
 * Resumable uploads (spec §7 "upload url-multipart and complete-multipart"): a session in the
 * database, its parts in the storage backend's multipart upload, so a page reload, a dropped
 * connection or a server restart loses nothing already sent.
 */

export interface UploadDeps {
  engine: Engine;
  entry: VideosEntry;
  storage: ObjectStorage;
  /** Bytes per part of new sessions (config videos.uploadPartSize); a session keeps its own. */
  partSize: number;
}

/** The title a video gets from its file: the name less its extension. */
export function titleFromFilename(filename: string): string {
  const title = filename
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .replace(/[_]+/g, ' ')
    .trim();
  return (title || 'Untitled video').slice(0, VIDEO_TITLE_MAX);
}

/** The session of the account acted for; 404 for anyone else's, 410 once expired. */
export async function findSession(db: Db, auth: AuthContext, uploadId: string): Promise<UploadSessionRow> {
  const [session] = await db
    .select()
    .from(uploadSessions)
    .where(and(eq(uploadSessions.id, uploadId), eq(uploadSessions.accountId, auth.account.id)))
    .limit(1);
  if (!session) throw notFound(VIDEO_MESSAGES.uploadNotFound(uploadId));
  if (session.state !== 'completed' && session.expiresAt.getTime() <= Date.now()) {
    throw new HttpError(410, VIDEO_MESSAGES.uploadExpired(uploadId));
  }
  return session;
}

async function receivedParts(db: Db, sessionId: string) {
  return db
    .select({ partNumber: uploadParts.partNumber, etag: uploadParts.etag, size: uploadParts.size })
    .from(uploadParts)
    .where(eq(uploadParts.sessionId, sessionId))
    .orderBy(asc(uploadParts.partNumber));
}

/** The session as the API answers it: every part's URL and the parts already stored. */
export async function presentSession(db: Db, session: UploadSessionRow): Promise<MultipartUploadResponse> {
  const count = partCount(session.size, session.partSize);
  const received = await receivedParts(db, session.id);
  return {
    uploadId: session.id,
    videoId: session.videoId,
    filename: session.filename,
    size: session.size,
    partSize: session.partSize,
    state: session.state,
    expiresAt: session.expiresAt.toISOString(),
    parts: Array.from({ length: count }, (_, index) => ({
      partNumber: index + 1,
      size: partLength(session.size, index + 1, session.partSize),
      url: videoPaths.uploadPart(session.id, index + 1),
    })),
    receivedParts: received.map((part) => part.partNumber),
  };
}

/** The video an upload goes into: the given one (still waiting for its file), or a new one. */
async function targetVideo(
  deps: UploadDeps,
  auth: AuthContext,
  source: AuditSource,
  body: MultipartUploadRequest,
): Promise<VideoRow> {
  const { engine, entry } = deps;
  if (body.videoId === undefined) {
    return await createRecord(engine, entry, auth, source, { title: titleFromFilename(body.filename) });
  }
  const video = await findVisible(engine, entry, auth, body.videoId);
  if (video.state !== 'uploading' && video.state !== 'failed') {
    throw new HttpError(409, VIDEO_MESSAGES.videoHasFile(video.id, video.state));
  }
  return video;
}

/** POST url-multipart: a new session, or the given one resumed (same file). */
export async function startUpload(
  deps: UploadDeps,
  auth: AuthContext,
  source: AuditSource,
  body: MultipartUploadRequest,
): Promise<{ created: boolean; session: MultipartUploadResponse }> {
  const { db } = deps.engine;
  if (body.uploadId !== undefined) {
    const session = await findSession(db, auth, body.uploadId);
    if (session.filename !== body.filename || session.size !== body.size) {
      throw new HttpError(409, VIDEO_MESSAGES.uploadDifferentFile);
    }
    return { created: false, session: await presentSession(db, session) };
  }
  const video = await targetVideo(deps, auth, source, body);
  const key = originalKey(video.accountId, video.id, body.filename);
  const storageUploadId = await deps.storage.createMultipart(key, body.contentType);
  return transaction(db, async (tx) => {
    const session = await openSession(tx, deps, auth, video, body, key, storageUploadId);
    await videoStates.uploading(tx, video.id);
    // A new video's entry is its create (targetVideo); an existing one's file starts again.
    if (body.videoId !== undefined) {
      await writeAudit(tx, source, {
        accountId: video.accountId,
        resource: videosResource.name,
        resourceId: video.id,
        action: 'update',
        changes: { state: { before: video.state, after: 'uploading' } },
      });
    }
    return { created: true, session: await presentSession(tx, session) };
  });
}

async function openSession(
  db: Db,
  deps: UploadDeps,
  auth: AuthContext,
  video: VideoRow,
  body: MultipartUploadRequest,
  key: string,
  storageUploadId: string,
): Promise<UploadSessionRow> {
  const [session] = await db
    .insert(uploadSessions)
    .values({
      id: randomBytes(18).toString('base64url'),
      accountId: video.accountId,
      userId: auth.user.id,
      videoId: video.id,
      filename: body.filename,
      contentType: body.contentType,
      size: body.size,
      partSize: deps.partSize,
      storageKey: key,
      storageUploadId,
      expiresAt: new Date(Date.now() + UPLOAD_SESSION_TTL_HOURS * 3_600_000),
    })
    .returning();
  if (!session) throw new Error('upload session not created');
  return session;
}

function assertOpen(session: UploadSessionRow): void {
  if (session.state !== 'open') throw new HttpError(409, VIDEO_MESSAGES.uploadClosed(session.id, session.state));
}

/**
 * PUT …/parts/{n}: streams the body into the storage backend's part n, checking its length (a
 * part sent again replaces the first copy). `announced` is the request's Content-Length.
 */
export async function storePart(
  deps: UploadDeps,
  auth: AuthContext,
  uploadId: string,
  partNumber: number,
  body: Readable,
  announced: number | null,
): Promise<{ partNumber: number; size: number; etag: string }> {
  const { db } = deps.engine;
  const session = await findSession(db, auth, uploadId);
  assertOpen(session);
  const count = partCount(session.size, session.partSize);
  if (partNumber > count) throw badRequest(VIDEO_MESSAGES.badPartNumber(partNumber, count));
  const expected = partLength(session.size, partNumber, session.partSize);
  if (announced !== null && announced !== expected) {
    throw badRequest(VIDEO_MESSAGES.badPartLength(partNumber, expected, announced));
  }
  let stored: { etag: string };
  try {
    const offset = (partNumber - 1) * session.partSize;
    stored = await deps.storage.uploadPart(
      session.storageKey,
      session.storageUploadId,
      partNumber,
      body,
      expected,
      offset,
    );
  } catch (error) {
    if (error instanceof SizeMismatchError) {
      throw badRequest(VIDEO_MESSAGES.badPartLength(partNumber, expected, error.received));
    }
    throw error;
  }
  await db
    .insert(uploadParts)
    .values({ sessionId: session.id, partNumber, size: expected, etag: stored.etag })
    .onConflictDoUpdate({
      target: [uploadParts.sessionId, uploadParts.partNumber],
      set: { etag: stored.etag, size: expected, updatedAt: sql`now()` },
    });
  return { partNumber, size: expected, etag: stored.etag };
}

/**
 * POST complete-multipart: every part present → the original assembled in storage, the video
 * `uploaded`, its probe + encode job queued. Completing twice answers the same video and job.
 */
export async function completeUpload(
  deps: UploadDeps,
  auth: AuthContext,
  source: AuditSource,
  uploadId: string,
): Promise<{ video: VideoRow; job: JobRow | null }> {
  const { db } = deps.engine;
  const session = await findSession(db, auth, uploadId);
  const current = await findVideo(db, session.videoId);
  if (!current) throw notFound(VIDEO_MESSAGES.notFound(session.videoId));
  if (session.state === 'completed')
    return { video: current, job: await latestJob(db, current, VIDEO_JOB_TYPES.encode) };

  // One completion at a time: the session is claimed, given back if anything goes wrong.
  const [claimed] = await db
    .update(uploadSessions)
    .set({ state: 'completing', updatedAt: sql`now()` })
    .where(and(eq(uploadSessions.id, session.id), eq(uploadSessions.state, 'open')))
    .returning();
  if (!claimed) throw new HttpError(409, VIDEO_MESSAGES.uploadClosed(session.id, session.state));
  try {
    const parts = await receivedParts(db, session.id);
    const present = new Set(parts.map((part) => part.partNumber));
    const count = partCount(session.size, session.partSize);
    const missing = Array.from({ length: count }, (_, index) => index + 1).filter((n) => !present.has(n));
    if (missing.length > 0) throw badRequest(VIDEO_MESSAGES.missingParts(missing));
    await deps.storage.completeMultipart(session.storageKey, session.storageUploadId, parts);
    // A new original of another type replaces the old one (a failed video uploaded again).
    if (current.originalKey && current.originalKey !== session.storageKey) {
      await deps.storage.delete(current.originalKey);
    }
    await transaction(db, async (tx) => {
      const file = { filename: session.filename, size: session.size, contentType: session.contentType };
      await updateVideo(tx, current.id, { originalKey: session.storageKey, ...file });
      await tx
        .update(uploadSessions)
        .set({ state: 'completed', updatedAt: sql`now()` })
        .where(eq(uploadSessions.id, session.id));
      await writeAudit(tx, source, {
        accountId: current.accountId,
        resource: videosResource.name,
        resourceId: current.id,
        action: 'update',
        changes: diffFields(current, file, ['filename', 'size', 'contentType']),
      });
    });
  } catch (error) {
    await db
      .update(uploadSessions)
      .set({ state: 'open', updatedAt: sql`now()` })
      .where(and(eq(uploadSessions.id, session.id), eq(uploadSessions.state, 'completing')));
    throw error;
  }
  const job = await enqueueEncode(db, current);
  const video = await findVideo(db, current.id);
  return { video: video ?? current, job };
}
