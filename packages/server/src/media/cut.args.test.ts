import { describe, expect, it } from 'vitest';
import { cutArgs, cutPlan, keyframeProbeArgs, mergeWindows, parseKeyframes } from './cut.args.ts';
import { MediaError } from './media.errors.ts';

const keyframes = [0, 2, 4, 6];

describe('cutPlan', () => {
  it('copies streams when both points are keyframes', () => {
    expect(cutPlan({ inSeconds: 2, outSeconds: 4, durationSeconds: 8, keyframes })).toEqual({
      mode: 'copy',
      inSeconds: 2,
      outSeconds: 4,
    });
  });

  it('copies a cut that runs to the end of the file from a keyframe', () => {
    expect(cutPlan({ inSeconds: 6, outSeconds: 8, durationSeconds: 8, keyframes }).mode).toBe('copy');
  });

  it('re-encodes when either point is between keyframes', () => {
    expect(cutPlan({ inSeconds: 1, outSeconds: 4, durationSeconds: 8, keyframes }).mode).toBe('encode');
    expect(cutPlan({ inSeconds: 2, outSeconds: 3.5, durationSeconds: 8, keyframes }).mode).toBe('encode');
  });

  it('takes ffprobe microsecond times as the same instant', () => {
    expect(cutPlan({ inSeconds: 2, outSeconds: 4, durationSeconds: 8, keyframes: [2.0000004, 3.9999996] }).mode).toBe(
      'copy',
    );
  });

  it('refuses a cut that ends before it starts or leaves the video', () => {
    expect(() => cutPlan({ inSeconds: 4, outSeconds: 2, durationSeconds: 8, keyframes })).toThrow(MediaError);
    expect(() => cutPlan({ inSeconds: 2, outSeconds: 9, durationSeconds: 8, keyframes })).toThrow(
      'A cut must start before it ends and stay within the video (asked 2–9 s of 8 s)',
    );
  });
});

describe('cutArgs', () => {
  it('stream-copies from the keyframe with zero-based timestamps', () => {
    const plan = cutPlan({ inSeconds: 2, outSeconds: 4, durationSeconds: 8, keyframes });
    expect(cutArgs({ input: '/in.mp4', output: '/cut.mp4', plan })).toEqual([
      ...['-ss', '2', '-i', '/in.mp4', '-t', '2', '-map', '0:v:0', '-map', '0:a:0?'],
      ...['-c', 'copy', '-avoid_negative_ts', 'make_zero', '-movflags', '+faststart', '/cut.mp4'],
    ]);
  });

  it('re-encodes with libx264 and AAC', () => {
    const plan = cutPlan({ inSeconds: 0.5, outSeconds: 1.7, durationSeconds: 8, keyframes });
    expect(cutArgs({ input: '/in.mp4', output: '/cut.mp4', plan })).toEqual([
      ...['-ss', '0.5', '-i', '/in.mp4', '-t', '1.2', '-map', '0:v:0', '-map', '0:a:0?'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '/cut.mp4'],
    ]);
  });
});

describe('keyframes', () => {
  it('lists video packets without decoding, optionally in a window', () => {
    expect(keyframeProbeArgs('/in.mp4')).toEqual([
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags'],
      ...['-of', 'csv=print_section=0', '/in.mp4'],
    ]);
    expect(keyframeProbeArgs('/in.mp4', { fromSeconds: 9, toSeconds: 21.5 })).toContain('9%21.5');
  });

  it('reads several windows in one run, in order, those that overlap merged', () => {
    const args = keyframeProbeArgs('/in.mp4', [
      { fromSeconds: 30, toSeconds: 31 },
      { fromSeconds: 9.5, toSeconds: 10.5 },
      { fromSeconds: 10, toSeconds: 11 },
    ]);
    expect(args[args.indexOf('-read_intervals') + 1]).toBe('9.5%11,30%31');
    expect(mergeWindows([])).toEqual([]);
  });

  it('keeps the K packets, sorted, once each', () => {
    expect(parseKeyframes('2.000000,K__\n0.040000,___\n0.000000,K_\nN/A,K__\n2.000000,K__\n1.000000,__D\n')).toEqual([
      0, 2,
    ]);
  });
});
