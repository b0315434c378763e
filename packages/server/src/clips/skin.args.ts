import type { OVERLAY_POSITIONS } from '@regie/contract/resources/clip-skins';
import { type Aspect, SKIN_LAYOUTS } from '@regie/contract/vertical';
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

/** Pixels kept free along each edge of the frame. */
export interface Insets {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Where a skin goes in a frame of one aspect (contract SKIN_LAYOUTS): `insets` kept free of it,
 * its logo and graphics `scale` times their 16:9 share of the width, and the rolls fitted inside
 * the insets over a blurred fill (`fill`) rather than letterboxed.
 */
export interface SkinLayout {
  insets: Insets;
  scale: number;
  fill: boolean;
}

const NO_INSETS: Insets = { left: 0, right: 0, top: 0, bottom: 0 };

/** The layout of a `width` × `height` frame of `aspect`, in its pixels. */
export function skinLayout(aspect: Aspect, width: number, height: number): SkinLayout {
  const { safe, scale } = SKIN_LAYOUTS[aspect];
  return {
    insets: {
      left: Math.round(safe.left * width),
      right: Math.round(safe.right * width),
      top: Math.round(safe.top * height),
      bottom: Math.round(safe.bottom * height),
    },
    scale,
    fill: aspect !== '16:9',
  };
}

/**
 * The crop window moving over the source as the cut plays (a rendition in another aspect):
 * `commands` is a sendcmd file of the crop's x per frame (to REFRAME_CROP), in times of the cut (from 0).
 */
/**
 * The window's crop filter, named: sendcmd sends a command to the first filter of its target's
 * name, and a roll's fill has a crop of its own.
 */
export const REFRAME_CROP = 'crop@reframe';

export interface CutReframe {
  commands: string;
  window: { width: number; height: number };
  startX: number;
  y: number;
}

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
  /** The frame's layout (another aspect than 16:9); the 16:9 one (nothing kept free) by default. */
  layout?: SkinLayout;
  /** The cut is cropped along this path before it is scaled to width × height. */
  reframe?: CutReframe;
  /** Also writes the cut without skin nor graphics (same frames, no rolls) to this file. */
  cleanOutput?: string;
}

/** An even number, at least 2 (libx264 with yuv420p wants even sizes). */
const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** overlay filter coordinates of a corner, `margin` pixels inside the `insets` kept free. */
export function overlayXY(
  position: OverlayPosition,
  margin: number,
  insets: Insets = NO_INSETS,
): { x: string; y: string } {
  const right = `main_w-overlay_w-${margin + insets.right}`;
  const bottom = `main_h-overlay_h-${margin + insets.bottom}`;
  return {
    x: position.endsWith('left') ? String(margin + insets.left) : right,
    y: position.startsWith('top') ? String(margin + insets.top) : bottom,
  };
}

/**
 * The filters that fit a roll's image (the chain `input`, e.g. `[1:v]` or `[1:v]fps=25,`) into a `width` × `height` frame, labelled
 * `label` (without fps, format and trim). 16:9: scaled down and letterboxed. Another aspect: the
 * image fitted inside the insets, over itself enlarged to fill the frame, blurred and darkened.
 */
export function rollFitFilters(
  input: string,
  width: number,
  height: number,
  layout: SkinLayout,
  label: string,
): string[] {
  if (!layout.fill) {
    return [
      `${input}scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1${label}`,
    ];
  }
  const { insets } = layout;
  const boxWidth = even(width - insets.left - insets.right);
  const boxHeight = even(height - insets.top - insets.bottom);
  const name = label.slice(1, -1);
  return [
    `${input}split[${name}bgin][${name}fgin]`,
    `[${name}bgin]scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},boxblur=${Math.max(2, Math.round(Math.min(width, height) / 20))}:2,eq=brightness=-0.12[${name}bg]`,
    `[${name}fgin]scale=${boxWidth}:${boxHeight}:force_original_aspect_ratio=decrease:force_divisible_by=2[${name}fg]`,
    `[${name}bg][${name}fg]overlay=x=${insets.left}+(${boxWidth}-overlay_w)/2:y=${insets.top}+(${boxHeight}-overlay_h)/2,setsar=1${label}`,
  ];
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

/** The encoder's settings of a clip's MP4 (the skinned one and the clean one alike). */
const VIDEO_CODEC = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'];
const AUDIO_CODEC = ['-c:a', 'aac', '-b:a', '128k'];

/** Where the cut starts in the skinned clip: after the pre-roll, when there is one. */
export function cutOffset(options: Pick<SkinnedClipOptions, 'preRoll' | 'rollSeconds' | 'fps'>): number {
  return options.preRoll ? rollFrames(options.rollSeconds, options.fps) / clipFps(options.fps) : 0;
}

/**
 * One ffmpeg run for a skinned clip: the cut [in, out] (decoded from the keyframe before `in`,
 * so frame-accurate) with the overlay image in its corner at its opacity, between the pre-roll
 * and post-roll images, each shown `rollSeconds`. Rolls are fitted to the cut's size (letterboxed
 * in 16:9, over a blurred fill in another layout), at its frame rate; the audio is the source's,
 * with silence under the rolls. With `reframe`, the cut is first cropped along its path (a
 * rendition in another aspect, skinned in the same pass); with `cleanOutput`, the cut is also
 * written bare (what a later rendition is cut from).
 */
export function skinnedClipArgs(options: SkinnedClipOptions): string[] {
  const width = even(options.width);
  const height = even(options.height);
  const layout = options.layout ?? { insets: NO_INSETS, scale: 1, fill: false };
  const fps = clipFps(options.fps);
  const frames = rollFrames(options.rollSeconds, options.fps);
  const roll = formatSeconds(frames / fps);
  const rolls = frames > 0;
  const fit = `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1`;
  const rate = `fps=${fps},format=yuv420p`;

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
    if (layout.fill) {
      // The rate first: after the overlay of the fill, fps would drop the roll's last frame.
      filters.push(...rollFitFilters(`[${nextInput}:v]fps=${fps},`, width, height, layout, `[${name}fit]`));
      filters.push(`[${name}fit]format=yuv420p,trim=end_frame=${frames}[${name}v]`);
    } else {
      filters.push(`[${nextInput}:v]${fit},${rate},trim=end_frame=${frames}[${name}v]`);
    }
    if (options.hasAudio) silence(`${name}a`);
    segments.push({ video: `[${name}v]`, audio: `[${name}a]` });
    nextInput += 1;
  };

  addRoll(options.preRoll, 'pre');
  const reframe = options.reframe;
  const crop = reframe
    ? `sendcmd=f='${reframe.commands.replaceAll("'", "\\'")}',${REFRAME_CROP}=w=${reframe.window.width}:h=${reframe.window.height}:x=${reframe.startX}:y=${reframe.y},`
    : '';
  let main = `[0:v:0]setpts=PTS-STARTPTS,${crop}${fit},${rate}`;
  if (options.cleanOutput) {
    filters.push(`${main},split[cutv][cleanv]`);
    main = '[cutv]null';
  }
  const margin = Math.round(width * OVERLAY_MARGIN_RATIO);
  if (options.overlay) {
    const overlayInput = nextInput;
    args.push('-i', options.overlay.image);
    nextInput += 1;
    const room = width - layout.insets.left - layout.insets.right - 2 * margin;
    const logoWidth = even(Math.min(width * OVERLAY_WIDTH_RATIO * layout.scale, room));
    const opacity = Math.min(1, Math.max(0, options.overlay.opacity));
    const { x, y } = overlayXY(options.overlay.position, margin, layout.insets);
    filters.push(`[${overlayInput}:v]scale=${logoWidth}:-2,format=rgba,colorchannelmixer=aa=${opacity}[logo]`);
    filters.push(`${main}[cut]`);
    // A still image ends after one frame: eof_action=repeat keeps it over the whole cut. The cut
    // is yuv420p: blending in it (format=yuv420) spares converting every frame to RGB and back
    // (format=auto made a logo cost as much as the crop and scale of a 9:16 rendition).
    main = `[cut][logo]overlay=x=${x}:y=${y}:eof_action=repeat:format=yuv420`;
  }
  const graphics = graphicOverlayArgs(main, options.graphics ?? [], nextInput, width, layout);
  args.push(...graphics.inputs);
  filters.push(...graphics.filters);
  nextInput += (options.graphics ?? []).length;
  main = graphics.main;
  filters.push(`${main}[mainv]`);
  if (options.hasAudio) {
    const audio = `[0:a:0]asetpts=PTS-STARTPTS,${AUDIO_FORMAT}`;
    filters.push(options.cleanOutput ? `${audio},asplit[maina][cleana]` : `${audio}[maina]`);
  }
  segments.push({ video: '[mainv]', audio: '[maina]' });
  addRoll(options.postRoll, 'post');

  const inputs = segments
    .map((segment) => (options.hasAudio ? `${segment.video}${segment.audio}` : segment.video))
    .join('');
  filters.push(
    `${inputs}concat=n=${segments.length}:v=1:a=${options.hasAudio ? 1 : 0}[v]${options.hasAudio ? '[a]' : ''}`,
  );

  args.push('-filter_complex', filters.join(';'), '-map', '[v]');
  if (options.hasAudio) args.push('-map', '[a]', ...AUDIO_CODEC);
  args.push(...VIDEO_CODEC, '-movflags', '+faststart', options.output);
  if (options.cleanOutput) {
    args.push('-map', '[cleanv]');
    if (options.hasAudio) args.push('-map', '[cleana]', ...AUDIO_CODEC);
    args.push(...VIDEO_CODEC, '-movflags', '+faststart', options.cleanOutput);
  }
  return args;
}
