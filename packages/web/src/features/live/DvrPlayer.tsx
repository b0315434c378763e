import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlayerTrackNext, IconRewindBackward10 } from '@tabler/icons-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import {
  clampToWindow,
  type DvrWindow,
  dvrWindow,
  formatBehind,
  latencySeconds,
  liveSlackSeconds,
  secondsBehindLive,
} from './live-math.ts';
import { useLiveHls } from './use-live-hls.ts';

interface Position {
  window: DvrWindow | null;
  current: number;
  behind: number;
  latency: number | null;
  slack: number;
}

const STEP_BACK_SECONDS = 10;
/** How often a program left behind while following the live may jump back to the edge. */
const CATCH_UP_EVERY_MS = 3_000;
/** hls.js skips stalls and gaps by seeking this far forward at most (its nudges, a hole's end). */
const HLS_NUDGE_SECONDS = 2;

/** The program player as other panels read it: its <video> and, once loaded, hls.js. */
export interface LivePlayer {
  video: HTMLVideoElement;
  hls: ReturnType<typeof useLiveHls>['hls'];
}

/** Where the player stands, read twice a second from the video and hls.js. */
function usePosition(video: HTMLVideoElement | null, hls: ReturnType<typeof useLiveHls>['hls']): Position {
  const [position, setPosition] = useState<Position>({ window: null, current: 0, behind: 0, latency: null, slack: 3 });
  useEffect(() => {
    if (!video) return;
    const read = () => {
      const window = dvrWindow(video.seekable);
      const target = hls?.levels[hls.currentLevel]?.details?.targetduration ?? 2;
      setPosition({
        window,
        current: video.currentTime,
        behind: window ? secondsBehindLive(video.currentTime, window, hls?.liveSyncPosition ?? null) : 0,
        latency: latencySeconds(hls?.playingDate ?? null, Date.now()),
        slack: liveSlackSeconds(target),
      });
    };
    read();
    const timer = setInterval(read, 500);
    return () => clearInterval(timer);
  }, [video, hls]);
  return position;
}

/**
 * The program with its DVR: hls.js on the signed DVR playlist, starting at the live edge; a
 * position slider over the window (arrow keys step through it), 10 s back, back to live, and the
 * latency of the frame on screen against the wall clock (EXT-X-PROGRAM-DATE-TIME).
 */
export function DvrPlayer({
  url,
  label,
  playerRef,
}: {
  url: string;
  label: string;
  /** Handed the player (its video and hls.js) for screens that read its frame's date (live clipping). */
  playerRef?: RefObject<LivePlayer | null>;
}) {
  const t = useT();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const { hls, failed, reload } = useLiveHls(video, url);
  useEffect(() => {
    if (!playerRef) return;
    playerRef.current = video ? { video, hls } : null;
    return () => {
      playerRef.current = null;
    };
  }, [playerRef, video, hls]);
  const position = usePosition(video, hls);
  const { window } = position;
  const atLive = position.behind <= position.slack;
  // Until the operator moves in the window, the program stays live: a start or a stall that left
  // it behind (a slow network, a busy machine) jumps back to the edge, at most every few seconds.
  const following = useRef(true);
  const caughtUpAt = useRef(0);
  /** A seek this component makes (the browser's own controls' seeks stop the following). */
  const ownSeek = useRef(false);
  const moveTo = (target: number) => {
    if (!video || !window) return;
    ownSeek.current = true;
    video.currentTime = clampToWindow(target, window);
  };
  const seek = (target: number, follow = false) => {
    following.current = follow;
    moveTo(target);
  };
  const slack = position.slack;
  useEffect(() => {
    if (!video) return;
    // A seek of the browser's controls back into the window stops the following; hls.js's own do
    // not: its start (before any frame played) and its nudges over a stall or a gap (a fraction of
    // a second forward), which a busy machine makes while the program is already seconds behind.
    let played = false;
    let last = video.currentTime;
    const moved = () => {
      last = video.currentTime;
    };
    const playing = () => {
      played = true;
      moved();
    };
    const seeking = () => {
      const foreign = !ownSeek.current;
      ownSeek.current = false;
      const nudge = video.currentTime >= last && video.currentTime - last <= HLS_NUDGE_SECONDS;
      const now = dvrWindow(video.seekable);
      const behind = now ? secondsBehindLive(video.currentTime, now, hls?.liveSyncPosition ?? null) : 0;
      if (foreign && played && !nudge && behind > slack) following.current = false;
    };
    video.addEventListener('playing', playing);
    video.addEventListener('timeupdate', moved);
    video.addEventListener('seeked', moved);
    video.addEventListener('seeking', seeking);
    return () => {
      video.removeEventListener('playing', playing);
      video.removeEventListener('timeupdate', moved);
      video.removeEventListener('seeked', moved);
      video.removeEventListener('seeking', seeking);
    };
  }, [video, hls, slack]);
  const backToLive = () => {
    if (!video || !window) return;
    seek(hls?.liveSyncPosition ?? window.end, true);
    void video.play().catch(() => undefined);
  };
  useEffect(() => {
    if (!video || !window || atLive || !following.current) return;
    if (Date.now() - caughtUpAt.current < CATCH_UP_EVERY_MS) return;
    caughtUpAt.current = Date.now();
    moveTo(hls?.liveSyncPosition ?? window.end);
  });
  return (
    <Stack gap="xs">
      <video
        ref={setVideo}
        aria-label={label}
        data-testid="program-player"
        controls
        muted
        autoPlay
        playsInline
        style={{ width: '100%', aspectRatio: '16 / 9', background: 'black', borderRadius: 4 }}
      />
      {failed && (
        <Alert color="orange">
          <Group justify="space-between">
            <Text size="sm">{t('live.player.failed')}</Text>
            <Button size="xs" variant="default" onClick={reload}>
              {t('live.player.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      <input
        type="range"
        aria-label={t('live.player.position')}
        aria-valuetext={
          window ? t('live.player.behindValue', { value: formatBehind(position.behind) }) : t('live.player.noWindow')
        }
        min={window?.start ?? 0}
        max={window?.end ?? 0}
        step={1}
        value={window ? Math.min(window.end, Math.max(window.start, position.current)) : 0}
        disabled={!window}
        onChange={(event) => seek(Number(event.currentTarget.value))}
        style={{ width: '100%' }}
      />
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRewindBackward10 size={16} aria-hidden />}
            disabled={!window}
            onClick={() => seek(position.current - STEP_BACK_SECONDS)}
          >
            {t('live.player.back10')}
          </Button>
          <Button
            size="xs"
            color="red.8"
            leftSection={<IconPlayerTrackNext size={16} aria-hidden />}
            disabled={!window || atLive}
            onClick={backToLive}
          >
            {t('live.player.backToLive')}
          </Button>
        </Group>
        <Group gap="md">
          <Text size="sm" data-testid="program-behind">
            {atLive ? t('live.player.atLive') : t('live.player.behind', { value: formatBehind(position.behind) })}
          </Text>
          <Text size="sm" c="dimmed" data-testid="program-latency">
            {position.latency === null
              ? t('live.player.latencyUnknown')
              : t('live.player.latency', { value: position.latency.toFixed(1) })}
          </Text>
        </Group>
      </Group>
    </Stack>
  );
}
