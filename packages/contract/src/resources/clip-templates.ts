import { z } from 'zod';
import type { AccessRule } from '../access.ts';
import { CLIP_RULE, CLIP_TEMPLATE_SECONDS } from '../clips.ts';
import { clipAspects, REFRAMED_ASPECT_VALUES } from '../vertical.ts';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';
import { referenceId } from './shapes.ts';

export const CLIP_TEMPLATE_NAME_MAX = 80;

/** Who writes clip templates: their registration's rule (registry.ts). */
export const CLIP_TEMPLATE_RULE: AccessRule = registeredWriteRule('clip-templates');
/** Listing templates is also open to video writers who clip (the clip screens offer them). */
const CLIP_TEMPLATE_READ_RULE: AccessRule = CLIP_RULE;

const templateSeconds = z.number().min(CLIP_TEMPLATE_SECONDS.min).max(CLIP_TEMPLATE_SECONDS.max);

/**
 * How a clip made from a marker is cut and dressed (menu clipping/template): the seconds kept
 * before and after the marker, and the skin. At most one template of an account is its default
 * (the server clears the others when one is set); marker clips without a template use it.
 */
export const clipTemplatesResource = defineResource({
  name: 'clip-templates',
  singular: 'Clip template',
  gateway: 'main',
  labelKey: 'resource.clipTemplates',
  fields: z.object({
    name: z.string().trim().min(1).max(CLIP_TEMPLATE_NAME_MAX),
    clipSkinId: referenceId.nullable().default(null),
    secondsBefore: templateSeconds.default(CLIP_TEMPLATE_SECONDS.defaultBefore),
    secondsAfter: templateSeconds.default(CLIP_TEMPLATE_SECONDS.defaultAfter),
    isDefault: z.boolean().default(false),
    aspects: clipAspects.default([]),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: CLIP_TEMPLATE_NAME_MAX },
    clipSkinId: { widget: 'reference', reference: 'clip-skins' },
    secondsBefore: { widget: 'number' },
    secondsAfter: { widget: 'number' },
    isDefault: { widget: 'switch' },
    aspects: { widget: 'multiSelect', options: REFRAMED_ASPECT_VALUES },
  },
  columns: ['name', 'clipSkinId', 'secondsBefore', 'secondsAfter', 'isDefault', 'updatedAt'],
  filters: ['isDefault', 'clipSkinId'],
  sortable: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name'],
  unique: [['name']],
  relations: { ClipSkin: { resource: 'clip-skins', kind: 'one', foreignKey: 'clipSkinId' } },
  access: { read: CLIP_TEMPLATE_READ_RULE, write: CLIP_TEMPLATE_RULE },
  tenancy: 'account',
});
