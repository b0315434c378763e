import { describe, expect, it } from 'vitest';
import { parseSrt, parseSubtitles, parseVtt, SubtitleError, toVtt } from './subtitles.parse.ts';

function failure(run: () => unknown): SubtitleError {
  try {
    run();
  } catch (error) {
    if (error instanceof SubtitleError) return error;
    throw error;
  }
  throw new Error('expected a SubtitleError');
}

describe('parseSrt', () => {
  it('reads numbered cues with comma milliseconds, several text lines, CRLF and a BOM', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nHello\r\nthere\r\n\r\n2\r\n01:02:03,04 --> 01:02:04,000\r\n<i>Bye</i>\r\n';
    expect(parseSrt(srt)).toEqual([
      { id: '1', start: 1, end: 2.5, text: 'Hello\nthere' },
      { id: '2', start: 3723.04, end: 3724, text: '<i>Bye</i>' },
    ]);
  });

  it('names the line of the first mistake', () => {
    expect(
      failure(() => parseSrt('1\n00:00:01,000 --> 00:00:02,000\nA\n\nTwo\n00:00:03,000 --> 00:00:04,000\nB\n')).message,
    ).toBe('Line 5: expected a cue number, found "Two"');
    expect(failure(() => parseSrt('1\n00:00:01 --> 00:00:02,000\nA\n')).message).toBe(
      'Line 2: "00:00:01" is not a time like 00:01:02,500',
    );
    expect(failure(() => parseSrt('1\n00:00:03,000 --> 00:00:02,000\nA\n')).line).toBe(2);
    expect(
      failure(() => parseSrt('1\n00:00:01,000 --> 00:00:02,000\nA\n00:00:03,000 --> 00:00:04,000\n')).message,
    ).toBe('Line 4: a cue timing inside the text of a cue: separate cues with a blank line');
  });
});

describe('parseVtt', () => {
  it('reads cues with and without ids, short times and settings, skipping notes and styles', () => {
    const vtt = [
      'WEBVTT - a title',
      'Kind: captions',
      '',
      'NOTE written by hand',
      'on two lines',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'intro',
      '00:01.000 --> 00:02.000 align:start line:0',
      'Hi',
      '',
      '01:00:00.000 --> 01:00:01.500',
      'Later',
    ].join('\n');
    expect(parseVtt(vtt)).toEqual([
      { id: 'intro', start: 1, end: 2, text: 'Hi' },
      { id: null, start: 3600, end: 3601.5, text: 'Later' },
    ]);
  });

  it('wants the WEBVTT line and valid timings', () => {
    expect(failure(() => parseVtt('00:01.000 --> 00:02.000\nHi\n')).message).toBe(
      'Line 1: a WebVTT file starts with the line "WEBVTT"',
    );
    expect(failure(() => parseVtt('WEBVTT\n\n00:01,000 --> 00:02.000\nHi\n')).message).toBe(
      'Line 3: "00:01,000" is not a time like 00:01:02.500',
    );
    expect(failure(() => parseVtt('WEBVTT\n\nid only\n\n')).message).toBe(
      'Line 4: expected a cue timing like 00:00:01.000 --> 00:00:04.000',
    );
  });
});

describe('toVtt', () => {
  it('writes cues in start order, times to the millisecond, neutralising what breaks the format', () => {
    const vtt = toVtt([
      { id: 'b', start: 5.1234, end: 3725, text: 'Second\n\nwith --> arrow' },
      { id: null, start: 0, end: 1.5, text: 'First' },
    ]);
    expect(vtt).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nFirst\n\nb\n00:00:05.123 --> 01:02:05.000\nSecond\nwith --&gt; arrow\n',
    );
  });

  it('round-trips: SRT → cues → WebVTT → the same cues', () => {
    const cues = parseSubtitles(
      '1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:02,500 --> 00:00:04,000\nTwo\n',
      'auto',
    );
    expect(parseSubtitles(toVtt(cues), 'auto')).toEqual(cues);
  });
});
