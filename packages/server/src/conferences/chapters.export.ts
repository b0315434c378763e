import type { ChaptersExport } from '@regie/contract/conferences.schemas';
import { type CsvColumn, csvText, SPREADSHEET_CSV } from '../http/csv.ts';

/**
 * The export_chapters action (POST business-players/{id}/actions): one list of chapters as the
 * three texts people paste elsewhere. Pure: the chapters come sorted by start.
 */

export interface ExportedChapter {
  title: string;
  startSeconds: number;
}

/**
 * The last chapter's end when the video's duration is unknown (no replay yet, or not probed): a
 * WebVTT cue must end after it starts, and a minute is what a chapter lasts at the least here.
 */
export const LAST_CHAPTER_FALLBACK_SECONDS = 60;

/** 3725.5 → "01:02:05.500" (WebVTT and the CSV: hours always, milliseconds). */
export function vttTime(seconds: number): string {
  const millis = Math.round(Math.max(0, seconds) * 1000);
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor((millis % 3_600_000) / 60_000);
  const secs = Math.floor((millis % 60_000) / 1000);
  const rest = millis % 1000;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(secs)}.${String(rest).padStart(3, '0')}`;
}

/**
 * YouTube's description timestamps: "00:00", "12:05", and "1:02:05" once the video reaches an
 * hour (then every line has hours, "0:00:00", so the column reads alike).
 */
export function descriptionTime(seconds: number, withHours: boolean): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, '0');
  if (withHours) return `${hours}:${String(minutes).padStart(2, '0')}:${secs}`;
  return `${String(minutes).padStart(2, '0')}:${secs}`;
}

/** Where each chapter ends: the next one's start, the last at the video's end. */
export function chapterEnds(chapters: readonly ExportedChapter[], duration: number | null): number[] {
  return chapters.map((chapter, index) => {
    const next = chapters[index + 1];
    if (next) return next.startSeconds;
    if (duration !== null && duration > chapter.startSeconds) return duration;
    return chapter.startSeconds + LAST_CHAPTER_FALLBACK_SECONDS;
  });
}

/** A cue's text on one line: WebVTT ends a cue at a blank line and reads "-->" as timing. */
function cueText(title: string): string {
  return title.replace(/\s*[\r\n]+\s*/g, ' ').replace(/-->/g, '->');
}

export function chaptersVtt(chapters: readonly ExportedChapter[], duration: number | null): string {
  const ends = chapterEnds(chapters, duration);
  const cues = chapters.map(
    (chapter, index) =>
      `${index + 1}\n${vttTime(chapter.startSeconds)} --> ${vttTime(ends[index] ?? chapter.startSeconds)}\n${cueText(chapter.title)}`,
  );
  return ['WEBVTT', ...cues].join('\n\n').concat('\n');
}

/** A chapter with where it ends, as the CSV's columns read it. */
type TimedChapter = ExportedChapter & { endSeconds: number };

const CSV_COLUMNS: readonly CsvColumn<TimedChapter>[] = [
  { header: 'start', value: (chapter) => vttTime(chapter.startSeconds) },
  { header: 'end', value: (chapter) => vttTime(chapter.endSeconds) },
  { header: 'start_seconds', value: (chapter) => chapter.startSeconds },
  { header: 'end_seconds', value: (chapter) => chapter.endSeconds },
  { header: 'title', value: (chapter) => chapter.title },
];

export function chaptersCsv(chapters: readonly ExportedChapter[], duration: number | null): string {
  const ends = chapterEnds(chapters, duration);
  const timed = chapters.map((chapter, index) => ({ ...chapter, endSeconds: ends[index] ?? chapter.startSeconds }));
  return csvText(SPREADSHEET_CSV, CSV_COLUMNS, timed);
}

/**
 * "00:00 Welcome" lines, as YouTube reads them in a description (it makes chapters of them only
 * when the first is 00:00: the list is exported as the producer made it).
 */
export function chaptersDescription(chapters: readonly ExportedChapter[], duration: number | null): string {
  const last = Math.max(duration ?? 0, ...chapters.map((chapter) => chapter.startSeconds));
  const withHours = last >= 3600;
  return chapters
    .map((chapter) => `${descriptionTime(chapter.startSeconds, withHours)} ${cueText(chapter.title)}`)
    .join('\n');
}

/** `Keynote: the future!` → `keynote-the-future-chapters`. */
export function exportFilename(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'conference'}-chapters`;
}

export function exportChapters(
  name: string,
  chapters: readonly ExportedChapter[],
  duration: number | null,
): ChaptersExport {
  return {
    type: 'export_chapters',
    filename: exportFilename(name),
    vtt: chaptersVtt(chapters, duration),
    csv: chaptersCsv(chapters, duration),
    description: chaptersDescription(chapters, duration),
  };
}
