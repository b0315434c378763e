import { FEED_MAX_BYTES } from '@regie/contract/feeds';
import { FEED_MESSAGES } from '@regie/contract/feeds.messages';
import { FeedError } from './feeds.adapter.ts';

/**
 * What the adapters share: reading a document's bytes as text (size first, binary junk, UTF-8),
 * JSON with the place of a syntax error, provider ids made from names, and kick-off times.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The document as text: refused when larger than FEED_MAX_BYTES (before anything else is done
 * with it), empty, binary (a NUL byte, or mostly control characters) or not UTF-8. A leading
 * byte order mark is dropped.
 */
export function documentText(document: string | Buffer): string {
  const bytes = typeof document === 'string' ? Buffer.byteLength(document, 'utf8') : document.byteLength;
  if (bytes > FEED_MAX_BYTES) throw new FeedError(FEED_MESSAGES.tooLarge(bytes), { status: 413 });
  let text: string;
  if (typeof document === 'string') {
    text = document;
  } else {
    if (looksBinary(document.subarray(0, 65_536))) throw new FeedError(FEED_MESSAGES.binary);
    try {
      text = utf8.decode(document);
    } catch {
      throw new FeedError(FEED_MESSAGES.notUtf8);
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\u0000') || looksBinaryText(text.slice(0, 65_536))) throw new FeedError(FEED_MESSAGES.binary);
  if (text.trim() === '') throw new FeedError(FEED_MESSAGES.empty);
  return text;
}

function looksBinary(bytes: Uint8Array): boolean {
  let control = 0;
  for (const byte of bytes) {
    if (byte === 0) return true;
    if (byte < 32 && byte !== 9 && byte !== 10 && byte !== 13) control++;
  }
  return control > bytes.length / 20;
}

function looksBinaryText(text: string): boolean {
  let odd = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd) odd++;
  }
  return odd > text.length / 20;
}

/** Line and column (1-based) of an offset in a text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset && index < text.length; index++) {
    if (text.charCodeAt(index) === 10) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * The document parsed as JSON. On a syntax error, the error names its line and column: the end
 * of the text means a truncated document; elsewhere it quotes the text there.
 */
export function parseJsonDocument(document: string | Buffer): unknown {
  const text = documentText(document);
  try {
    return JSON.parse(text);
  } catch {
    const offset = jsonErrorOffset(text);
    const { line, column } = lineColumn(text, offset);
    if (offset >= text.trimEnd().length) throw new FeedError(FEED_MESSAGES.truncatedJson(line, column));
    const near = text.slice(offset, offset + 24).replace(/\s+/g, ' ');
    throw new FeedError(FEED_MESSAGES.invalidJson(line, column, near));
  }
}

/**
 * Where a text stops being JSON (called only once JSON.parse refused it, whose messages do not
 * always say where): a small scanner of the grammar, iterative so that deep nesting cannot
 * overflow the stack. Returns the text's length when the text ends too early.
 */
export function jsonErrorOffset(text: string): number {
  let at = 0;
  const length = text.length;
  const space = () => {
    while (at < length) {
      const code = text.charCodeAt(at);
      if (code === 32 || code === 9 || code === 10 || code === 13) at++;
      else break;
    }
  };
  const string = (): boolean => {
    at++; // opening quote
    while (at < length) {
      const char = text[at];
      if (char === '"') {
        at++;
        return true;
      }
      if (char === '\\') {
        const next = text[at + 1];
        if (next === undefined) return false;
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) {
            at = Math.min(at + 2, length);
            while (at < length && /[0-9a-fA-F]/.test(text[at] ?? '')) at++;
            return false;
          }
          at += 6;
        } else if ('"\\/bfnrt'.includes(next)) at += 2;
        else {
          at++;
          return false;
        }
      } else if (text.charCodeAt(at) < 32) return false;
      else at++;
    }
    return false;
  };
  const literal = (): boolean => {
    const match = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at, at + 400));
    if (!match) return false;
    at += match[0].length;
    return true;
  };
  // Stack of open containers: '[' or '{'; `expect` says what may come next.
  const stack: string[] = [];
  let expect: 'value' | 'key' | 'after' = 'value';
  for (;;) {
    space();
    if (at >= length) return expect === 'after' && stack.length === 0 ? at : length;
    const char = text[at];
    const top = stack[stack.length - 1];
    if (expect === 'value') {
      if (char === '{') {
        stack.push('{');
        at++;
        space();
        if (text[at] === '}') {
          stack.pop();
          at++;
          expect = 'after';
        } else expect = 'key';
      } else if (char === '[') {
        stack.push('[');
        at++;
        space();
        if (text[at] === ']') {
          stack.pop();
          at++;
          expect = 'after';
        } else expect = 'value';
      } else if (char === '"') {
        if (!string()) return at;
        expect = 'after';
      } else if (!literal()) return at;
      else expect = 'after';
    } else if (expect === 'key') {
      if (char !== '"' || !string()) return at;
      space();
      if (at >= length) return length;
      if (text[at] !== ':') return at;
      at++;
      expect = 'value';
    } else {
      if (top === undefined) return at; // text after the document's value
      if (char === ',') {
        at++;
        expect = top === '{' ? 'key' : 'value';
      } else if ((char === ']' && top === '[') || (char === '}' && top === '{')) {
        stack.pop();
        at++;
        expect = 'after';
      } else return at;
    }
  }
}

/**
 * A name as a provider id: lower case, accents dropped, anything else than letters and digits a
 * single '-' ("Brighton & Hove Albion FC" → "brighton-hove-albion-fc"), so that a re-import
 * spelling it with other spaces or capitals finds the same record.
 */
export function nameId(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Throws when the IANA time zone is unknown. */
export function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new FeedError(FEED_MESSAGES.badTimeZone(timeZone));
  }
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The offset of a time zone from UTC at an instant, in minutes (Europe/Paris in July: 120). */
export function zoneOffsetMinutes(timeZone: string, instant: number): number {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** A readable calendar date, or undefined ('2024-02-30' is not one). */
export function calendarDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1800 || year > 2200 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * A local kick-off as an ISO date-time with its offset: `offsetMinutes` when the document gives
 * one ('18:00 UTC+3'), else the time zone's offset at that local time (DST included).
 */
export function kickOff(
  date: string,
  hour: number,
  minute: number,
  second: number,
  zone: { offsetMinutes: number } | { timeZone: string },
): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  let offset: number;
  if ('offsetMinutes' in zone) offset = zone.offsetMinutes;
  else {
    offset = zoneOffsetMinutes(zone.timeZone, local);
    // The offset at the instant the first guess names; once more for times near a DST change.
    offset = zoneOffsetMinutes(zone.timeZone, local - offset * 60_000);
  }
  return `${date}T${pad(hour)}:${pad(minute)}:${pad(second)}${offsetText(offset)}`;
}

/**
 * A kick-off time as documents write it: 'HH:mm', 'HH:mm:ss', optionally followed by an offset
 * ('18:00 UTC+3', '19:45 UTC+5:30', '17:00 UTC-3', '20:00 Z', '20:00+01:00'). Undefined when
 * unreadable.
 */
export function readTime(
  value: string,
): { hour: number; minute: number; second: number; offsetMinutes?: number } | undefined {
  const match =
    /^(\d{1,2})[:h.](\d{2})(?::(\d{2}))?\s*(?:(?:UTC|GMT)?\s*(Z|[+-]\d{1,2}(?::?\d{2})?)|(UTC|GMT))?$/i.exec(
      value.trim(),
    );
  if (!match) return undefined;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = match[3] === undefined ? 0 : Number(match[3]);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes: number | undefined;
  if (match[5]) offsetMinutes = 0;
  else if (match[4]) {
    if (match[4].toUpperCase() === 'Z') offsetMinutes = 0;
    else {
      const sign = match[4].startsWith('-') ? -1 : 1;
      const digits = match[4].slice(1).replace(':', '');
      const hours = Number(digits.length > 2 ? digits.slice(0, -2) : digits);
      const minutes = digits.length > 2 ? Number(digits.slice(-2)) : 0;
      if (hours > 14 || minutes > 59) return undefined;
      offsetMinutes = sign * (hours * 60 + minutes);
    }
  }
  return offsetMinutes === undefined ? { hour, minute, second } : { hour, minute, second, offsetMinutes };
}
