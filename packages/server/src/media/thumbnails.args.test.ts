import { describe, expect, it } from 'vitest';
import { posterArgs, posterTime, storyboardArgs, storyboardPlan, storyboardVtt } from './thumbnails.args.ts';

describe('posterArgs', () => {
  it('seeks before the input and writes one high-quality JPEG frame', () => {
    expect(posterArgs({ input: '/in.mp4', output: '/poster.jpg', atSeconds: 3 })).toEqual([
      ...['-ss', '3', '-i', '/in.mp4', '-map', '0:v:0', '-frames:v', '1', '-q:v', '2', '/poster.jpg'],
    ]);
  });

  it('scales to a width, keeping the aspect ratio with an even height', () => {
    expect(posterArgs({ input: '/in.mp4', output: '/p.jpg', atSeconds: 1.23456, width: 640 })).toEqual([
      ...['-ss', '1.235', '-i', '/in.mp4', '-map', '0:v:0', '-frames:v', '1'],
      ...['-vf', 'scale=640:-2', '-q:v', '2', '/p.jpg'],
    ]);
  });

  it('takes the poster 3 s in, or a tenth into a short video', () => {
    expect(posterTime(600)).toBe(3);
    expect(posterTime(10)).toBe(1);
  });
});

describe('storyboard', () => {
  it('plans one thumbnail every 5 s in rows of 10', () => {
    expect(storyboardPlan({ durationSeconds: 62, width: 1920, height: 1080 })).toEqual({
      intervalSeconds: 5,
      count: 13,
      columns: 10,
      rows: 2,
      thumbnailWidth: 160,
      thumbnailHeight: 90,
      durationSeconds: 62,
    });
  });

  it('spaces thumbnails further apart on a long video to stay under the maximum', () => {
    const plan = storyboardPlan({ durationSeconds: 4 * 3600, width: 1280, height: 720 });
    expect(plan.intervalSeconds).toBe(36);
    expect(plan.count).toBe(400);
    expect(plan.rows).toBe(40);
  });

  it('builds the sprite sheet with fps, scale and tile', () => {
    const plan = storyboardPlan({ durationSeconds: 3, width: 640, height: 360, intervalSeconds: 1 });
    expect(storyboardArgs({ input: '/in.mp4', output: '/sprite.jpg', plan })).toEqual([
      ...['-i', '/in.mp4', '-map', '0:v:0', '-vf', 'fps=1000/1000:eof_action=pass,scale=160:90,tile=3x1'],
      ...['-frames:v', '1', '-q:v', '5', '/sprite.jpg'],
    ]);
  });

  it('writes one #xywh cue per cell, the last ending with the video', () => {
    const plan = storyboardPlan({ durationSeconds: 12.5, width: 640, height: 360, columns: 2 });
    expect(storyboardVtt(plan, 'sprite.jpg')).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.000 --> 00:00:05.000',
        'sprite.jpg#xywh=0,0,160,90',
        '',
        '00:00:05.000 --> 00:00:10.000',
        'sprite.jpg#xywh=160,0,160,90',
        '',
        '00:00:10.000 --> 00:00:12.500',
        'sprite.jpg#xywh=0,90,160,90',
        '',
      ].join('\n'),
    );
  });

  it('formats hours in cue times', () => {
    const plan = storyboardPlan({ durationSeconds: 3725, width: 640, height: 360, intervalSeconds: 3720 });
    expect(storyboardVtt(plan, 's.jpg')).toContain('01:02:00.000 --> 01:02:05.000');
  });
});
