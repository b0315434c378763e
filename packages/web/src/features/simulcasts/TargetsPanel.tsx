import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import type { Simulcast, SimulcastTarget } from '@regie/contract/simulcast';
import { IconPencil, IconPlayerPlay, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { ServerReason } from '../../i18n/server-message.tsx';
import { useT } from '../../i18n/use-t.ts';
import type { SimulcastActions } from './simulcast-calls.ts';
import { STATUS_COLOURS, STATUS_KEYS, uptimeText } from './simulcast-routes.ts';
import { TargetForm } from './TargetForm.tsx';

/** The current time, every second (the uptime column). */
function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function TargetRow({
  target,
  actions,
  now,
  onEdit,
}: {
  target: SimulcastTarget;
  actions: SimulcastActions;
  now: number;
  /** Null: the row only starts and stops its target. */
  onEdit: (() => void) | null;
}) {
  const t = useT();
  const none = t('simulcast.none');
  const name = target.name;
  return (
    <Table.Tr data-testid={`target-${target.id}`}>
      <Table.Td>
        <Text fw={500}>{name}</Text>
        <Text size="xs" c="dimmed">
          {target.url} · {t('simulcast.targets.keyHint', { hint: target.streamKeyHint })}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOURS[target.status]} aria-live="polite">
          {t(STATUS_KEYS[target.status])}
        </Badge>
      </Table.Td>
      <Table.Td>
        {target.bitrateKbps === null ? none : t('simulcast.kbps', { value: Math.round(target.bitrateKbps) })}
      </Table.Td>
      <Table.Td>{uptimeText(target.liveSince, now) ?? none}</Table.Td>
      <Table.Td>{target.restarts}</Table.Td>
      <Table.Td>
        <Text size="sm" c={target.lastErrorMessage ? 'red' : 'dimmed'}>
          <ServerReason message={target.lastErrorMessage} text={target.lastError} fallback={none} />
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {target.running ? (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconPlayerStop size={14} aria-hidden />}
              aria-label={t('simulcast.targets.stop', { name })}
              loading={actions.stop.isPending && actions.stop.variables === target.id}
              onClick={() => actions.stop.mutate(target.id)}
            >
              {t('simulcast.targets.stopShort')}
            </Button>
          ) : (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              aria-label={t('simulcast.targets.start', { name })}
              loading={actions.start.isPending && actions.start.variables === target.id}
              onClick={() => actions.start.mutate(target.id)}
            >
              {t('simulcast.targets.startShort')}
            </Button>
          )}
          {onEdit && (
            <>
              <Tooltip
                label={target.running ? t('simulcast.targets.runningLocked') : t('simulcast.targets.edit', { name })}
              >
                <ActionIcon
                  variant="subtle"
                  aria-label={t('simulcast.targets.edit', { name })}
                  disabled={target.running}
                  onClick={onEdit}
                >
                  <IconPencil size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('simulcast.targets.delete', { name })}
                disabled={target.running}
                onClick={() => actions.removeTarget.mutate(target.id)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The targets editor: live status and stats of each, start / stop, add, change, delete. */
export function TargetsPanel({
  simulcast,
  actions,
  title,
  editable = true,
}: {
  simulcast: Simulcast;
  actions: SimulcastActions;
  /** The heading (default: 'Targets'). */
  title?: string;
  /** Offers adding and changing targets (the control room only starts and stops them). */
  editable?: boolean;
}) {
  const t = useT();
  const titleId = useId();
  const now = useNow();
  const [editing, setEditing] = useState<number | null>(null);
  const edited = simulcast.targets.find((target) => target.id === editing);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          {title ?? t('simulcast.targets.title')}
        </Title>
        {editable && (
          <Text size="sm" c="dimmed">
            {t('simulcast.targets.hint')}
          </Text>
        )}
        {simulcast.targets.length === 0 ? (
          <Text c="dimmed">{t('simulcast.targets.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={editable ? 900 : 560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('simulcast.targets.name')}</Table.Th>
                  <Table.Th>{t('simulcast.targets.status')}</Table.Th>
                  <Table.Th>{t('simulcast.targets.bitrate')}</Table.Th>
                  <Table.Th>{t('simulcast.targets.uptime')}</Table.Th>
                  <Table.Th>{t('simulcast.targets.restarts')}</Table.Th>
                  <Table.Th>{t('simulcast.targets.lastError')}</Table.Th>
                  <Table.Th>{t('simulcast.targets.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {simulcast.targets.map((target) => (
                  <TargetRow
                    key={target.id}
                    target={target}
                    actions={actions}
                    now={now}
                    onEdit={editable ? () => setEditing(target.id) : null}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!editable ? null : edited ? (
          <TargetForm
            key={edited.id}
            target={edited}
            busy={actions.updateTarget.isPending}
            onSubmit={(body) =>
              actions.updateTarget.mutateAsync({ targetId: edited.id, body }).then(() => setEditing(null))
            }
            onCancel={() => setEditing(null)}
          />
        ) : (
          <TargetForm
            busy={actions.addTarget.isPending}
            onSubmit={(body) =>
              actions.addTarget.mutateAsync({
                name: body.name ?? '',
                url: body.url ?? '',
                streamKey: body.streamKey ?? '',
              })
            }
          />
        )}
      </Stack>
    </Paper>
  );
}
