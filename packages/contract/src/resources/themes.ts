import { z } from 'zod';
import type { AccessRule } from '../access.ts';
import { THEME_PRIMARY_COLOR } from '../ui.ts';
import { imageKey } from '../uploads.schemas.ts';
import { hexColor } from './accounts.ts';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';
import { referenceId } from './shapes.ts';

export const THEME_NAME_MAX = 80;
export const THEME_SECONDARY_COLOR = '#14213D';
/** Fonts the players ship with. */
export const THEME_FONTS = ['inter', 'roboto', 'montserrat', 'open-sans', 'oswald'] as const;
/** How the player draws markers on its timeline. */
export const MARKER_ICON_STYLES = ['filled', 'outlined', 'minimal'] as const;

/** Read and written by the same people. */
const THEME_RULE: AccessRule = registeredWriteRule('themes');

/**
 * The look of an account's players (menu account/themes): colours, logo and font on the config
 * tab; on the markers tab, how markers are drawn and which marker types the timeline shows
 * (none chosen: all of them).
 */
export const themesResource = defineResource({
  name: 'themes',
  gateway: 'main',
  labelKey: 'resource.themes',
  fields: z.object({
    name: z.string().trim().min(1).max(THEME_NAME_MAX),
    /** Spec §9: #0ACAFF unless the account chooses otherwise. */
    primaryColor: hexColor.default(THEME_PRIMARY_COLOR),
    secondaryColor: hexColor.default(THEME_SECONDARY_COLOR),
    /** An uploaded image key (kind 'logo'). */
    logo: imageKey.nullable().default(null),
    font: z.enum(THEME_FONTS).default('inter'),
    markerIconStyle: z.enum(MARKER_ICON_STYLES).default('filled'),
    /** Ids of the account's marker types shown on the timeline. */
    markerTypes: z.array(referenceId).max(200).default([]),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: THEME_NAME_MAX, tab: 'config' },
    primaryColor: { widget: 'color', tab: 'config' },
    secondaryColor: { widget: 'color', tab: 'config' },
    logo: { widget: 'image', imageKind: 'logo', tab: 'config' },
    font: { widget: 'select', options: THEME_FONTS, tab: 'config' },
    markerIconStyle: { widget: 'select', options: MARKER_ICON_STYLES, tab: 'markers' },
    markerTypes: { widget: 'references', reference: 'marker-types', tab: 'markers' },
  },
  columns: ['name', 'primaryColor', 'secondaryColor', 'logo', 'font', 'updatedAt'],
  filters: ['font', 'markerTypes'],
  sortable: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name'],
  unique: [['name']],
  relations: { MarkerTypes: { resource: 'marker-types', kind: 'manyToMany', through: 'theme_marker_types' } },
  access: { read: THEME_RULE, write: THEME_RULE },
  tenancy: 'account',
});
