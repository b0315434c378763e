import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { geoRule, geoRuleResponse } from './geo.schemas.ts';
import { convertResponse } from './live.convert.ts';
import { messageSchema } from './messages.schemas.ts';
import { type Message, messageCatalog } from './messages.ts';

/**
 * Live inputs (issue 12, spec §7 "Streamable" and "Streaming"; menu medias/streams). An input is
 * where an encoder pushes one camera: an RTMP(S) URL and a secret stream key. The ingest checks
 * the key, a packager copies the stream into HLS segments (1 s or 2 s), each segment indexed,
 * and the live and DVR playlists are queries over that index. Health comes over the WebSocket.
 * The stream tab, DVR player, live clipping, multicam and end of live build on these inputs.
 */

/** Who manages live inputs: the menu's rule for medias/streams (spec §6: use_stream → AWS_STREAM). */
export const LIVE_INPUTS_RULE: AccessRule = { authorizedRoles: ['use_stream'], requiredModules: ['AWS_STREAM'] };

/** Segment length by latency mode: '1s' about 4 s glass-to-glass, '2s' about 7 s but lighter. */
export const LATENCY_MODES = ['1s', '2s'] as const;
export type LatencyMode = (typeof LATENCY_MODES)[number];
export const SEGMENT_SECONDS: Readonly<Record<LatencyMode, number>> = { '1s': 1, '2s': 2 };

/** idle: nobody publishes; live: a publisher is connected and packaged; error: refused or failing. */
export const LIVE_INPUT_STATES = ['idle', 'live', 'error'] as const;
export type LiveInputState = (typeof LIVE_INPUT_STATES)[number];

export const LIVE_LIMITS = {
  nameMax: 120,
  /** Inputs of one account publishing at the same time, unless the account has its own limit. */
  simultaneousLiveInputs: 4,
  /** Inputs an account may have at all. */
  inputsPerAccount: 50,
  /** Segments in the live playlist (a sliding window at the live edge). */
  liveSegments: 6,
  /** How far back the DVR playlist reaches. */
  dvrWindowSeconds: 2 * 60 * 60,
  /** How often health is pushed while an input is live. */
  healthIntervalMs: 2_000,
} as const;

/** The RTMP application every key publishes under: rtmp://host:port/live/{streamKey}. */
export const INGEST_APP = 'live';

/** The realtime topic (account-relative) of the inputs' health and state. */
export const LIVE_TOPIC = '/admin/streams';
export const LIVE_HEALTH_EVENT = 'live.health';

export const LIVE_MESSAGES = messageCatalog('LIVE_MESSAGES', {
  notFound: (id: number | string) => `Live input ${id} not found`,
  tooMany: `An account has at most ${LIVE_LIMITS.inputsPerAccount} live inputs`,
  limitReached: (limit: number) =>
    `Refused: this account already has ${limit} live inputs on air, its limit. End one before going live with another.`,
  packagerFailed: (detail: string) => `The live could not be packaged: ${detail}`,
  segmentNotFound: 'This live segment does not exist',
  linkExpired: 'This live link is not valid or has expired: open the input again',
  replayNothingRecorded: 'Nothing was recorded while the content was live: no camera on air sent any images',
  recordingSegmentMissing: (sequence: number, inputId: number) =>
    `Segment ${sequence} of live input ${inputId} is missing from storage: the recording cannot be joined`,
});

/**
 * The replay of a live (spec §4 "Ending a live event triggers process-end-live"): ending a live
 * (process-end-live, and -aws through the same local engine) makes a replay video of the content's
 * account, titled after it, and a durable job that joins the program's recording (the on-air
 * camera's segments over the live, in order) into its original, then queues its usual encode
 * (ladder, poster, storyboard). The content's videoId points to it at once (state processing).
 * Time 0 of the replay is the live's first program segment: markers set during the live keep their
 * times and line up with it.
 */
export const LIVE_JOB_TYPES = {
  /** resourceType Video, resourceId the replay video's id. */
  replay: 'live.replay',
  /**
   * A live clip's two phases (contract clips.ts clipPaths.liveClips), resourceId the clip video's:
   * clip, the instant copy of the segments around it (segment-accurate, playable within a second
   * or two); then clip-render, the frame-accurate cut in its skin, whose encode replaces it.
   */
  clip: 'live.clip',
  clipRender: 'live.clip-render',
  /** An input's recording joined into a video (contract live.convert.ts), resourceId the video's. */
  assembly: 'live.assembly',
} as const;

export const REPLAY_LIMITS = {
  /**
   * The replay job starts this long after the end: a publisher still connected at the end has its
   * segment under way finished and indexed by then (the longest segment, and a margin).
   */
  settleSeconds: Math.max(...Object.values(SEGMENT_SECONDS)) + 2,
} as const;

export const livePaths = {
  /** GET → {data: inputs}; POST liveInputBody → 201 input. */
  list: `${MAIN_API}/streams`,
  /** GET → input; PUT liveInputUpdateBody → input; DELETE → 204. */
  one: (id: number | string) => `${MAIN_API}/streams/${id}`,
  /** GET → {streamKey}: the key, revealed on demand. */
  key: (id: number | string) => `${MAIN_API}/streams/${id}/key`,
  /** POST → {streamKey}: a new key; the old one is refused from now on. */
  rotate: (id: number | string) => `${MAIN_API}/streams/${id}/rotate-key`,
  /** GET ?AccountId= → {data: inputs} (spec §7 Streaming "inputs by AccountId"). */
  inputs: `${MAIN_API}/inputs`,
  /** GET → health (spec §7 Streaming "flows/{id}/status"). */
  status: (id: number | string) => `${MAIN_API}/flows/${id}/status`,
} as const;

/** Where players fetch an input's HLS: outside the API (no version header), signed by `?t=`. */
export const LIVE_MEDIA_PATH = '/live-media';
export const liveMediaPaths = {
  live: (accountId: number | string, inputId: number | string) =>
    `${LIVE_MEDIA_PATH}/${accountId}/${inputId}/live.m3u8`,
  dvr: (accountId: number | string, inputId: number | string) => `${LIVE_MEDIA_PATH}/${accountId}/${inputId}/dvr.m3u8`,
  segment: (accountId: number | string, inputId: number | string, sequence: number | string) =>
    `${LIVE_MEDIA_PATH}/${accountId}/${inputId}/${sequence}.ts`,
} as const;

const name = z.string().trim().min(1).max(LIVE_LIMITS.nameMax);
export const liveInputBody = z
  .object({
    name,
    latencyMode: z.enum(LATENCY_MODES).default('2s'),
    equirectangular: z.boolean().default(false),
    /** GEO_BLOCKING: the input's own rule, added to its contents' wherever it plays (contract geo.ts); null: none. */
    geoBlocking: geoRule.nullable().default(null),
  })
  .strict();
export type LiveInputBody = z.input<typeof liveInputBody>;
export const liveInputUpdateBody = z
  .object({ name, latencyMode: z.enum(LATENCY_MODES), equirectangular: z.boolean(), geoBlocking: geoRule.nullable() })
  .partial()
  .strict();
export type LiveInputUpdateBody = z.infer<typeof liveInputUpdateBody>;

export const liveHealth = z.object({
  inputId: z.number(),
  state: z.enum(LIVE_INPUT_STATES),
  connected: z.boolean(),
  /** Incoming bits per second over the last interval. */
  bitrate: z.number(),
  fps: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  videoCodec: z.string().nullable(),
  audioCodec: z.string().nullable(),
  /** When the last bytes of the stream arrived (ISO), null when none yet. */
  lastFrameAt: isoDateTime.nullable(),
  /** Frames the packager dropped since the publish started. */
  dropped: z.number(),
  /** Segments indexed since the publish started. */
  segments: z.number(),
});
export type LiveHealth = z.infer<typeof liveHealth>;

export const liveInputResponse = z.object({
  id: z.number(),
  accountId: z.number(),
  name: z.string(),
  latencyMode: z.enum(LATENCY_MODES),
  equirectangular: z.boolean(),
  geoBlocking: geoRuleResponse.nullable(),
  state: z.enum(LIVE_INPUT_STATES),
  /** Why the input is in error (refused past the account's limit, packager failing), else null. */
  stateReason: z.string().nullable(),
  stateReasonMessage: messageSchema.nullable(),
  /** Where the encoder pushes (the key goes after it, or in the encoder's stream key field). */
  ingestUrl: z.string(),
  /** The key's last 4 characters, to recognise it without revealing it. */
  streamKeyHint: z.string(),
  /** Signed HLS URLs: the live edge and the DVR window. */
  playback: z.object({ liveUrl: z.string(), dvrUrl: z.string() }),
  lastLiveAt: isoDateTime.nullable(),
  /** The latest video played into it (convert upload/{videoId}), whatever its state; null when none ever was. */
  conversion: convertResponse.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type LiveInput = z.infer<typeof liveInputResponse>;
export const liveInputListResponse = z.object({ data: z.array(liveInputResponse) });
export type LiveInputList = z.infer<typeof liveInputListResponse>;
export const streamKeyResponse = z.object({ streamKey: z.string() });

/** The stored reason of a refused or failing input, as a Message. */
export type LiveStateReason = Message;
