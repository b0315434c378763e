/** The change of a figure against the period before (pure, unit-tested in fan-trend.test.ts). */
export type Trend =
  | { kind: 'percent'; percent: number; direction: 'up' | 'down' }
  | { kind: 'same' }
  /** Nothing before, something now: no percentage means anything. */
  | { kind: 'new' };

export function trendOf(current: number, previous: number): Trend {
  if (current === previous) return { kind: 'same' };
  if (previous === 0) return { kind: 'new' };
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { kind: 'same' };
  return { kind: 'percent', percent: Math.abs(percent), direction: percent > 0 ? 'up' : 'down' };
}
