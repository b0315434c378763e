import { describe, expect, it } from 'vitest';
import { attachmentName, detectAttachmentType } from './attachments.detect.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('detectAttachmentType', () => {
  it('recognises PDFs and images by their first bytes, whatever is declared', () => {
    expect(detectAttachmentType(Buffer.from('%PDF-1.7\n...'), 'text/plain')).toBe('application/pdf');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    expect(detectAttachmentType(png, 'application/pdf')).toBe('image/png');
  });

  it('takes an office type only when the container matches it', () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]);
    expect(detectAttachmentType(zip, DOCX)).toBe(DOCX);
    expect(detectAttachmentType(zip, 'application/msword')).toBeNull();
    expect(detectAttachmentType(zip, 'application/zip')).toBeNull();
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);
    expect(detectAttachmentType(ole, 'application/vnd.ms-excel')).toBe('application/vnd.ms-excel');
  });

  it('refuses SVG, text and renamed files', () => {
    expect(detectAttachmentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml')).toBeNull();
    expect(detectAttachmentType(Buffer.from('hello'), 'application/pdf')).toBeNull();
    expect(detectAttachmentType(Buffer.from('hello'), DOCX)).toBeNull();
  });
});

describe('attachmentName', () => {
  it('keeps the file name only, without control characters', () => {
    expect(attachmentName('C:\\temp\\team\u0007 sheet.pdf', 200)).toBe('team sheet.pdf');
    expect(attachmentName('../../etc/passwd', 200)).toBe('passwd');
    expect(attachmentName(undefined, 200)).toBe('document');
    expect(attachmentName('abcdef', 3)).toBe('abc');
  });
});
