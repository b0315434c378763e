import { MARKER_EVENTS, type MarkerRecord } from '@regie/contract/markers';
import { describe, expect, it } from 'vitest';
import { applyMarkerEvent, upsertMarker } from './markers-cache.ts';

const marker = (id: number, timeSeconds: number, updatedAt = '2026-01-01T00:00:00.000Z'): MarkerRecord => ({
  id,
  AccountId: 1,
  eventId: 7,
  markerTypeId: null,
  label: '',
  timeSeconds,
  durationSeconds: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt,
});

describe('an editor applying marker events', () => {
  it('adds a created marker in time order, once even when it comes back twice', () => {
    const list = [marker(1, 10), marker(2, 30)];
    const event = { type: MARKER_EVENTS.created, payload: { marker: marker(3, 20) } };
    const once = applyMarkerEvent(list, event, 7) ?? [];
    expect(once.map((m) => m.id)).toEqual([1, 3, 2]);
    expect(applyMarkerEvent(once, event, 7)?.map((m) => m.id)).toEqual([1, 3, 2]);
  });

  it('moves an updated marker, removes a deleted one', () => {
    const list = [marker(1, 10), marker(2, 30)];
    const moved = applyMarkerEvent(
      list,
      { type: MARKER_EVENTS.updated, payload: { marker: marker(2, 5, '2026-01-02T00:00:00.000Z') } },
      7,
    );
    expect(moved?.map((m) => [m.id, m.timeSeconds])).toEqual([
      [2, 5],
      [1, 10],
    ]);
    expect(applyMarkerEvent(list, { type: MARKER_EVENTS.deleted, payload: { marker: marker(1, 10) } }, 7)).toEqual([
      marker(2, 30),
    ]);
  });

  it('ignores other events, other event ids, bad payloads and stale updates', () => {
    const list = [marker(1, 10, '2026-01-03T00:00:00.000Z')];
    expect(applyMarkerEvent(list, { type: 'job.progress', payload: {} }, 7)).toBeNull();
    expect(applyMarkerEvent(list, { type: MARKER_EVENTS.created, payload: { marker: marker(4, 1) } }, 8)).toBeNull();
    expect(applyMarkerEvent(list, { type: MARKER_EVENTS.created, payload: { id: 4 } }, 7)).toBeNull();
    expect(applyMarkerEvent(list, { type: MARKER_EVENTS.updated, payload: { marker: marker(1, 2) } }, 7)).toBeNull();
  });

  it('keeps ties in id order', () => {
    expect(upsertMarker([marker(5, 1)], marker(2, 1)).map((m) => m.id)).toEqual([2, 5]);
  });
});
