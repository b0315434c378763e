import { satisfies } from '@regie/contract/access';
import { CAMERAS_RULE } from '@regie/contract/cameras';
import { CLIP_RULE } from '@regie/contract/clips';
import { useRef } from 'react';
import { useAccessSubject } from '../../session/access.ts';
import { liveSecondsAt } from '../clips/clip-range.ts';
import { useLifecycle } from '../lifecycle/lifecycle-calls.ts';
import type { LivePlayer } from '../live/DvrPlayer.tsx';
import { type LiveContent, useCameras, useProgram } from '../live/live-calls.ts';
import { clampToWindow, dvrWindow } from '../live/live-math.ts';
import { useClipProgram, useLiveWindow } from './clipping-calls.ts';
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
  const subject = useAccessSubject();
  // Live operators read the program through its cameras (CAMERAS_RULE); clippers through the
  // live's clip calls (CLIP_RULE, clipPaths.liveProgram). Without either, times are typed.
  const operates = satisfies(subject, CAMERAS_RULE);
  const seesProgram = operates || satisfies(subject, CLIP_RULE);
  const cameras = useCameras(content, live && operates);
  const list = cameras.data?.data ?? [];
  const operated = useProgram(content, operates ? (list[0]?.id ?? null) : null);
  const clipped = useClipProgram(content, live && seesProgram && !operates);
  const program = operates ? operated : clipped;
  const hasCameras = operates ? list.length > 0 : (clipped.data?.cameras.length ?? 0) > 0;
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
  return {
    content,
    lifecycle,
    live,
    seesProgram,
    hasCameras,
    cameras,
    list,
    program,
    window,
    playerRef,
    clock,
    bounds,
  };
}

export type LiveDesk = ReturnType<typeof useLiveDesk>;
