import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cropWindow, REFRAME_LIMITS, windowAt } from '@regie/contract/vertical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../media/ffmpeg.runner.ts';
import { analyseReframe, readGreyFrames, renderReframed } from './reframe.analyse.ts';
import { salientX, shiftKeyframes } from './reframe.path.ts';

/**
 * Issue 42 point 7: a synthetic match made with ffmpeg's lavfi sources, a small bright ball crossing
 * a textured pitch left to right and back, then a cut to another camera; the automatic 9:16 window
 * must keep the ball in, pan no faster than the limit, and cut at the cut.
 */

const WIDTH = 640;
const HEIGHT = 360;
const FPS = 25;
const BALL = 12;
/** The first shot: the ball's whole crossing and back. */
const CROSSING = 8;
/** The second shot (after the cut), on another pitch, the ball slowly near the right edge. */
const SECOND = 3;

/** Where the ball's left edge is at `time` (the lavfi overlay's own expressions, evaluated here). */
function ballX(time: number): number {
  if (time < CROSSING) return (WIDTH - BALL) * (0.5 - 0.5 * Math.cos((2 * Math.PI * time) / CROSSING));
  return WIDTH - 150 + 40 * Math.sin(time - CROSSING);
}

let folder: string;
let clip: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'regie-reframe-test-'));
  clip = join(folder, 'match.mp4');
  const pitch = (seconds: number, base: number) =>
    `color=c=black:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${seconds},format=gray,geq=lum='${base}+28*sin(X/9)*sin(Y/7)'`;
  const ball = (seconds: number) => `color=c=white:s=${BALL}x${BALL}:r=${FPS}:d=${seconds},format=gray`;
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    pitch(CROSSING, 70),
    '-f',
    'lavfi',
    '-i',
    ball(CROSSING),
    '-f',
    'lavfi',
    '-i',
    pitch(SECOND, 150),
    '-f',
    'lavfi',
    '-i',
    ball(SECOND),
    '-filter_complex',
    [
      `[0][1]overlay=x='(W-w)*(0.5-0.5*cos(2*PI*t/${CROSSING}))':y=(H-h)/2[a]`,
      `[2][3]overlay=x='W-150+40*sin(t)':y=(H-h)/3[b]`,
      '[a][b]concat=n=2:v=1:a=0,format=yuv420p[v]',
    ].join(';'),
    '-map',
    '[v]',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    String(FPS),
    clip,
  ]);
}, 120_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the automatic 9:16 window over a synthetic match (issue 42)', () => {
  it('keeps the ball inside in at least 95 % of the frames, panning no faster than the limit', async () => {
    const path = await analyseReframe(clip, { width: WIDTH, height: HEIGHT }, '9:16');
    const window = cropWindow('9:16', WIDTH, HEIGHT);
    const range = WIDTH - window.width;
    let inside = 0;
    let frames = 0;
    for (let frame = 0; frame < CROSSING * FPS; frame += 1) {
      const time = frame / FPS;
      const left = windowAt(path.keyframes, time) * range;
      const ball = ballX(time);
      frames += 1;
      if (ball >= left - 0.5 && ball + BALL <= left + window.width + 0.5) inside += 1;
    }
    expect(inside / frames).toBeGreaterThanOrEqual(0.95);

    // No pan faster than the limit within a shot (the analysed frames, 10 a second).
    const fps = REFRAME_LIMITS.analysisFps;
    let fastest = 0;
    for (let index = 1; index < path.centres.length; index += 1) {
      if (path.cuts.includes(index)) continue;
      fastest = Math.max(fastest, Math.abs((path.centres[index] ?? 0) - (path.centres[index - 1] ?? 0)) * fps);
    }
    expect(fastest).toBeLessThanOrEqual(REFRAME_LIMITS.maxPanPerSecond + 1e-9);
    expect(fastest).toBeGreaterThan(0.1);
    // An editor corrects keyframes, not a value per frame.
    expect(path.keyframes.length).toBeLessThan(CROSSING * fps);
  }, 60_000);

  it('cuts at the cut, straight to the new shot’s action, instead of panning across', async () => {
    const path = await analyseReframe(clip, { width: WIDTH, height: HEIGHT }, '9:16');
    const cutAt = CROSSING * REFRAME_LIMITS.analysisFps;
    expect(path.cuts.some((frame) => Math.abs(frame - cutAt) <= 1)).toBe(true);
    const cut = path.keyframes.find((keyframe) => keyframe.cut);
    expect(cut?.time).toBeCloseTo(CROSSING, 0);
    // Right after the cut the ball (near the right edge) is in the window already.
    const window = cropWindow('9:16', WIDTH, HEIGHT);
    const range = WIDTH - window.width;
    for (const time of [CROSSING + 0.2, CROSSING + 1, CROSSING + 2.5]) {
      const left = windowAt(path.keyframes, time) * range;
      expect(ballX(time), `at ${time} s`).toBeGreaterThanOrEqual(left);
      expect(ballX(time) + BALL, `at ${time} s`).toBeLessThanOrEqual(left + window.width);
    }
  }, 60_000);
});

describe('rendering along a path (issue 42)', () => {
  it("moves the rendered window where the editor's keyframes put it", async () => {
    // A picture whose brightness grows from left to right: a window's brightness says where it is.
    const gradient = join(folder, 'gradient.mp4');
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      `color=c=black:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=3,format=gray,geq=lum='X*255/W',format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      gradient,
    ]);
    const output = join(folder, 'vertical.mp4');
    const progress: number[] = [];
    await renderReframed({
      input: gradient,
      output,
      aspect: '9:16',
      // Against the left edge for a second and a half, then cut to the right edge.
      keyframes: [
        { time: 0, x: 0, cut: false },
        { time: 1.5, x: 1, cut: true },
      ],
      source: { width: WIDTH, height: HEIGHT, fps: FPS, duration: 3 },
      onProgress: (percent) => progress.push(percent),
    });
    expect(progress.at(-1)).toBe(100);
    const window = cropWindow('9:16', WIDTH, HEIGHT);
    const rendered = await readGreyFrames(output, window);
    const mean = (frame: Uint8Array | undefined) =>
      frame ? frame.reduce((sum, value) => sum + value, 0) / frame.length : 0;
    const leftShare = window.width / WIDTH;
    // Before the cut: the left window, mean about half its share of white; after: the right one.
    expect(mean(rendered.frames[5])).toBeCloseTo((255 * leftShare) / 2, -1);
    expect(mean(rendered.frames[25])).toBeCloseTo(255 * (1 - leftShare / 2), -1);
  }, 60_000);
});

describe('the still picture’s clue (issue 42 point 2)', () => {
  /** A 100 × 50 grey frame, textured a little, with a bright square of `size` at column `x`. */
  function frame(x: number, size: number): Uint8Array {
    const width = 100;
    const pixels = new Uint8Array(width * 50);
    for (let index = 0; index < pixels.length; index += 1) pixels[index] = 120 + ((index * 7) % 11);
    for (let row = 20; row < 20 + size; row += 1) {
      for (let column = x; column < x + size; column += 1) pixels[row * width + column] = 250;
    }
    return pixels;
  }

  it('is where a small bright thing stands when nothing moves', () => {
    expect(salientX(frame(80, 3), 100)).toBeCloseTo(0.815, 2);
    expect(salientX(frame(10, 3), 100)).toBeCloseTo(0.115, 2);
  });

  it('says nothing of a plain picture, or of a bright region too large to be the action', () => {
    expect(salientX(frame(0, 0), 100)).toBeNull();
    expect(salientX(frame(20, 30), 100)).toBeNull();
  });
});

describe('a path analysed on a clip’s bare cut', () => {
  it('is moved to the clip’s times, the window held where it starts during the pre-roll', () => {
    const cut = [
      { time: 0, x: 0.2, cut: false },
      { time: 1.5, x: 0.8, cut: true },
    ];
    expect(shiftKeyframes(cut, 0.4)).toEqual([
      { time: 0, x: 0.2, cut: false },
      { time: 0.4, x: 0.2, cut: false },
      { time: 1.9, x: 0.8, cut: true },
    ]);
    expect(shiftKeyframes(cut, 0)).toEqual(cut);
    const full = Array.from({ length: REFRAME_LIMITS.maxKeyframes }, (_, index) => ({
      time: index,
      x: 0.5,
      cut: false,
    }));
    expect(shiftKeyframes(full, 2)).toHaveLength(REFRAME_LIMITS.maxKeyframes);
  });
});
