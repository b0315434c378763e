import { ActionIcon, Tooltip } from '@mantine/core';
import type { VideoPlayback } from '@regie/contract/videos.schemas';
import {
  IconMaximize,
  IconMinimize,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconVolume,
  IconVolume3,
} from '@tabler/icons-react';
import { type RefObject, useCallback, useRef, useState } from 'react';
import { LANGUAGE_LABELS } from '../../i18n/language-labels.ts';
import { useT } from '../../i18n/use-t.ts';
import { CaptionsMenu, QualityMenu } from './PlayerMenus.tsx';
import classes from './player.module.css';
import { SeekBar } from './SeekBar.tsx';
import { formatClock } from './time-format.ts';
import { useHls } from './use-hls.ts';
import { useCaptions, useFullscreen, useMediaState, usePlayerCommands } from './use-player.ts';

interface Props {
  playback: NonNullable<VideoPlayback>;
  /** Names the player for assistive technologies ('Player: Match highlights'). */
  title: string;
  /** Lets a parent read the position (the clip screen's 'Set in' / 'Set out'). */
  mediaRef?: RefObject<HTMLVideoElement | null>;
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
  const { video, attach } = useVideoElement(mediaRef);
  const hls = useHls(video, playback.hlsUrl);
  const media = useMediaState();
  const { playing, currentTime, duration, volume, muted } = media.state;
  const languages = playback.subtitles.map((subtitle) => subtitle.language);
  const { captions, chooseCaptions, toggleCaptions } = useCaptions(video, languages);
  const { fullscreen, toggleFullscreen } = useFullscreen(container);

  const { togglePlay, seek, run, onKeyDown } = usePlayerCommands(video, { toggleFullscreen, toggleCaptions });

  const playingHeight = hls.levels.find((level) => level.index === hls.playingLevel)?.height ?? null;
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
        onPlay={media.handlers.onPlay}
        onPause={media.handlers.onPause}
        onTimeUpdate={media.handlers.onTimeUpdate}
        onDurationChange={media.handlers.onDurationChange}
        onVolumeChange={media.handlers.onVolumeChange}
      >
        <SubtitleTracks subtitles={playback.subtitles} />
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
          <PlayButton playing={playing} onClick={togglePlay} />
          <VolumeControls
            video={video}
            volume={volume}
            muted={muted}
            onToggleMute={() => run({ type: 'toggleMute' })}
          />
          <span className={classes.clock} aria-hidden>
            {formatClock(currentTime)} / {formatClock(duration)}
          </span>
          <CaptionsMenu languages={languages} active={captions} onChange={chooseCaptions} />
          <QualityMenu levels={hls.levels} level={hls.level} playingHeight={playingHeight} onChange={hls.setLevel} />
          <FullscreenButton fullscreen={fullscreen} onClick={toggleFullscreen} />
        </div>
      </div>
    </div>
  );
}

/** The <video> element in state (the hooks need it once mounted), also handed to the parent's ref. */
function useVideoElement(mediaRef: RefObject<HTMLVideoElement | null> | undefined) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const attach = useCallback(
    (element: HTMLVideoElement | null) => {
      setVideo(element);
      if (mediaRef) mediaRef.current = element;
    },
    [mediaRef],
  );
  return { video, attach };
}

/** One <track> per subtitle language, named in the user's language. */
function SubtitleTracks({ subtitles }: { subtitles: NonNullable<VideoPlayback>['subtitles'] }) {
  const t = useT();
  return subtitles.map((subtitle) => (
    <track
      key={subtitle.language}
      kind="subtitles"
      srcLang={subtitle.language}
      label={t(LANGUAGE_LABELS[subtitle.language])}
      src={subtitle.url}
    />
  ));
}

/** The mute button and the volume slider. */
function VolumeControls({
  video,
  volume,
  muted,
  onToggleMute,
}: {
  video: HTMLVideoElement | null;
  volume: number;
  muted: boolean;
  onToggleMute: () => void;
}) {
  const t = useT();
  const silent = muted || volume === 0;
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray.0"
        onClick={onToggleMute}
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
    </>
  );
}

function PlayButton({ playing, onClick }: { playing: boolean; onClick: () => void }) {
  const t = useT();
  return (
    <Tooltip label={playing ? t('player.pause') : t('player.play')} withinPortal={false}>
      <ActionIcon
        variant="subtle"
        color="gray.0"
        onClick={onClick}
        aria-label={playing ? t('player.pause') : t('player.play')}
      >
        {playing ? <IconPlayerPauseFilled size={20} aria-hidden /> : <IconPlayerPlayFilled size={20} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}

function FullscreenButton({ fullscreen, onClick }: { fullscreen: boolean; onClick: () => void }) {
  const t = useT();
  return (
    <ActionIcon
      variant="subtle"
      color="gray.0"
      onClick={onClick}
      aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
    >
      {fullscreen ? <IconMinimize size={20} aria-hidden /> : <IconMaximize size={20} aria-hidden />}
    </ActionIcon>
  );
}
