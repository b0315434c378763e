import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import type { LifecycleResource } from './lifecycle.ts';
import { LIVE_INPUTS_RULE } from './live.ts';
import { messageCatalog } from './messages.ts';

/**
 * The cameras of a live event or conference, and its program (issue 12). DECISION: a camera is one
 * of the account's live inputs (contract live.ts) assigned to the content, with a label and a
 * position; the program is the camera on air, and every switch is logged with its wall-clock time.
 * The program's media is a query over the live segment index: each switch takes effect at the new
 * camera's first segment that starts at or after the switch (segment boundaries), marked with
 * EXT-X-DISCONTINUITY. The live player, the DVR, live clips and the replay made at the end of the
 * live all read the program through that one query (server live/program.ts).
 *
 * Content with cameras: sport events and conferences (the lifecycle's resources).
 */
export type CameraContentKind = LifecycleResource;
export const CAMERA_CONTENT_KINDS: readonly CameraContentKind[] = ['events', 'business-players'];

/** The most cameras one content may have. */
export const MAX_CAMERAS_PER_CONTENT = 8;

export const cameraResponse = z.object({
  id: z.number(),
  inputId: z.number(),
  label: z.string(),
  position: z.number(),
});
export type Camera = z.infer<typeof cameraResponse>;

export const programSwitchResponse = z.object({
  id: z.number(),
  /** Null when the camera was removed since. */
  cameraId: z.number().nullable(),
  inputId: z.number(),
  /** ISO wall-clock time the switch was asked. */
  at: isoDateTime,
  /** Who switched; null for a switch the server made (the first camera at go-live). */
  userId: z.number().nullable(),
  /** Their username, to show in the switch log; null with userId (or a user deleted since). */
  username: z.string().nullable(),
});
export type ProgramSwitch = z.infer<typeof programSwitchResponse>;

/**
 * Who assigns cameras and switches the program: live operators (the inputs' rule, contract
 * live.ts LIVE_INPUTS_RULE). Switching between cameras also needs the MULTICAM module, on the
 * account and, for a sport event, activated on the event.
 */
export const CAMERAS_RULE: AccessRule = LIVE_INPUTS_RULE;
export const MULTICAM_RULE: AccessRule = {
  ...LIVE_INPUTS_RULE,
  requiredModules: [...(LIVE_INPUTS_RULE.requiredModules ?? []), 'MULTICAM'],
};

export const CAMERA_MESSAGES = messageCatalog('CAMERA_MESSAGES', {
  notFound: (id: number | string) => `Camera ${id} not found`,
  oneContent: 'Say which event or which conference the camera films: one of eventId and conferenceId',
  inputTaken: 'This live input is already a camera of this content',
  tooMany: `A content has at most ${MAX_CAMERAS_PER_CONTENT} cameras`,
  multicamOff: 'Switching cameras needs the MULTICAM module activated on this event',
});

export const cameraBody = z
  .object({
    eventId: z.number().int().positive().optional(),
    conferenceId: z.number().int().positive().optional(),
    inputId: z.number().int().positive(),
    label: z.string().trim().min(1).max(60).optional(),
    position: z.number().int().min(0).max(MAX_CAMERAS_PER_CONTENT).optional(),
  })
  .strict();
export type CameraBody = z.infer<typeof cameraBody>;

export const cameraUpdateBody = z
  .object({
    label: z.string().trim().min(1).max(60).optional(),
    position: z.number().int().min(0).max(MAX_CAMERAS_PER_CONTENT).optional(),
  })
  .strict();

export const cameraListResponse = z.object({ data: z.array(cameraResponse) });

/** GET multicams/{cameraId}/status: the program now, each camera, the switch log (newest first). */
export const multicamStatusResponse = z.object({
  kind: z.enum(['events', 'business-players']),
  contentId: z.number(),
  /** The camera on air (its latest switch), null before the first. */
  programCameraId: z.number().nullable(),
  cameras: z.array(
    cameraResponse.extend({
      inputName: z.string(),
      inputState: z.enum(['idle', 'live', 'error']),
    }),
  ),
  switches: z.array(programSwitchResponse),
  /** The program's playlists, signed (players send no headers): the live edge and the DVR window. */
  playback: z.object({ liveUrl: z.string(), dvrUrl: z.string() }),
});
export type MulticamStatus = z.infer<typeof multicamStatusResponse>;

/**
 * Realtime (account-relative topic, like the inputs' health LIVE_TOPIC): every switch, published
 * when PUT multicams/{cameraId} succeeded, so each operator's multicam shows it without reloading.
 */
export const MULTICAM_TOPIC = '/admin/multicams';
export const MULTICAM_SWITCH_EVENT = 'multicam.switch';
export const multicamSwitchEvent = z.object({
  kind: z.enum(['events', 'business-players']),
  contentId: z.number(),
  switch: programSwitchResponse,
});
export type MulticamSwitchEvent = z.infer<typeof multicamSwitchEvent>;

/** Spec §7 Streamable "awsstreams POST/PUT/DELETE cameras", Streaming "multicams PUT and /status". */
export const cameraPaths = {
  /** POST cameraBody → 201 camera. */
  create: `${MAIN_API}/awsstreams/cameras`,
  /** PUT cameraUpdateBody → camera; DELETE → 204. */
  one: (id: number | string) => `${MAIN_API}/awsstreams/cameras/${id}`,
  /** GET → {data: cameras} of an event or a conference, in position order. */
  of: (kind: CameraContentKind, contentId: number | string) => `${MAIN_API}/${kind}/${contentId}/cameras`,
  /** PUT (no body) → status: this camera goes on air (the program switches to it). */
  switch: (cameraId: number | string) => `${MAIN_API}/multicams/${cameraId}`,
  /** GET → multicamStatusResponse. */
  status: (cameraId: number | string) => `${MAIN_API}/multicams/${cameraId}/status`,
} as const;
