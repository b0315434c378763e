import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { isOneOf } from '@regie/contract/guards';
import {
  ASPECT_RATIOS,
  type Aspect,
  PLATFORM_SAFE_AREAS,
  type ReframeKeyframe,
  type Rendition,
  SAFE_AREA_PLATFORMS,
  type SafeAreaPlatform,
  SKIN_LAYOUTS,
  windowAt,
} from '@regie/contract/vertical';
import type { VideoPlayback } from '@regie/contract/videos.schemas';
import { IconTrash } from '@tabler/icons-react';
import { type CSSProperties, type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { formatClock } from '../../../widgets/player/time-format.ts';
import { VideoPlayer } from '../../../widgets/player/VideoPlayer.tsx';
import classes from './formats.module.css';
import { useFormatActions, useReframe } from './formats-calls.ts';
import { nudged, placeFromPointer, removeKeyframe, samePath, setKeyframe } from './reframe-edit.ts';

/** The preview's height in pixels; its width follows the aspect. */
const PREVIEW_HEIGHT = 320;

interface Props {
  videoId: number;
  rendition: Rendition;
  /** The video's own media (the picture the window moves over). */
  playback: VideoPlayback;
  title: string;
  canWrite: boolean;
}

/** The bands a platform's own interface covers, darkened over the preview: the action belongs outside them. */
function SafeAreaBands({ platform }: { platform: SafeAreaPlatform }) {
  const t = useT();
  const area = PLATFORM_SAFE_AREAS[platform];
  const band = (style: CSSProperties) => <div className={classes.unsafe} style={style} />;
  return (
    <div
      className={classes.safeAreas}
      role="note"
      aria-label={t('videos.reframe.safeAreas.shown', { platform: t(`videos.reframe.safeAreas.${platform}`) })}
    >
      {band({ top: 0, left: 0, right: 0, height: `${area.top * 100}%` })}
      {band({ bottom: 0, left: 0, right: 0, height: `${area.bottom * 100}%` })}
      {band({ top: `${area.top * 100}%`, bottom: `${area.bottom * 100}%`, left: 0, width: `${area.left * 100}%` })}
      {band({ top: `${area.top * 100}%`, bottom: `${area.bottom * 100}%`, right: 0, width: `${area.right * 100}%` })}
    </div>
  );
}

/** The frame a clip's skin is laid out in for this aspect (contract SKIN_LAYOUTS), dashed. */
function SkinArea({ aspect }: { aspect: Aspect }) {
  const t = useT();
  const { safe } = SKIN_LAYOUTS[aspect];
  return (
    <div
      className={classes.skinArea}
      role="note"
      aria-label={t('videos.reframe.skinArea', { aspect })}
      title={t('videos.reframe.skinArea', { aspect })}
      style={{
        top: `${safe.top * 100}%`,
        bottom: `${safe.bottom * 100}%`,
        left: `${safe.left * 100}%`,
        right: `${safe.right * 100}%`,
      }}
    />
  );
}

/** `1:02.3`: keyframes are a tenth of a second apart at least. */
function keyframeClock(seconds: number): string {
  const tenths = Math.round((seconds % 1) * 10) % 10;
  return `${formatClock(seconds)}.${tenths}`;
}

/**
 * Follows the player's position, and draws the frame under it with `draw` when it (or the
 * window's place, `place()`) changed: one picture decoded, shown whole with the window and cropped
 * as the preview; a paused player costs no drawing.
 */
function useFrameLoop(video: HTMLVideoElement | null, place: () => number, draw: (video: HTMLVideoElement) => void) {
  const [time, setTime] = useState(0);
  const latest = useRef({ place, draw });
  latest.current = { place, draw };
  useEffect(() => {
    if (!video) return;
    let frame = 0;
    let drawn = { time: -1, place: -1, width: 0 };
    const tick = () => {
      const now = { time: video.currentTime, place: latest.current.place(), width: video.videoWidth };
      if (now.time !== drawn.time) setTime(now.time);
      if (now.time !== drawn.time || now.place !== drawn.place || now.width !== drawn.width) {
        latest.current.draw(video);
        drawn = now;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [video]);
  return time;
}

/**
 * The framing of one aspect (issue 42 point 3): the picture with the crop window over it, which
 * the editor drags (or moves with the arrows, then K) to set a keyframe at the player's moment;
 * the keyframes on a timeline and in a list (each removable); the preview plays the cropped
 * result before it is rendered; saved, reset to the automatic path, rendered again.
 */
export function ReframeEditor({ videoId, rendition, playback, title, canWrite }: Props) {
  const t = useT();
  const { aspect } = rendition;
  const reframe = useReframe(videoId, aspect, rendition.renderedAt, rendition.state !== 'none');
  const actions = useFormatActions(videoId, aspect);
  const media = useRef<HTMLVideoElement | null>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const picture = useRef<HTMLCanvasElement>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const saved = reframe.data?.keyframes;
  const [keyframes, setKeyframes] = useState<ReframeKeyframe[]>([]);
  /** Where the arrows or the pointer moved the window at a moment, until K sets it (or the player moves on). */
  const [moved, setMoved] = useState<{ x: number; time: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  /** The platform whose interface is drawn over the preview (its captions band, its buttons). */
  const [safeArea, setSafeArea] = useState<SafeAreaPlatform | null>(null);

  useEffect(() => {
    if (saved) setKeyframes(saved);
  }, [saved]);
  // The player's element, once it is there (the frame loop reads it).
  useEffect(() => {
    const found = media.current;
    if (found !== video) setVideo(found);
  });

  const share = reframe.data ? reframe.data.windowWidth / reframe.data.sourceWidth : ASPECT_RATIOS[aspect] / (16 / 9);
  /** The window's place as last rendered: what the frame loop draws. */
  const xRef = useRef(0.5);
  const time = useFrameLoop(
    video,
    () => xRef.current,
    (element) => draw(element),
  );
  const x = moved && moved.time === time ? moved.x : windowAt(keyframes, time);
  const setPending = (place: number | null) => setMoved(place === null ? null : { x: place, time });
  xRef.current = x;

  function draw(element: HTMLVideoElement) {
    const width = element.videoWidth;
    const height = element.videoHeight;
    if (!width || !height) return;
    const sourceX = xRef.current * (1 - share) * width;
    const whole = picture.current?.getContext('2d');
    if (whole && picture.current) whole.drawImage(element, 0, 0, picture.current.width, picture.current.height);
    const cropped = preview.current?.getContext('2d');
    if (cropped && preview.current) {
      cropped.drawImage(
        element,
        sourceX,
        0,
        share * width,
        height,
        0,
        0,
        preview.current.width,
        preview.current.height,
      );
    }
  }

  const dirty = saved !== undefined && !samePath(keyframes, saved);
  const keyAt = (place: number) => {
    if (!canWrite) return;
    setKeyframes((current) => setKeyframe(current, time, place));
    setPending(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      setPending(nudged(x, event.key === 'ArrowLeft' ? -1 : 1, event.shiftKey));
    } else if (event.key === 'k' || event.key === 'K' || event.key === 'Enter') {
      event.preventDefault();
      keyAt(x);
    }
  };
  const pointerPlace = (event: PointerEvent) => {
    const box = strip.current?.getBoundingClientRect();
    if (!box || box.width === 0) return x;
    return placeFromPointer((event.clientX - box.left) / box.width, share);
  };

  if (rendition.state === 'none' || reframe.data === null) {
    return (
      <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby="reframe-title">
        <Title order={2} size="h4" id="reframe-title" mb="sm">
          {t('videos.reframe.title', { aspect })}
        </Title>
        <Text size="sm">{t('videos.reframe.notAnalysed')}</Text>
      </Paper>
    );
  }
  const duration = reframe.data?.duration ?? 0;
  const previewWidth = Math.round(PREVIEW_HEIGHT * ASPECT_RATIOS[aspect]);
  const percent = Math.round(x * 100);
  return (
    <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby="reframe-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="reframe-title">
            {t('videos.reframe.title', { aspect })}
          </Title>
          <Group gap="xs">
            {reframe.data && (
              <Badge variant="light" color={reframe.data.source === 'edited' ? 'grape' : 'gray'}>
                {t(`videos.reframe.source.${reframe.data.source}`)}
              </Badge>
            )}
            {dirty && (
              <Badge variant="light" color="orange">
                {t('videos.reframe.unsaved')}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed" id="reframe-help">
          {t('videos.reframe.help')}
        </Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Stack gap="xs" style={{ flex: '1 1 320px', minWidth: 0 }}>
            {playback && <VideoPlayer playback={playback} title={title} mediaRef={media} />}
            <Box
              ref={strip}
              className={classes.strip}
              onPointerDown={(event) => {
                if (!canWrite) return;
                event.currentTarget.setPointerCapture(event.pointerId);
                setDragging(true);
                setPending(pointerPlace(event));
              }}
              onPointerMove={(event) => dragging && setPending(pointerPlace(event))}
              onPointerUp={(event) => {
                if (!dragging) return;
                setDragging(false);
                keyAt(pointerPlace(event));
              }}
            >
              <canvas ref={picture} className={classes.picture} width={320} height={180} aria-hidden />
              <div
                className={classes.window}
                style={{ left: `${x * (1 - share) * 100}%`, width: `${share * 100}%` }}
                role="slider"
                tabIndex={0}
                aria-label={t('videos.reframe.window')}
                aria-describedby="reframe-help"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={t('videos.reframe.windowValue', { percent })}
                aria-keyshortcuts="ArrowLeft ArrowRight k Enter"
                aria-readonly={!canWrite}
                onKeyDown={onKeyDown}
              />
            </Box>
            {/* biome-ignore lint/a11y/useSemanticElements: a fieldset groups form fields; this groups the keyframes' buttons */}
            <div className={classes.timeline} aria-label={t('videos.reframe.keyframes')} role="group">
              <div className={classes.playhead} style={{ left: `${duration ? (time / duration) * 100 : 0}%` }} />
              {keyframes.map((keyframe) => (
                <button
                  key={keyframe.time}
                  type="button"
                  className={classes.marker}
                  style={{ left: `${duration ? (keyframe.time / duration) * 100 : 0}%` }}
                  aria-label={t('videos.reframe.goTo', { time: keyframeClock(keyframe.time) })}
                  onClick={() => {
                    if (media.current) media.current.currentTime = keyframe.time;
                  }}
                />
              ))}
            </div>
          </Stack>
          <Stack gap={4} align="center">
            <Box pos="relative" w={previewWidth} h={PREVIEW_HEIGHT}>
              <canvas
                ref={preview}
                className={classes.preview}
                width={previewWidth}
                height={PREVIEW_HEIGHT}
                role="img"
                aria-label={t('videos.reframe.preview', { aspect })}
              />
              {safeArea && <SafeAreaBands platform={safeArea} />}
              <SkinArea aspect={aspect} />
            </Box>
            <Text size="xs" c="dimmed">
              {t('videos.reframe.preview', { aspect })}
            </Text>
            {aspect === '9:16' && (
              <SegmentedControl
                size="xs"
                aria-label={t('videos.reframe.safeAreas')}
                value={safeArea ?? 'none'}
                onChange={(value) => setSafeArea(isOneOf(SAFE_AREA_PLATFORMS, value) ? value : null)}
                data={[
                  { value: 'none', label: t('videos.reframe.safeAreas.none') },
                  ...SAFE_AREA_PLATFORMS.map((platform) => ({
                    value: platform,
                    label: t(`videos.reframe.safeAreas.${platform}`),
                  })),
                ]}
              />
            )}
          </Stack>
        </Group>
        {canWrite && (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => keyAt(x)}>
              {t('videos.reframe.setKeyframe')}
            </Button>
            <Button
              size="xs"
              disabled={!dirty}
              loading={actions.save.isPending}
              onClick={() => actions.save.mutate(keyframes)}
            >
              {t('videos.reframe.save')}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={rendition.state === 'queued' || rendition.state === 'rendering'}
              loading={actions.save.isPending || actions.render.isPending}
              onClick={() =>
                dirty
                  ? actions.save.mutate(keyframes, { onSuccess: () => actions.render.mutate(undefined) })
                  : actions.render.mutate(undefined)
              }
            >
              {t('videos.reframe.saveAndRender')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              disabled={reframe.data?.source !== 'edited' && !dirty}
              loading={actions.reset.isPending}
              onClick={() => {
                if (reframe.data?.source === 'edited') actions.reset.mutate(undefined);
                else if (saved) setKeyframes(saved);
              }}
            >
              {t('videos.reframe.reset')}
            </Button>
          </Group>
        )}
        <Table verticalSpacing={4} aria-label={t('videos.reframe.keyframes')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('videos.reframe.time')}</Table.Th>
              <Table.Th>{t('videos.reframe.position')}</Table.Th>
              <Table.Th>{t('videos.reframe.cut')}</Table.Th>
              {canWrite && (
                <Table.Th>
                  <VisuallyHidden>{t('videos.formats.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keyframes.map((keyframe, index) => (
              <Table.Tr key={keyframe.time}>
                <Table.Td>{keyframeClock(keyframe.time)}</Table.Td>
                <Table.Td>{Math.round(keyframe.x * 100)} %</Table.Td>
                <Table.Td>{keyframe.cut ? '✓' : ''}</Table.Td>
                {canWrite && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red.8"
                      disabled={keyframes.length <= 1}
                      aria-label={t('videos.reframe.removeKeyframe', { time: keyframeClock(keyframe.time) })}
                      onClick={() => setKeyframes((current) => removeKeyframe(current, index))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {rendition.hlsUrl && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('videos.formats.rendered', { aspect })}
            </Text>
            {(rendition.state === 'queued' || rendition.state === 'rendering') && (
              <Text size="xs" c="dimmed">
                {t('videos.formats.servedMeanwhile')}
              </Text>
            )}
            <Box maw={rendition.width && rendition.height && rendition.width < rendition.height ? 280 : 420}>
              <VideoPlayer
                key={rendition.hlsUrl}
                playback={{
                  hlsUrl: rendition.hlsUrl,
                  posterUrl: rendition.posterUrl,
                  storyboardVttUrl: null,
                  subtitles: [],
                }}
                title={t('videos.formats.rendered', { aspect })}
              />
            </Box>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
