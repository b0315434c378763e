import { access } from 'node:fs/promises';
import type { TechnicalMetadata } from '@regie/contract/media';
import { MEDIA_MESSAGES } from '@regie/contract/media';
import { z } from 'zod';
import { keyframeProbeArgs, parseKeyframes, type TimeWindow } from './cut.args.ts';
import { MEDIA_BINARIES, runProcess } from './ffmpeg.runner.ts';
import { FfmpegError, MediaError } from './media.errors.ts';

/** ffprobe's JSON description of the container and every stream. */
export function probeArgs(input: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input];
}

/** What we read of ffprobe's JSON (every other key is ignored); checked, since a file can make ffprobe say odd things. */
const probeStream = z.looseObject({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  avg_frame_rate: z.string().optional(),
  r_frame_rate: z.string().optional(),
  duration: z.string().optional(),
  disposition: z.looseObject({ attached_pic: z.number().optional() }).optional(),
  tags: z.looseObject({ rotate: z.string().optional() }).optional(),
  side_data_list: z.array(z.looseObject({ rotation: z.number().optional() })).optional(),
});
type ProbeStream = z.infer<typeof probeStream>;

const probeOutput = z.looseObject({
  streams: z.array(probeStream).optional(),
  format: z
    .looseObject({
      format_name: z.string().optional(),
      duration: z.string().optional(),
      bit_rate: z.string().optional(),
      size: z.string().optional(),
    })
    .optional(),
});
type ProbeOutput = z.infer<typeof probeOutput>;

/** Containers of still images: ffprobe shows them as one-frame videos. */
const IMAGE_FORMATS = /(^|,)(image2|png_pipe|jpeg_pipe|webp_pipe|gif|bmp_pipe|tiff_pipe|svg_pipe)(,|$)/;

function rate(value: string | undefined): number | null {
  if (!value) return null;
  const [numerator, denominator = '1'] = value.split('/');
  const fps = Number(numerator) / Number(denominator);
  return Number.isFinite(fps) && fps > 0 ? Math.round(fps * 1000) / 1000 : null;
}

function positiveNumber(value: string | undefined): number | null {
  const number = Number(value);
  return value !== undefined && Number.isFinite(number) && number > 0 ? number : null;
}

function rotation(stream: ProbeStream): number {
  const fromSideData = stream.side_data_list?.find((data) => typeof data.rotation === 'number')?.rotation;
  return Math.abs(fromSideData ?? Number(stream.tags?.rotate ?? 0)) % 180;
}

/** Technical metadata from ffprobe's JSON; MediaError when it describes no playable video. */
export function parseProbeOutput(json: string): TechnicalMetadata {
  let probe: ProbeOutput;
  try {
    probe = probeOutput.parse(JSON.parse(json));
  } catch {
    throw new MediaError('unreadable', MEDIA_MESSAGES.notVideo('ffprobe gave no description of it'));
  }
  const streams = probe.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1);
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const formatName = probe.format?.format_name ?? 'unknown';
  if (!video) throw new MediaError('unreadable', MEDIA_MESSAGES.notVideo('it has no video stream'));
  if (IMAGE_FORMATS.test(formatName))
    throw new MediaError('unreadable', MEDIA_MESSAGES.notVideo('it is a still image'));
  const durationSeconds = positiveNumber(probe.format?.duration) ?? positiveNumber(video.duration);
  if (!durationSeconds) throw new MediaError('unreadable', MEDIA_MESSAGES.notVideo('its duration is unknown'));
  if (!video.width || !video.height)
    throw new MediaError('unreadable', MEDIA_MESSAGES.notVideo('its picture size is unknown'));
  const turned = rotation(video) === 90;
  return {
    durationSeconds,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio?.codec_name ?? null,
    hasAudio: audio !== undefined,
    bitrate: positiveNumber(probe.format?.bit_rate),
    fps: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
    formatName,
    sizeBytes: positiveNumber(probe.format?.size),
  };
}

/** ffprobe's reason without the file name lines start with: "moov atom not found". */
function probeReason(error: FfmpegError, input: string): string {
  const reason = error.stderrTail.split(`${input}: `).join('').trim();
  return reason || 'ffprobe could not read it';
}

async function assertExists(input: string): Promise<void> {
  try {
    await access(input);
  } catch (error) {
    throw new MediaError('missing', MEDIA_MESSAGES.missing(input), { cause: error });
  }
}

/** Probes a file: typed metadata, or MediaError with a reason a person understands. */
export async function probeMedia(input: string, options: { signal?: AbortSignal } = {}): Promise<TechnicalMetadata> {
  await assertExists(input);
  try {
    const { stdout } = await runProcess(MEDIA_BINARIES.ffprobe, probeArgs(input), options);
    return parseProbeOutput(stdout);
  } catch (error) {
    if (error instanceof FfmpegError)
      throw new MediaError('unreadable', MEDIA_MESSAGES.notVideo(probeReason(error, input)));
    throw error;
  }
}

/** Keyframe times of the first video stream, optionally only in some windows (one ffprobe run). */
export async function findKeyframes(
  input: string,
  options: { window?: TimeWindow | readonly TimeWindow[]; signal?: AbortSignal } = {},
): Promise<number[]> {
  await assertExists(input);
  const { stdout } = await runProcess(
    MEDIA_BINARIES.ffprobe,
    keyframeProbeArgs(input, options.window),
    options.signal ? { signal: options.signal } : {},
  );
  return parseKeyframes(stdout);
}
