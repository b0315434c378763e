import type { SubtitleCue } from '@regie/contract/videos.schemas';

/**
 * WebVTT and SRT, read into cues and written back as WebVTT (what players read). A file that does
 * not follow the format is refused with the line of its first mistake, for the person fixing it.
 */

export class SubtitleError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
    this.name = 'SubtitleError';
  }
}

const VTT_TIME = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const SRT_TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{1,3})$/;
const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+(.*))?$/;

function linesOf(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
}

const isBlank = (line: string | undefined) => line === undefined || line.trim() === '';

/** Seconds, to the millisecond. */
function seconds(hours: string | undefined, minutes: string, secs: string, fraction: string): number {
  const milliseconds = Number(fraction.padEnd(3, '0'));
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + milliseconds / 1000;
}

function parseTime(text: string, format: 'vtt' | 'srt', line: number): number {
  const match = (format === 'vtt' ? VTT_TIME : SRT_TIME).exec(text);
  if (!match?.[2] || !match[3] || !match[4]) {
    const example = format === 'vtt' ? '00:01:02.500' : '00:01:02,500';
    throw new SubtitleError(line, `"${text}" is not a time like ${example}`);
  }
  return seconds(match[1], match[2], match[3], match[4]);
}

/** `start --> end`, checked: both times valid, the end after the start. */
function parseTiming(text: string, format: 'vtt' | 'srt', line: number): { start: number; end: number } {
  const match = TIMING.exec(text.trim());
  if (!match?.[1] || !match[2]) {
    const example = format === 'vtt' ? '00:00:01.000 --> 00:00:04.000' : '00:00:01,000 --> 00:00:04,000';
    throw new SubtitleError(line, `expected a cue timing like ${example}`);
  }
  const start = parseTime(match[1], format, line);
  const end = parseTime(match[2], format, line);
  if (end <= start) throw new SubtitleError(line, 'the cue must end after it starts');
  return { start, end };
}

/** The cue's text lines, up to the blank line that ends it. */
function cueText(lines: string[], from: number): { text: string; next: number } {
  const text: string[] = [];
  let index = from;
  while (index < lines.length && !isBlank(lines[index])) {
    const line = lines[index] ?? '';
    if (line.includes('-->')) {
      throw new SubtitleError(index + 1, 'a cue timing inside the text of a cue: separate cues with a blank line');
    }
    text.push(line);
    index += 1;
  }
  return { text: text.join('\n'), next: index };
}

export function parseVtt(content: string): SubtitleCue[] {
  const lines = linesOf(content);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) {
    throw new SubtitleError(1, 'a WebVTT file starts with the line "WEBVTT"');
  }
  let index = 1;
  // The header runs to the first blank line.
  while (index < lines.length && !isBlank(lines[index])) index += 1;
  const cues: SubtitleCue[] = [];
  while (index < lines.length) {
    if (isBlank(lines[index])) {
      index += 1;
      continue;
    }
    const first = lines[index] ?? '';
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) {
      while (index < lines.length && !isBlank(lines[index])) index += 1;
      continue;
    }
    let id: string | null = null;
    if (!first.includes('-->')) {
      id = first.trim();
      index += 1;
    }
    const { start, end } = parseTiming(lines[index] ?? '', 'vtt', index + 1);
    const { text, next } = cueText(lines, index + 1);
    cues.push({ id, start, end, text });
    index = next;
  }
  return cues;
}

export function parseSrt(content: string): SubtitleCue[] {
  const lines = linesOf(content);
  const cues: SubtitleCue[] = [];
  let index = 0;
  while (index < lines.length) {
    if (isBlank(lines[index])) {
      index += 1;
      continue;
    }
    const first = (lines[index] ?? '').trim();
    let id: string | null = null;
    if (!first.includes('-->')) {
      if (!/^\d+$/.test(first))
        throw new SubtitleError(index + 1, `expected a cue number, found "${first.slice(0, 40)}"`);
      id = first;
      index += 1;
    }
    const { start, end } = parseTiming(lines[index] ?? '', 'srt', index + 1);
    const { text, next } = cueText(lines, index + 1);
    cues.push({ id, start, end, text });
    index = next;
  }
  return cues;
}

/** WebVTT when the file says so, SRT otherwise. */
export function parseSubtitles(content: string, format: 'vtt' | 'srt' | 'auto'): SubtitleCue[] {
  const detected = format === 'auto' ? (/^\uFEFF?WEBVTT/.test(content) ? 'vtt' : 'srt') : format;
  return detected === 'vtt' ? parseVtt(content) : parseSrt(content);
}

function vttTime(value: number): string {
  const milliseconds = Math.round(value * 1000);
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor((milliseconds % 3_600_000) / 60_000);
  const secs = Math.floor((milliseconds % 60_000) / 1000);
  const pad = (number: number, size = 2) => String(number).padStart(size, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(milliseconds % 1000, 3)}`;
}

/**
 * The cues as a WebVTT file, in start order. What would break the format is neutralised: blank
 * lines inside a text are dropped and `-->` is written `--&gt;`; an id stays on one line.
 */
export function toVtt(cues: readonly SubtitleCue[]): string {
  const sorted = [...cues].sort((a, b) => a.start - b.start);
  const blocks = sorted.map((cue) => {
    const id = cue.id?.replace(/-->/g, '->').replace(/\s+/g, ' ').trim();
    const text = cue.text
      .split(/\r\n|\r|\n/)
      .filter((line) => line.trim() !== '')
      .map((line) => line.replace(/-->/g, '--&gt;'))
      .join('\n');
    return [...(id ? [id] : []), `${vttTime(cue.start)} --> ${vttTime(cue.end)}`, ...(text ? [text] : [])].join('\n');
  });
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** Cues as the API answers them: times rounded to the millisecond. */
export function normaliseCues(cues: readonly SubtitleCue[]): SubtitleCue[] {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return cues.map((cue) => ({ id: cue.id ?? null, start: round(cue.start), end: round(cue.end), text: cue.text }));
}
