import type Hls from 'hls.js';
import { useCallback, useEffect, useState } from 'react';
import { useSameMedia } from '../../widgets/player/use-hls.ts';

const HLS_TYPE = 'application/vnd.apple.mpegurl';
/** Network failures in a row the player retries (2 s apart) before saying it cannot play. */
const NETWORK_RETRIES = 5;
const RETRY_DELAY_MS = 2_000;

export interface LiveHlsState {
  /** The hls.js player (its playingDate and live edge), null natively or before it loaded. */
  hls: Hls | null;
  failed: boolean;
  /** Loads the playlist again (after a failure). */
  reload: () => void;
}

/**
 * Plays a live HLS playlist (the program's or an input's, signed: no headers) in `video` with
 * hls.js (its light build, loaded on first use), natively where Media Source Extensions are
 * missing. Unlike the video player's hook it hands out the hls.js instance: the live player reads
 * the playing frame's wall-clock date and the live edge from it.
 */
export function useLiveHls(video: HTMLVideoElement | null, src: string | null): LiveHlsState {
  // A status read again brings the same playlist with a newer token: the player keeps playing.
  const kept = useSameMedia(src ?? '');
  const url = src === null ? null : kept;
  const [hls, setHls] = useState<Hls | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger of reload().
  useEffect(() => {
    if (!video || url === null) return;
    let cancelled = false;
    let player: Hls | null = null;
    setFailed(false);
    void import('hls.js/light').then(
      ({ default: HlsClass }) => {
        if (cancelled) return;
        if (!HlsClass.isSupported()) {
          if (video.canPlayType(HLS_TYPE)) video.src = url;
          else setFailed(true);
          return;
        }
        const created = new HlsClass({ backBufferLength: 120 });
        player = created;
        let recovered = false;
        let retries = 0;
        created.on(HlsClass.Events.FRAG_LOADED, () => {
          retries = 0;
        });
        created.on(HlsClass.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !recovered) {
            recovered = true;
            created.recoverMediaError();
            return;
          }
          // A live playlist not there yet (a camera just switched on) comes back: a few tries.
          if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR && retries < NETWORK_RETRIES) {
            retries += 1;
            setTimeout(() => !cancelled && created.startLoad(), RETRY_DELAY_MS);
            return;
          }
          setFailed(true);
        });
        created.loadSource(url);
        created.attachMedia(video);
        setHls(created);
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      player?.destroy();
      setHls(null);
      if (video.src && !video.src.startsWith('blob:')) {
        video.removeAttribute('src');
        video.load();
      }
    };
  }, [video, url, attempt]);
  return { hls, failed, reload };
}
