import { ATTACHMENT_TYPES, type AttachmentContentType } from '@regie/contract/attachments';
import { detectImageType } from '../storage/images.detect.ts';

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK.. (OOXML, OpenDocument)
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // older Office files

const startsWith = (data: Buffer, bytes: readonly number[]) =>
  data.length >= bytes.length && bytes.every((byte, index) => data[index] === byte);

function isAttachmentType(value: string): value is AttachmentContentType {
  return Object.hasOwn(ATTACHMENT_TYPES, value);
}

/**
 * What an attached file really is, from its first bytes. A PDF or an image names itself; an
 * office document is a ZIP or OLE2 container whatever it holds, so there the declared type
 * (which must be an office type of that container) says which document it is. SVG is left out:
 * a document opened from our origin must not be able to run anything.
 */
export function detectAttachmentType(data: Buffer, declared: string): AttachmentContentType | null {
  if (startsWith(data, PDF)) return 'application/pdf';
  const image = detectImageType(data);
  if (image) return image === 'image/svg+xml' ? null : image;
  const type = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!isAttachmentType(type)) return null;
  if (startsWith(data, ZIP) && ATTACHMENT_TYPES[type] === 'zip') return type;
  if (startsWith(data, OLE2) && ATTACHMENT_TYPES[type] === 'ole2') return type;
  return null;
}

/** The name to keep: no folders, no control characters, at most `max` characters. */
export function attachmentName(filename: string | undefined, max: number): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((character) => character.charCodeAt(0) >= 0x20 && character.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return clean.slice(0, max) || 'document';
}
