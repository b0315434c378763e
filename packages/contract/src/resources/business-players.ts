import { z } from 'zod';
import type { AccessRule } from '../access.ts';
import { CONFERENCE_MESSAGES } from '../conferences.ts';
import { isoDateTime } from '../datetime.ts';
import { geoRule } from '../geo.schemas.ts';
import { imageKey } from '../uploads.schemas.ts';
import { defineResource, type FieldRule } from './define.ts';
import { EVENT_STATES } from './events.ts';
import { registeredWriteRule } from './registry.ts';
import { endNotBeforeStart } from './seasons.ts';
import { referenceId } from './shapes.ts';

export const CONFERENCE_NAME_MAX = 120;
export const CONFERENCE_DESCRIPTION_MAX = 2000;
export const CONFERENCE_VENUE_MAX = 160;

/** Conferences are written by conference player writers (menu events/conferences): registry.ts. */
export const CONFERENCE_WRITE_RULE: AccessRule = registeredWriteRule('business-players');
/**
 * Spec §6 "Conferences: conf_player_write or clip_only": clippers read a conference, its speakers
 * and chapters to cut clips from it (and export its chapters); they write none of it.
 */
export const CONFERENCE_READ_RULE: AccessRule = {
  authorizedRoles: ['conf_player_write', 'liveclipping_write', 'clip_only'],
  requiredModules: ['BUSINESS_PLAYERS'],
};

export const CONFERENCE_DATES_RULE: FieldRule = {
  field: 'endsAt',
  holds: endNotBeforeStart('startsAt', 'endsAt'),
  message: CONFERENCE_MESSAGES.endsBeforeStart,
  messageKey: 'conferences.rule.endsBeforeStart',
};

/**
 * A conference (spec: business players, /main-api/business-players; menu events/conferences): a
 * talk or a keynote with its replay video, its speakers in order and the chapters of that video.
 * Speakers are not a field: they are set, ordered, by PATCH business-players/{id}/relationships/
 * speakers (contract conferences.ts) and read with expand=[Speakers]. Chapters are a sub-resource
 * with their own calls (conferences.ts). The replay is read through GET …/replay (conferences.ts):
 * conference people hold no video role, so there is no expand=[Video].
 */
export const businessPlayersResource = defineResource({
  name: 'business-players',
  singular: 'conference',
  gateway: 'main',
  labelKey: 'resource.businessPlayers',
  fields: z.object({
    name: z.string().trim().min(1).max(CONFERENCE_NAME_MAX),
    description: z.string().trim().max(CONFERENCE_DESCRIPTION_MAX).default(''),
    startsAt: isoDateTime,
    endsAt: isoDateTime.nullable().default(null),
    venue: z.string().trim().max(CONFERENCE_VENUE_MAX).default(''),
    /** The events' states (spec §4: default 'replay'). */
    state: z.enum(EVENT_STATES).default('replay'),
    /** A video of the account: the replay the chapters point into and clips are cut from. */
    videoId: referenceId.nullable().default(null),
    /** An uploaded image key (kind 'picture'). */
    poster: imageKey.nullable().default(null),
    themeId: referenceId.nullable().default(null),
    published: z.boolean().default(false),
    /** GEO_BLOCKING: its own rule in place of the account's (contract geo.ts); null: the account's. */
    geoBlocking: geoRule.nullable().default(null),
    /** RESTRAINED_ACCESS: only the club's signed-in fans watch it (contract viewer-access.ts). */
    fansOnly: z.boolean().default(false),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: CONFERENCE_NAME_MAX },
    description: { widget: 'limitedText', textLimit: CONFERENCE_DESCRIPTION_MAX },
    startsAt: { widget: 'dateTime' },
    endsAt: { widget: 'dateTime' },
    venue: { widget: 'limitedText', textLimit: CONFERENCE_VENUE_MAX },
    state: { widget: 'select', options: EVENT_STATES },
    videoId: { widget: 'reference', reference: 'videos' },
    poster: { widget: 'image', imageKind: 'picture' },
    themeId: { widget: 'reference', reference: 'themes' },
    published: { widget: 'switch' },
    geoBlocking: { widget: 'geoRule', requiredModule: 'GEO_BLOCKING' },
    fansOnly: { widget: 'switch', requiredModule: 'RESTRAINED_ACCESS' },
  },
  columns: ['poster', 'name', 'state', 'startsAt', 'venue', 'published', 'updatedAt'],
  filters: ['state', 'published', 'videoId'],
  sortable: ['startsAt', 'name', 'state', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'startsAt', direction: 'desc' },
  search: ['name', 'venue'],
  translatable: ['name', 'description'],
  rules: [CONFERENCE_DATES_RULE],
  relations: {
    Speakers: { resource: 'speakers', kind: 'manyToMany', through: 'business_player_speakers' },
  },
  access: { read: CONFERENCE_READ_RULE, write: CONFERENCE_WRITE_RULE },
  tenancy: 'account',
});
