import { randomUUID } from 'node:crypto';
import {
  ATTACHMENT_MESSAGES,
  ATTACHMENT_NAME_MAX,
  ATTACHMENTS_PER_EVENT,
  type Attachment,
  attachmentPaths,
} from '@regie/contract/attachments';
import { MEDIA_TOKEN_PARAM } from '@regie/contract/videos';
import { and, count, desc, eq } from 'drizzle-orm';
import { type AttachmentRow, eventAttachments } from '../db/attachments.table.ts';
import type { Db } from '../db/database.ts';
import type { EventRow } from '../graphics/event-scope.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import type { MediaTokens } from '../videos/media.tokens.ts';
import { attachmentName, detectAttachmentType } from './attachments.detect.ts';
import { attachmentFolder } from './attachments.purge.job.ts';

/**
 * Download links are media download tokens (videos/media.tokens.ts) signed for the attachment's
 * id made negative: video ids are positive, so a video's link never opens an attachment and an
 * attachment's never opens a video.
 */
const tokenId = (attachmentId: number) => -attachmentId;

export function signAttachment(tokens: MediaTokens, row: AttachmentRow): string {
  return tokens.signDownload(row.accountId, tokenId(row.id)).token;
}

export function verifyAttachment(tokens: MediaTokens, row: AttachmentRow, token: string): boolean {
  return tokens.verifyDownload(token, row.accountId, tokenId(row.id));
}

export function presentAttachment(tokens: MediaTokens, publicUrl: string, row: AttachmentRow): Attachment {
  const link = `${publicUrl}${attachmentPaths.download(row.eventId, row.id)}`;
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    downloadUrl: `${link}?${MEDIA_TOKEN_PARAM}=${encodeURIComponent(signAttachment(tokens, row))}`,
  };
}

export function listAttachments(db: Db, eventId: number): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(eventAttachments)
    .where(eq(eventAttachments.eventId, eventId))
    .orderBy(desc(eventAttachments.createdAt), desc(eventAttachments.id));
}

export async function findAttachment(db: Db, eventId: number, id: number): Promise<AttachmentRow> {
  const [row] = await db
    .select()
    .from(eventAttachments)
    .where(and(eq(eventAttachments.id, id), eq(eventAttachments.eventId, eventId)))
    .limit(1);
  if (!row) throw notFound(ATTACHMENT_MESSAGES.notFound(id));
  return row;
}

/** Checks the file's type from its bytes, stores it, records it. */
export async function storeAttachment(
  context: { db: Db; storage: ObjectStorage },
  event: EventRow,
  upload: { data: Buffer; filename: string | undefined; declaredType: string; userId: number },
): Promise<AttachmentRow> {
  const { db, storage } = context;
  if (upload.data.length === 0) throw badRequest(ATTACHMENT_MESSAGES.emptyFile);
  const contentType = detectAttachmentType(upload.data, upload.declaredType);
  if (!contentType) throw new HttpError(415, ATTACHMENT_MESSAGES.unsupportedType);
  const [total] = await db
    .select({ total: count() })
    .from(eventAttachments)
    .where(eq(eventAttachments.eventId, event.id));
  if ((total?.total ?? 0) >= ATTACHMENTS_PER_EVENT) throw new HttpError(409, ATTACHMENT_MESSAGES.tooMany);
  const storageKey = `${attachmentFolder(event.accountId, event.id)}${randomUUID()}`;
  await storage.put(storageKey, upload.data, contentType);
  const [row] = await db
    .insert(eventAttachments)
    .values({
      eventId: event.id,
      accountId: event.accountId,
      name: attachmentName(upload.filename, ATTACHMENT_NAME_MAX),
      contentType,
      size: upload.data.length,
      storageKey,
      uploadedBy: upload.userId,
    })
    .returning();
  if (!row) throw new Error('The attachment was not recorded');
  return row;
}

export async function deleteAttachment(context: { db: Db; storage: ObjectStorage }, row: AttachmentRow): Promise<void> {
  await context.db.delete(eventAttachments).where(eq(eventAttachments.id, row.id));
  await context.storage.delete(row.storageKey);
}
