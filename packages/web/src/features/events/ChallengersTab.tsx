import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Popover,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { eventsResource } from '@regie/contract/resources/events';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '@regie/contract/ui';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordLabel } from '../../api/resource-queries.ts';
import { dateTimeFormat } from '../../i18n/dates.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import { useResourceAccess } from '../../resources/use-resource-access.ts';
import { useImageUrl } from '../../widgets/image-url.ts';
import { useAppearances, useChallengerSearch, useEventChallengers } from './event-challengers.ts';

/** Moves the item at `index` by `step` (−1 up, +1 down); the list as it was when out of bounds. */
export function moved<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || target < 0 || index >= list.length || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/**
 * The challengers tab: the event's challengers in order (fans see them so), found by name with
 * GET challengers/search, moved with buttons (keyboard first), each with its appearances. Every
 * change saves the whole list (PATCH events/{id}/relationships/challengers).
 */
export function ChallengersTab({ eventId }: { eventId: number }) {
  const t = useT();
  const { canWrite } = useResourceAccess(eventsResource);
  const { challengers, event, save } = useEventChallengers(eventId);
  const ids = (challengers ?? []).map((challenger) => challenger.id);
  const change = (next: readonly number[]) => save.mutate(next, { onError: () => undefined });
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="event-challengers-title" maw={980}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="event-challengers-title">
            {t('events.challengers.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('events.challengers.intro')}
          </Text>
        </div>
        {canWrite && <ChallengerPicker present={ids} busy={save.isPending} onAdd={(id) => change([...ids, id])} />}
        {event.isError ? (
          <Text c="red.8" size="sm" role="alert">
            {t('resource.common.loadFailed')}
          </Text>
        ) : challengers === null ? (
          <Skeleton h={80} radius="md" />
        ) : challengers.length === 0 ? (
          <Text c="dimmed">{t('events.challengers.empty')}</Text>
        ) : (
          <ol aria-label={t('events.challengers.listLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {challengers.map((challenger, index) => (
              <ChallengerRow
                key={challenger.id}
                challenger={challenger}
                index={index}
                count={challengers.length}
                canWrite={canWrite}
                busy={save.isPending}
                onMove={(step) => change(moved(ids, index, step))}
                onRemove={() => change(ids.filter((id) => id !== challenger.id))}
              />
            ))}
          </ol>
        )}
      </Stack>
    </Paper>
  );
}

function ChallengerPicker({
  present,
  busy,
  onAdd,
}: {
  present: readonly number[];
  busy: boolean;
  onAdd: (id: number) => void;
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const found = useChallengerSearch(debounced);
  const options = (found.data ?? [])
    .filter((record) => !present.includes(record.id))
    .map((record) => ({ value: String(record.id), label: recordLabel(record) }));
  return (
    <Select
      label={t('events.challengers.search')}
      placeholder={t('events.challengers.searchPlaceholder')}
      data={options}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text (name or short name); do not filter again.
      filter={({ options: all }) => all}
      nothingFoundMessage={debounced && found.isSuccess ? t('widgets.autocomplete.noResult') : undefined}
      onChange={(value) => {
        if (!value) return;
        onAdd(Number(value));
        setSearch('');
      }}
      disabled={busy}
      maw={420}
    />
  );
}

function ChallengerRow({
  challenger,
  index,
  count,
  canWrite,
  busy,
  onMove,
  onRemove,
}: {
  challenger: ResourceRecord;
  index: number;
  count: number;
  canWrite: boolean;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const imageUrl = useImageUrl();
  const name = recordLabel(challenger);
  const picture = typeof challenger.picture === 'string' ? imageUrl(challenger.picture) : null;
  return (
    <li data-testid="event-challenger" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" py="xs" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Badge variant="light" radius="sm" aria-label={t('events.challengers.position', { position: index + 1 })}>
            {index + 1}
          </Badge>
          <Avatar src={picture} alt="" radius="xl" size="sm">
            {name.slice(0, 2)}
          </Avatar>
          <Text fw={600}>{name}</Text>
          {typeof challenger.type === 'string' && (
            <Text size="sm" c="dimmed">
              {t(challenger.type === 'team' ? 'resource.challengers.type.team' : 'resource.challengers.type.player')}
            </Text>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          <Appearances challengerId={challenger.id} name={name} />
          {canWrite && (
            <>
              <ActionIcon
                variant="subtle"
                aria-label={t('events.challengers.moveUp', { name })}
                disabled={busy || index === 0}
                onClick={() => onMove(-1)}
              >
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t('events.challengers.moveDown', { name })}
                disabled={busy || index === count - 1}
                onClick={() => onMove(1)}
              >
                <IconArrowDown size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('events.challengers.remove', { name })}
                disabled={busy}
                onClick={onRemove}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </>
          )}
        </Group>
      </Group>
    </li>
  );
}

/** How many events the challenger took part in; opens their names and dates, in the user's locale. */
function Appearances({ challengerId, name }: { challengerId: number; name: string }) {
  const t = useT();
  const { i18n } = useTranslation();
  const appearances = useAppearances(challengerId);
  const list = appearances.data ?? [];
  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Popover position="bottom-end" shadow="md" width={300}>
      <Popover.Target>
        <Button variant="subtle" size="compact-sm" aria-label={t('events.challengers.appearancesOf', { name })}>
          {appearances.isSuccess
            ? t('events.challengers.appearancesCount', { count: list.length })
            : t('events.challengers.loading')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm" mb={4}>
          {t('events.challengers.appearancesOf', { name })}
        </Text>
        <List size="sm" spacing={2}>
          {list.map((appearance) => (
            <List.Item key={appearance.eventId}>
              {appearance.name} · {date.format(new Date(appearance.startsAt))}
            </List.Item>
          ))}
        </List>
      </Popover.Dropdown>
    </Popover>
  );
}
