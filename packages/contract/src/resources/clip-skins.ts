import { z } from 'zod';
import type { AccessRule } from '../access.ts';
import { CLIP_ROLL_SECONDS } from '../clips.ts';
import { imageKey } from '../uploads.schemas.ts';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';

export const CLIP_SKIN_NAME_MAX = 80;
/** Where the overlay sits on the clip. */
export const OVERLAY_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
/** Spec §5: the animation's initial value lies between 0 and 1. */
export const OVERLAY_OPACITY = { min: 0, max: 1 } as const;

const CLIP_SKIN_RULE: AccessRule = registeredWriteRule('clip-skins');

/**
 * What dresses a clip (admin payload aws.prefix.clips: skins, skinPreRoll, skinPostRoll): an
 * overlay image and the assets played before and after it. The three are storage keys; for now
 * each is an uploaded image (kind 'skin'), the video issue lets pre- and post-rolls be videos.
 */
export const clipSkinsResource = defineResource({
  name: 'clip-skins',
  gateway: 'main',
  labelKey: 'resource.clipSkins',
  fields: z.object({
    name: z.string().trim().min(1).max(CLIP_SKIN_NAME_MAX),
    overlayKey: imageKey.nullable().default(null),
    overlayPosition: z.enum(OVERLAY_POSITIONS).default('top-right'),
    /** The overlay's initial opacity, 0 (invisible) to 1 (opaque). */
    overlayOpacity: z.number().min(OVERLAY_OPACITY.min).max(OVERLAY_OPACITY.max).default(1),
    preRollKey: imageKey.nullable().default(null),
    postRollKey: imageKey.nullable().default(null),
    /** Seconds the pre-roll and the post-roll images are each shown. */
    rollSeconds: z.number().min(CLIP_ROLL_SECONDS.min).max(CLIP_ROLL_SECONDS.max).default(CLIP_ROLL_SECONDS.default),
    active: z.boolean().default(true),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: CLIP_SKIN_NAME_MAX },
    overlayKey: { widget: 'image', imageKind: 'skin' },
    overlayPosition: { widget: 'select', options: OVERLAY_POSITIONS },
    overlayOpacity: { widget: 'number', step: 0.1 },
    preRollKey: { widget: 'image', imageKind: 'skin' },
    postRollKey: { widget: 'image', imageKind: 'skin' },
    rollSeconds: { widget: 'number', step: 0.5 },
    active: { widget: 'switch' },
  },
  columns: ['name', 'overlayKey', 'overlayPosition', 'overlayOpacity', 'active', 'updatedAt'],
  filters: ['active', 'overlayPosition'],
  sortable: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name'],
  unique: [['name']],
  access: { read: CLIP_SKIN_RULE, write: CLIP_SKIN_RULE },
  tenancy: 'account',
});
