// Kept free of zod: the web app imports these values without a schema library. Schemas: watermark.schemas.ts.
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { messageCatalog } from './messages.ts';
import type { ModuleCode } from './modules.ts';
import { PLAYBACK_SETTINGS_RULE } from './playback.ts';

/**
 * WATERMARK (issue 47 point 4): the account's logo burned into the picture of its videos and
 * clips, in a corner, at a size and margin relative to the picture's width (so every rung of the
 * ladder shows it alike) and an opacity. A video may turn it off for itself.
 *
 * DECISION: it is burned in by the encode that makes the HLS ladder, in the same ffmpeg pass
 * (overlaid once before the split into rungs), so it costs one overlay, not one per rung. A clip
 * is a video whose ladder comes from that same encode: it gets the watermark there, once (burning
 * it into the clip's cut too would show it twice). A change of the settings changes nothing that
 * is already encoded: each video records the version it was encoded with (`videos.watermark_version`),
 * the Playback screen says how many are out of date and re-encodes them on demand, while they
 * keep playing their current media.
 */
export const WATERMARK_MODULE: ModuleCode = 'WATERMARK';

export const WATERMARK_CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type WatermarkCorner = (typeof WATERMARK_CORNERS)[number];

/** Raster images ffmpeg overlays as they are (an SVG would need a renderer), by the upload key's extension. */
export const WATERMARK_IMAGE_EXTENSIONS = ['png', 'jpg', 'webp'] as const;

export const WATERMARK_LIMITS = {
  /** The logo's width, % of the picture's width. */
  sizePercent: { min: 2, max: 40, default: 12 },
  /** 0 (invisible) to 1 (opaque); below 0.05 nobody sees it. */
  opacity: { min: 0.05, max: 1, default: 0.8 },
  /** Its distance to the two edges of its corner, % of the picture's width. */
  marginPercent: { min: 0, max: 20, default: 3 },
} as const;

export const WATERMARK_DEFAULTS = {
  logoKey: null,
  corner: 'top-right',
  sizePercent: WATERMARK_LIMITS.sizePercent.default,
  opacity: WATERMARK_LIMITS.opacity.default,
  marginPercent: WATERMARK_LIMITS.marginPercent.default,
} as const;

/** The account's watermark: its Playback settings' section (manage_users, or an admin acting). */
export const WATERMARK_SETTINGS_RULE: AccessRule = {
  authorizedRoles: PLAYBACK_SETTINGS_RULE.authorizedRoles ?? [],
  rolesOrPlatformAdmin: true,
  requiredModules: [WATERMARK_MODULE],
};

/** One video encoded again with the account's watermark: whoever may write videos. */
export const WATERMARK_VIDEO_RULE: AccessRule = {
  authorizedRoles: ['video_write'],
  requiredModules: ['VIDEOS', WATERMARK_MODULE],
};

export const watermarkPaths = {
  /** GET → WatermarkResponse; PUT WatermarkSettings → the same. */
  settings: `${MAIN_API}/watermark`,
  /** POST → 202 WatermarkEncodings: every video out of date queued for an encode. */
  encodings: `${MAIN_API}/watermark/encodings`,
  /** POST → 202 job: this video encoded again with the account's watermark (or without, if off for it). */
  videoEncoding: (videoId: number | string) => `${MAIN_API}/videos/${videoId}/watermark-encoding`,
} as const;

export const WATERMARK_MESSAGES = messageCatalog('WATERMARK_MESSAGES', {
  logoType: 'The watermark’s logo must be a PNG, JPEG or WebP image',
  logoMissing: 'The logo was not found: upload it again',
  logoUnreadable: (key: string) => `The watermark logo ${key} is missing from storage`,
});
