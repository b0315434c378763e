import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { FanDetail } from '@regie/contract/fans.schemas';
import { useState } from 'react';
import { useDateFormats } from '../../i18n/use-date-formats.ts';
import { useLabel, useT } from '../../i18n/use-t.ts';
import { fanTagLabel } from './fan-tag-label.ts';
import {
  type useFanActions,
  useFanActivities,
  useFanEvents,
  useFanOptions,
  useFanProducts,
  useFanSessions,
  useFanTags,
} from './fans-calls.ts';

type Actions = ReturnType<typeof useFanActions>;

/** A moment of the fan's history, in the interface's language and clock; empty when none. */
function useWhen() {
  const dates = useDateFormats();
  return (iso: string | null) => (iso ? dates.dateTime(iso) : '');
}

/** A chooser and an Add button, for a tag or a profile. */
function AddOne({
  label,
  choices,
  onAdd,
}: {
  label: string;
  choices: { value: string; label: string }[];
  onAdd: (id: number) => void;
}) {
  const t = useT();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Group align="flex-end" gap="sm">
      <Select label={label} data={choices} value={chosen} onChange={setChosen} searchable clearable w={260} />
      <Button variant="light" disabled={chosen === null} onClick={() => chosen && onAdd(Number(chosen))}>
        {t('fans.add')}
      </Button>
    </Group>
  );
}

export function TagsTab({ fan, actions }: { fan: FanDetail; actions: Actions }) {
  const t = useT();
  const label = useLabel();
  const tags = useFanTags(fan.id);
  const options = useFanOptions();
  const held = new Set((tags.data?.data ?? []).map((tag) => tag.id));
  const choices = (options.data?.tags ?? [])
    .filter((tag) => !held.has(tag.id))
    .map((tag) => ({ value: String(tag.id), label: fanTagLabel(tag, label) }));
  return (
    <Stack gap="md">
      {tags.data?.data.length === 0 && <Text c="dimmed">{t('fans.tags.none')}</Text>}
      <Group gap="xs">
        {(tags.data?.data ?? []).map((tag) => (
          <Badge
            key={tag.id}
            variant="light"
            size="lg"
            rightSection={
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label={t('fans.tags.remove', { name: tag.name })}
                onClick={() => actions.removeTag.mutate(tag.id)}
              >
                ×
              </Button>
            }
          >
            {tag.name}
          </Badge>
        ))}
      </Group>
      <AddOne label={t('fans.tags.add')} choices={choices} onAdd={(id) => actions.addTag.mutate(id)} />
    </Stack>
  );
}

export function ProfilesPanel({ fan, actions }: { fan: FanDetail; actions: Actions }) {
  const t = useT();
  const options = useFanOptions();
  const held = new Set((fan.profiles ?? []).map((profile) => profile.id));
  const choices = (options.data?.profiles ?? [])
    .filter((profile) => !held.has(profile.id))
    .map((profile) => ({ value: String(profile.id), label: profile.name }));
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('fans.profiles.of')}</Text>
      {(fan.profiles ?? []).length === 0 && <Text c="dimmed">{t('fans.profiles.none')}</Text>}
      <Group gap="xs">
        {(fan.profiles ?? []).map((profile) => (
          <Group key={profile.id} gap={4}>
            <Badge variant="outline">{profile.name}</Badge>
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={t('fans.profiles.remove', { name: profile.name })}
              onClick={() => actions.removeProfile.mutate(profile.id)}
            >
              ×
            </Button>
          </Group>
        ))}
      </Group>
      <AddOne label={t('fans.profiles.add')} choices={choices} onAdd={(id) => actions.addProfile.mutate(id)} />
    </Stack>
  );
}

/** Next and previous pages of a keyset list (the cursors seen are kept). */
function usePages() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors.at(-1) ?? null;
  return {
    after,
    next: (cursor: string) => setCursors([...cursors, cursor]),
    back: cursors.length > 1 ? () => setCursors(cursors.slice(0, -1)) : null,
  };
}

function Pager({ pages, nextCursor }: { pages: ReturnType<typeof usePages>; nextCursor: string | null | undefined }) {
  const t = useT();
  return (
    <Group>
      <Button variant="default" disabled={!pages.back} onClick={() => pages.back?.()}>
        {t('fans.list.previous')}
      </Button>
      <Button variant="default" disabled={!nextCursor} onClick={() => nextCursor && pages.next(nextCursor)}>
        {t('fans.list.next')}
      </Button>
    </Group>
  );
}

export function SessionsTab({ fan }: { fan: FanDetail }) {
  const t = useT();
  const when = useWhen();
  const pages = usePages();
  const sessions = useFanSessions(fan.id, pages.after);
  const rows = sessions.data?.data ?? [];
  return (
    <Stack gap="md">
      <Text>{t('fans.sessions.total', { count: sessions.data?.total ?? 0 })}</Text>
      <Table striped aria-label={t('tab.session')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fans.sessions.start')}</Table.Th>
            <Table.Th>{t('fans.sessions.lastSeen')}</Table.Th>
            <Table.Th>{t('fans.sessions.end')}</Table.Th>
            <Table.Th>{t('fans.sessions.ip')}</Table.Th>
            <Table.Th>{t('fans.sessions.device')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((session) => (
            <Table.Tr key={session.id}>
              <Table.Td>{when(session.createdAt)}</Table.Td>
              <Table.Td>{when(session.lastSeenAt)}</Table.Td>
              <Table.Td>{session.endedAt ? when(session.endedAt) : t('fans.sessions.open')}</Table.Td>
              <Table.Td>{session.ip}</Table.Td>
              <Table.Td>{session.userAgent}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Pager pages={pages} nextCursor={sessions.data?.nextCursor} />
    </Stack>
  );
}

export function ActivitiesTab({ fan }: { fan: FanDetail }) {
  const t = useT();
  const when = useWhen();
  const pages = usePages();
  const activities = useFanActivities(fan.id, pages.after);
  const events = useFanEvents(fan.id);
  const eventName = new Map((events.data?.data ?? []).map((event) => [event.eventId, event.name]));
  return (
    <Stack gap="md">
      <Text>{t('fans.activities.total', { count: activities.data?.total ?? 0 })}</Text>
      <Table striped aria-label={t('tab.activities')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fans.activities.at')}</Table.Th>
            <Table.Th>{t('fans.activities.type')}</Table.Th>
            <Table.Th>{t('fans.activities.event')}</Table.Th>
            <Table.Th>{t('fans.activities.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(activities.data?.data ?? []).map((activity) => (
            <Table.Tr key={activity.id}>
              <Table.Td>{when(activity.at)}</Table.Td>
              <Table.Td>{t(`fans.activity.${activity.type}`)}</Table.Td>
              <Table.Td>
                {activity.eventId === null ? '' : (eventName.get(activity.eventId) ?? `#${activity.eventId}`)}
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {Object.keys(activity.payload).length > 0 ? JSON.stringify(activity.payload) : ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Pager pages={pages} nextCursor={activities.data?.nextCursor} />
    </Stack>
  );
}

export function ProductsTab({ fan }: { fan: FanDetail }) {
  const t = useT();
  const when = useWhen();
  const products = useFanProducts(fan.id);
  const rows = products.data?.data ?? [];
  if (products.data && rows.length === 0) return <Text c="dimmed">{t('fans.products.none')}</Text>;
  return (
    <Table striped aria-label={t('tab.products')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('fans.products.name')}</Table.Th>
          <Table.Th>{t('fans.products.purchasedAt')}</Table.Th>
          <Table.Th>{t('fans.products.expiresAt')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((product) => (
          <Table.Tr key={product.productId}>
            <Table.Td>{product.name}</Table.Td>
            <Table.Td>{when(product.purchasedAt)}</Table.Td>
            <Table.Td>{product.expiresAt ? when(product.expiresAt) : t('fans.products.forever')}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
