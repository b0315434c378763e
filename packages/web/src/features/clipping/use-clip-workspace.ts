import { CLIP_TEMPLATE_SECONDS } from '@regie/contract/clips';
import type { CreateClipBody } from '@regie/contract/clips.schemas';
import { clipWorkspaceCommand, type MarkerRecord } from '@regie/contract/markers';
import { useEffect, useRef, useState } from 'react';
import type { LiveBounds } from '../clips/clip-range.ts';
import { useClipLook } from '../clips/use-clip-look.ts';
import { isTypingTarget } from '../markers/use-marker-keys.ts';
import { useMarkerClip } from './clipping-calls.ts';
import { nextMarker, rangeReady } from './workspace-math.ts';

/** The player a workspace clips from, on the clip's time axis (the replay's, or the live's seconds). */
export interface ClipClock {
  /** Where the player stands (on the clip step), null while unknown. */
  playhead: () => number | null;
  seek: (seconds: number) => void;
}

/** Where a range is cut: a replay's length, or a live's DVR window, and the call that cuts it. */
export interface RangeSource {
  duration: number | null;
  live: LiveBounds | null;
  cut: { mutate: (body: CreateClipBody) => void; isPending: boolean };
}

/**
 * The clip workspace's state and its keys (contract CLIP_WORKSPACE_KEYS): the selected marker,
 * the offset before it, the in / out range, the template and skin, and the two cuts. The same for
 * a replay and for a live: `clock` and `source` say which.
 */
export function useClipWorkspace(
  input: { eventId: number; videoId: number | null; markers: readonly MarkerRecord[] },
  clock: ClipClock,
  source: RangeSource,
) {
  const { eventId, videoId, markers } = input;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [offset, setOffset] = useState<number | null>(null);
  const [inSeconds, setIn] = useState<number | null>(null);
  const [outSeconds, setOut] = useState<number | null>(null);
  // The event's graphics burnt into the cut (features/graphics), in the order chosen.
  const [graphicIds, setGraphicIds] = useState<number[]>([]);
  const look = useClipLook();
  const markerClip = useMarkerClip(eventId, videoId);
  const dressing = () => ({ ...look.ids(), ...(graphicIds.length > 0 ? { graphicIds } : {}) });
  const ready = rangeReady(inSeconds, outSeconds, source.duration, source.live);

  const select = (marker: MarkerRecord | null) => {
    if (!marker) return;
    setSelectedId(marker.id);
    clock.seek(marker.timeSeconds);
  };
  const cutMarker = () => {
    if (selectedId === null) return;
    markerClip.mutate({ markerId: selectedId, offset, body: dressing() });
  };
  const cutRange = () => {
    if (!ready || inSeconds === null || outSeconds === null) return;
    source.cut.mutate({ inSeconds, outSeconds, ...dressing() });
  };
  const fromPlayhead = (set: (value: number) => void) => () => {
    const at = clock.playhead();
    if (at !== null) set(at);
  };

  const commands = {
    setIn: fromPlayhead(setIn),
    setOut: fromPlayhead(setOut),
    cutRange,
    cutMarker,
    previousMarker: () => select(nextMarker(markers, clock.playhead() ?? 0, selectedId, -1)),
    nextMarker: () => select(nextMarker(markers, clock.playhead() ?? 0, selectedId, 1)),
  };
  const latest = useRef(commands);
  latest.current = commands;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || isTypingTarget(event.target)) return;
      const command = clipWorkspaceCommand(event.key, { ctrl: event.ctrlKey, alt: event.altKey, meta: event.metaKey });
      if (!command) return;
      event.preventDefault();
      latest.current[command]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return {
    selectedId,
    select,
    offset: { value: offset, set: setOffset, placeholder: CLIP_TEMPLATE_SECONDS.defaultBefore },
    range: { inSeconds, outSeconds, setIn, setOut, ready, duration: source.duration, live: source.live },
    template: look.template,
    skin: look.skin,
    graphics: { eventId, value: graphicIds, set: setGraphicIds },
    playhead: clock.playhead,
    commands,
    busy: markerClip.isPending || source.cut.isPending,
  };
}

export type ClipWorkspaceState = ReturnType<typeof useClipWorkspace>;
