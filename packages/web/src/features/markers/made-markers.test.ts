import type { MarkerRecord } from '@regie/contract/markers';
import { describe, expect, it } from 'vitest';
import { createMadeMarkers, MADE_SHOWN } from './made-markers.ts';

const marker = (id: number, eventId = 1): MarkerRecord =>
  ({ id, eventId, markerTypeId: 2, label: '', timeSeconds: id * 5, durationSeconds: null }) as unknown as MarkerRecord;

describe('the markers a page made', () => {
  it('keeps the newest first, a few of them, per event', () => {
    const made = createMadeMarkers();
    for (let id = 1; id <= MADE_SHOWN + 2; id += 1) made.add(marker(id));
    made.add(marker(99, 2));
    expect(made.of(1).map((known) => known.id)).toEqual([5, 4, 3]);
    expect(made.of(2).map((known) => known.id)).toEqual([99]);
    expect(made.of(3)).toEqual([]);
  });

  it('tells its listeners, and a marker made again (its echo) stays once', () => {
    const made = createMadeMarkers();
    let calls = 0;
    const stop = made.subscribe(() => {
      calls += 1;
    });
    made.add(marker(1));
    made.add(marker(1));
    stop();
    made.add(marker(2));
    expect(calls).toBe(2);
    expect(made.of(1).map((known) => known.id)).toEqual([2, 1]);
  });
});
