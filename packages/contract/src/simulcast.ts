import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { LIVE_INPUT_STATES } from './live.ts';
import { messageSchema } from './messages.schemas.ts';
import { messageCatalog, schemaMessage } from './messages.ts';

/**
 * Simulcasts (events/simulcasts and events/aws-simulcasts, spec §2 and §7 "simulcasts (targets)").
 * DECISION: a simulcast restreams one source (a live input of the account, `inputId`) to several
 * targets: an RTMP or RTMPS server URL and a stream key each. Each target is started and stopped
 * on its own; the server runs one supervised ffmpeg per running target (`-c copy`), retried with a
 * capped exponential backoff and restarted by a watchdog when it makes no progress. A target's
 * key is write-only: after saving, the API only gives a masked hint (its last 4 characters).
 * A simulcast's provider is 'local' (the server's own engine) or 'aws' (a cloud media service,
 * AWS Elemental MediaLive, configured by environment); an aws simulcast runs on the local engine
 * while the cloud service is not configured, and says so.
 */

export const SIMULCAST_RULE: AccessRule = { authorizedRoles: ['simulcast_write'], requiredModules: ['SIMULCAST'] };
export const AWS_SIMULCAST_RULE: AccessRule = {
  authorizedRoles: ['simulcast_write'],
  requiredModules: ['SIMULCAST', 'AWS_STREAM'],
};

export const SIMULCAST_PROVIDERS = ['local', 'aws'] as const;
export type SimulcastProvider = (typeof SIMULCAST_PROVIDERS)[number];

/** A simulcast is live while at least one of its targets is meant to run. */
export const SIMULCAST_STATES = ['idle', 'live'] as const;
export type SimulcastState = (typeof SIMULCAST_STATES)[number];

/** What a target is doing: idle (never started), starting, live, retrying, failed, stopped. */
export const TARGET_STATUSES = ['idle', 'starting', 'live', 'retrying', 'failed', 'stopped'] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

export const SIMULCAST_LIMITS = {
  nameMax: 120,
  targetsPerSimulcast: 10,
  urlMax: 500,
  keyMax: 300,
  /** Characters of the key the hint shows. */
  keyHintChars: 4,
} as const;

export const SIMULCAST_MESSAGES = messageCatalog('SIMULCAST_MESSAGES', {
  notFound: (id: number | string) => `Simulcast ${id} not found`,
  targetNotFound: (id: number | string) => `Target ${id} not found`,
  badUrl: 'The target URL must start with rtmp:// or rtmps:// and name a host',
  keySpaces: 'A stream key has no spaces',
  tooManyTargets: `A simulcast has at most ${SIMULCAST_LIMITS.targetsPerSimulcast} targets`,
  sourceMissing: 'The simulcast has no source: choose a live input first',
  sourceUnavailable: (inputId: number | string) => `The live input ${inputId} is not available`,
  inputNotFound: (inputId: number | string) => `Live input ${inputId} not found in this account`,
  targetRunning: 'Stop the target before changing or deleting it',
  ffmpegFailed: (detail: string) => `The restream stopped: ${detail}`,
  stalled: (seconds: number) => `No data sent for ${seconds} s: restarted`,
  awsFailed: (detail: string) => `The cloud media service refused: ${detail}`,
  notAws: 'This simulcast does not run on the cloud media service',
  privateTarget: (host: string, address: string) =>
    `The target ${host} is at ${address}, an address of a private or local network: a simulcast pushes only to public addresses (the platform's REGIE_SIMULCAST_ALLOW_HOSTS names the private ones allowed)`,
});

export const simulcastPaths = {
  /** GET ?state=&provider= → {data}; POST simulcastBody → 201. */
  list: () => `${MAIN_API}/simulcasts`,
  /** GET, PUT simulcastUpdateBody, DELETE (stops its targets first). */
  one: (id: number | string) => `${MAIN_API}/simulcasts/${id}`,
  /** POST targetBody → 201 target. */
  targets: (id: number | string) => `${MAIN_API}/simulcasts/${id}/targets`,
  /** PUT targetUpdateBody (a stopped target), DELETE. */
  target: (id: number | string, targetId: number | string) => `${MAIN_API}/simulcasts/${id}/targets/${targetId}`,
  /** POST → the target (starting); POST …/stop → the target (stopped). */
  start: (id: number | string, targetId: number | string) => `${MAIN_API}/simulcasts/${id}/targets/${targetId}/start`,
  stop: (id: number | string, targetId: number | string) => `${MAIN_API}/simulcasts/${id}/targets/${targetId}/stop`,
  /** GET → the targets' bitrate samples of the last hour. */
  stats: (id: number | string) => `${MAIN_API}/simulcasts/${id}/stats`,
  /** The -aws calls: start / stop every target on the cloud media service; GET its configuration. */
  startAws: (id: number | string) => `${MAIN_API}/simulcasts/${id}/start-aws`,
  stopAws: (id: number | string) => `${MAIN_API}/simulcasts/${id}/stop-aws`,
  awsStatus: () => `${MAIN_API}/simulcasts-aws/status`,
  /**
   * GET → {data: simulcastSource[]}: the account's live inputs a simulcast may restream, for
   * operators who hold simulcast_write without use_stream (who manage the inputs themselves).
   */
  sources: () => `${MAIN_API}/simulcasts-sources`,
} as const;

/** The realtime topic of one simulcast: `simulcast.target` events carry a target (simulcastTarget). */
export function simulcastTopic(id: number | string): string {
  return `/admin/simulcasts/${id}`;
}
export const SIMULCAST_TARGET_EVENT = 'simulcast.target';

const targetUrl = z
  .string()
  .trim()
  .max(SIMULCAST_LIMITS.urlMax)
  .refine(isTargetUrl, schemaMessage(SIMULCAST_MESSAGES.badUrl));

/** rtmp:// or rtmps:// with a host. */
export function isTargetUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'rtmp:' || url.protocol === 'rtmps:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const streamKey = z
  .string()
  .min(1)
  .max(SIMULCAST_LIMITS.keyMax)
  .refine((key) => !/\s/.test(key), schemaMessage(SIMULCAST_MESSAGES.keySpaces));

export const simulcastBody = z
  .object({
    name: z.string().trim().min(1).max(SIMULCAST_LIMITS.nameMax),
    inputId: z.number().int().positive().nullable().default(null),
    provider: z.enum(SIMULCAST_PROVIDERS).default('local'),
  })
  .strict();
export type SimulcastBody = z.input<typeof simulcastBody>;
export const simulcastUpdateBody = z
  .object({
    name: z.string().trim().min(1).max(SIMULCAST_LIMITS.nameMax),
    inputId: z.number().int().positive().nullable(),
  })
  .partial()
  .strict();
export type SimulcastUpdateBody = z.infer<typeof simulcastUpdateBody>;

/** A live input as a source choice: no key, no URL, only what a picker shows. */
export const simulcastSource = z.object({ id: z.number(), name: z.string(), state: z.enum(LIVE_INPUT_STATES) });
export type SimulcastSource = z.infer<typeof simulcastSource>;
export const simulcastSourcesResponse = z.object({ data: z.array(simulcastSource) });
export type SimulcastSources = z.infer<typeof simulcastSourcesResponse>;

export const targetBody = z
  .object({ name: z.string().trim().min(1).max(SIMULCAST_LIMITS.nameMax), url: targetUrl, streamKey })
  .strict();
export type TargetBody = z.infer<typeof targetBody>;
/** Any field; a missing streamKey keeps the saved one. */
export const targetUpdateBody = targetBody.partial().strict();
export type TargetUpdateBody = z.infer<typeof targetUpdateBody>;

export const simulcastTargetResponse = z.object({
  id: z.number(),
  simulcastId: z.number(),
  name: z.string(),
  url: z.string(),
  /** The key's last characters behind dots; the key itself is never sent back. */
  streamKeyHint: z.string(),
  status: z.enum(TARGET_STATUSES),
  /** Whether the target is meant to run (a restart of the server resumes it). */
  running: z.boolean(),
  bitrateKbps: z.number().nullable(),
  /** When the current run went live; uptime is now minus this. */
  liveSince: z.string().nullable(),
  restarts: z.number(),
  lastError: z.string().nullable(),
  lastErrorMessage: messageSchema.nullable(),
  updatedAt: isoDateTime,
});
export type SimulcastTarget = z.infer<typeof simulcastTargetResponse>;

export const simulcastResponse = z.object({
  id: z.number(),
  name: z.string(),
  inputId: z.number().nullable(),
  provider: z.enum(SIMULCAST_PROVIDERS),
  state: z.enum(SIMULCAST_STATES),
  targets: z.array(simulcastTargetResponse),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Simulcast = z.infer<typeof simulcastResponse>;
export const simulcastListResponse = z.object({ data: z.array(simulcastResponse), total: z.number() });
export type SimulcastList = z.infer<typeof simulcastListResponse>;
/** A page of the simulcasts list: newest first, `total` counts every match. */
export const SIMULCAST_PAGE_SIZE = 25;
export const SIMULCAST_PAGE_MAX = 200;
export const simulcastListQuery = z.object({
  state: z.enum(SIMULCAST_STATES).optional(),
  provider: z.enum(SIMULCAST_PROVIDERS).optional(),
  limit: z.coerce.number().int().min(1).max(SIMULCAST_PAGE_MAX).default(SIMULCAST_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});

export const simulcastStatsResponse = z.object({
  data: z.array(
    z.object({
      targetId: z.number(),
      samples: z.array(z.object({ at: isoDateTime, bitrateKbps: z.number() })),
    }),
  ),
});
export type SimulcastStats = z.infer<typeof simulcastStatsResponse>;

export const awsStatusResponse = z.object({
  configured: z.boolean(),
  region: z.string().nullable(),
  /** What the screens say: which engine serves aws simulcasts now. */
  engine: z.enum(SIMULCAST_PROVIDERS),
});
export type AwsSimulcastStatus = z.infer<typeof awsStatusResponse>;

/** The hint shown for a saved key: dots then its last characters (all dots for a short key). */
export function streamKeyHint(key: string): string {
  const shown = key.length > SIMULCAST_LIMITS.keyHintChars * 2 ? key.slice(-SIMULCAST_LIMITS.keyHintChars) : '';
  return `••••${shown}`;
}
