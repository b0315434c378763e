import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconFocusCentered } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { createEquirectRenderer } from './equirect-gl.ts';
import { arrowed, dragged, FIELD_OF_VIEW_DEGREES, INITIAL_VIEW, type View } from './immersive-math.ts';
import { useLiveHls } from './use-live-hls.ts';

/**
 * A 360° camera seen from inside: its live HLS in a hidden <video>, drawn each frame on a WebGL
 * canvas (equirect-gl.ts). Drag to look around, or focus the canvas and use the arrow keys;
 * 'Reset the view' looks ahead again.
 */
export function EquirectViewer({ url, name }: { url: string | null; name: string }) {
  const t = useT();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const { failed } = useLiveHls(video, url);
  const [view, setView] = useState<View>(INITIAL_VIEW);
  const [noWebgl, setNoWebgl] = useState(false);
  const viewRef = useRef(view);
  viewRef.current = view;
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (!canvas || !video) return;
    const renderer = createEquirectRenderer(canvas, video);
    if (!renderer) {
      setNoWebgl(true);
      return;
    }
    let frame = requestAnimationFrame(function draw() {
      renderer.draw(viewRef.current, FIELD_OF_VIEW_DEGREES);
      frame = requestAnimationFrame(draw);
    });
    return () => {
      cancelAnimationFrame(frame);
      renderer.dispose();
    };
  }, [canvas, video]);

  return (
    <Stack gap="xs">
      <video
        ref={setVideo}
        muted
        autoPlay
        playsInline
        aria-hidden
        tabIndex={-1}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
      />
      {noWebgl ? (
        <Alert color="orange">{t('live.immersive.noWebgl')}</Alert>
      ) : (
        <div
          role="application"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the viewer itself is focusable, the arrow keys look around
          tabIndex={0}
          aria-label={t('live.immersive.viewer', { name })}
          aria-describedby="immersive-direction"
          data-testid="immersive-viewer"
          style={{ cursor: 'grab', touchAction: 'none', borderRadius: 4, overflow: 'hidden' }}
          onPointerDown={(event) => {
            drag.current = { x: event.clientX, y: event.clientY };
            event.currentTarget.setPointerCapture(event.pointerId);
          }}
          onPointerMove={(event) => {
            const from = drag.current;
            if (!from) return;
            drag.current = { x: event.clientX, y: event.clientY };
            const height = event.currentTarget.clientHeight;
            setView((current) => dragged(current, event.clientX - from.x, event.clientY - from.y, height));
          }}
          onPointerUp={() => {
            drag.current = null;
          }}
          onPointerCancel={() => {
            drag.current = null;
          }}
          onKeyDown={(event) => {
            const next = arrowed(view, event.key);
            if (!next) return;
            event.preventDefault();
            setView(next);
          }}
        >
          <canvas
            ref={setCanvas}
            data-testid="immersive-canvas"
            style={{ display: 'block', width: '100%', aspectRatio: '16 / 9', background: 'black' }}
          />
        </div>
      )}
      {failed && <Alert color="orange">{t('live.player.failed')}</Alert>}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" id="immersive-direction" data-testid="immersive-direction">
          {t('live.immersive.direction', { yaw: Math.round(view.yaw), pitch: Math.round(view.pitch) })}
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFocusCentered size={16} aria-hidden />}
          onClick={() => setView(INITIAL_VIEW)}
        >
          {t('live.immersive.reset')}
        </Button>
      </Group>
    </Stack>
  );
}
