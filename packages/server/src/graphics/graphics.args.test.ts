import { describe, expect, it } from 'vitest';
import { skinnedClipArgs } from '../clips/skin.args.ts';
import { graphicOverlayArgs, graphicXY } from './graphics.args.ts';

const scoreboard = {
  image: 'score.png',
  position: 'top-left' as const,
  widthPercent: 25,
  marginPercent: 2,
  opacity: 0.8,
};
const lowerThird = {
  ...scoreboard,
  image: 'name.svg',
  position: 'bottom-center' as const,
  widthPercent: 50,
  opacity: 1,
};

describe('graphicXY', () => {
  it('places each preset against its edges, the middle ones centred', () => {
    expect(graphicXY('top-left', 10)).toEqual({ x: '10', y: '10' });
    expect(graphicXY('top-center', 10)).toEqual({ x: '(main_w-overlay_w)/2', y: '10' });
    expect(graphicXY('middle-right', 10)).toEqual({ x: 'main_w-overlay_w-10', y: '(main_h-overlay_h)/2' });
    expect(graphicXY('center', 10)).toEqual({ x: '(main_w-overlay_w)/2', y: '(main_h-overlay_h)/2' });
    expect(graphicXY('bottom-right', 4)).toEqual({ x: 'main_w-overlay_w-4', y: 'main_h-overlay_h-4' });
  });
});

describe('graphicOverlayArgs', () => {
  it('adds one input per graphic and lays them in order, scaled to their share of the width', () => {
    const result = graphicOverlayArgs('[0:v:0]fps=25', [scoreboard, lowerThird], 2, 1280);
    expect(result.inputs).toEqual(['-i', 'score.png', '-i', 'name.svg']);
    expect(result.filters).toEqual([
      '[2:v]scale=320:-2,format=rgba,colorchannelmixer=aa=0.8[graphic0]',
      '[0:v:0]fps=25[under0]',
      '[3:v]scale=640:-2,format=rgba,colorchannelmixer=aa=1[graphic1]',
      '[under0][graphic0]overlay=x=26:y=26:eof_action=repeat:format=yuv420[under1]',
    ]);
    expect(result.main).toBe(
      '[under1][graphic1]overlay=x=(main_w-overlay_w)/2:y=main_h-overlay_h-26:eof_action=repeat:format=yuv420',
    );
  });

  it('leaves the chain as it is without graphics', () => {
    expect(graphicOverlayArgs('[cut]', [], 1, 640)).toEqual({ inputs: [], filters: [], main: '[cut]' });
  });
});

describe('skinnedClipArgs with graphics', () => {
  const plain = {
    input: 'in.mp4',
    output: 'out.mp4',
    inSeconds: 1,
    outSeconds: 3,
    width: 320,
    height: 180,
    fps: 25,
    hasAudio: false,
    preRoll: null,
    postRoll: null,
    overlay: null,
    rollSeconds: 0,
  };

  it('burns the graphics over the cut without a skin, after the skin overlay with one', () => {
    const args = skinnedClipArgs({ ...plain, graphics: [scoreboard] });
    expect(args.slice(0, 8)).toEqual(['-ss', '1', '-t', '2', '-i', 'in.mp4', '-i', 'score.png']);
    const graph = (args[args.indexOf('-filter_complex') + 1] ?? '').split(';');
    expect(graph[0]).toBe('[1:v]scale=80:-2,format=rgba,colorchannelmixer=aa=0.8[graphic0]');
    expect(graph[2]).toBe('[under0][graphic0]overlay=x=6:y=6:eof_action=repeat:format=yuv420[mainv]');

    const skinned = skinnedClipArgs({
      ...plain,
      overlay: { image: 'logo.png', position: 'top-right', opacity: 1 },
      graphics: [scoreboard],
    });
    expect(skinned.slice(6, 10)).toEqual(['-i', 'logo.png', '-i', 'score.png']);
    const skinnedGraph = skinned[skinned.indexOf('-filter_complex') + 1] ?? '';
    expect(skinnedGraph).toContain('[2:v]scale=80:-2');
    expect(skinnedGraph).toContain(
      '[cut][logo]overlay=x=main_w-overlay_w-10:y=10:eof_action=repeat:format=yuv420[under0]',
    );
  });
});

describe('graphics in another aspect', () => {
  const insets = { left: 34, right: 79, top: 124, bottom: 238 };

  it('places them inside the safe area, centred in the room it leaves', () => {
    expect(graphicXY('top-left', 12, insets)).toEqual({ x: '46', y: '136' });
    expect(graphicXY('bottom-center', 12, insets)).toEqual({
      x: '34+(main_w-113-overlay_w)/2',
      y: 'main_h-overlay_h-250',
    });
    expect(graphicXY('center', 0, insets)).toEqual({
      x: '34+(main_w-113-overlay_w)/2',
      y: '124+(main_h-362-overlay_h)/2',
    });
  });

  it('makes them wider by the layout’s scale, never past the safe area', () => {
    const { filters } = graphicOverlayArgs('[cut]', [scoreboard, lowerThird], 3, 608, { insets, scale: 1.6 });
    // 25 % × 1.6 of 608 px; the lower third's 50 % × 1.6 would overflow: the room left, 471 px.
    expect(filters[0]).toBe('[3:v]scale=244:-2,format=rgba,colorchannelmixer=aa=0.8[graphic0]');
    expect(filters[2]).toBe('[4:v]scale=472:-2,format=rgba,colorchannelmixer=aa=1[graphic1]');
  });
});
