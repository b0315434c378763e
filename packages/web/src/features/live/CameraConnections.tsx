import { Stack, Text } from '@mantine/core';
import type { Camera } from '@regie/contract/cameras';
import { useT } from '../../i18n/use-t.ts';
import { StreamConnection } from '../streams/StreamConnection.tsx';
import { useStreams } from '../streams/streams-calls.ts';

/**
 * Where each camera's encoder publishes, on the content's Stream tab (issue 46.7): the server URL,
 * the key revealed on demand (read from the server only by live operators, contract
 * LIVE_INPUTS_RULE) and the full URL, each copyable, without a trip to Media › Cameras.
 */
export function CameraConnections({ cameras }: { cameras: readonly Camera[] }) {
  const t = useT();
  const inputs = useStreams();
  if (cameras.length === 0) return null;
  if (inputs.isError) return <Text c="red">{t('live.cameras.loadFailed')}</Text>;
  const byId = new Map((inputs.data?.data ?? []).map((input) => [input.id, input]));
  return (
    <Stack gap="md">
      {cameras.map((camera) => {
        const input = byId.get(camera.inputId);
        return input ? (
          <StreamConnection key={camera.id} input={input} title={t('live.cameras.encoderOf', { name: camera.label })} />
        ) : null;
      })}
    </Stack>
  );
}
