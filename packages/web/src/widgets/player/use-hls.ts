import type Hls from 'hls.js';
import { useCallback, useEffect, useRef, useState } from 'react';

/** A rendition the viewer may pick (hls.js level index, by height: '720p'). */
export interface QualityLevel {
  index: number;
  height: number;
}

/** -1: hls.js chooses the rendition by the measured bandwidth. */
export const AUTO_LEVEL = -1;

export interface HlsState {
  levels: readonly QualityLevel[];
  /** The chosen level, or AUTO_LEVEL. */
  level: number;
  /** The level playing now (what 'Auto' resolved to), -1 while unknown. */
  playingLevel: number;
  setLevel: (index: number) => void;
  /** The video could not be played (playlist unreachable, media undecodable). */
  failed: boolean;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * The first URL given for a file: a refreshed record brings the same playlist with a newer token
 * (contract MEDIA_TOKEN_STEP_SECONDS), and the older one stays valid for hours, so reloading the
 * player (losing its position) only happens for another file. The live players keep theirs too
 * (features/live/use-live-hls.ts).
 */
export function useSameMedia(url: string): string {
  const [kept, setKept] = useState(url);
  const pathOf = (value: string) => value.split('?')[0];
  if (pathOf(kept) !== pathOf(url)) {
    setKept(url);
    return url;
  }
  return kept;
}

/**
 * Plays an HLS master playlist in `video`: with hls.js (loaded on first use, so screens without
 * a player never download it) where Media Source Extensions exist, else natively (Safari, iOS).
 * The URLs carry their signed token, so no request needs headers.
 */
export function useHls(video: HTMLVideoElement | null, src: string): HlsState {
  const source = useSameMedia(src);
  const hlsRef = useRef<Hls | null>(null);
  const [levels, setLevels] = useState<readonly QualityLevel[]>([]);
  const [level, setLevelState] = useState(AUTO_LEVEL);
  const [playingLevel, setPlayingLevel] = useState(-1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!video) return;
    let cancelled = false;
    setFailed(false);
    setLevels([]);
    setLevelState(AUTO_LEVEL);
    // The light build: our renditions need no in-manifest subtitles, alternate audio or DRM.
    void import('hls.js/light').then(
      ({ default: HlsClass }) => {
        if (cancelled) return;
        if (!HlsClass.isSupported()) {
          if (video.canPlayType(HLS_TYPE)) video.src = source;
          else setFailed(true);
          return;
        }
        const hls = new HlsClass({ capLevelToPlayerSize: false });
        hlsRef.current = hls;
        let recovered = false;
        hls.on(HlsClass.Events.MANIFEST_PARSED, (_event, data) => {
          setLevels(
            data.levels
              .map((item, index) => ({ index, height: item.height }))
              .filter((item) => item.height > 0)
              .sort((a, b) => b.height - a.height),
          );
        });
        hls.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) => setPlayingLevel(data.level));
        hls.on(HlsClass.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // A decoding hiccup is often recoverable once; anything else stops the player.
          if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !recovered) {
            recovered = true;
            hls.recoverMediaError();
            return;
          }
          setFailed(true);
          hls.destroy();
          hlsRef.current = null;
        });
        hls.loadSource(source);
        hls.attachMedia(video);
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
      if (video.src && !video.src.startsWith('blob:')) {
        video.removeAttribute('src');
        video.load();
      }
    };
  }, [video, source]);

  const setLevel = useCallback((index: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    // currentLevel switches at once (flushing the buffer), which is what a viewer who picked expects.
    hls.currentLevel = index;
    setLevelState(index);
  }, []);

  return { levels, level, playingLevel, setLevel, failed };
}
