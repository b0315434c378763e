import { ActionIcon, Tooltip } from '@mantine/core';
import type { Language } from '@regie/contract/languages';
import type { VideoPlayback } from '@regie/contract/videos.schemas';
import {
  IconMaximize,
  IconMinimize,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconVolume,
  IconVolume3,
} from '@tabler/icons-react';
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { LANGUAGE_LABELS } from '../../i18n/language-labels.ts';
import { useT } from '../../i18n/use-t.ts';
import { CaptionsMenu, QualityMenu } from './PlayerMenus.tsx';
import classes from './player.module.css';
import { clampTime, clampVolume, commandOfKey, type PlayerCommand } from './player-keys.ts';
import { SeekBar } from './SeekBar.tsx';
import { formatClock } from './time-format.ts';
import { useHls } from './use-hls.ts';

interface Props {
  playback: NonNullable<VideoPlayback>;
  /** Names the player for assistive technologies ('Player: Match highlights'). */
  title: string;
  /** Lets a parent read the position (the clip screen's 'Set in' / 'Set out'). */
  mediaRef?: RefObject<HTMLVideoElement | null>;
}

/** Where a key belongs to the control that has focus rather than to the player. */
function keyBelongsToControl(event: KeyboardEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  if (target.closest('[role="menu"]')) return true;
  const isButton = target.tagName === 'BUTTON' || target.getAttribute('role') === 'menuitem';
  if (isButton && (event.key === ' ' || event.key === 'Enter')) return true;
  // Sliders move with the arrows.
  return target.tagName === 'INPUT' && event.key.startsWith('Arrow');
}

/**
 * The back-office player: the video's HLS master playlist (hls.js, loaded lazily, or native HLS),
 * its poster, a quality menu, subtitles as <track> elements with a captions menu, a seek bar with
 * the storyboard's thumbnails, and keyboard control when focus is in the player: space / k play,
 * ← → 5 s, j l 10 s, ↑ ↓ volume, m mute, f full screen, c captions.
 */
export function VideoPlayer({ playback, title, mediaRef }: Props) {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const hls = useHls(video, playback.hlsUrl);
  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [captions, setCaptions] = useState<Language | null>(null);
  const lastCaptions = useRef<Language | null>(null);
  const languages = playback.subtitles.map((subtitle) => subtitle.language);

  const attach = useCallback(
    (element: HTMLVideoElement | null) => {
      setVideo(element);
      if (mediaRef) mediaRef.current = element;
    },
    [mediaRef],
  );

  useEffect(() => {
    const update = () => setFullscreen(document.fullscreenElement === container.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);

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

  const togglePlay = () => {
    if (!video) return;
    if (video.paused || video.ended) void video.play().catch(() => undefined);
    else video.pause();
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void container.current?.requestFullscreen().catch(() => undefined);
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
        return chooseCaptions(captions ? null : (lastCaptions.current ?? languages[0] ?? null));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (keyBelongsToControl(event)) return;
    const command = commandOfKey(event.key, { ctrl: event.ctrlKey, alt: event.altKey, meta: event.metaKey });
    if (!command) return;
    event.preventDefault();
    run(command);
  }

  const playingHeight = hls.levels.find((level) => level.index === hls.playingLevel)?.height ?? null;
  const silent = muted || volume === 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form fields; this groups a player's controls
    <div
      ref={container}
      className={classes.player}
      role="group"
      aria-label={t('player.label', { title })}
      aria-keyshortcuts="Space k ArrowLeft ArrowRight j l ArrowUp ArrowDown m f c"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the player itself is focusable for its shortcuts
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: captions come from the <track> elements when the video has some */}
      <video
        ref={attach}
        className={classes.video}
        poster={playback.posterUrl ?? undefined}
        preload="metadata"
        playsInline
        onClick={togglePlay}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(event) => setCurrentTime(event.currentTarget.currentTime)}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        onVolumeChange={(event) => {
          setVolume(event.currentTarget.volume);
          setMuted(event.currentTarget.muted);
        }}
      >
        {playback.subtitles.map((subtitle) => (
          <track
            key={subtitle.language}
            kind="subtitles"
            srcLang={subtitle.language}
            label={t(LANGUAGE_LABELS[subtitle.language])}
            src={subtitle.url}
          />
        ))}
      </video>
      {hls.failed && (
        <div className={classes.message} role="alert">
          {t('player.failed')}
        </div>
      )}
      <div className={classes.controls}>
        <SeekBar
          currentTime={currentTime}
          duration={duration}
          storyboardVttUrl={playback.storyboardVttUrl}
          onSeek={seek}
        />
        <div className={classes.buttons}>
          <Tooltip label={playing ? t('player.pause') : t('player.play')} withinPortal={false}>
            <ActionIcon
              variant="subtle"
              color="gray.0"
              onClick={togglePlay}
              aria-label={playing ? t('player.pause') : t('player.play')}
            >
              {playing ? (
                <IconPlayerPauseFilled size={20} aria-hidden />
              ) : (
                <IconPlayerPlayFilled size={20} aria-hidden />
              )}
            </ActionIcon>
          </Tooltip>
          <ActionIcon
            variant="subtle"
            color="gray.0"
            onClick={() => run({ type: 'toggleMute' })}
            aria-label={silent ? t('player.unmute') : t('player.mute')}
          >
            {silent ? <IconVolume3 size={20} aria-hidden /> : <IconVolume size={20} aria-hidden />}
          </ActionIcon>
          <input
            type="range"
            className={classes.volume}
            min={0}
            max={1}
            step={0.05}
            value={muted ? 0 : volume}
            aria-label={t('player.volume')}
            aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)} %`}
            onChange={(event) => {
              if (!video) return;
              video.muted = false;
              video.volume = Number(event.currentTarget.value);
            }}
          />
          <span className={classes.clock} aria-hidden>
            {formatClock(currentTime)} / {formatClock(duration)}
          </span>
          <CaptionsMenu languages={languages} active={captions} onChange={chooseCaptions} />
          <QualityMenu levels={hls.levels} level={hls.level} playingHeight={playingHeight} onChange={hls.setLevel} />
          <ActionIcon
            variant="subtle"
            color="gray.0"
            onClick={toggleFullscreen}
            aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
          >
            {fullscreen ? <IconMinimize size={20} aria-hidden /> : <IconMaximize size={20} aria-hidden />}
          </ActionIcon>
        </div>
      </div>
    </div>
  );
}
