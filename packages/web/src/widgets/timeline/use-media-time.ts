import { type RefObject, useEffect, useState } from 'react';

/**
 * The playhead and length of the <video> a player put in `mediaRef`, followed as it plays and
 * seeks (a timeline under the player draws them). `key` names the video: a new one re-attaches.
 */
export function useMediaTime(mediaRef: RefObject<HTMLVideoElement | null>, key: unknown) {
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  useEffect(() => {
    // The player sets the ref when its <video> mounts, before this effect of its parent runs.
    void key;
    const video = mediaRef.current;
    if (!video) return;
    const update = () => {
      setCurrentTime(video.currentTime);
      setDuration(Number.isFinite(video.duration) ? video.duration : 0);
    };
    update();
    const kinds = ['timeupdate', 'seeked', 'seeking', 'durationchange', 'loadedmetadata'] as const;
    for (const kind of kinds) video.addEventListener(kind, update);
    return () => {
      for (const kind of kinds) video.removeEventListener(kind, update);
    };
  }, [mediaRef, key]);

  const seek = (seconds: number) => {
    const video = mediaRef.current;
    if (video) video.currentTime = seconds;
  };
  return { currentTime, duration, seek };
}
