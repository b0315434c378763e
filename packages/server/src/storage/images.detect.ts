import type { ImageContentType } from '@regie/contract/uploads';

/**
 * What an uploaded file really is, from its first bytes (a renamed text file is not a PNG), and
 * whether an SVG is safe to serve from our own origin.
 */

function startsWith(data: Buffer, bytes: readonly number[], offset = 0): boolean {
  return data.length >= offset + bytes.length && bytes.every((byte, index) => data[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** The text of an SVG file, or null when the bytes are not an SVG document. */
function svgText(data: Buffer): string | null {
  if (data.includes(0)) return null;
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  // Skip the XML declaration, comments and a doctype before the root element.
  const prologue = /^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^>[]*(\[[\s\S]*?\])?\s*>)*/i;
  const rest = text.replace(prologue, '');
  return /^<svg[\s>]/i.test(rest) ? text : null;
}

export function detectImageType(data: Buffer): ImageContentType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return svgText(data) === null ? null : 'image/svg+xml';
}

/**
 * Anything in an SVG that can run code or reach elsewhere when the file is opened on its own:
 * scripts, event handler attributes, javascript: URLs, embedded HTML, entity declarations.
 */
const UNSAFE_SVG = [
  /<script[\s>/]/i,
  /\son[a-z]+\s*=/i,
  /(java|vb)script\s*:/i,
  /<foreignObject[\s>/]/i,
  /<(iframe|embed|object)[\s>/]/i,
  /<!ENTITY/i,
  /href\s*=\s*["']?\s*data:text\/html/i,
];

export function isUnsafeSvg(data: Buffer): boolean {
  const text = data.toString('utf8');
  return UNSAFE_SVG.some((pattern) => pattern.test(text));
}
