import { z } from 'zod';
import { MARKER_NOTIFICATION_GROUPS } from '../auth.ts';
import { THEME_PRIMARY_COLOR } from '../ui.ts';
import { imageKey } from '../uploads.schemas.ts';
import { hexColor } from './accounts.ts';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';
import { referenceId } from './shapes.ts';

export const MARKER_TYPE_NAME_MAX = 60;
export const MARKER_TYPE_CODE_MAX = 40;
export const MARKER_TYPE_POSITION_MAX = 10_000;
/** The notification groups a marker type may belong to (admin payload markerNotificationGroups). */
export const MARKER_NOTIFICATION_GROUP_IDS = MARKER_NOTIFICATION_GROUPS.map((group) => group.id);

/**
 * The kinds of marker an operator drops on an event's timeline (goal, yellow card, …). A marker
 * type without a sport applies to every sport; its notification group decides which fan
 * notifications it may trigger. The code is what data providers and the player use.
 */
export const markerTypesResource = defineResource({
  name: 'marker-types',
  singular: 'Marker type',
  gateway: 'main',
  labelKey: 'resource.markerTypes',
  fields: z.object({
    name: z.string().trim().min(1).max(MARKER_TYPE_NAME_MAX),
    code: z
      .string()
      .trim()
      .toLowerCase()
      .min(1)
      .max(MARKER_TYPE_CODE_MAX)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and dashes, like yellow-card'),
    color: hexColor.default(THEME_PRIMARY_COLOR),
    /** An uploaded image key (kind 'icon'). */
    icon: imageKey.nullable().default(null),
    /** Null: the marker type applies to every sport. */
    sportId: referenceId.nullable().default(null),
    notificationGroup: z.enum(MARKER_NOTIFICATION_GROUP_IDS).nullable().default(null),
    /** Order in the operators' marker palette, smallest first. */
    position: z.number().int().min(0).max(MARKER_TYPE_POSITION_MAX).default(0),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: MARKER_TYPE_NAME_MAX },
    code: { widget: 'text' },
    color: { widget: 'color' },
    icon: { widget: 'image', imageKind: 'icon' },
    sportId: { widget: 'reference', reference: 'sports' },
    notificationGroup: { widget: 'select', options: MARKER_NOTIFICATION_GROUP_IDS },
    position: { widget: 'number' },
  },
  columns: ['position', 'name', 'code', 'color', 'sportId', 'notificationGroup', 'updatedAt'],
  filters: ['notificationGroup', 'sportId'],
  sortable: ['position', 'name', 'code', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'position', direction: 'asc' },
  search: ['name', 'code'],
  translatable: ['name'],
  unique: [['name'], ['code']],
  relations: { Sport: { resource: 'sports', kind: 'one', foreignKey: 'sportId' } },
  access: {
    read: { authorizedRoles: ['sport_player_write', 'liveclipping_write'] },
    write: registeredWriteRule('marker-types'),
  },
  tenancy: 'account',
});
