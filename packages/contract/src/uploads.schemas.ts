import { z } from 'zod';
import { FIELD_MESSAGES } from './errors.ts';
import { schemaMessage } from './messages.ts';
import { ACCEPTED_IMAGE_TYPES, IMAGE_KINDS } from './uploads.ts';

/** POST /main-api/uploads/images → the stored image. */
export const uploadedImage = z.object({
  /** `<owner>/<kind>/<sha256>.<ext>`: put it in the record's image field. */
  key: z.string(),
  /** Where to show it: `<imagesUrl>/<key>`. */
  url: z.string(),
  contentType: z.enum(ACCEPTED_IMAGE_TYPES),
  size: z.number(),
});
export type UploadedImage = z.infer<typeof uploadedImage>;

export const uploadQuery = z.object({ kind: z.enum(IMAGE_KINDS).optional() }).strict();

/** An image key as stored in a record (an account logo, a skin): what the upload answered. */
export const imageKey = z
  .string()
  .max(200)
  .regex(/^[a-z0-9-]+\/[a-z]+\/[a-f0-9]{64}\.[a-z]+$/, schemaMessage(FIELD_MESSAGES.imageKey));
