import type { Language } from '@regie/contract/languages';
import { type KeyboardEvent, type RefObject, type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { clampTime, clampVolume, commandOfKey, type PlayerCommand } from './player-keys.ts';

/** The player's state and commands, apart from how VideoPlayer draws them. */

/** What the <video> element tells of itself: playing, position, duration, volume. */
export function useMediaState() {
  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const handlers = {
    onPlay: () => setPlaying(true),
    onPause: () => setPlaying(false),
    onTimeUpdate: (event: SyntheticEvent<HTMLVideoElement>) => setCurrentTime(event.currentTarget.currentTime),
    onDurationChange: (event: SyntheticEvent<HTMLVideoElement>) => setDuration(event.currentTarget.duration),
    onVolumeChange: (event: SyntheticEvent<HTMLVideoElement>) => {
      setVolume(event.currentTarget.volume);
      setMuted(event.currentTarget.muted);
    },
  };
  return { state: { playing, currentTime, duration, volume, muted }, handlers };
}

/** The subtitles shown (one language or none); 'c' brings back the last one chosen. */
export function useCaptions(video: HTMLVideoElement | null, languages: readonly Language[]) {
  const [captions, setCaptions] = useState<Language | null>(null);
  const lastCaptions = useRef<Language | null>(null);

  // Shows the chosen language's track; the browser draws its cues over the picture.
  useEffect(() => {
    if (!video) return;
    const apply = () => {
      for (const track of Array.from(video.textTracks)) {
        track.mode = track.language === captions ? 'showing' : 'disabled';
      }
    };
    apply();
    video.textTracks.addEventListener('addtrack', apply);
    return () => video.textTracks.removeEventListener('addtrack', apply);
  }, [video, captions]);

  const chooseCaptions = (language: Language | null) => {
    if (language) lastCaptions.current = language;
    setCaptions(language);
  };
  const toggleCaptions = () => chooseCaptions(captions ? null : (lastCaptions.current ?? languages[0] ?? null));
  return { captions, chooseCaptions, toggleCaptions };
}

/** Whether the player fills the screen, and the switch. */
export function useFullscreen(container: RefObject<HTMLDivElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const update = () => setFullscreen(document.fullscreenElement === container.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [container]);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void container.current?.requestFullscreen().catch(() => undefined);
  };
  return { fullscreen, toggleFullscreen };
}

/** What the buttons and the keys do to the video. */
export function usePlayerCommands(
  video: HTMLVideoElement | null,
  { toggleFullscreen, toggleCaptions }: { toggleFullscreen: () => void; toggleCaptions: () => void },
) {
  const togglePlay = () => {
    if (!video) return;
    if (video.paused || video.ended) void video.play().catch(() => undefined);
    else video.pause();
  };

  const seek = (seconds: number) => {
    if (video) video.currentTime = clampTime(seconds, video.duration);
  };

  function run(command: PlayerCommand) {
    if (!video) return;
    switch (command.type) {
      case 'togglePlay':
        return togglePlay();
      case 'seekBy':
        return seek(video.currentTime + command.seconds);
      case 'volumeBy':
        video.muted = false;
        video.volume = clampVolume(video.volume, command.delta);
        return;
      case 'toggleMute':
        video.muted = !video.muted;
        return;
      case 'toggleFullscreen':
        return toggleFullscreen();
      case 'toggleCaptions':
        return toggleCaptions();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (keyBelongsToControl(event)) return;
    const command = commandOfKey(event.key, { ctrl: event.ctrlKey, alt: event.altKey, meta: event.metaKey });
    if (!command) return;
    event.preventDefault();
    run(command);
  }

  return { togglePlay, seek, run, onKeyDown };
}

/** Where a key belongs to the control that has focus rather than to the player. */
function keyBelongsToControl(event: KeyboardEvent<HTMLElement>): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('[role="menu"]')) return true;
  const isButton = target.tagName === 'BUTTON' || target.getAttribute('role') === 'menuitem';
  if (isButton && (event.key === ' ' || event.key === 'Enter')) return true;
  // Sliders move with the arrows.
  return target.tagName === 'INPUT' && event.key.startsWith('Arrow');
}
