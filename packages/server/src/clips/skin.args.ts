import type { OVERLAY_POSITIONS } from '@regie/contract/resources/clip-skins';
import { type GraphicOverlay, graphicOverlayArgs } from '../graphics/graphics.args.ts';
import { formatSeconds } from '../media/thumbnails.args.ts';

export type OverlayPosition = (typeof OVERLAY_POSITIONS)[number];

/** The overlay is scaled to this share of the clip's width, whatever its own size. */
export const OVERLAY_WIDTH_RATIO = 0.2;
/** Its distance to the edges, as a share of the clip's width. */
export const OVERLAY_MARGIN_RATIO = 0.03;
/** Frame rate of a clip whose source's is unknown. */
export const DEFAULT_CLIP_FPS = 25;
const AUDIO_FORMAT = 'aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo';

export interface SkinnedClipOptions {
  input: string;
  output: string;
  inSeconds: number;
  outSeconds: number;
  /** The cut's picture: rolls and overlay are fitted to it. */
  width: number;
  height: number;
  fps: number | null;
  hasAudio: boolean;
  /** Image files (local paths); null: none. */
  preRoll: string | null;
  postRoll: string | null;
  overlay: { image: string; position: OverlayPosition; opacity: number } | null;
  /** Seconds each roll is shown. */
  rollSeconds: number;
  /** The event's graphics the clip burns in over the cut, above the skin's overlay (contract graphics.ts). */
  graphics?: readonly GraphicOverlay[];
}

/** An even number, at least 2 (libx264 with yuv420p wants even sizes). */
const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** overlay filter coordinates of a corner, `margin` pixels from its edges. */
export function overlayXY(position: OverlayPosition, margin: number): { x: string; y: string } {
  const right = `main_w-overlay_w-${margin}`;
  const bottom = `main_h-overlay_h-${margin}`;
  return {
    x: position.endsWith('left') ? String(margin) : right,
    y: position.startsWith('top') ? String(margin) : bottom,
  };
}

const clipFps = (fps: number | null) => (fps && fps > 0 ? fps : DEFAULT_CLIP_FPS);

/** Frames a roll lasts: whole frames, so the rolls add exactly what they say to the clip. */
export function rollFrames(rollSeconds: number, fps: number | null): number {
  return Math.max(0, Math.round(rollSeconds * clipFps(fps)));
}

/** Seconds of the skinned clip: pre-roll + cut + post-roll. */
export function skinnedDuration(
  options: Pick<SkinnedClipOptions, 'inSeconds' | 'outSeconds' | 'preRoll' | 'postRoll' | 'rollSeconds' | 'fps'>,
): number {
  const rolls = (options.preRoll ? 1 : 0) + (options.postRoll ? 1 : 0);
  const roll = rollFrames(options.rollSeconds, options.fps) / clipFps(options.fps);
  return options.outSeconds - options.inSeconds + rolls * roll;
}

/**
 * One ffmpeg run for a skinned clip: the cut [in, out] (decoded from the keyframe before `in`,
 * so frame-accurate) with the overlay image in its corner at its opacity, between the pre-roll
 * and post-roll images, each shown `rollSeconds`. Rolls are scaled and padded (letterboxed) to the
 * cut's size, at its frame rate; the audio is the source's, with silence under the rolls.
 */
export function skinnedClipArgs(options: SkinnedClipOptions): string[] {
  const width = even(options.width);
  const height = even(options.height);
  const fps = clipFps(options.fps);
  const frames = rollFrames(options.rollSeconds, options.fps);
  const roll = formatSeconds(frames / fps);
  const rolls = frames > 0;
  const fit = `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${fps},format=yuv420p`;

  const args = [
    '-ss',
    formatSeconds(options.inSeconds),
    '-t',
    formatSeconds(options.outSeconds - options.inSeconds),
    '-i',
    options.input,
  ];
  const filters: string[] = [];
  const segments: { video: string; audio: string }[] = [];
  let nextInput = 1;
  const silence = (label: string) =>
    filters.push(`anullsrc=r=48000:cl=stereo,atrim=duration=${roll},${AUDIO_FORMAT}[${label}]`);
  const addRoll = (image: string | null, name: string) => {
    if (!image || !rolls) return;
    args.push('-loop', '1', '-framerate', String(fps), '-t', roll, '-i', image);
    filters.push(`[${nextInput}:v]${fit},trim=end_frame=${frames}[${name}v]`);
    if (options.hasAudio) silence(`${name}a`);
    segments.push({ video: `[${name}v]`, audio: `[${name}a]` });
    nextInput += 1;
  };

  addRoll(options.preRoll, 'pre');
  let main = `[0:v:0]setpts=PTS-STARTPTS,${fit}`;
  if (options.overlay) {
    const overlayInput = nextInput;
    args.push('-i', options.overlay.image);
    nextInput += 1;
    const logoWidth = even(width * OVERLAY_WIDTH_RATIO);
    const opacity = Math.min(1, Math.max(0, options.overlay.opacity));
    const { x, y } = overlayXY(options.overlay.position, Math.round(width * OVERLAY_MARGIN_RATIO));
    filters.push(`[${overlayInput}:v]scale=${logoWidth}:-2,format=rgba,colorchannelmixer=aa=${opacity}[logo]`);
    filters.push(`${main}[cut]`);
    // A still image ends after one frame: eof_action=repeat keeps it over the whole cut.
    main = `[cut][logo]overlay=x=${x}:y=${y}:eof_action=repeat:format=auto,format=yuv420p`;
  }
  const graphics = graphicOverlayArgs(main, options.graphics ?? [], nextInput, width);
  args.push(...graphics.inputs);
  filters.push(...graphics.filters);
  nextInput += (options.graphics ?? []).length;
  main = graphics.main;
  filters.push(`${main}[mainv]`);
  if (options.hasAudio) filters.push(`[0:a:0]asetpts=PTS-STARTPTS,${AUDIO_FORMAT}[maina]`);
  segments.push({ video: '[mainv]', audio: '[maina]' });
  addRoll(options.postRoll, 'post');

  const inputs = segments
    .map((segment) => (options.hasAudio ? `${segment.video}${segment.audio}` : segment.video))
    .join('');
  filters.push(
    `${inputs}concat=n=${segments.length}:v=1:a=${options.hasAudio ? 1 : 0}[v]${options.hasAudio ? '[a]' : ''}`,
  );

  args.push('-filter_complex', filters.join(';'), '-map', '[v]');
  if (options.hasAudio) args.push('-map', '[a]', '-c:a', 'aac', '-b:a', '128k');
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    options.output,
  );
  return args;
}
