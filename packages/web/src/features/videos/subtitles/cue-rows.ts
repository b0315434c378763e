import type { MessageKey } from '@regie/contract/i18n/en';
import type { SubtitleCue } from '@regie/contract/videos.schemas';

/** A cue as the table edits it: times as typed (`HH:MM:SS.mmm`). */
export interface CueRow {
  /** Identifies the row while it is edited (React key), not sent. */
  key: string;
  id: string | null;
  start: string;
  end: string;
  text: string;
}

export interface CueRowErrors {
  start?: MessageKey;
  end?: MessageKey;
  text?: MessageKey;
}

const TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d)(?:[.,](\d{1,3}))?$/;

/** `HH:MM:SS.mmm` of a time in seconds (rounded to the millisecond). */
export function formatCueTime(seconds: number): string {
  const milliseconds = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor((milliseconds % 3_600_000) / 60_000);
  const secs = Math.floor((milliseconds % 60_000) / 1000);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(milliseconds % 1000, 3)}`;
}

/** Seconds of `HH:MM:SS.mmm` (milliseconds optional, `,` accepted as in SRT), null if malformed. */
export function parseCueTime(text: string): number | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = ''] = match;
  const milliseconds = Number(fraction.padEnd(3, '0'));
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + milliseconds / 1000;
}

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return `cue-${nextKey}`;
};

export function rowsOf(cues: readonly SubtitleCue[]): CueRow[] {
  return cues.map((cue) => ({
    key: newKey(),
    id: cue.id,
    start: formatCueTime(cue.start),
    end: formatCueTime(cue.end),
    text: cue.text,
  }));
}

/** A new cue after the last one: two seconds long. */
export function appendedRow(rows: readonly CueRow[]): CueRow {
  const last = rows.at(-1);
  const start = last ? (parseCueTime(last.end) ?? 0) : 0;
  return { key: newKey(), id: null, start: formatCueTime(start), end: formatCueTime(start + 2), text: '' };
}

/** What is wrong with each row (by row key): malformed time, an end not after its start, no text. */
export function validateRows(rows: readonly CueRow[]): Map<string, CueRowErrors> {
  const errors = new Map<string, CueRowErrors>();
  for (const row of rows) {
    const start = parseCueTime(row.start);
    const end = parseCueTime(row.end);
    const rowErrors: CueRowErrors = {};
    if (start === null) rowErrors.start = 'videos.subtitles.badTime';
    if (end === null) rowErrors.end = 'videos.subtitles.badTime';
    else if (start !== null && end <= start) rowErrors.end = 'videos.subtitles.endBeforeStart';
    if (row.text.trim() === '') rowErrors.text = 'videos.subtitles.emptyText';
    if (Object.keys(rowErrors).length > 0) errors.set(row.key, rowErrors);
  }
  return errors;
}

/** The cues the server takes (PUT …/subtitles/{language} as JSON), in time order. */
export function cuesOf(rows: readonly CueRow[]): SubtitleCue[] {
  return rows
    .map((row) => ({
      id: row.id,
      start: parseCueTime(row.start) ?? 0,
      end: parseCueTime(row.end) ?? 0,
      text: row.text.trim(),
    }))
    .sort((a, b) => a.start - b.start);
}
