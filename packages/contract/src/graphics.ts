import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { messageCatalog, schemaMessage } from './messages.ts';
import type { ModuleCode } from './modules.ts';
import { imageKey } from './uploads.schemas.ts';

/**
 * Graphics of a sport event (event tab 'graphics', spec §2). DECISION: a graphic is a still image
 * (PNG, JPEG or script-free SVG, uploaded through POST uploads/images, which checks its first
 * bytes and stores it through the storage interface) of a kind (scoreboard, lower third,
 * logo/bug), placed on the video by a preset (a corner, the middle of an edge or the centre),
 * a margin and a width (both in % of the video's width, so a graphic keeps its place on every
 * rendition) and an opacity. A clip chooses graphics with `graphicIds` (POST videos/{id}/clips,
 * POST events/{id}/markers/{markerId}/clips): the clip engine burns them in with ffmpeg's overlay,
 * in the order given, over the cut only (not over a skin's rolls). Graphics belong to one event
 * of one account; a clip may only use graphics of its account (and, cut from a marker, of its event).
 * The live issue will show the same graphics over the live player.
 */

/** The module that activates the graphics tab and calls (spec §6 "graphics need their own modules"). */
export const GRAPHICS_MODULE: ModuleCode = 'GRAPHICS';

export const GRAPHIC_KINDS = ['scoreboard', 'lower-third', 'logo'] as const;
export type GraphicKind = (typeof GRAPHIC_KINDS)[number];

/** Where a graphic sits: the four corners, the middle of each edge, the centre. */
export const GRAPHIC_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'middle-left',
  'center',
  'middle-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type GraphicPosition = (typeof GRAPHIC_POSITIONS)[number];

/** Image types a graphic may be, by the extension the upload gave its key (from its first bytes). */
export const GRAPHIC_IMAGE_EXTENSIONS = ['png', 'jpg', 'svg'] as const;

export const GRAPHIC_LIMITS = {
  nameMax: 80,
  /** Width of the graphic, % of the video's width. */
  widthPercent: { min: 2, max: 100, default: 20 },
  /** Distance to the edges it is placed against, % of the video's width. */
  marginPercent: { min: 0, max: 20, default: 3 },
  opacity: { min: 0, max: 1, default: 1 },
  perEvent: 30,
  perClip: 5,
} as const;

/** Clippers read the graphics to choose them; everyone reading events too. */
export const GRAPHICS_READ_RULE: AccessRule = {
  authorizedRoles: ['sport_player_write', 'liveclipping_write', 'clip_only', 'video_write'],
  requiredModules: [GRAPHICS_MODULE],
};
/** Sport player writers make them (the event's writers). */
export const GRAPHICS_WRITE_RULE: AccessRule = {
  authorizedRoles: ['sport_player_write'],
  requiredModules: ['SPORT_EVENTS', GRAPHICS_MODULE],
};

export const graphicPaths = {
  /** GET → {data: graphics, oldest first}; POST graphicBody → 201 graphic. */
  list: (eventId: number | string) => `${MAIN_API}/events/${eventId}/graphics`,
  /** PUT graphicUpdateBody (any of the fields) → graphic; DELETE → 204. */
  one: (eventId: number | string, graphicId: number | string) => `${MAIN_API}/events/${eventId}/graphics/${graphicId}`,
} as const;

export const GRAPHIC_MESSAGES = messageCatalog('GRAPHIC_MESSAGES', {
  notFound: (id: number | string) => `Graphic ${id} not found`,
  imageType: 'A graphic is a PNG, JPEG or SVG image',
  imageMissing: 'The image was not found: upload it again',
  tooMany: `An event has at most ${GRAPHIC_LIMITS.perEvent} graphics`,
  notOfClip: (id: number | string) => `Graphic ${id} is not one of this event's graphics`,
  imageUnreadable: (key: string) => `The graphic image ${key} is missing from storage`,
  duplicateIds: 'Choose each graphic once',
});

const percent = (limits: { min: number; max: number }) => z.number().finite().min(limits.min).max(limits.max);

const graphicFields = {
  name: z.string().trim().min(1).max(GRAPHIC_LIMITS.nameMax),
  kind: z.enum(GRAPHIC_KINDS),
  imageKey: imageKey.refine(
    (key) => (GRAPHIC_IMAGE_EXTENSIONS as readonly string[]).includes(key.slice(key.lastIndexOf('.') + 1)),
    schemaMessage(GRAPHIC_MESSAGES.imageType),
  ),
  position: z.enum(GRAPHIC_POSITIONS),
  widthPercent: percent(GRAPHIC_LIMITS.widthPercent),
  marginPercent: percent(GRAPHIC_LIMITS.marginPercent),
  opacity: percent(GRAPHIC_LIMITS.opacity),
};

export const graphicBody = z
  .object({
    ...graphicFields,
    position: graphicFields.position.default('top-left'),
    widthPercent: graphicFields.widthPercent.default(GRAPHIC_LIMITS.widthPercent.default),
    marginPercent: graphicFields.marginPercent.default(GRAPHIC_LIMITS.marginPercent.default),
    opacity: graphicFields.opacity.default(GRAPHIC_LIMITS.opacity.default),
  })
  .strict();
export type GraphicBody = z.input<typeof graphicBody>;
export type GraphicValues = z.infer<typeof graphicBody>;
export const graphicUpdateBody = z.object(graphicFields).partial().strict();
export type GraphicUpdateBody = z.infer<typeof graphicUpdateBody>;

export const graphicResponse = z.object({
  id: z.number(),
  eventId: z.number(),
  name: z.string(),
  kind: z.enum(GRAPHIC_KINDS),
  imageKey: z.string(),
  imageUrl: z.string(),
  position: z.enum(GRAPHIC_POSITIONS),
  widthPercent: z.number(),
  marginPercent: z.number(),
  opacity: z.number(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Graphic = z.infer<typeof graphicResponse>;
export const graphicListResponse = z.object({ data: z.array(graphicResponse) });
export type GraphicList = z.infer<typeof graphicListResponse>;

/** The ids a clip call may send in `graphicIds`: distinct, at most GRAPHIC_LIMITS.perClip. */
export const clipGraphicIds = z
  .array(z.number().int().positive())
  .max(GRAPHIC_LIMITS.perClip)
  .refine((ids) => new Set(ids).size === ids.length, schemaMessage(GRAPHIC_MESSAGES.duplicateIds));
