import { satisfies } from '@regie/contract/access';
import { CAMERAS_RULE } from '@regie/contract/cameras';
import { useRef } from 'react';
import { useAccessSubject } from '../../session/access.ts';
import { liveSecondsAt } from '../clips/clip-range.ts';
import { useLifecycle } from '../lifecycle/lifecycle-calls.ts';
import type { LivePlayer } from '../live/DvrPlayer.tsx';
import { type LiveContent, useCameras, useProgram } from '../live/live-calls.ts';
import { clampToWindow, dvrWindow } from '../live/live-math.ts';
import { useLiveWindow } from './clipping-calls.ts';
import type { ClipClock } from './use-clip-workspace.ts';

/**
 * What the screens clipping a live share (the clip tab while on air, the control room): whether
 * the content is live, its cameras and program, the program player, its DVR window in seconds
 * from the live's start, and a clock that maps the player's frame onto those seconds (the frame's
 * program date less the live's second 0), for the in / out points and the markers.
 */
export function useLiveDesk(content: LiveContent) {
  const lifecycle = useLifecycle(content.kind, content.id);
  const live = lifecycle.data?.state === 'live';
  // The program is read through its cameras (CAMERAS_RULE): without it, times are typed.
  const seesProgram = satisfies(useAccessSubject(), CAMERAS_RULE);
  const cameras = useCameras(content, live && seesProgram);
  const list = cameras.data?.data ?? [];
  const program = useProgram(content, list[0]?.id ?? null);
  const window = useLiveWindow(content, live);
  const playerRef = useRef<LivePlayer | null>(null);
  const origin = window.data?.origin ?? null;
  const playhead = () => liveSecondsAt(playerRef.current?.hls?.playingDate ?? null, origin);
  const clock: ClipClock = {
    playhead,
    seek: (seconds) => {
      const player = playerRef.current;
      const at = playhead();
      const reach = player ? dvrWindow(player.video.seekable) : null;
      if (!player || at === null || !reach) return;
      player.video.currentTime = clampToWindow(player.video.currentTime + seconds - at, reach);
    },
  };
  const bounds = window.data ? { fromSeconds: window.data.fromSeconds, toSeconds: window.data.toSeconds } : null;
  return { lifecycle, live, seesProgram, cameras, list, program, window, playerRef, clock, bounds };
}

export type LiveDesk = ReturnType<typeof useLiveDesk>;
