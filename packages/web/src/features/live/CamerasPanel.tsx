import { ActionIcon, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type Camera, MAX_CAMERAS_PER_CONTENT } from '@regie/contract/cameras';
import type { LiveHealth } from '@regie/contract/live';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { ConfirmDialog } from '../../widgets/ConfirmDialog.tsx';
import { StreamStateBadge } from '../streams/state-badge.tsx';
import { useStreams } from '../streams/streams-calls.ts';
import { HealthFacts } from './HealthFacts.tsx';
import { type LiveContent, useAddCamera, useRemoveCamera, useReorderCameras, useUpdateCamera } from './live-calls.ts';
import { reordered } from './program-state.ts';

/** The camera's name, saved with Enter or its button when changed. */
function CameraLabel({
  camera,
  canWrite,
  onSave,
}: {
  camera: Camera;
  canWrite: boolean;
  onSave: (label: string) => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState(camera.label);
  const changed = draft.trim() !== '' && draft.trim() !== camera.label;
  if (!canWrite) return <Text fw={600}>{camera.label}</Text>;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) onSave(draft.trim());
      }}
    >
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          aria-label={t('live.cameras.labelOf', { name: camera.label })}
          value={draft}
          maxLength={60}
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
        {changed && (
          <Button size="xs" type="submit" variant="light">
            {t('live.cameras.rename')}
          </Button>
        )}
      </Group>
    </form>
  );
}

/**
 * The content's cameras (each one of the account's live inputs): their health as the socket
 * pushes it, renamed, reordered, removed; a new one picked among the inputs not used yet.
 */
export function CamerasPanel({
  content,
  cameras,
  healths,
  canWrite,
}: {
  content: LiveContent;
  cameras: readonly Camera[];
  healths: ReadonlyMap<number, LiveHealth>;
  canWrite: boolean;
}) {
  const t = useT();
  const inputs = useStreams();
  const add = useAddCamera(content);
  const update = useUpdateCamera(content);
  const remove = useRemoveCamera(content);
  const reorderCameras = useReorderCameras(content);
  const [picked, setPicked] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Camera | null>(null);
  const inputName = (inputId: number) => inputs.data?.data.find((input) => input.id === inputId)?.name ?? `#${inputId}`;
  const free = (inputs.data?.data ?? []).filter((input) => !cameras.some((camera) => camera.inputId === input.id));
  const full = cameras.length >= MAX_CAMERAS_PER_CONTENT;
  const reorder = (index: number, delta: -1 | 1) => reorderCameras.mutate(reordered(cameras, index, delta));

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="live-cameras-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="live-cameras-title">
          {t('live.cameras.title')}
        </Title>
        {cameras.length === 0 ? (
          <Text c="dimmed">{t('live.cameras.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" data-testid="live-cameras">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('live.cameras.column.camera')}</Table.Th>
                  <Table.Th>{t('live.cameras.column.input')}</Table.Th>
                  <Table.Th>{t('live.cameras.column.health')}</Table.Th>
                  {canWrite && <Table.Th>{t('live.cameras.column.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cameras.map((camera, index) => {
                  const health = healths.get(camera.inputId) ?? null;
                  return (
                    <Table.Tr key={camera.id} data-testid="live-camera" aria-label={camera.label}>
                      <Table.Td>
                        <CameraLabel
                          key={camera.label}
                          camera={camera}
                          canWrite={canWrite}
                          onSave={(label) => update.mutate({ id: camera.id, label })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm">{inputName(camera.inputId)}</Text>
                          {health && <StreamStateBadge state={health.state} />}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <HealthFacts health={health} />
                      </Table.Td>
                      {canWrite && (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={t('live.cameras.moveUp', { name: camera.label })}
                              disabled={index === 0 || reorderCameras.isPending}
                              onClick={() => reorder(index, -1)}
                            >
                              <IconArrowUp size={18} aria-hidden />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={t('live.cameras.moveDown', { name: camera.label })}
                              disabled={index === cameras.length - 1 || reorderCameras.isPending}
                              onClick={() => reorder(index, 1)}
                            >
                              <IconArrowDown size={18} aria-hidden />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('live.cameras.remove', { name: camera.label })}
                              onClick={() => setRemoving(camera)}
                            >
                              <IconTrash size={18} aria-hidden />
                            </ActionIcon>
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {canWrite && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (picked) add.mutate({ inputId: Number(picked) }, { onSuccess: () => setPicked(null) });
            }}
          >
            <Group align="flex-end" gap="sm">
              <Select
                label={t('live.cameras.addInput')}
                placeholder={free.length === 0 ? t('live.cameras.noFreeInput') : t('live.cameras.pickInput')}
                data={free.map((input) => ({ value: String(input.id), label: input.name }))}
                value={picked}
                onChange={setPicked}
                disabled={full || free.length === 0}
                w={320}
              />
              <Button type="submit" disabled={!picked || full} loading={add.isPending}>
                {t('live.cameras.add')}
              </Button>
            </Group>
            {full && (
              <Text size="sm" c="dimmed" mt={4}>
                {t('live.cameras.full', { max: MAX_CAMERAS_PER_CONTENT })}
              </Text>
            )}
          </form>
        )}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={t('live.cameras.removeTitle')}
        confirmLabel={t('live.cameras.removeConfirm')}
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">{t('live.cameras.removeBody', { name: removing?.label ?? '' })}</Text>
      </ConfirmDialog>
    </Card>
  );
}
