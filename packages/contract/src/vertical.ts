import { z } from 'zod';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { messageCatalog } from './messages.ts';
import type { ModuleCode } from './modules.ts';

/**
 * Clips and videos in other shapes than their source's (issue 42, spec module 36 VERTICAL_VIDEO):
 * the aspects a rendition may have, and the reframe path that says where the crop window stands
 * over the 16:9 picture at each moment.
 */

/** The aspects a clip or a video may be rendered in; 16:9 is the source's own. */
export const ASPECTS = ['16:9', '9:16', '1:1', '4:5'] as const;
export type Aspect = (typeof ASPECTS)[number];

/** Width ÷ height of each aspect. */
export const ASPECT_RATIOS: Readonly<Record<Aspect, number>> = {
  '16:9': 16 / 9,
  '9:16': 9 / 16,
  '1:1': 1,
  '4:5': 4 / 5,
};

/** The aspects cut out of a wider picture: the ones a reframe path moves a window for. */
/** The aspect of a picture this size (within 2 %), null when it is none of ASPECTS or unknown. */
export function aspectOfSize(width: number | null | undefined, height: number | null | undefined): Aspect | null {
  if (!width || !height) return null;
  const ratio = width / height;
  return ASPECTS.find((aspect) => Math.abs(ASPECT_RATIOS[aspect] - ratio) / ASPECT_RATIOS[aspect] < 0.02) ?? null;
}

export const REFRAMED_ASPECT_VALUES = ['9:16', '1:1', '4:5'] as const;
export const REFRAMED_ASPECTS: readonly Aspect[] = REFRAMED_ASPECT_VALUES;

/**
 * The aspects a clip template or a clip rule makes of each clip, once it is encoded (the clip's
 * own 16:9 is always there): each a rendition rendered along its automatic path.
 */
export const clipAspects = z.array(z.enum(REFRAMED_ASPECT_VALUES)).max(REFRAMED_ASPECT_VALUES.length);

/**
 * The crop window of `aspect` over a `sourceWidth` × `sourceHeight` picture: the source's full
 * height and the width the aspect gives it (even, as encoders want), never wider than the source.
 */
export function cropWindow(
  aspect: Aspect,
  sourceWidth: number,
  sourceHeight: number,
): { width: number; height: number } {
  const ratio = ASPECT_RATIOS[aspect];
  if (sourceWidth / sourceHeight <= ratio) {
    // A source narrower than the aspect: full width, height cut (not the case of a 16:9 source).
    const height = Math.min(sourceHeight, 2 * Math.round(sourceWidth / ratio / 2));
    return { width: sourceWidth - (sourceWidth % 2), height };
  }
  return { width: Math.max(2, 2 * Math.round((sourceHeight * ratio) / 2)), height: sourceHeight - (sourceHeight % 2) };
}

/**
 * How a virtual camera operator moves the window (reframe.path.ts): what it pans at most and how
 * quickly it changes speed, as shares of the picture's width; a larger jump is a cut.
 */
export const REFRAME_LIMITS = {
  /** The fastest pan: this share of the picture's width per second. */
  maxPanPerSecond: 0.6,
  /** How quickly a pan gains or loses speed: share of the width per second, per second. */
  maxAccelerationPerSecond2: 1.8,
  /** The analysis reads this many frames a second, at this width (a few pixels a ball). */
  analysisFps: 10,
  analysisWidth: 192,
  /** The most keyframes a path keeps (after simplifying): an editor corrects a few, not hundreds. */
  maxKeyframes: 400,
} as const;

/**
 * One keyframe of a path: at `time` seconds of the clip, the window's centre at `x` (0: the
 * window against the picture's left edge, 1: against its right edge). Between two keyframes the
 * window moves in a straight line; a keyframe marked `cut` is reached by a cut, not a pan.
 */
export const reframeKeyframe = z.object({
  time: z.number().min(0).max(86_400),
  x: z.number().min(0).max(1),
  cut: z.boolean().default(false),
});
export type ReframeKeyframe = z.infer<typeof reframeKeyframe>;

export const reframePath = z.object({
  aspect: z.enum(ASPECTS),
  /** Sorted by time, the first at 0. */
  keyframes: z.array(reframeKeyframe).min(1).max(REFRAME_LIMITS.maxKeyframes),
  /** `auto`: as the analysis placed it; `edited`: an editor moved or added keyframes. */
  source: z.enum(['auto', 'edited']),
});
export type ReframePath = z.infer<typeof reframePath>;

/** Where the window's centre stands at `time` (a cut keyframe is a step, the others a line). */
export function windowAt(keyframes: readonly ReframeKeyframe[], time: number): number {
  const first = keyframes[0];
  if (!first) return 0.5;
  if (time <= first.time) return first.x;
  for (let index = 1; index < keyframes.length; index += 1) {
    const next = keyframes[index];
    const previous = keyframes[index - 1];
    if (!next || !previous) break;
    if (time < next.time) {
      if (next.cut) return previous.x;
      const share = (time - previous.time) / (next.time - previous.time || 1);
      return previous.x + (next.x - previous.x) * share;
    }
  }
  return keyframes.at(-1)?.x ?? 0.5;
}

/** The module that renders videos in other aspects (spec module 36). */
export const VERTICAL_MODULE: ModuleCode = 'VERTICAL_VIDEO';

/** An aspect as it appears in a URL (`9:16` → `9x16`). */
export const ASPECT_SLUGS: Readonly<Record<Aspect, string>> = {
  '16:9': '16x9',
  '9:16': '9x16',
  '1:1': '1x1',
  '4:5': '4x5',
};
export const aspectSlug = z.enum(['16x9', '9x16', '1x1', '4x5']);
export type AspectSlug = z.infer<typeof aspectSlug>;

export function aspectOfSlug(slug: string): Aspect | null {
  return ASPECTS.find((aspect) => ASPECT_SLUGS[aspect] === slug) ?? null;
}

/**
 * A video's renditions in other aspects (issue 42), each its own HLS ladder and MP4, and the
 * reframe path the crop window follows:
 *   GET    …/videos/{id}/renditions              every aspect: its state and media
 *   POST   …/videos/{id}/renditions/{aspect}     renders (again) the aspect: 202, the rendition
 *   DELETE …/videos/{id}/renditions/{aspect}     removes its media and its path
 *   GET    …/videos/{id}/reframe/{aspect}        the path: the editor's, else the automatic one
 *   PUT    …/videos/{id}/reframe/{aspect}        the editor's keyframes (rendered at the next POST)
 *   DELETE …/videos/{id}/reframe/{aspect}        back to the automatic path
 * The aspect is its slug (ASPECT_SLUGS): `9x16`, `1x1`, `4x5`.
 */
export const verticalPaths = {
  renditions: (videoId: number | string) => `${MAIN_API}/videos/${videoId}/renditions`,
  rendition: (videoId: number | string, aspect: string) => `${MAIN_API}/videos/${videoId}/renditions/${aspect}`,
  reframe: (videoId: number | string, aspect: string) => `${MAIN_API}/videos/${videoId}/reframe/${aspect}`,
} as const;

/**
 * A rendition's life: `none` (never asked), `queued`, `rendering` (analysis then render), `ready`,
 * `failed`. While a render runs again the last ready media still play (`hlsUrl` stays set).
 */
export const RENDITION_STATES = ['none', 'queued', 'rendering', 'ready', 'failed'] as const;
export type RenditionState = (typeof RENDITION_STATES)[number];

/** A rendition's render: its jobs are about the video (resourceType 'Video'), its payload names the rendition. */
export const RENDITION_JOB_TYPE = 'video.rendition';

export const renditionResponse = z.object({
  aspect: z.enum(ASPECTS),
  state: z.enum(RENDITION_STATES),
  /** The render's progress while queued or rendering (0–100), else null. */
  progress: z.number().int().min(0).max(100).nullable(),
  /** The source's own aspect: the video itself, never rendered. */
  source: z.boolean(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The playable media (signed), kept while a new render runs; null before the first is ready. */
  hlsUrl: z.string().nullable(),
  mp4Url: z.string().nullable(),
  posterUrl: z.string().nullable(),
  /** Whose path the last render followed. */
  reframe: z.enum(['auto', 'edited']).nullable(),
  /** Why the last render failed (in the caller's language). */
  error: z.string().nullable(),
  renderedAt: isoDateTime.nullable(),
});
export type Rendition = z.infer<typeof renditionResponse>;

export const renditionList = z.object({ data: z.array(renditionResponse) });

/** The editor's keyframes (PUT …/reframe/{aspect}). */
export const reframeBody = z.object({
  keyframes: z.array(reframeKeyframe).min(1).max(REFRAME_LIMITS.maxKeyframes),
});
export type ReframeBody = z.infer<typeof reframeBody>;

/** A path as read: the aspect's window size over the source, for drawing it. */
export const reframeResponse = reframePath.extend({
  /** The window's width and the source's, in source pixels. */
  windowWidth: z.number().int(),
  sourceWidth: z.number().int(),
  sourceHeight: z.number().int(),
  duration: z.number(),
});
export type ReframeResponse = z.infer<typeof reframeResponse>;

export const VERTICAL_MESSAGES = messageCatalog('VERTICAL_MESSAGES', {
  moduleInactive: 'Other aspects than 16:9 need the 9:16 video module: ask your administrator to activate it',
  videoNotReady: 'The video must be ready (encoded) before it is rendered in another aspect',
  sourceAspect: (aspect: string) => `The video is ${aspect} already: its own media are its ${aspect} rendition`,
  unknownAspect: (slug: string) => `Unknown aspect ${slug}: use 9x16, 1x1, 4x5 or 16x9`,
  notRendered: (aspect: string) => `This video has no ${aspect} rendition`,
  notAnalysed: (aspect: string) =>
    `This video has no ${aspect} path yet: render it in ${aspect} once and its automatic path is made`,
  firstKeyframe: 'The first keyframe must be at 0 s',
  keyframesOrder: 'Keyframes must be in time order, each after the one before',
  keyframeAfterEnd: (time: number, duration: number) =>
    `A keyframe at ${time} s is after the end of the video (${duration} s)`,
});

/**
 * Where the platforms draw their own interface over a 9:16 video (captions, the account's name,
 * the like and share buttons), as shares of the picture's edges, after the platforms' published
 * guides (2026): a skin's text and the action are kept out of these bands.
 */
export const SAFE_AREA_PLATFORMS = ['tiktok', 'reels', 'shorts'] as const;
export type SafeAreaPlatform = (typeof SAFE_AREA_PLATFORMS)[number];
export const PLATFORM_SAFE_AREAS: Readonly<
  Record<SafeAreaPlatform, { top: number; bottom: number; left: number; right: number }>
> = {
  tiktok: { top: 0.078, bottom: 0.22, left: 0.056, right: 0.13 },
  reels: { top: 0.115, bottom: 0.22, left: 0.056, right: 0.111 },
  shorts: { top: 0.1, bottom: 0.2, left: 0.056, right: 0.1 },
};

/** Bands along a picture's edges, as shares of its width (left, right) and height (top, bottom). */
export interface EdgeBands {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The bands no platform's interface covers on a 9:16 video: the widest of each edge. */
export const VERTICAL_SAFE_AREA: Readonly<EdgeBands> = {
  top: Math.max(...SAFE_AREA_PLATFORMS.map((platform) => PLATFORM_SAFE_AREAS[platform].top)),
  bottom: Math.max(...SAFE_AREA_PLATFORMS.map((platform) => PLATFORM_SAFE_AREAS[platform].bottom)),
  left: Math.max(...SAFE_AREA_PLATFORMS.map((platform) => PLATFORM_SAFE_AREAS[platform].left)),
  right: Math.max(...SAFE_AREA_PLATFORMS.map((platform) => PLATFORM_SAFE_AREAS[platform].right)),
};

/**
 * How a clip's skin (its logo, intro and outro, and the event's graphics burnt in) is laid out
 * in each aspect: `safe`, the bands kept free of it (on 9:16 the platforms' interface, on the
 * feed shapes a small margin); `scale`, how much wider than in 16:9 its logo and graphics are as
 * a share of the width (a narrower picture needs a larger share for the same legibility).
 * The intro and outro images are fitted inside the safe area over a blurred fill of themselves.
 */
export const SKIN_LAYOUTS: Readonly<Record<Aspect, { safe: Readonly<EdgeBands>; scale: number }>> = {
  '16:9': { safe: { top: 0, bottom: 0, left: 0, right: 0 }, scale: 1 },
  '9:16': { safe: VERTICAL_SAFE_AREA, scale: 1.6 },
  '1:1': { safe: { top: 0.04, bottom: 0.04, left: 0.04, right: 0.04 }, scale: 1.25 },
  '4:5': { safe: { top: 0.04, bottom: 0.04, left: 0.04, right: 0.04 }, scale: 1.35 },
};
