import { describe, expect, it } from 'vitest';
import {
  cutOffset,
  overlayXY,
  rollFitFilters,
  rollFrames,
  skinLayout,
  skinnedClipArgs,
  skinnedDuration,
} from './skin.args.ts';

const base = {
  input: 'in.mp4',
  output: 'out.mp4',
  inSeconds: 12.5,
  outSeconds: 20,
  width: 1280,
  height: 720,
  fps: 25,
  hasAudio: true,
  preRoll: 'pre.png',
  postRoll: 'post.png',
  overlay: { image: 'logo.png', position: 'bottom-left' as const, opacity: 0.6 },
  rollSeconds: 2,
};

const graphOf = (args: string[]) => args[args.indexOf('-filter_complex') + 1] ?? '';

describe('skinnedClipArgs', () => {
  it('reads the cut from its in point, then each image as a looped still of the roll length', () => {
    const args = skinnedClipArgs(base);
    expect(args.slice(0, 6)).toEqual(['-ss', '12.5', '-t', '7.5', '-i', 'in.mp4']);
    expect(args.slice(6, 15)).toEqual(['-loop', '1', '-framerate', '25', '-t', '2', '-i', 'pre.png', '-i']);
    expect(args[15]).toBe('logo.png');
    expect(args.slice(16, 24)).toEqual(['-loop', '1', '-framerate', '25', '-t', '2', '-i', 'post.png']);
    expect(args.slice(-3)).toEqual(['-movflags', '+faststart', 'out.mp4']);
  });

  it('fits the rolls to the cut, puts the overlay in its corner at its opacity, silence under the rolls', () => {
    const graph = graphOf(skinnedClipArgs(base)).split(';');
    const fit =
      'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=25,format=yuv420p';
    expect(graph).toEqual([
      `[1:v]${fit},trim=end_frame=50[prev]`,
      'anullsrc=r=48000:cl=stereo,atrim=duration=2,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo[prea]',
      '[2:v]scale=256:-2,format=rgba,colorchannelmixer=aa=0.6[logo]',
      `[0:v:0]setpts=PTS-STARTPTS,${fit}[cut]`,
      '[cut][logo]overlay=x=38:y=main_h-overlay_h-38:eof_action=repeat:format=yuv420[mainv]',
      '[0:a:0]asetpts=PTS-STARTPTS,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo[maina]',
      `[3:v]${fit},trim=end_frame=50[postv]`,
      'anullsrc=r=48000:cl=stereo,atrim=duration=2,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo[posta]',
      '[prev][prea][mainv][maina][postv][posta]concat=n=3:v=1:a=1[v][a]',
    ]);
  });

  it('maps the concatenated streams and encodes H.264 and AAC', () => {
    const args = skinnedClipArgs(base);
    const tail = args.slice(args.indexOf('-filter_complex') + 2);
    expect(tail).toEqual([
      ...['-map', '[v]', '-map', '[a]', '-c:a', 'aac', '-b:a', '128k'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
      ...['-movflags', '+faststart', 'out.mp4'],
    ]);
  });

  it('makes a silent source a silent clip, and leaves out what the skin does not have', () => {
    const args = skinnedClipArgs({ ...base, hasAudio: false, preRoll: null, overlay: null });
    const graph = graphOf(args);
    expect(graph).not.toMatch(/anullsrc|\[0:a|overlay/);
    expect(graph).toMatch(/\[mainv\]\[postv\]concat=n=2:v=1:a=0\[v\]$/);
    expect(args).not.toContain('-c:a');
    expect(args.filter((arg) => arg === '-i')).toHaveLength(2);
  });

  it('drops the rolls when they last no time, keeping the overlay', () => {
    const graph = graphOf(skinnedClipArgs({ ...base, rollSeconds: 0 }));
    expect(graph).toMatch(/\[mainv\]\[maina\]concat=n=1:v=1:a=1\[v\]\[a\]$/);
    expect(graph).toMatch(/overlay=/);
  });
});

describe('overlayXY', () => {
  it('places each corner the margin away from its edges', () => {
    expect(overlayXY('top-left', 10)).toEqual({ x: '10', y: '10' });
    expect(overlayXY('top-right', 10)).toEqual({ x: 'main_w-overlay_w-10', y: '10' });
    expect(overlayXY('bottom-left', 10)).toEqual({ x: '10', y: 'main_h-overlay_h-10' });
    expect(overlayXY('bottom-right', 10)).toEqual({ x: 'main_w-overlay_w-10', y: 'main_h-overlay_h-10' });
  });
});

describe('skinnedDuration', () => {
  it('adds each roll present, in whole frames', () => {
    expect(skinnedDuration(base)).toBe(11.5);
    expect(skinnedDuration({ ...base, preRoll: null })).toBe(9.5);
    expect(rollFrames(0.5, 25)).toBe(13);
    expect(skinnedDuration({ ...base, rollSeconds: 0.5 })).toBeCloseTo(7.5 + 2 * 0.52, 6);
    expect(rollFrames(1, null)).toBe(25);
  });
});

describe('a skin laid out for another aspect', () => {
  const vertical = skinLayout('9:16', 608, 1080);
  const graphOf9x16 = (extra: Partial<Parameters<typeof skinnedClipArgs>[0]> = {}) =>
    graphOf(
      skinnedClipArgs({
        ...base,
        inSeconds: 0,
        outSeconds: 2,
        width: 608,
        height: 1080,
        overlay: { image: 'logo.png', position: 'top-right', opacity: 1 },
        layout: vertical,
        reframe: { commands: 'crop.cmd', window: { width: 608, height: 1080 }, startX: 300, y: 0 },
        ...extra,
      }),
    ).split(';');

  it('keeps the platforms’ bands free: the widest of TikTok’s, Reels’ and Shorts’ on each edge', () => {
    expect(vertical.insets).toEqual({ left: 34, right: 79, top: 124, bottom: 238 });
    expect(skinLayout('16:9', 1920, 1080).insets).toEqual({ left: 0, right: 0, top: 0, bottom: 0 });
    expect(overlayXY('bottom-left', 18, vertical.insets)).toEqual({ x: '52', y: 'main_h-overlay_h-256' });
  });

  it('crops the cut along its path, then lays a larger logo inside the safe area', () => {
    const graph = graphOf9x16();
    const cut = graph.find((filter) => filter.endsWith('[cut]')) ?? '';
    expect(cut).toMatch(
      /^\[0:v:0\]setpts=PTS-STARTPTS,sendcmd=f='crop\.cmd',crop@reframe=w=608:h=1080:x=300:y=0,scale=608:1080/,
    );
    // 20 % of the width in 16:9, 1.6 times that here; 18 px from the safe area's corner.
    expect(graph).toContain('[2:v]scale=194:-2,format=rgba,colorchannelmixer=aa=1[logo]');
    expect(graph).toContain('[cut][logo]overlay=x=main_w-overlay_w-97:y=142:eof_action=repeat:format=yuv420[mainv]');
  });

  it('fits the rolls inside the safe area over a blurred fill, keeping every frame of them', () => {
    const graph = graphOf9x16();
    expect(graph[0]).toBe('[1:v]fps=25,split[prefitbgin][prefitfgin]');
    expect(graph).toContain(
      '[prefitfgin]scale=496:718:force_original_aspect_ratio=decrease:force_divisible_by=2[prefitfg]',
    );
    expect(graph).toContain('[prefit]format=yuv420p,trim=end_frame=50[prev]');
    expect(rollFitFilters('[1:v]', 1280, 720, skinLayout('16:9', 1280, 720), '[x]')).toEqual([
      '[1:v]scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2,setsar=1[x]',
    ]);
  });

  it('also writes the bare cut, with its sound, when asked, in the same run', () => {
    const args = skinnedClipArgs({ ...base, cleanOutput: 'clean.mp4' });
    const graph = graphOf(args).split(';');
    expect(graph).toContain(
      '[0:v:0]setpts=PTS-STARTPTS,scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=25,format=yuv420p,split[cutv][cleanv]',
    );
    expect(graph.some((filter) => filter.endsWith('asplit[maina][cleana]'))).toBe(true);
    expect(args.slice(args.indexOf('out.mp4') + 1)).toEqual([
      ...['-map', '[cleanv]', '-map', '[cleana]', '-c:a', 'aac', '-b:a', '128k'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
      ...['-movflags', '+faststart', 'clean.mp4'],
    ]);
    expect(cutOffset(base)).toBe(2);
    expect(cutOffset({ ...base, preRoll: null })).toBe(0);
  });
});
