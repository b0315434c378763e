import { describe, expect, it } from 'vitest';
import { hlsLadderArgs, rungsFor } from './hls.args.ts';
import { storyboardFilter, storyboardPlan } from './thumbnails.args.ts';

const base = { input: '/in/source.mp4', outputDir: '/out/hls', hasAudio: true, fps: 25 };

describe('hlsLadderArgs', () => {
  it('encodes a 1080p source to the four rungs in one ffmpeg process', () => {
    expect(hlsLadderArgs({ ...base, sourceWidth: 1920, sourceHeight: 1080 })).toEqual([
      '-i',
      '/in/source.mp4',
      '-filter_complex',
      '[0:v:0]split=4[v0][v1][v2][v3];' +
        '[v0]scale=-2:1080,format=yuv420p[v0out];[v1]scale=-2:720,format=yuv420p[v1out];' +
        '[v2]scale=-2:480,format=yuv420p[v2out];[v3]scale=-2:360,format=yuv420p[v3out]',
      ...['-map', '[v0out]', '-c:v:0', 'libx264', '-b:v:0', '5000k', '-maxrate:v:0', '5350k', '-bufsize:v:0', '7500k'],
      ...['-map', '[v1out]', '-c:v:1', 'libx264', '-b:v:1', '2800k', '-maxrate:v:1', '2996k', '-bufsize:v:1', '4200k'],
      ...['-map', '[v2out]', '-c:v:2', 'libx264', '-b:v:2', '1400k', '-maxrate:v:2', '1498k', '-bufsize:v:2', '2100k'],
      ...['-map', '[v3out]', '-c:v:3', 'libx264', '-b:v:3', '800k', '-maxrate:v:3', '856k', '-bufsize:v:3', '1200k'],
      ...['-map', '0:a:0', '-c:a:0', 'aac', '-b:a:0', '128k'],
      ...['-map', '0:a:0', '-c:a:1', 'aac', '-b:a:1', '128k'],
      ...['-map', '0:a:0', '-c:a:2', 'aac', '-b:a:2', '96k'],
      ...['-map', '0:a:0', '-c:a:3', 'aac', '-b:a:3', '96k'],
      '-ac',
      '2',
      ...['-preset', 'veryfast', '-sc_threshold', '0', '-force_key_frames', 'expr:gte(t,n_forced*6)'],
      ...['-g', '150', '-keyint_min', '150'],
      ...['-f', 'hls', '-hls_time', '6', '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments'],
      ...['-hls_segment_type', 'mpegts', '-hls_segment_filename', '/out/hls/%v/segment_%03d.ts'],
      ...['-master_pl_name', 'master.m3u8'],
      '-var_stream_map',
      'v:0,a:0,name:1080p v:1,a:1,name:720p v:2,a:2,name:480p v:3,a:3,name:360p',
      '/out/hls/%v/index.m3u8',
    ]);
  });

  it('never upscales: a 720p source gets 720p, 480p and 360p', () => {
    const args = hlsLadderArgs({ ...base, sourceWidth: 1280, sourceHeight: 720 });
    expect(args[args.indexOf('-filter_complex') + 1]).toMatch(
      /^\[0:v:0\]split=3\[v0\]\[v1\]\[v2\];\[v0\]scale=-2:720,/,
    );
    expect(args[args.indexOf('-var_stream_map') + 1]).toBe('v:0,a:0,name:720p v:1,a:1,name:480p v:2,a:2,name:360p');
  });

  it('keeps a source below the lowest rung at its own height', () => {
    expect(rungsFor({ sourceWidth: 320, sourceHeight: 240 })).toEqual([
      { name: '240p', height: 240, videoBitrateKbps: 800, audioBitrateKbps: 96 },
    ]);
    const args = hlsLadderArgs({ ...base, sourceWidth: 320, sourceHeight: 240 });
    expect(args[args.indexOf('-filter_complex') + 1]).toBe('[0:v:0]split=1[v0];[v0]scale=-2:240,format=yuv420p[v0out]');
  });

  it('ranks a portrait video by its width and scales the width', () => {
    const args = hlsLadderArgs({ ...base, sourceWidth: 720, sourceHeight: 1280 });
    expect(args[args.indexOf('-filter_complex') + 1]).toContain('[v0]scale=720:-2,format=yuv420p[v0out]');
    expect(args[args.indexOf('-var_stream_map') + 1]).toBe('v:0,a:0,name:720p v:1,a:1,name:480p v:2,a:2,name:360p');
  });

  it('maps no audio for a silent source and leaves the GOP to the forced keyframes without fps', () => {
    const args = hlsLadderArgs({ ...base, sourceWidth: 640, sourceHeight: 360, hasAudio: false, fps: null });
    expect(args).not.toContain('0:a:0');
    expect(args).not.toContain('-ac');
    expect(args).not.toContain('-g');
    expect(args).toContain('expr:gte(t,n_forced*6)');
    expect(args[args.indexOf('-var_stream_map') + 1]).toBe('v:0,name:360p');
  });

  it('aligns the GOP to a custom segment length', () => {
    const args = hlsLadderArgs({ ...base, sourceWidth: 640, sourceHeight: 360, fps: 30, segmentSeconds: 4 });
    expect(args.slice(args.indexOf('-g'), args.indexOf('-g') + 4)).toEqual(['-g', '120', '-keyint_min', '120']);
    expect(args[args.indexOf('-hls_time') + 1]).toBe('4');
    expect(args).toContain('expr:gte(t,n_forced*4)');
  });

  it('adds the storyboard as one more branch of the split and a second output', () => {
    const plan = storyboardPlan({ durationSeconds: 60, width: 1280, height: 720 });
    const args = hlsLadderArgs({
      input: 'in.mp4',
      outputDir: '/tmp/hls',
      sourceWidth: 1280,
      sourceHeight: 720,
      hasAudio: true,
      fps: 25,
      storyboard: { output: '/tmp/sprite.jpg', plan },
    });
    const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
    expect(graph.startsWith('[0:v:0]split=4[v0][v1][v2][sb]')).toBe(true);
    expect(graph).toContain(`[sb]${storyboardFilter(plan)}[sbout]`);
    expect(args.slice(-7)).toEqual(['-map', '[sbout]', '-frames:v', '1', '-q:v', '5', '/tmp/sprite.jpg']);
  });
});

describe('hlsLadderArgs with a watermark', () => {
  const logo = {
    image: '/work/logo.png',
    corner: 'top-right',
    sizePercent: 10,
    opacity: 0.5,
    marginPercent: 2,
  } as const;
  const graphOf = (args: string[]) => args[args.indexOf('-filter_complex') + 1] ?? '';

  it('reads the logo as a second input and overlays it once, before the split into rungs', () => {
    const args = hlsLadderArgs({ ...base, sourceWidth: 1280, sourceHeight: 720, watermark: logo });
    expect(args.slice(0, 4)).toEqual(['-i', '/in/source.mp4', '-i', '/work/logo.png']);
    expect(graphOf(args).split(';').slice(0, 3)).toEqual([
      // 10 % of 1280 = 128 px wide, half transparent; 2 % of 1280 ≈ 26 px from the top and right edges.
      '[1:v]scale=128:-2,format=rgba,colorchannelmixer=aa=0.5[wmlogo]',
      '[0:v:0][wmlogo]overlay=x=main_w-overlay_w-26:y=26:eof_action=repeat:format=yuv420[marked]',
      '[marked]split=3[v0][v1][v2]',
    ]);
    expect(graphOf(args).match(/overlay=/g)).toHaveLength(1);
    // The audio is still the source's (input 0), not the logo's.
    expect(args).toContain('0:a:0');
  });

  it('places each corner by its two edges', () => {
    const overlayOf = (corner: (typeof logo)['corner'] | 'bottom-left' | 'bottom-right' | 'top-left') =>
      graphOf(hlsLadderArgs({ ...base, sourceWidth: 1000, sourceHeight: 560, watermark: { ...logo, corner } }))
        .split(';')[1]
        ?.replace(/:eof_action.*/, '');
    expect(overlayOf('top-left')).toBe('[0:v:0][wmlogo]overlay=x=20:y=20');
    expect(overlayOf('top-right')).toBe('[0:v:0][wmlogo]overlay=x=main_w-overlay_w-20:y=20');
    expect(overlayOf('bottom-left')).toBe('[0:v:0][wmlogo]overlay=x=20:y=main_h-overlay_h-20');
    expect(overlayOf('bottom-right')).toBe('[0:v:0][wmlogo]overlay=x=main_w-overlay_w-20:y=main_h-overlay_h-20');
  });

  it('sizes the logo by the source width (an even number) so every rung shows it at the same share', () => {
    const args = hlsLadderArgs({
      ...base,
      sourceWidth: 1920,
      sourceHeight: 1080,
      watermark: { ...logo, sizePercent: 12.5 },
    });
    expect(graphOf(args)).toContain('[1:v]scale=240:-2,');
    const odd = hlsLadderArgs({
      ...base,
      sourceWidth: 642,
      sourceHeight: 360,
      watermark: { ...logo, sizePercent: 15 },
    });
    // 15 % of 642 = 96.3 → 96.
    expect(graphOf(odd)).toContain('[1:v]scale=96:-2,');
  });

  it('keeps the opacity between 0 and 1 and puts the storyboard after the overlay too', () => {
    const plan = storyboardPlan({ durationSeconds: 60, width: 1280, height: 720 });
    const args = hlsLadderArgs({
      ...base,
      sourceWidth: 1280,
      sourceHeight: 720,
      watermark: { ...logo, opacity: 1.7 },
      storyboard: { output: '/tmp/sprite.jpg', plan },
    });
    expect(graphOf(args)).toContain('colorchannelmixer=aa=1[wmlogo]');
    expect(graphOf(args)).toContain('[marked]split=4[v0][v1][v2][sb]');
  });

  it('has no second input nor overlay without a watermark', () => {
    const args = hlsLadderArgs({ ...base, sourceWidth: 1280, sourceHeight: 720, watermark: null });
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
    expect(graphOf(args)).not.toContain('overlay');
    expect(graphOf(args).startsWith('[0:v:0]split=3')).toBe(true);
  });
});
