import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { messageCatalog } from './messages.ts';
import { EVENT_READ_RULE, EVENT_WRITE_RULE } from './resources/events.ts';

/**
 * Attachments of an event (spec §7 GET/POST events/{id}/attachments, DELETE attachments/{id}):
 * documents and images for the staff (team sheets, press kits, photos). Stored through the
 * storage interface under the account; downloaded through a signed link (the media download
 * token), so the browser opens it without the bearer token and the link expires.
 * The type is recognised from the file's first bytes: PDF, PNG, JPEG, GIF, WebP, and office
 * documents (OOXML and OpenDocument are ZIP files, older Office ones OLE2 files: the declared
 * type must then be one of ATTACHMENT_TYPES' office types).
 */

export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
export const ATTACHMENT_NAME_MAX = 200;
export const ATTACHMENTS_PER_EVENT = 100;

/** Accepted types and how their first bytes start. */
export const ATTACHMENT_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'zip',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'zip',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'zip',
  'application/vnd.oasis.opendocument.text': 'zip',
  'application/vnd.oasis.opendocument.spreadsheet': 'zip',
  'application/vnd.oasis.opendocument.presentation': 'zip',
  'application/msword': 'ole2',
  'application/vnd.ms-excel': 'ole2',
  'application/vnd.ms-powerpoint': 'ole2',
} as const;
export type AttachmentContentType = keyof typeof ATTACHMENT_TYPES;
export const ATTACHMENT_CONTENT_TYPES = Object.keys(ATTACHMENT_TYPES) as AttachmentContentType[];
/** The dropzone's accept list: the same types. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_CONTENT_TYPES;

export const ATTACHMENT_READ_RULE: AccessRule = EVENT_READ_RULE;
export const ATTACHMENT_WRITE_RULE: AccessRule = EVENT_WRITE_RULE;

export const attachmentPaths = {
  /** GET → {data: attachments, newest first}; POST multipart (field "file") → 201 attachment. */
  list: (eventId: number | string) => `${MAIN_API}/events/${eventId}/attachments`,
  /** DELETE → 204. */
  one: (eventId: number | string, attachmentId: number | string) =>
    `${MAIN_API}/events/${eventId}/attachments/${attachmentId}`,
  /** GET ?t=token (no bearer): the file, as a download. The list gives each attachment's signed URL. */
  download: (eventId: number | string, attachmentId: number | string) =>
    `${MAIN_API}/events/${eventId}/attachments/${attachmentId}/download`,
} as const;

export const ATTACHMENT_MESSAGES = messageCatalog('ATTACHMENT_MESSAGES', {
  notMultipart: 'Send the document as multipart/form-data with the file in the field "file"',
  missingFile: 'No file: send the document in the field "file"',
  tooLarge: `The document is too large (limit ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MiB)`,
  emptyFile: 'The file is empty',
  unsupportedType: 'Unsupported document: send a PDF, an image (PNG, JPEG, GIF, WebP) or an office document',
  tooMany: `An event has at most ${ATTACHMENTS_PER_EVENT} attachments`,
  notFound: (id: number | string) => `Attachment ${id} not found`,
  linkExpired: 'This download link is not valid or has expired: open the event again',
});

export const attachmentResponse = z.object({
  id: z.number(),
  eventId: z.number(),
  name: z.string(),
  contentType: z.enum(ATTACHMENT_CONTENT_TYPES),
  size: z.number(),
  createdAt: isoDateTime,
  /** Signed for DOWNLOAD_LINK_TTL_SECONDS (contract videos.ts). */
  downloadUrl: z.string(),
});
export type Attachment = z.infer<typeof attachmentResponse>;
export const attachmentListResponse = z.object({ data: z.array(attachmentResponse) });
export type AttachmentList = z.infer<typeof attachmentListResponse>;
export const attachmentDownloadQuery = z.object({ t: z.string().max(100) }).strict();
