import { z } from 'zod';
import type { LifecycleResource } from './lifecycle.ts';

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
  at: z.string(),
  /** Who switched; null for a switch the server made (the first camera at go-live). */
  userId: z.number().nullable(),
});
export type ProgramSwitch = z.infer<typeof programSwitchResponse>;
