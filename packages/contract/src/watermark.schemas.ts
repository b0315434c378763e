import { z } from 'zod';
import { schemaMessage } from './messages.ts';
import { imageKey } from './uploads.schemas.ts';
import {
  WATERMARK_CORNERS,
  WATERMARK_DEFAULTS,
  WATERMARK_IMAGE_EXTENSIONS,
  WATERMARK_LIMITS,
  WATERMARK_MESSAGES,
} from './watermark.ts';

const within = (limits: { min: number; max: number; default: number }) =>
  z.number().finite().min(limits.min).max(limits.max).default(limits.default);

/** A logo the upload stored (POST uploads/images answered its key), of a type ffmpeg overlays as it is. */
export const watermarkLogoKey = imageKey.refine(
  (key) => (WATERMARK_IMAGE_EXTENSIONS as readonly string[]).includes(key.slice(key.lastIndexOf('.') + 1)),
  schemaMessage(WATERMARK_MESSAGES.logoType),
);

/**
 * PUT watermark: the account's watermark, given whole (contract watermark.ts). No logo: no
 * watermark, whatever the rest says. Stored in the account's config (`watermark`).
 */
export const watermarkSettings = z
  .object({
    logoKey: watermarkLogoKey.nullable().default(WATERMARK_DEFAULTS.logoKey),
    corner: z.enum(WATERMARK_CORNERS).default(WATERMARK_DEFAULTS.corner),
    sizePercent: within(WATERMARK_LIMITS.sizePercent),
    opacity: within(WATERMARK_LIMITS.opacity),
    marginPercent: within(WATERMARK_LIMITS.marginPercent),
  })
  .strict();
export type WatermarkSettings = z.infer<typeof watermarkSettings>;

/** As the account's config keeps it: the settings and their version (one more at each change). */
export const storedWatermark = watermarkSettings.extend({ version: z.number().int().min(0).default(0) });
export type StoredWatermark = z.infer<typeof storedWatermark>;

export const watermarkResponse = watermarkSettings.extend({
  /** Where the logo is shown (null without one). */
  logoUrl: z.string().nullable(),
  /** Changes so far: a video encoded with another version (or with none, or one while off for it) is out of date. */
  version: z.number().int(),
  videos: z.object({
    /** Videos with playable media. */
    encoded: z.number().int(),
    /** Of them, those whose picture is not what the settings (and their own switch) say now. */
    outOfDate: z.number().int(),
    /** Encodes waiting or running, and their average progress in % (null when none). */
    encoding: z.number().int(),
    progress: z.number().nullable(),
  }),
});
export type WatermarkResponse = z.infer<typeof watermarkResponse>;

/** POST watermark/encodings → the encodes queued (a video already being encoded keeps its job). */
export const watermarkEncodingsResponse = z.object({
  queued: z.number().int(),
  jobIds: z.array(z.number().int()),
});
export type WatermarkEncodings = z.infer<typeof watermarkEncodingsResponse>;
