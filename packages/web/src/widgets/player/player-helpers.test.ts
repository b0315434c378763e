import { describe, expect, it } from 'vitest';
import { clampTime, clampVolume, commandOfKey } from './player-keys.ts';
import { cueAt, parseStoryboard, vttSeconds } from './storyboard.ts';
import { formatClock } from './time-format.ts';

const none = { ctrl: false, alt: false, meta: false };

describe('storyboard', () => {
  const vtt = [
    'WEBVTT',
    '',
    '00:00:00.000 --> 00:00:02.000',
    'sprite.jpg?t=abc#xywh=0,0,160,90',
    '',
    '00:00:02.000 --> 00:00:04.000',
    'sprite.jpg?t=abc#xywh=160,0,160,90',
    '',
    '00:00:04.000 --> 00:00:05.500',
    'sprite.jpg?t=abc#xywh=0,90,160,90',
    '',
  ].join('\r\n');

  it('reads every cell with its time span and its sprite URL resolved against the WebVTT', () => {
    const cues = parseStoryboard(vtt, 'http://host/media/videos/1/2/storyboard/storyboard.vtt?t=abc');
    expect(cues).toHaveLength(3);
    expect(cues[1]).toEqual({
      start: 2,
      end: 4,
      url: 'http://host/media/videos/1/2/storyboard/sprite.jpg?t=abc',
      x: 160,
      y: 0,
      width: 160,
      height: 90,
    });
    expect(cues[2]?.end).toBe(5.5);
  });

  it('skips a cue without a valid #xywh fragment', () => {
    const cues = parseStoryboard('WEBVTT\n\n00:00.000 --> 00:01.000\nsprite.jpg#xywh=1,2\n', 'http://host/a.vtt');
    expect(cues).toEqual([]);
  });

  it('finds the cell under a time, the last one past the end', () => {
    const cues = parseStoryboard(vtt, 'http://host/s.vtt');
    expect(cueAt(cues, 0)?.x).toBe(0);
    expect(cueAt(cues, 3.9)?.x).toBe(160);
    expect(cueAt(cues, 4)?.y).toBe(90);
    expect(cueAt(cues, 99)?.y).toBe(90);
    expect(cueAt([], 1)).toBeNull();
  });

  it('reads WebVTT timestamps with and without hours', () => {
    expect(vttSeconds('01:02:03.500')).toBe(3723.5);
    expect(vttSeconds('02:03.250')).toBe(123.25);
  });
});

describe('clock', () => {
  it('shows minutes and seconds, hours from one hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});

describe('keyboard', () => {
  it('maps the usual player keys', () => {
    expect(commandOfKey(' ', none)).toEqual({ type: 'togglePlay' });
    expect(commandOfKey('k', none)).toEqual({ type: 'togglePlay' });
    expect(commandOfKey('ArrowLeft', none)).toEqual({ type: 'seekBy', seconds: -5 });
    expect(commandOfKey('l', none)).toEqual({ type: 'seekBy', seconds: 10 });
    expect(commandOfKey('J', none)).toEqual({ type: 'seekBy', seconds: -10 });
    expect(commandOfKey('ArrowUp', none)).toEqual({ type: 'volumeBy', delta: 0.1 });
    expect(commandOfKey('m', none)).toEqual({ type: 'toggleMute' });
    expect(commandOfKey('f', none)).toEqual({ type: 'toggleFullscreen' });
    expect(commandOfKey('c', none)).toEqual({ type: 'toggleCaptions' });
  });

  it('leaves keys with a modifier and unknown keys to the browser', () => {
    expect(commandOfKey('f', { ...none, ctrl: true })).toBeNull();
    expect(commandOfKey('l', { ...none, meta: true })).toBeNull();
    expect(commandOfKey('x', none)).toBeNull();
  });

  it('keeps seeking inside the video and the volume in 0..1', () => {
    expect(clampTime(-3, 10)).toBe(0);
    expect(clampTime(12, 10)).toBe(10);
    expect(clampTime(4, Number.NaN)).toBe(4);
    expect(clampVolume(0.95, 0.1)).toBe(1);
    expect(clampVolume(0.05, -0.1)).toBe(0);
    expect(clampVolume(0.7, -0.1)).toBe(0.6);
  });
});
