import { Alert, Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { satisfies } from '@regie/contract/access';
import { CAMERAS_RULE } from '@regie/contract/cameras';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { useStreams } from '../streams/streams-calls.ts';
import { EquirectViewer } from './EquirectViewer.tsx';
import { useCameras, useHealths } from './live-calls.ts';

function ImmersiveBody({ eventId }: { eventId: number }) {
  const t = useT();
  const cameras = useCameras({ kind: 'events', id: eventId });
  const inputs = useStreams();
  const immersive = (cameras.data?.data ?? []).flatMap((camera) => {
    const input = inputs.data?.data.find((item) => item.id === camera.inputId);
    return input?.equirectangular ? [{ camera, input }] : [];
  });
  const healths = useHealths(immersive.map(({ input }) => input.id));
  const [picked, setPicked] = useState<string | null>(null);
  if (!cameras.data || !inputs.data) return null;
  if (immersive.length === 0) {
    return (
      <Text c="dimmed" data-testid="immersive-none" maw={720}>
        {t('live.immersive.none')}
      </Text>
    );
  }
  const chosen = immersive.find(({ camera }) => String(camera.id) === picked) ?? immersive[0];
  if (!chosen) return null;
  const onAir = (healths.get(chosen.input.id)?.state ?? chosen.input.state) === 'live';
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="immersive-title" maw={1100}>
      <Stack gap="sm">
        <Title order={3} size="h4" id="immersive-title">
          {t('live.immersive.title')}
        </Title>
        {immersive.length > 1 && (
          <SegmentedControl
            aria-label={t('live.immersive.camera')}
            value={String(chosen.camera.id)}
            onChange={setPicked}
            data={immersive.map(({ camera }) => ({ value: String(camera.id), label: camera.label }))}
          />
        )}
        {!onAir && <Text c="dimmed">{t('live.immersive.offAir')}</Text>}
        <EquirectViewer
          key={chosen.camera.id}
          url={onAir ? chosen.input.playback.liveUrl : null}
          name={chosen.camera.label}
        />
      </Stack>
    </Card>
  );
}

/**
 * The 360 tab of a sport event (IMMERSIVE and AWS_STREAM): the cameras whose input films in
 * equirectangular 360°, looked around in a WebGL viewer; a sentence when none does.
 */
export function ImmersiveTab({ eventId }: { eventId: number }) {
  const t = useT();
  const subject = useAccessSubject();
  if (!satisfies(subject, CAMERAS_RULE)) {
    return (
      <Alert color="gray" title={t('live.stream.noAccessTitle')} maw={720}>
        {t('live.stream.noAccess')}
      </Alert>
    );
  }
  return <ImmersiveBody eventId={eventId} />;
}
