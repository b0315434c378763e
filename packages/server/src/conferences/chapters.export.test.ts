import { describe, expect, it } from 'vitest';
import {
  chapterEnds,
  chaptersCsv,
  chaptersDescription,
  chaptersVtt,
  descriptionTime,
  exportFilename,
  LAST_CHAPTER_FALLBACK_SECONDS,
  vttTime,
} from './chapters.export.ts';

const CHAPTERS = [
  { title: 'Welcome', startSeconds: 0 },
  { title: 'Keynote, part 1', startSeconds: 75.5 },
  { title: '=Q&A "live"', startSeconds: 600 },
];

describe('chapter export formats', () => {
  it('writes WebVTT times with hours and milliseconds', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(75.5)).toBe('00:01:15.500');
    expect(vttTime(3725.0004)).toBe('01:02:05.000');
  });

  it('ends each chapter at the next one, the last at the end of the video', () => {
    expect(chapterEnds(CHAPTERS, 900)).toEqual([75.5, 600, 900]);
    expect(chapterEnds(CHAPTERS, null)).toEqual([75.5, 600, 600 + LAST_CHAPTER_FALLBACK_SECONDS]);
  });

  it('makes a WebVTT chapters file, one numbered cue per chapter', () => {
    expect(chaptersVtt(CHAPTERS, 900)).toBe(
      'WEBVTT\n\n' +
        '1\n00:00:00.000 --> 00:01:15.500\nWelcome\n\n' +
        '2\n00:01:15.500 --> 00:10:00.000\nKeynote, part 1\n\n' +
        '3\n00:10:00.000 --> 00:15:00.000\n=Q&A "live"\n',
    );
  });

  it('keeps a title on its cue line', () => {
    expect(chaptersVtt([{ title: 'One\n\nTwo --> three', startSeconds: 1 }], 10)).toContain(
      '00:00:01.000 --> 00:00:10.000\nOne Two -> three\n',
    );
  });

  it('makes a CSV with quoted titles and formulas defused', () => {
    const csv = chaptersCsv(CHAPTERS, 900);
    expect(csv.startsWith('\uFEFFstart,end,start_seconds,end_seconds,title\r\n')).toBe(true);
    expect(csv).toContain('00:00:00.000,00:01:15.500,0,75.5,Welcome\r\n');
    expect(csv).toContain('00:01:15.500,00:10:00.000,75.5,600,"Keynote, part 1"\r\n');
    expect(csv).toContain(`00:10:00.000,00:15:00.000,600,900,"'=Q&A ""live"""\r\n`);
  });

  it('writes YouTube description lines, with hours once the video reaches one', () => {
    expect(chaptersDescription(CHAPTERS, 900)).toBe('00:00 Welcome\n01:15 Keynote, part 1\n10:00 =Q&A "live"');
    expect(chaptersDescription(CHAPTERS, 3700)).toBe('0:00:00 Welcome\n0:01:15 Keynote, part 1\n0:10:00 =Q&A "live"');
    expect(descriptionTime(3725.9, true)).toBe('1:02:05');
  });

  it('names the files after the conference', () => {
    expect(exportFilename('Keynote: l’avenir du sport !')).toBe('keynote-l-avenir-du-sport-chapters');
    expect(exportFilename('!!!')).toBe('conference-chapters');
  });
});
