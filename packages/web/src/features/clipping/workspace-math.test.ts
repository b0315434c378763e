import { clipWorkspaceCommand } from '@regie/contract/markers';
import { describe, expect, it } from 'vitest';
import { mergeClips } from './clipping-calls.ts';
import { nextMarker, rangeReady } from './workspace-math.ts';

const markers = [
  { id: 1, timeSeconds: 5 },
  { id: 2, timeSeconds: 10 },
  { id: 3, timeSeconds: 15 },
];
const noModifier = { ctrl: false, alt: false, meta: false };

describe('the clip workspace', () => {
  it('steps through markers from the selected one, or from the playhead', () => {
    expect(nextMarker(markers, 0, 2, 1)?.id).toBe(3);
    expect(nextMarker(markers, 0, 2, -1)?.id).toBe(1);
    expect(nextMarker(markers, 0, 3, 1)).toBeNull();
    expect(nextMarker(markers, 7, null, 1)?.id).toBe(2);
    expect(nextMarker(markers, 7, null, -1)?.id).toBe(1);
    expect(nextMarker(markers, 2, null, -1)).toBeNull();
  });

  it('cuts a range only when it is whole and fits', () => {
    expect(rangeReady(1, 3, 20)).toBe(true);
    expect(rangeReady(null, 3, 20)).toBe(false);
    expect(rangeReady(3, 3, 20)).toBe(false);
    expect(rangeReady(1, 21, 20)).toBe(false);
    expect(rangeReady(0, 700, null)).toBe(false);
    expect(rangeReady(40, 50, null, { fromSeconds: 45, toSeconds: 60 })).toBe(false);
    expect(rangeReady(46, 59, null, { fromSeconds: 45, toSeconds: 60 })).toBe(true);
  });

  it('maps its keys, in any case, never with a modifier', () => {
    expect(clipWorkspaceCommand('i', noModifier)).toBe('setIn');
    expect(clipWorkspaceCommand('O', noModifier)).toBe('setOut');
    expect(clipWorkspaceCommand(']', noModifier)).toBe('nextMarker');
    expect(clipWorkspaceCommand('x', noModifier)).toBe('cutMarker');
    expect(clipWorkspaceCommand('r', { ...noModifier, ctrl: true })).toBeNull();
    expect(clipWorkspaceCommand('k', noModifier)).toBeNull();
  });

  it('lists a clip found in both lists once, newest first', () => {
    const clip = (id: number, createdAt: string) => ({ id, createdAt });
    const merged = mergeClips(
      [clip(1, '2026-01-01'), clip(3, '2026-01-03')],
      [clip(3, '2026-01-03'), clip(2, '2026-01-02')],
    );
    expect(merged.map((c) => c.id)).toEqual([3, 2, 1]);
  });
});
