import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { canWrite, satisfies } from '@regie/contract/access';
import { CAMERAS_RULE, MULTICAM_RULE, type MulticamStatus } from '@regie/contract/cameras';
import type { LiveHealth } from '@regie/contract/live';
import { useDateFormats } from '../../i18n/use-date-formats.ts';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { useLifecycle } from '../lifecycle/lifecycle-calls.ts';
import { StreamStateBadge } from '../streams/state-badge.tsx';
import { useStreams } from '../streams/streams-calls.ts';
import { CameraPreview } from './CameraPreview.tsx';
import { CAMERA_KEY_COUNT } from './camera-keys.ts';
import { HealthFacts } from './HealthFacts.tsx';
import { type LiveContent, useCameras, useHealths, useProgram, useSwitchCamera } from './live-calls.ts';
import { ProgramPanel } from './ProgramPanel.tsx';

/** The switches, newest first: when, to which camera, by whom. */
function SwitchLog({ program }: { program: MulticamStatus }) {
  const t = useT();
  const time = useDateFormats().timeWithSeconds;
  const label = (cameraId: number | null) =>
    program.cameras.find((camera) => camera.id === cameraId)?.label ?? t('live.multicam.removedCamera');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="multicam-log-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="multicam-log-title">
          {t('live.multicam.logTitle')}
        </Title>
        {program.switches.length === 0 ? (
          <Text c="dimmed">{t('live.multicam.logEmpty')}</Text>
        ) : (
          <Table verticalSpacing={4} data-testid="multicam-log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('live.multicam.column.time')}</Table.Th>
                <Table.Th>{t('live.multicam.column.camera')}</Table.Th>
                <Table.Th>{t('live.multicam.column.who')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {program.switches.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <time dateTime={entry.at}>{time(entry.at)}</time>
                  </Table.Td>
                  <Table.Td>{label(entry.cameraId)}</Table.Td>
                  <Table.Td>{entry.username ?? t('live.multicam.byServer')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/** One camera: its preview and health, marked when on air, with its 'put on air' button. */
function CameraTile({
  camera,
  health,
  liveUrl,
  preview,
  shortcut,
  onAir,
  canSwitch,
  switching,
  onSwitch,
}: {
  camera: MulticamStatus['cameras'][number];
  health: LiveHealth | null;
  liveUrl: string | null;
  preview: boolean;
  /** Its key where the screen switches from the keyboard (Shift + n), null beyond. */
  shortcut: number | null;
  onAir: boolean;
  canSwitch: boolean;
  switching: boolean;
  onSwitch: () => void;
}) {
  const t = useT();
  const state = health?.state ?? camera.inputState;
  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-label={camera.label}
      data-testid="multicam-tile"
      data-on-air={onAir}
      style={onAir ? { borderColor: 'var(--mantine-color-red-8)', borderWidth: 3 } : undefined}
    >
      <Stack gap="xs">
        {/* On a narrow tile (a laptop's control room) the badges go under the name, whole. */}
        <Group justify="space-between" wrap="wrap" gap={6}>
          <Text fw={700} style={{ flex: '1 1 6rem', minWidth: 0, overflowWrap: 'anywhere' }}>
            {camera.label}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {onAir && (
              <Badge color="red.8" variant="filled" data-testid="multicam-on-air">
                {t('live.multicam.onAir')}
              </Badge>
            )}
            <StreamStateBadge state={state} />
          </Group>
        </Group>
        {preview && (
          <CameraPreview url={liveUrl ?? ''} name={camera.label} onAir={liveUrl !== null && state === 'live'} />
        )}
        <HealthFacts health={health} />
        {canSwitch && (
          <Button
            size="xs"
            color="red.8"
            variant={onAir ? 'light' : 'filled'}
            disabled={onAir}
            loading={switching}
            aria-label={t('live.multicam.putOnAir', { name: camera.label })}
            aria-keyshortcuts={shortcut === null ? undefined : `Shift+${shortcut}`}
            onClick={onSwitch}
          >
            {t('live.multicam.putOnAirShort')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The content's cameras as tiles with their health (and preview), the one on air marked, and
 * 'put on air' for those who may switch (MULTICAM_RULE); the switch happens at the camera's
 * next segment. `camera.n` puts the n-th on air from the keyboard where the screen offers it.
 */
export function CameraTiles({
  content,
  status,
  healths,
  canSwitch,
  preview = true,
  titleId,
  title,
}: {
  content: LiveContent;
  status: MulticamStatus | null;
  healths: ReadonlyMap<number, LiveHealth>;
  canSwitch: boolean;
  preview?: boolean;
  titleId: string;
  title: string;
}) {
  const inputs = useStreams();
  const switchCamera = useSwitchCamera(content);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {title}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {(status?.cameras ?? []).map((camera, index) => (
            <CameraTile
              key={camera.id}
              camera={camera}
              health={healths.get(camera.inputId) ?? null}
              liveUrl={
                preview
                  ? (inputs.data?.data.find((input) => input.id === camera.inputId)?.playback.liveUrl ?? null)
                  : null
              }
              preview={preview}
              shortcut={index < CAMERA_KEY_COUNT ? index + 1 : null}
              onAir={status?.programCameraId === camera.id}
              canSwitch={canSwitch}
              switching={switchCamera.isPending && switchCamera.variables === camera.id}
              onSwitch={() => switchCamera.mutate(camera.id)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function MulticamBody({ content, canSwitch }: { content: LiveContent; canSwitch: boolean }) {
  const t = useT();
  const cameras = useCameras(content);
  const list = cameras.data?.data ?? [];
  const program = useProgram(content, list[0]?.id ?? null);
  const healths = useHealths(list.map((camera) => camera.inputId));
  const lifecycle = useLifecycle(content.kind, content.id);
  const status = program.data ?? null;
  if (cameras.isSuccess && list.length === 0) return <Text c="dimmed">{t('live.multicam.noCamera')}</Text>;
  return (
    <Stack gap="lg" maw={1100}>
      <CameraTiles
        content={content}
        status={status}
        healths={healths}
        canSwitch={canSwitch}
        titleId="multicam-cameras-title"
        title={t('live.multicam.camerasTitle')}
      />
      <Card withBorder padding="md" component="section" aria-labelledby="multicam-program-title">
        <Stack gap="sm">
          <Title order={3} size="h4" id="multicam-program-title">
            {t('live.program.title')}
          </Title>
          <ProgramPanel live={lifecycle.data?.state === 'live'} program={status} hasCameras={list.length > 0} />
        </Stack>
      </Card>
      {status && <SwitchLog program={status} />}
    </Stack>
  );
}

/**
 * The multicam tab of a sport event (needs the MULTICAM module): the cameras as tiles with their
 * preview and health, the one on air marked, 'put on air' (the switch happens at the camera's
 * next segment), the program and the switch log, which another operator's switches join live.
 */
export function MulticamTab({ eventId }: { eventId: number }) {
  const t = useT();
  const subject = useAccessSubject();
  if (!satisfies(subject, CAMERAS_RULE)) {
    return (
      <Alert color="gray" title={t('live.stream.noAccessTitle')} maw={720}>
        {t('live.stream.noAccess')}
      </Alert>
    );
  }
  return <MulticamBody content={{ kind: 'events', id: eventId }} canSwitch={canWrite(subject, MULTICAM_RULE)} />;
}
