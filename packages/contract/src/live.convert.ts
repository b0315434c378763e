import { z } from 'zod';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { JOB_STATES } from './jobs.states.ts';
import { messageSchema } from './messages.schemas.ts';
import { messageCatalog } from './messages.ts';

/**
 * Between videos and the live (spec §7 Streaming "convert upload/{id}" and "assembly/{id}?videoId=").
 *
 * Convert: a ready video is played into a live input in real time, the way an encoder publishes
 * (a match recorded earlier aired as a live, a loop between two lives). The input goes live and is
 * packaged, recorded, clipped and simulcast like any other. One supervised ffmpeg per conversion
 * reads the video's best HLS rendition and publishes it to the ingest with the input's key (`-re`,
 * `-c copy`); it is restarted with a capped backoff after a failure and resumes where it was, also
 * after a restart of the server (its position is kept every few seconds).
 *
 * Assembly: the other way round, an input's recording (its last publish, or a chosen period) is
 * joined into a video by a durable job: a new video, or the one named by `videoId`, whose media it
 * replaces (a video that plays keeps playing until the new encode is ready).
 */

/**
 * starting: the ffmpeg is launched; playing: frames reach the ingest; retrying: it failed and
 * starts again after a delay; finished: the whole video was played; stopped: by a person;
 * failed: it cannot go on (the input or the video is gone).
 */
export const CONVERT_STATES = ['starting', 'playing', 'retrying', 'finished', 'stopped', 'failed'] as const;
export type ConvertState = (typeof CONVERT_STATES)[number];
/** A conversion in one of these states holds its input: no second one may play into it. */
export const CONVERT_ACTIVE_STATES = ['starting', 'playing', 'retrying'] as const satisfies readonly ConvertState[];

export const CONVERT_LIMITS = {
  /** How often a playing conversion's position is written down (what a restart resumes from). */
  positionEveryMs: 2_000,
  /** The backoff between attempts after a failure. */
  backoff: { initialMs: 1_000, factor: 2, maxMs: 30_000 },
  /** No progress for this long: the ffmpeg is killed and started again. */
  watchdogMs: 20_000,
  /** The longest recording one assembly joins (twelve hours: a whole day of a tournament). */
  assemblyMaxSeconds: 12 * 60 * 60,
} as const;

/** The realtime topic (account-relative) where conversions report their state and position. */
export const CONVERT_TOPIC = '/admin/streams/convert';
export const CONVERT_EVENT = 'live.convert';

export const liveConvertPaths = {
  /**
   * POST convertBody → 202 conversion (the video played into the input); GET → its latest
   * conversion (404 when it never was); DELETE → 204, the playing conversion stopped.
   */
  upload: (videoId: number | string) => `${MAIN_API}/convert/upload/${videoId}`,
  /** GET ?videoId= → assembly (the latest into that video, else the input's latest); POST ?videoId= assemblyBody → 202 assembly. */
  assembly: (inputId: number | string) => `${MAIN_API}/assembly/${inputId}`,
} as const;

export const LIVE_CONVERT_MESSAGES = messageCatalog('LIVE_CONVERT_MESSAGES', {
  videoNotReady: (id: number) => `Video ${id} is not ready yet: it can be aired once its encode is done`,
  inputBusy: (name: string) => `The live input “${name}” is already on air: stop its encoder first`,
  inputConverting: (name: string) => `A video is already playing into the live input “${name}”`,
  notConverting: (id: number) => `Video ${id} is not playing into any live input`,
  neverConverted: (id: number) => `Video ${id} was never played into a live input`,
  ingestUnavailable: 'This server runs no live ingest: a video cannot be aired from here',
  fromPastEnd: (seconds: number) => `The video lasts ${seconds} s: start before its end`,
  publishFailed: (detail: string) => `The video could not be published to the input: ${detail}`,
  stalled: (seconds: number) => `No progress for ${seconds} s: started again`,
  inputGone: 'The live input was deleted',
  videoGone: 'The video was deleted',
  nothingRecorded: (name: string) => `The live input “${name}” has recorded nothing in that period`,
  badPeriod: 'The period’s end must come after its start',
  periodTooLong: (hours: number) => `An assembly joins at most ${hours} hours of recording`,
  noAssembly: (inputId: number) => `Nothing was assembled from live input ${inputId} yet`,
  assemblyTitle: (name: string, date: string) => `${name}, recording of ${date}`,
});

export const convertBody = z
  .object({
    inputId: z.number().int().positive(),
    /** Where in the video to start, seconds. */
    fromSeconds: z.number().min(0).default(0),
  })
  .strict();
export type ConvertBody = z.input<typeof convertBody>;

export const convertResponse = z.object({
  id: z.number(),
  videoId: z.number(),
  videoTitle: z.string(),
  inputId: z.number(),
  inputName: z.string(),
  state: z.enum(CONVERT_STATES),
  /** How far into the video the input is, seconds. */
  positionSeconds: z.number(),
  durationSeconds: z.number(),
  restarts: z.number(),
  /** Why it is retrying or failed, in the user's language; null otherwise. */
  error: z.string().nullable(),
  errorMessage: messageSchema.nullable(),
  startedAt: isoDateTime,
  endedAt: isoDateTime.nullable(),
  updatedAt: isoDateTime,
});
export type Conversion = z.infer<typeof convertResponse>;

export const assemblyQuery = z.object({ videoId: z.coerce.number().int().positive().optional() });

/** Without a period: the input's last publish (its segments since it last went on air). Only `to`: the longest period up to it. */
export const assemblyBody = z
  .object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) })
  .partial()
  .strict()
  .nullish();
export type AssemblyBody = z.input<typeof assemblyBody>;

export const assemblyResponse = z.object({
  inputId: z.number(),
  videoId: z.number(),
  /** null once the video was deleted. */
  videoTitle: z.string().nullable(),
  jobId: z.number(),
  /** The assembly job's state; once done, the video's own encode follows (its state says when it plays). */
  state: z.enum(JOB_STATES),
  /** 0–100. */
  progress: z.number(),
  from: isoDateTime,
  to: isoDateTime,
  segments: z.number(),
  durationSeconds: z.number(),
  error: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Assembly = z.infer<typeof assemblyResponse>;
