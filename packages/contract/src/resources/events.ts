import { z } from 'zod';
import type { AccessRule } from '../access.ts';
import { adTagUrl } from '../advertising.schemas.ts';
import { isoDateTime } from '../datetime.ts';
import { EVENT_MESSAGES } from '../events.ts';
import { geoRule } from '../geo.schemas.ts';
import { MATCH_PERIODS, periodsProblem } from '../match-clock.ts';
import { MATCH_EVENT_MESSAGES, periodStartSchema } from '../match-events.ts';
import { MODULE_CODES } from '../modules.ts';
import { imageKey } from '../uploads.schemas.ts';
import { defineResource, endsAfterStart, type FieldRule } from './define.ts';
import { registeredWriteRule } from './registry.ts';
import { referenceId } from './shapes.ts';

export const EVENT_NAME_MAX = 120;
export const MARKER_LABEL_MAX = 120;
/** Spec §4 "Event": state, default 'replay'. */
export const EVENT_STATES = ['upcoming', 'live', 'replay'] as const;
export type EventState = (typeof EVENT_STATES)[number];

/**
 * The state of a new event made without one (issue 46.7): upcoming when it starts in the future,
 * else the spec's default 'replay' (a past match, filed with its video).
 */
export function initialEventState(startsAt: string | Date | null | undefined, now = new Date()): EventState {
  const start = startsAt instanceof Date ? startsAt.getTime() : startsAt ? Date.parse(startsAt) : Number.NaN;
  return start > now.getTime() ? 'upcoming' : 'replay';
}

/** Sport events are written by sport player writers (menu events/sports): registry.ts. */
export const EVENT_WRITE_RULE: AccessRule = registeredWriteRule('events');
/**
 * Clippers read events and their markers to cut clips from them; the predictor's and MOTM's
 * writers read them to run their games (the event's predictor and motm tabs).
 */
export const EVENT_READ_RULE: AccessRule = {
  authorizedRoles: ['sport_player_write', 'liveclipping_write', 'clip_only', 'predictor_write', 'motm_write'],
  authorizedModules: ['SPORT_EVENTS', 'STREAM_CLIPPING', 'ADDON_PREDICTOR', 'ADDON_MOTM'],
};
/** Operators drop markers live, clippers too: registry.ts. */
export const MARKER_WRITE_RULE: AccessRule = registeredWriteRule('markers');

export const EVENT_VENUE_MAX = 120;

/** An event ends after it starts (strictly: a match has a length). */
export const EVENT_DATES_RULE: FieldRule = endsAfterStart(
  EVENT_MESSAGES.endBeforeStart,
  'resource.events.rule.endBeforeStart',
);

/** Home and away are two different challengers. */
export const EVENT_SIDES_RULE: FieldRule = {
  field: 'awayChallengerId',
  holds: (values) => typeof values.homeChallengerId !== 'number' || values.homeChallengerId !== values.awayChallengerId,
  message: EVENT_MESSAGES.sameChallenger,
  messageKey: 'resource.events.rule.sameChallenger',
};

/** The match clock's periods: each once, each kicking off after the one before (match-clock.ts). */
export const EVENT_PERIODS_DISTINCT_RULE: FieldRule = {
  field: 'periods',
  holds: (values) => !Array.isArray(values.periods) || periodsProblem(values.periods)?.kind !== 'duplicate',
  message: MATCH_EVENT_MESSAGES.periodsDuplicate,
  messageKey: 'resource.events.rule.periodsDuplicate',
};
export const EVENT_PERIODS_ORDER_RULE: FieldRule = {
  field: 'periods',
  holds: (values) => !Array.isArray(values.periods) || periodsProblem(values.periods)?.kind !== 'order',
  message: MATCH_EVENT_MESSAGES.periodsOrder,
  messageKey: 'resource.events.rule.periodsOrder',
};

/**
 * A sport event (menu events/sports; spec §4 "Event": state, name, Markers, Challengers,
 * activatedModules). `videoId` is the replay the markers' times point into; the competition,
 * season and round cascade (the server refuses a season of another competition, a round of
 * another season); `activatedModules` is a subset of the account's modules and opens the tabs
 * that need them (contract events.ts EVENT_TAB_MODULES).
 */
export const eventsResource = defineResource({
  name: 'events',
  gateway: 'main',
  labelKey: 'resource.events',
  fields: z.object({
    name: z.string().trim().min(1).max(EVENT_NAME_MAX),
    sportId: referenceId.nullable().default(null),
    competitionId: referenceId.nullable().default(null),
    seasonId: referenceId.nullable().default(null),
    roundId: referenceId.nullable().default(null),
    /** Stored for every event: the list sorts by it. A new event starts now unless told. */
    startsAt: isoDateTime.default(() => new Date().toISOString()),
    endsAt: isoDateTime.nullable().default(null),
    venue: z.string().trim().max(EVENT_VENUE_MAX).default(''),
    homeChallengerId: referenceId.nullable().default(null),
    awayChallengerId: referenceId.nullable().default(null),
    /** An uploaded image key (kind 'picture'). */
    poster: imageKey.nullable().default(null),
    /** Left out on creation: from the start (initialEventState), upcoming when it is ahead. */
    state: z.enum(EVENT_STATES).optional(),
    /** A video of the account: the replay markers point into and clips are cut from. */
    videoId: referenceId.nullable().default(null),
    /** One of the account's themes: the player's colours, logo and font. */
    themeId: referenceId.nullable().default(null),
    /** Shown to fans (embed, apps) once published. */
    published: z.boolean().default(false),
    /** Modules switched on for this event (chat, predictor, …), a subset of the account's. */
    activatedModules: z.array(z.enum(MODULE_CODES)).max(MODULE_CODES.length).default([]),
    /** GEO_BLOCKING: its own rule in place of the account's (contract geo.ts); null: the account's. */
    geoBlocking: geoRule.nullable().default(null),
    /** RESTRAINED_ACCESS: only the club's signed-in fans watch it (contract viewer-access.ts). */
    fansOnly: z.boolean().default(false),
    /**
     * ADVERTISING: its own VAST or VMAP tag in place of the account's (contract advertising.ts);
     * null: the account's. Ads play only where the event switches ADVERTISING on.
     */
    adTagUrl: adTagUrl.nullable().default(null),
    /**
     * The match clock (contract match-clock.ts): where each period (1, 2 halves, 3, 4 extra time,
     * 5 penalties) kicks off in the event's video, seconds. Imported match events are placed from
     * them, and move with them. Set on the markers tab's match clock panel.
     */
    periods: z.array(periodStartSchema).max(MATCH_PERIODS.length).default([]),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: EVENT_NAME_MAX },
    sportId: { widget: 'reference', reference: 'sports' },
    competitionId: { widget: 'reference', reference: 'competitions' },
    seasonId: { widget: 'reference', reference: 'seasons' },
    roundId: { widget: 'reference', reference: 'rounds' },
    startsAt: { widget: 'dateTime' },
    endsAt: { widget: 'dateTime' },
    venue: { widget: 'limitedText', textLimit: EVENT_VENUE_MAX },
    homeChallengerId: { widget: 'reference', reference: 'challengers' },
    awayChallengerId: { widget: 'reference', reference: 'challengers' },
    poster: { widget: 'image', imageKind: 'picture' },
    state: { widget: 'select', options: EVENT_STATES },
    videoId: { widget: 'reference', reference: 'videos' },
    themeId: { widget: 'reference', reference: 'themes', tab: 'theme' },
    published: { widget: 'switch', tab: 'settings' },
    activatedModules: { widget: 'multiSelect', options: MODULE_CODES, tab: 'settings' },
    geoBlocking: { widget: 'geoRule', tab: 'settings', requiredModule: 'GEO_BLOCKING' },
    fansOnly: { widget: 'switch', tab: 'settings', requiredModule: 'RESTRAINED_ACCESS' },
    adTagUrl: { widget: 'text', tab: 'settings', requiredModule: 'ADVERTISING' },
    periods: { widget: 'json', tab: 'markers' },
  },
  columns: ['poster', 'name', 'state', 'startsAt', 'sportId', 'competitionId', 'venue', 'published'],
  filters: ['state', 'sportId', 'competitionId', 'seasonId', 'roundId', 'startsAt', 'videoId', 'published'],
  sortable: ['startsAt', 'name', 'state', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'startsAt', direction: 'desc' },
  search: ['name', 'venue'],
  translatable: ['name'],
  rules: [EVENT_DATES_RULE, EVENT_SIDES_RULE, EVENT_PERIODS_DISTINCT_RULE, EVENT_PERIODS_ORDER_RULE],
  relations: {
    Sport: { resource: 'sports', kind: 'one', foreignKey: 'sportId' },
    Competition: { resource: 'competitions', kind: 'one', foreignKey: 'competitionId' },
    Markers: { resource: 'markers', kind: 'many', foreignKey: 'eventId' },
    /** The challengers in their order (PATCH events/{id}/relationships/challengers). */
    Challengers: { resource: 'challengers', kind: 'manyToMany', through: 'challenger_appearances' },
  },
  access: { read: EVENT_READ_RULE, write: EVENT_WRITE_RULE },
  tenancy: 'account',
});

/**
 * A marker on an event's timeline (/main-api/events/{id}/markers; spec §7 POST/GET/PUT/DELETE
 * markers/{id}): a goal at 1234.5 s of the event's video. Clips cut around it
 * (POST …/markers/{id}/clips?offset=n, contract clips.ts).
 */
export const markersResource = defineResource({
  name: 'markers',
  gateway: 'main',
  parent: { resource: 'events', field: 'eventId' },
  labelKey: 'resource.markers',
  fields: z.object({
    eventId: referenceId,
    markerTypeId: referenceId.nullable().default(null),
    label: z.string().trim().max(MARKER_LABEL_MAX).default(''),
    /** Position in the event's video, seconds. */
    timeSeconds: z.number().finite().min(0),
    /** Null: an instant. */
    durationSeconds: z.number().finite().min(0).nullable().default(null),
  }),
  ui: {
    eventId: { widget: 'reference', reference: 'events', readOnly: true },
    markerTypeId: { widget: 'reference', reference: 'marker-types' },
    label: { widget: 'limitedText', textLimit: MARKER_LABEL_MAX },
    timeSeconds: { widget: 'number', step: 0.1 },
    durationSeconds: { widget: 'number', step: 0.1 },
  },
  columns: ['timeSeconds', 'markerTypeId', 'label', 'durationSeconds'],
  filters: ['markerTypeId'],
  sortable: ['timeSeconds', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'timeSeconds', direction: 'asc' },
  search: ['label'],
  relations: { MarkerType: { resource: 'marker-types', kind: 'one', foreignKey: 'markerTypeId' } },
  access: { read: EVENT_READ_RULE, write: MARKER_WRITE_RULE },
  tenancy: 'account',
});
