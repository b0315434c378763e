import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useHls } from '../../widgets/player/use-hls.ts';

function LivePlayer({ url, name }: { url: string; name: string }) {
  const t = useT();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const hls = useHls(video, url);
  return (
    <>
      <video
        ref={setVideo}
        aria-label={t('streams.preview.label', { name })}
        data-testid="stream-preview"
        controls
        muted
        autoPlay
        playsInline
        style={{ width: '100%', aspectRatio: '16 / 9', background: 'black', borderRadius: 4 }}
      />
      {hls.failed && <Alert color="orange">{t('streams.preview.failed')}</Alert>}
    </>
  );
}

/** The live edge of the input (hls.js, as the video player), while it is on air. */
export function StreamPreview({ url, name, onAir }: { url: string; name: string; onAir: boolean }) {
  const t = useT();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="stream-preview-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="stream-preview-title">
          {t('streams.preview.title')}
        </Title>
        {onAir ? <LivePlayer url={url} name={name} /> : <Text c="dimmed">{t('streams.preview.offAir')}</Text>}
      </Stack>
    </Card>
  );
}
