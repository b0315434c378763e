import { z } from 'zod';
import type { AccessRule } from '../access.ts';
import { MODULE_CODES } from '../modules.ts';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';
import { isoDateTime } from './seasons.ts';
import { referenceId } from './shapes.ts';

export const EVENT_NAME_MAX = 120;
export const MARKER_LABEL_MAX = 120;
/** Spec §4 "Event": state, default 'replay'. */
export const EVENT_STATES = ['upcoming', 'live', 'replay'] as const;
export type EventState = (typeof EVENT_STATES)[number];

/** Sport events are written by sport player writers (menu events/sports): registry.ts. */
export const EVENT_WRITE_RULE: AccessRule = registeredWriteRule('events');
/** Clippers read events and their markers to cut clips from them. */
export const EVENT_READ_RULE: AccessRule = {
  authorizedRoles: ['sport_player_write', 'liveclipping_write', 'clip_only'],
  authorizedModules: ['SPORT_EVENTS', 'STREAM_CLIPPING'],
};
/** Operators drop markers live, clippers too: registry.ts. */
export const MARKER_WRITE_RULE: AccessRule = registeredWriteRule('markers');

/**
 * A sport event (menu events/sports; spec §4 "Event": state, name, Markers, Challengers,
 * activatedModules). This is the part clips need; its screens and the rest of its fields come
 * with the events issue. `videoId` is the replay the markers' times point into.
 */
export const eventsResource = defineResource({
  name: 'events',
  gateway: 'main',
  labelKey: 'resource.events',
  fields: z.object({
    name: z.string().trim().min(1).max(EVENT_NAME_MAX),
    state: z.enum(EVENT_STATES).default('replay'),
    startsAt: isoDateTime.nullable().default(null),
    sportId: referenceId.nullable().default(null),
    /** A video of the account: the replay markers point into and clips are cut from. */
    videoId: referenceId.nullable().default(null),
    /** Modules switched on for this event (chat, predictor, …), a subset of the account's. */
    activatedModules: z.array(z.enum(MODULE_CODES)).max(MODULE_CODES.length).default([]),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: EVENT_NAME_MAX },
    state: { widget: 'select', options: EVENT_STATES },
    startsAt: { widget: 'dateTime' },
    sportId: { widget: 'reference', reference: 'sports' },
    videoId: { widget: 'reference', reference: 'videos' },
    activatedModules: { widget: 'multiSelect', options: MODULE_CODES },
  },
  columns: ['name', 'state', 'startsAt', 'sportId', 'updatedAt'],
  filters: ['state', 'sportId', 'videoId'],
  sortable: ['name', 'state', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  search: ['name'],
  translatable: ['name'],
  relations: {
    Sport: { resource: 'sports', kind: 'one', foreignKey: 'sportId' },
    Markers: { resource: 'markers', kind: 'many', foreignKey: 'eventId' },
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
