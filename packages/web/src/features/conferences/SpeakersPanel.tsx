import { ActionIcon, Button, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CONFERENCE_SPEAKERS_MAX } from '@regie/contract/conferences';
import { speakersResource } from '@regie/contract/resources/speakers';
import { IconArrowDown, IconArrowUp, IconDeviceFloppy, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import type { TabPanelProps } from '../../resources/customization.ts';
import { useLocalListController } from '../../resources/use-list-controller.ts';
import { useConferenceSpeakers, useSetSpeakers } from './conference-calls.ts';
import { moveItem } from './speaker-order.ts';

/** One page holds an account's speakers. */
const SPEAKERS_STATE = { pageSize: 100, sort: { field: 'name', direction: 'asc' } } as const;

/**
 * Under the info form: the conference's speakers in the order the player shows them (PATCH
 * …/relationships/speakers). Add from the account's speakers, move up or down, remove, save.
 */
export function SpeakersPanel({ record, canWrite, tab }: TabPanelProps & { tab: string | null }) {
  const t = useT();
  const conferenceId = Number(record.id);
  const stored = useConferenceSpeakers(conferenceId);
  const save = useSetSpeakers(conferenceId);
  const all = useLocalListController(speakersResource, { initial: SPEAKERS_STATE });
  const [order, setOrder] = useState<number[] | null>(null);
  const storedIds = stored.data?.data.map((member) => member.id) ?? null;
  const storedKey = storedIds?.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored list, by its ids, resets the order
  useEffect(() => setOrder(storedIds), [storedKey]);
  if (tab !== 'info') return null;

  const names = new Map((all.rows ?? []).map((speaker) => [Number(speaker.id), String(speaker.name)]));
  const nameOf = (id: number) => names.get(id) ?? `#${id}`;
  const choices = (all.rows ?? [])
    .filter((speaker) => !order?.includes(Number(speaker.id)))
    .map((speaker) => ({ value: String(speaker.id), label: String(speaker.name) }));
  const changed = order !== null && order.join(',') !== storedKey;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="conference-speakers-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="conference-speakers-title">
          {t('conferences.speakers.heading')}
        </Title>
        {order === null ? (
          <Skeleton h={40} />
        ) : order.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('conferences.speakers.empty')}
          </Text>
        ) : (
          <Stack
            gap={6}
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('conferences.speakers.list')}
          >
            {order.map((id, index) => (
              <SpeakerRow
                key={id}
                name={nameOf(id)}
                number={index + 1}
                canWrite={canWrite}
                first={index === 0}
                last={index === order.length - 1}
                onMove={(step) => setOrder(moveItem(order, index, step))}
                onRemove={() => setOrder(order.filter((other) => other !== id))}
              />
            ))}
          </Stack>
        )}
        {canWrite && order !== null && (
          <SpeakersFooter
            choices={choices}
            full={order.length >= CONFERENCE_SPEAKERS_MAX}
            onAdd={(id) => setOrder([...order, id])}
            changed={changed}
            saving={save.isPending}
            onSave={() => save.mutate(order, { onError: () => undefined })}
          />
        )}
      </Stack>
    </Paper>
  );
}

interface RowProps {
  name: string;
  number: number;
  canWrite: boolean;
  first: boolean;
  last: boolean;
  onMove: (step: number) => void;
  onRemove: () => void;
}

/** One speaker of the list: its place and name, moved up or down, removed. */
function SpeakerRow({ name, number, canWrite, first, last, onMove, onRemove }: RowProps) {
  const t = useT();
  return (
    <Group component="li" gap="xs" justify="space-between" data-testid="conference-speaker">
      <Text size="sm">
        {number}. {name}
      </Text>
      {canWrite && (
        <Group gap={4}>
          <ActionIcon
            variant="default"
            disabled={first}
            onClick={() => onMove(-1)}
            aria-label={t('conferences.speakers.up', { name })}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            disabled={last}
            onClick={() => onMove(1)}
            aria-label={t('conferences.speakers.down', { name })}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            color="red"
            onClick={onRemove}
            aria-label={t('conferences.speakers.remove', { name })}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
}

interface FooterProps {
  choices: { value: string; label: string }[];
  /** The conference holds as many speakers as it may. */
  full: boolean;
  onAdd: (id: number) => void;
  changed: boolean;
  saving: boolean;
  onSave: () => void;
}

/** A writer's controls below the list: add one of the account's speakers, save the order. */
function SpeakersFooter({ choices, full, onAdd, changed, saving, onSave }: FooterProps) {
  const t = useT();
  return (
    <Group align="flex-end" justify="space-between">
      <Select
        label={t('conferences.speakers.add')}
        placeholder={t('conferences.speakers.addPlaceholder')}
        data={choices}
        value={null}
        searchable
        disabled={full}
        nothingFoundMessage={t('conferences.speakers.noMatch')}
        onChange={(value) => {
          if (value) onAdd(Number(value));
        }}
        w={320}
      />
      <Button
        leftSection={<IconDeviceFloppy size={16} aria-hidden />}
        disabled={!changed}
        loading={saving}
        onClick={onSave}
      >
        {t('conferences.speakers.save')}
      </Button>
    </Group>
  );
}
