import type { MapPoint, MapZone } from '@regie/contract/sport-maps';

/** Pure geometry of a field map: normalised points (0–1 from the top-left corner). */

const clamp = (value: number) => Math.min(1, Math.max(0, value));
/** Four decimals: a tenth of a millimetre per metre of field, and short JSON. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** A point of the drawing from a pointer position inside its box (pixels), clamped to the field. */
export function toMapPoint(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
): MapPoint {
  return [round(clamp((clientX - box.left) / box.width)), round(clamp((clientY - box.top) / box.height))];
}

/** The rectangle a drag drew, whichever corner it started from; null when too small to mean anything. */
export function rectangleFromDrag(start: MapPoint, end: MapPoint, minimum = 0.01): MapPoint[] | null {
  const left = Math.min(start[0], end[0]);
  const right = Math.max(start[0], end[0]);
  const top = Math.min(start[1], end[1]);
  const bottom = Math.max(start[1], end[1]);
  if (right - left < minimum || bottom - top < minimum) return null;
  return [
    [left, top],
    [right, top],
    [right, bottom],
    [left, bottom],
  ];
}

/** The SVG `points` attribute in a 0–100 view box. */
export function svgPoints(points: readonly MapPoint[]): string {
  return points.map(([x, y]) => `${round(x * 100)},${round(y * 100)}`).join(' ');
}

/** Points as people type them: `x,y` pairs separated by spaces, e.g. `0,0 0.5,0 0.5,1`. */
export function formatPoints(points: readonly MapPoint[]): string {
  return points.map(([x, y]) => `${x},${y}`).join(' ');
}

/** The typed points, or null when a pair is not two numbers (range and count are the schema's job). */
export function parsePoints(text: string): MapPoint[] | null {
  const pairs = text.trim().split(/\s+/).filter(Boolean);
  const points: MapPoint[] = [];
  for (const pair of pairs) {
    const parts = pair.split(',');
    if (parts.length !== 2) return null;
    const [x, y] = parts.map(Number);
    if (x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) return null;
    points.push([x, y]);
  }
  return points;
}

/** Whether a point lies inside a polygon (even-odd rule; edges count as inside for rectangles). */
export function contains(points: readonly MapPoint[], [x, y]: MapPoint): boolean {
  let inside = false;
  for (let index = 0, previous = points.length - 1; index < points.length; previous = index, index += 1) {
    const [xi, yi] = points[index] ?? [0, 0];
    const [xj, yj] = points[previous] ?? [0, 0];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The zones a marker position falls in, the last drawn (topmost) first. */
export function zonesAt(zones: readonly MapZone[], point: MapPoint): MapZone[] {
  return zones.filter((zone) => contains(zone.points, point)).reverse();
}

/** The width / height ratio the drawing keeps: the field's, length across. */
export function aspectRatio(lengthMeters: number, widthMeters: number): number {
  return lengthMeters > 0 && widthMeters > 0 ? lengthMeters / widthMeters : 3 / 2;
}

/** A name not used yet: 'Zone 3' after 'Zone 1' and 'Zone 2'. */
export function nextZoneName(zones: readonly MapZone[], base: string): string {
  const names = new Set(zones.map((zone) => zone.name.toLowerCase()));
  for (let number = zones.length + 1; ; number += 1) {
    const name = `${base} ${number}`;
    if (!names.has(name.toLowerCase())) return name;
  }
}
