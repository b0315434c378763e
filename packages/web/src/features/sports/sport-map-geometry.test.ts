import type { MapZone } from '@regie/contract/sport-maps';
import { describe, expect, it } from 'vitest';
import {
  aspectRatio,
  contains,
  formatPoints,
  nextZoneName,
  parsePoints,
  rectangleFromDrag,
  svgPoints,
  toMapPoint,
  zonesAt,
} from './sport-map-geometry.ts';

const square = (name: string, left: number, top: number, size: number): MapZone => ({
  name,
  color: '#000000',
  markerTypeId: null,
  points: [
    [left, top],
    [left + size, top],
    [left + size, top + size],
    [left, top + size],
  ],
});

describe('field map geometry', () => {
  it('turns a pointer position into a point of the field, clamped to its edges', () => {
    const box = { left: 100, top: 50, width: 400, height: 200 };
    expect(toMapPoint(300, 100, box)).toEqual([0.5, 0.25]);
    expect(toMapPoint(20, 900, box)).toEqual([0, 1]);
  });

  it('draws the same rectangle from any corner, and ignores a click without a drag', () => {
    const rectangle = [
      [0.1, 0.2],
      [0.4, 0.2],
      [0.4, 0.6],
      [0.1, 0.6],
    ];
    expect(rectangleFromDrag([0.1, 0.2], [0.4, 0.6])).toEqual(rectangle);
    expect(rectangleFromDrag([0.4, 0.6], [0.1, 0.2])).toEqual(rectangle);
    expect(rectangleFromDrag([0.3, 0.3], [0.305, 0.5])).toBeNull();
  });

  it('writes and reads typed points, refusing what is not pairs of numbers', () => {
    expect(
      formatPoints([
        [0, 0.5],
        [1, 1],
        [0.25, 0],
      ]),
    ).toBe('0,0.5 1,1 0.25,0');
    expect(parsePoints(' 0,0.5   1,1 0.25,0 ')).toEqual([
      [0, 0.5],
      [1, 1],
      [0.25, 0],
    ]);
    expect(parsePoints('0,0 1')).toBeNull();
    expect(parsePoints('0,0 a,1')).toBeNull();
    expect(
      svgPoints([
        [0.5, 0.25],
        [1, 0],
      ]),
    ).toBe('50,25 100,0');
  });

  it('finds the zones a marker falls in, topmost first', () => {
    const half = square('Half', 0, 0, 0.5);
    const box = square('Box', 0.1, 0.1, 0.2);
    expect(contains(half.points, [0.25, 0.25])).toBe(true);
    expect(contains(half.points, [0.75, 0.25])).toBe(false);
    const triangle: MapZone['points'] = [
      [0, 0],
      [1, 0],
      [0, 1],
    ];
    expect(contains(triangle, [0.2, 0.2])).toBe(true);
    expect(contains(triangle, [0.8, 0.8])).toBe(false);
    expect(zonesAt([half, box], [0.2, 0.2]).map((zone) => zone.name)).toEqual(['Box', 'Half']);
    expect(zonesAt([half, box], [0.9, 0.9])).toEqual([]);
  });

  it('keeps the field proportions and names new zones without clashes', () => {
    expect(aspectRatio(105, 68)).toBeCloseTo(1.544, 3);
    expect(aspectRatio(0, 68)).toBe(1.5);
    expect(nextZoneName([square('Zone 2', 0, 0, 1)], 'Zone')).toBe('Zone 3');
    expect(nextZoneName([square('Zone 1', 0, 0, 1), square('zone 2', 0, 0, 1)], 'Zone')).toBe('Zone 3');
  });
});
