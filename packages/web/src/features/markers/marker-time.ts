import { formatClock } from '../../widgets/player/time-format.ts';

/** A marker's time as an operator reads it: `m:ss.d` (tenths), the decimal mark of the language. */
export function formatMarkerTime(seconds: number, language: string): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const tenths = Math.round(safe * 10);
  const mark = new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return `${formatClock(Math.floor(tenths / 10))}${mark}${tenths % 10}`;
}
