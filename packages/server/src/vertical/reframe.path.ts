import { REFRAME_LIMITS, type ReframeKeyframe } from '@regie/contract/vertical';

/**
 * Where a narrower window (9:16, 1:1, 4:5) stands over a 16:9 picture, frame after frame, so that
 * the action stays inside (issue 42): pure functions over small grey frames, no model, no I/O
 * (reframe.analyse.ts reads the frames with ffmpeg).
 *
 * 1. Each frame's action: where it changed from the previous frame (the pixels that moved, weighted
 *    by how much), unless most of it changed (the camera panned: no clue) or its brightness
 *    histogram changed (a cut: a replay, another camera), which starts a new shot.
 * 2. Each shot's action is filled in where a frame gave no clue, smoothed over a third of a second
 *    and looked at a fifth of a second ahead, as an operator anticipates.
 * 3. A virtual camera follows it: it does not move while the action stays near the centre (a dead
 *    zone), pans no faster than REFRAME_LIMITS.maxPanPerSecond and changes speed no faster than
 *    maxAccelerationPerSecond2: no jitter, no whip pans. A new shot starts where its action is: a
 *    cut, never a pan across.
 * 4. The path is kept as few keyframes (a line between two is within a small tolerance of the
 *    camera): what an editor sees on the timeline and corrects.
 */

export interface GreyFrames {
  width: number;
  height: number;
  fps: number;
  /** One byte per pixel, row after row. */
  frames: readonly Uint8Array[];
}

/** A pixel whose brightness changed by more than this moved (video noise stays under it). */
const MOTION_THRESHOLD = 22;
/** More than this share of the pixels changed: the camera moved, not the action. */
const GLOBAL_MOTION_SHARE = 0.3;
/** Less moving brightness than this (per pixel of the frame) says nothing. */
const MIN_MOTION_ENERGY = 0.02;
/**
 * When nothing moves clearly, what stands out of the picture is the action: pixels further from
 * the frame's mean brightness than this many standard deviations (and SALIENT_MIN_LEVELS at least)…
 */
const SALIENT_DEVIATIONS = 4;
const SALIENT_MIN_LEVELS = 40;
/** …as long as they are few (a player, a ball), not a whole region of the picture. */
const SALIENT_MAX_SHARE = 0.03;
/** Histograms further apart than this (half the sum of differences ÷ pixels): a cut. */
const CUT_HISTOGRAM_DISTANCE = 0.35;
const HISTOGRAM_BINS = 32;
/** Smoothing and anticipation of the action, seconds. */
const SMOOTHING_SECONDS = 0.34;
const LOOK_AHEAD_SECONDS = 0.2;
/** The window does not move while the action is this close to its centre (share of its width). */
const DEAD_ZONE = 0.12;
/** How strongly the camera answers the distance to the action, per second. */
const FOLLOW_GAIN = 3;
/** A keyframe is dropped when the line through its neighbours passes this close (share of the range). */
const SIMPLIFY_TOLERANCE = 0.004;

function histogram(frame: Uint8Array): Float64Array {
  const bins = new Float64Array(HISTOGRAM_BINS);
  for (const value of frame) bins[(value * HISTOGRAM_BINS) >> 8] = (bins[(value * HISTOGRAM_BINS) >> 8] ?? 0) + 1;
  return bins;
}

function histogramDistance(a: Float64Array, b: Float64Array, pixels: number): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += Math.abs((a[index] ?? 0) - (b[index] ?? 0));
  return sum / 2 / pixels;
}

export interface FrameClue {
  /** The action's centre, 0–1 of the picture's width; null when the frame says nothing. */
  x: number | null;
  /** The frame starts a new shot. */
  cut: boolean;
}

/**
 * The still picture's clue, when nothing moves clearly (a player standing with the ball, a slow
 * play): the centre of the few pixels that stand out of the frame's brightness, weighted by how
 * far; null when none does, or too many do (a bright stand, a sunlit half of the pitch).
 */
export function salientX(frame: Uint8Array, width: number): number | null {
  const pixels = frame.length;
  if (pixels === 0) return null;
  let sum = 0;
  let squares = 0;
  for (const value of frame) {
    sum += value;
    squares += value * value;
  }
  const mean = sum / pixels;
  const deviation = Math.sqrt(Math.max(0, squares / pixels - mean * mean));
  const floor = Math.max(SALIENT_MIN_LEVELS, SALIENT_DEVIATIONS * deviation);
  let count = 0;
  let weight = 0;
  let weightedX = 0;
  for (let index = 0; index < pixels; index += 1) {
    const distance = Math.abs((frame[index] ?? 0) - mean) - floor;
    if (distance <= 0) continue;
    count += 1;
    weight += distance;
    weightedX += distance * (index % width);
  }
  if (count === 0 || count / pixels > SALIENT_MAX_SHARE) return null;
  return (weightedX / weight + 0.5) / width;
}

/** What each frame says of where the action is (what moves, else what stands out), and where the shots change. */
export function frameClues({ width, height, frames }: GreyFrames): FrameClue[] {
  const pixels = width * height;
  const clues: FrameClue[] = [];
  let previous: Uint8Array | null = null;
  let previousHistogram: Float64Array | null = null;
  for (const frame of frames) {
    const currentHistogram = histogram(frame);
    if (!previous || !previousHistogram) {
      clues.push({ x: null, cut: false });
    } else if (histogramDistance(previousHistogram, currentHistogram, pixels) > CUT_HISTOGRAM_DISTANCE) {
      clues.push({ x: null, cut: true });
    } else {
      let moved = 0;
      let energy = 0;
      let weightedX = 0;
      for (let index = 0; index < pixels; index += 1) {
        const change = Math.abs((frame[index] ?? 0) - (previous[index] ?? 0));
        if (change <= MOTION_THRESHOLD) continue;
        moved += 1;
        const weight = change - MOTION_THRESHOLD;
        energy += weight;
        weightedX += weight * (index % width);
      }
      const clear = moved / pixels <= GLOBAL_MOTION_SHARE && energy / pixels >= MIN_MOTION_ENERGY;
      clues.push({ x: clear ? (weightedX / energy + 0.5) / width : salientX(frame, width), cut: false });
    }
    previous = frame;
    previousHistogram = currentHistogram;
  }
  return clues;
}

/** The frames of each shot: [start, end) indexes. */
function shots(clues: readonly FrameClue[]): [number, number][] {
  const found: [number, number][] = [];
  let start = 0;
  clues.forEach((clue, index) => {
    if (clue.cut && index > start) {
      found.push([start, index]);
      start = index;
    }
  });
  if (clues.length > start) found.push([start, clues.length]);
  return found;
}

/** The action of one shot, every frame: filled where no clue, smoothed, looked at ahead. */
function shotTargets(clues: readonly FrameClue[], fps: number): number[] {
  const known = clues.map((clue) => clue.x);
  const firstKnown = known.find((x) => x !== null) ?? 0.5;
  let last = firstKnown;
  const filled = known.map((x) => {
    if (x !== null) last = x;
    return last;
  });
  const radius = Math.max(0, Math.round((SMOOTHING_SECONDS * fps) / 2));
  const ahead = Math.round(LOOK_AHEAD_SECONDS * fps);
  return filled.map((_, index) => {
    const centre = Math.min(filled.length - 1, index + ahead);
    let sum = 0;
    let count = 0;
    for (let other = centre - radius; other <= centre + radius; other += 1) {
      const value = filled[Math.max(0, Math.min(filled.length - 1, other))];
      if (value === undefined) continue;
      sum += value;
      count += 1;
    }
    return count > 0 ? sum / count : 0.5;
  });
}

/**
 * The virtual camera over one shot: the window's centre each frame (0–1 of the picture's width),
 * `share` being the window's width ÷ the picture's.
 */
function follow(targets: readonly number[], fps: number, share: number): number[] {
  const low = share / 2;
  const high = 1 - share / 2;
  const clamp = (value: number) => Math.min(high, Math.max(low, value));
  const step = 1 / fps;
  const maxSpeed = REFRAME_LIMITS.maxPanPerSecond;
  const maxChange = REFRAME_LIMITS.maxAccelerationPerSecond2 * step;
  let centre = clamp(targets[0] ?? 0.5);
  let speed = 0;
  return targets.map((target, index) => {
    if (index === 0) return centre;
    const distance = target - centre;
    const outside = Math.abs(distance) - DEAD_ZONE * share;
    const wanted = outside > 0 ? Math.sign(distance) * Math.min(maxSpeed, FOLLOW_GAIN * outside) : 0;
    speed += Math.max(-maxChange, Math.min(maxChange, wanted - speed));
    const next = clamp(centre + speed * step);
    if (next !== centre + speed * step) speed = 0;
    centre = next;
    return centre;
  });
}

/** Ramer–Douglas–Peucker over (time, x): the points a line between neighbours does not stand for. */
function simplify(points: readonly { time: number; x: number }[], tolerance: number): number[] {
  const keep = new Set<number>([0, points.length - 1]);
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop() ?? [0, 0];
    const a = points[first];
    const b = points[last];
    if (!a || !b || last - first < 2) continue;
    let worst = -1;
    let worstDistance = 0;
    for (let index = first + 1; index < last; index += 1) {
      const point = points[index];
      if (!point) continue;
      const share = (point.time - a.time) / (b.time - a.time || 1);
      const distance = Math.abs(point.x - (a.x + (b.x - a.x) * share));
      if (distance > worstDistance) {
        worstDistance = distance;
        worst = index;
      }
    }
    if (worst > 0 && worstDistance > tolerance) {
      keep.add(worst);
      stack.push([first, worst], [worst, last]);
    }
  }
  return [...keep].sort((a, b) => a - b);
}

export interface CameraPath {
  /** The window's centre on each analysed frame, 0–1 of the picture's width. */
  centres: number[];
  /** The frames that start a new shot (reached by a cut). */
  cuts: number[];
  keyframes: ReframeKeyframe[];
}

/**
 * The automatic path of a window `share` of the picture's width wide (9:16 over 16:9: 0.316).
 * Keyframes give the window's position as 0–1 of the range it can move in (contract vertical.ts).
 */
export function cameraPath(input: GreyFrames, share: number): CameraPath {
  const clues = frameClues(input);
  const centres: number[] = [];
  const cuts: number[] = [];
  const keyframes: ReframeKeyframe[] = [];
  const range = 1 - share;
  const toX = (centre: number) => (range > 0 ? Math.min(1, Math.max(0, (centre - share / 2) / range)) : 0.5);
  for (const [start, end] of shots(clues)) {
    const shotCentres = follow(shotTargets(clues.slice(start, end), input.fps), input.fps, share);
    if (start > 0) cuts.push(start);
    centres.push(...shotCentres);
    const points = shotCentres.map((centre, index) => ({ time: (start + index) / input.fps, x: toX(centre) }));
    for (const [order, index] of simplify(points, SIMPLIFY_TOLERANCE).entries()) {
      const point = points[index];
      if (!point) continue;
      keyframes.push({ time: round(point.time), x: round(point.x), cut: start > 0 && order === 0 });
    }
  }
  return { centres, cuts, keyframes: keyframes.slice(0, REFRAME_LIMITS.maxKeyframes) };
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** Keyframes of a cut, as keyframes of the clip that shows it from `offset` seconds on. */
export function shiftKeyframes(keyframes: readonly ReframeKeyframe[], offset: number): ReframeKeyframe[] {
  const first = keyframes[0];
  if (offset <= 0 || !first) return [...keyframes];
  const moved = keyframes.map((keyframe) => ({
    ...keyframe,
    time: Math.round((keyframe.time + offset) * 10_000) / 10_000,
  }));
  return [{ time: 0, x: first.x, cut: false }, ...moved].slice(0, REFRAME_LIMITS.maxKeyframes);
}
