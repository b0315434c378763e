import { Text } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useLiveHls } from './use-live-hls.ts';

/** A camera's live edge, small and muted, while its input is on air; 'No signal' otherwise. */
export function CameraPreview({ url, name, onAir }: { url: string; name: string; onAir: boolean }) {
  const t = useT();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  useLiveHls(video, onAir ? url : null);
  const box = { width: '100%', aspectRatio: '16 / 9', background: 'black', borderRadius: 4 } as const;
  if (!onAir) {
    return (
      <div style={{ ...box, display: 'grid', placeItems: 'center' }}>
        <Text size="sm" c="gray.3">
          {t('live.multicam.offAir')}
        </Text>
      </div>
    );
  }
  return (
    <video
      ref={setVideo}
      aria-label={t('live.multicam.preview', { name })}
      data-testid="camera-preview"
      muted
      autoPlay
      playsInline
      style={box}
    />
  );
}
