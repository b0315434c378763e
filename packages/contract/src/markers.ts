import { z } from 'zod';
import { recordId } from './accounts.ts';
import { MAIN_API, resourcePath } from './api.ts';
import { clipSource } from './clips.schemas.ts';
import { eventTopic } from './realtime.ts';
import { MARKER_LABEL_MAX, markersResource } from './resources/events.ts';
import { referenceId, systemFields } from './resources/shapes.ts';
import { VIDEO_STATES } from './videos.ts';

/**
 * Markers on an event's timeline (spec §7 "Events: POST/GET/PUT/DELETE markers/{id}; PATCH
 * relationships/markers"). The record is `markersResource` (resources/events.ts), served by the
 * generic engine under its event: POST/GET `events/{id}/markers`, GET/PUT/DELETE
 * `events/{id}/markers/{markerId}`. This file holds what the engine does not derive: the
 * relationships call, the realtime events every marker change publishes, and the editor's keys.
 */

export const markerPaths = {
  /** POST a marker, GET the event's markers (generic list query). */
  markers: (eventId: number | string) => resourcePath(markersResource, eventId),
  /** GET / PUT / DELETE one marker of the event. */
  marker: (eventId: number | string, markerId: number | string) =>
    `${resourcePath(markersResource, eventId)}/${markerId}`,
  /** PATCH markersRelationshipsBody → 200 markersRelationshipsResponse. */
  relationships: (eventId: number | string) => `${MAIN_API}/events/${eventId}/relationships/markers`,
  /** GET → eventReplayResponse: the event's replay video as the editors' player needs it. */
  replay: (eventId: number | string) => `${MAIN_API}/events/${eventId}/replay`,
  /**
   * GET ?search&limit&offset → {data, total} (clip sources' shape): the account's ready videos an
   * event writer may choose as its replay, for producers who do not read the video library.
   */
  replaySources: `${MAIN_API}/events/replay-sources`,
} as const;

/**
 * GET events/{id}/replay: the event's replay video (its `videoId`) for whoever may read the event
 * (a producer or clipper may hold no video role): title, duration, state, playback URLs. `video`
 * is null while the event has no replay; `playback` is null until the video is ready.
 */
export const eventReplayResponse = z.object({ video: clipSource.extend({ state: z.enum(VIDEO_STATES) }).nullable() });
export type EventReplayResponse = z.infer<typeof eventReplayResponse>;

/** At most this many markers in one relationships PATCH (a long match holds a few hundred). */
export const MARKERS_PER_EVENT_MAX = 2_000;

/** A marker as every call and realtime event presents it. */
export const markerRecord = systemFields.extend({
  eventId: z.number(),
  markerTypeId: z.number().nullable(),
  label: z.string().max(MARKER_LABEL_MAX),
  timeSeconds: z.number(),
  durationSeconds: z.number().nullable(),
});
export type MarkerRecord = z.infer<typeof markerRecord>;

/**
 * PATCH events/{id}/relationships/markers (JSON:API style, as `relationships/challengers`): the
 * event's set of markers becomes exactly the listed ones. Every id must be a marker of THIS event
 * (a marker's time points into its own event's video, so markers never move between events):
 * an unknown id answers 400 naming it and nothing changes. The event's markers left out are
 * deleted, in one transaction, each publishing `marker.deleted`. An id listed twice counts once;
 * an empty list deletes every marker. Answer: the markers kept, by time.
 */
export const markersRelationshipsBody = z
  .object({
    data: z.array(z.object({ type: z.literal('Marker'), id: referenceId }).strict()).max(MARKERS_PER_EVENT_MAX),
  })
  .strict();
export type MarkersRelationshipsBody = z.infer<typeof markersRelationshipsBody>;
export const markersRelationshipsResponse = z.object({ data: z.array(markerRecord) });
export type MarkersRelationshipsResponse = z.infer<typeof markersRelationshipsResponse>;
export const eventIdPathParams = z.object({ id: recordId });

/**
 * Realtime (contract realtime.ts): every committed marker change, whichever call made it (the
 * generic engine's POST/PUT/DELETE, the relationships PATCH), is published on the account's topic
 * `/admin/{eventId}` as `{type, payload: {marker}}`: the marker as it now is (created, updated) or
 * as it was (deleted). A client applies them by id, so its own changes coming back are harmless.
 */
export const MARKER_EVENTS = {
  created: 'marker.created',
  updated: 'marker.updated',
  deleted: 'marker.deleted',
} as const;
export type MarkerChange = keyof typeof MARKER_EVENTS;
export type MarkerEventType = (typeof MARKER_EVENTS)[MarkerChange];
export const MARKER_EVENT_TYPES: readonly MarkerEventType[] = Object.values(MARKER_EVENTS);
export interface MarkerEventPayload {
  marker: MarkerRecord;
}
export const markerEventPayload = z.object({ marker: markerRecord });

/** The topic a marker's changes go to: its event's. */
export function markerTopic(eventId: number): string {
  return eventTopic(eventId);
}

export function isMarkerEventType(type: string): type is MarkerEventType {
  return (MARKER_EVENT_TYPES as readonly string[]).includes(type);
}

/**
 * The editor's keyboard. One key per marker type adds a marker of that type at the playhead: the
 * account's marker types in palette order (their `position`, then name, then id) get the digits
 * 1…9 then 0; an account with more than ten types picks the others from the side list. The keys
 * are derived once from the marker types, so every editor of the account shows the same keys.
 */
export const MARKER_TYPE_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'] as const;

export interface KeyedMarkerType<Type> {
  key: (typeof MARKER_TYPE_KEYS)[number];
  type: Type;
}

/** The marker types that have a key, with it, in palette order. */
export function markerTypeKeys<Type extends { id: number; position: number; name: string }>(
  types: readonly Type[],
): KeyedMarkerType<Type>[] {
  const ordered = [...types].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name) || a.id - b.id);
  return ordered.slice(0, MARKER_TYPE_KEYS.length).flatMap((type, index) => {
    const key = MARKER_TYPE_KEYS[index];
    return key ? [{ key, type }] : [];
  });
}

/** A focused marker on the timeline: ← → move it by the step, with Shift by the big step. */
export const MARKER_MOVE_STEP_SECONDS = 0.1;
export const MARKER_MOVE_BIG_STEP_SECONDS = 1;
/** Keys that delete the focused marker. */
export const MARKER_DELETE_KEYS = ['Delete', 'Backspace'] as const;

/**
 * The clip workspace's keys (besides the player's own: space, ← →, j l…): I / O set the in / out
 * point at the playhead, R cuts that range, [ / ] select the previous / next marker (and seek
 * to it), X cuts a clip from the selected marker.
 */
export const CLIP_WORKSPACE_KEYS = {
  setIn: 'i',
  setOut: 'o',
  cutRange: 'r',
  previousMarker: '[',
  nextMarker: ']',
  cutMarker: 'x',
} as const;
export type ClipWorkspaceCommand = keyof typeof CLIP_WORKSPACE_KEYS;
const CLIP_WORKSPACE_COMMANDS: readonly ClipWorkspaceCommand[] = [
  'setIn',
  'setOut',
  'cutRange',
  'previousMarker',
  'nextMarker',
  'cutMarker',
];

/** The workspace command of a key (any case, no modifier), or null. */
export function clipWorkspaceCommand(
  key: string,
  modifiers: { ctrl: boolean; alt: boolean; meta: boolean },
): ClipWorkspaceCommand | null {
  if (modifiers.ctrl || modifiers.alt || modifiers.meta) return null;
  const lower = key.toLowerCase();
  return CLIP_WORKSPACE_COMMANDS.find((command) => CLIP_WORKSPACE_KEYS[command] === lower) ?? null;
}
