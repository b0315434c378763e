// Kept free of zod so the web app can import these values without pulling a schema library in.
import type { AccessRule } from './access.ts';
import { messageCatalog } from './messages.ts';
import { ROLES } from './roles.ts';

/**
 * Image uploads (spec §3 "Image upload"): logos, clip skins, sponsor visuals. The response shape
 * is `uploadedImage` in uploads.schemas.ts.
 */

/** Where an image is used: the FieldUi `imageKind`, the `kind` of the upload, a storage folder. */
export const IMAGE_KINDS = ['logo', 'skin', 'sponsor', 'picture', 'icon'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** Largest image accepted (413 above). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Accepted types, recognised by their first bytes (never by the file name), and their extension. */
export const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
} as const;
export type ImageContentType = keyof typeof IMAGE_TYPES;
/** IMAGE_TYPES' keys, as a list (resources.test.ts checks they are the same). */
export const ACCEPTED_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/svg+xml',
] as const satisfies readonly ImageContentType[];

/** POST: multipart/form-data, one file in field `file`, `kind` as a field or in the query. */
export const UPLOAD_IMAGES_PATH = '/main-api/uploads/images';
/** GET: public, immutable (keys are content-hashed). */
export const IMAGES_PATH = '/images';
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Anyone who may write something: every role but read_only. */
export const UPLOAD_RULE: AccessRule = { authorizedRoles: ROLES.filter((role) => role !== 'read_only') };

export const UPLOAD_MESSAGES = messageCatalog('UPLOAD_MESSAGES', {
  notMultipart: 'Send the image as multipart/form-data with the file in the field "file"',
  missingFile: 'No file: send the image in the field "file"',
  unknownKind: `Unknown image kind: use one of ${IMAGE_KINDS.join(', ')}`,
  tooLarge: `The image is too large (limit ${IMAGE_MAX_BYTES / 1024 / 1024} MiB)`,
  unsupportedType: 'Unsupported image type: send a PNG, JPEG, WebP, GIF or SVG image',
  emptyFile: 'The file is empty',
  unsafeSvg: 'SVG images must not contain scripts, event handlers or external entities',
  notFound: 'Image not found',
});
