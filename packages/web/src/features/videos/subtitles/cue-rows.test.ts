import { describe, expect, it } from 'vitest';
import { appendedRow, cuesOf, formatCueTime, parseCueTime, rowsOf, validateRows } from './cue-rows.ts';

describe('cue times', () => {
  it('writes HH:MM:SS.mmm', () => {
    expect(formatCueTime(0)).toBe('00:00:00.000');
    expect(formatCueTime(3723.5)).toBe('01:02:03.500');
    expect(formatCueTime(1.0004)).toBe('00:00:01.000');
  });

  it('reads HH:MM:SS.mmm, with a comma or without milliseconds', () => {
    expect(parseCueTime('01:02:03.500')).toBe(3723.5);
    expect(parseCueTime('00:00:04,25')).toBe(4.25);
    expect(parseCueTime(' 00:01:00 ')).toBe(60);
  });

  it('refuses what is not a time', () => {
    expect(parseCueTime('1:2:3')).toBeNull();
    expect(parseCueTime('00:61:00.000')).toBeNull();
    expect(parseCueTime('abc')).toBeNull();
    expect(parseCueTime('')).toBeNull();
  });
});

describe('cue rows', () => {
  it('round-trips the server cues, sorted by start', () => {
    const rows = rowsOf([
      { id: 'b', start: 5, end: 6.5, text: 'Second' },
      { id: null, start: 1, end: 2, text: 'First' },
    ]);
    expect(rows[0]?.start).toBe('00:00:05.000');
    expect(cuesOf(rows)).toEqual([
      { id: null, start: 1, end: 2, text: 'First' },
      { id: 'b', start: 5, end: 6.5, text: 'Second' },
    ]);
  });

  it('adds a two-second cue after the last one', () => {
    const rows = rowsOf([{ id: null, start: 1, end: 3.25, text: 'a' }]);
    expect(appendedRow(rows)).toMatchObject({ start: '00:00:03.250', end: '00:00:05.250', text: '' });
    expect(appendedRow([])).toMatchObject({ start: '00:00:00.000', end: '00:00:02.000' });
  });

  it('flags a malformed time, an end not after its start and an empty text', () => {
    const [good, bad, backwards] = rowsOf([
      { id: null, start: 0, end: 1, text: 'ok' },
      { id: null, start: 1, end: 2, text: ' ' },
      { id: null, start: 4, end: 3, text: 'x' },
    ]);
    if (!good || !bad || !backwards) throw new Error('rows missing');
    const errors = validateRows([good, { ...bad, start: '1:00' }, backwards]);
    expect(errors.has(good.key)).toBe(false);
    expect(errors.get(bad.key)).toEqual({ start: 'videos.subtitles.badTime', text: 'videos.subtitles.emptyText' });
    expect(errors.get(backwards.key)).toEqual({ end: 'videos.subtitles.endBeforeStart' });
  });
});
