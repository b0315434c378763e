import { ActionIcon, Badge, Button, EmptyState, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { MessageKey } from '@regie/contract/i18n/en';
import type { ItemType } from '@regie/contract/resources/item-links';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '@regie/contract/ui';
import { IconLink, IconListDetails, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAction } from '../../api/action.ts';
import { useItemCandidates, useItemLinks } from '../../api/item-links.ts';
import { itemLinkKeys } from '../../api/query-keys.ts';
import { recordLabel } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import { ItemsDrawer } from '../../widgets/ItemsDrawer.tsx';

const TYPE_LABELS: Record<ItemType, MessageKey> = {
  video: 'linkedItems.type.video',
  playlist: 'linkedItems.type.playlist',
  event: 'linkedItems.type.event',
};
const GROUP_LABELS: Record<ItemType, MessageKey> = {
  video: 'linkedItems.group.video',
  playlist: 'linkedItems.group.playlist',
  event: 'linkedItems.group.event',
};

const keyOf = (itemType: string, itemId: number) => `${itemType}:${itemId}`;

interface Props {
  /** The owning resource: 'categories', 'products'. */
  owner: string;
  ownerId: number;
  title: string;
  types: readonly [ItemType, ...ItemType[]];
  canWrite: boolean;
}

/**
 * The items linked to a record, in their order, and the items drawer (spec §2) to choose them
 * among the account's records of each type. Types with no records offer nothing: the drawer
 * only opens when there is something to choose.
 */
export function LinkedItemsPanel({ owner, ownerId, title, types, canWrite }: Props) {
  const t = useT();
  const queryClient = useQueryClient();
  const { calls, query } = useItemLinks(owner, ownerId);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const candidates = useItemCandidates(types, debounced);
  const [choosing, setChoosing] = useState<string[] | null>(null);
  const links = query.data?.data ?? null;
  const groups = types
    .map((type) => ({
      id: type,
      label: t(GROUP_LABELS[type]),
      items: (candidates.get(type) ?? []).map((record: ResourceRecord) => ({
        id: keyOf(type, record.id),
        label: recordLabel(record),
      })),
    }))
    .filter((group) => group.items.length > 0);

  const apply = useAction(
    async (chosen: readonly string[]) => {
      const current = links ?? [];
      const wanted = new Set(chosen);
      for (const link of current) if (!wanted.has(keyOf(link.itemType, link.itemId))) await calls.unlink(link.id);
      const linked = new Set(current.map((link) => keyOf(link.itemType, link.itemId)));
      for (const key of chosen) {
        if (linked.has(key)) continue;
        const [type, id] = key.split(':');
        await calls.link(type as ItemType, Number(id));
      }
    },
    { invalidate: [itemLinkKeys.all(owner)] },
  );
  const unlink = useAction((linkId: number) => calls.unlink(linkId), { invalidate: [itemLinkKeys.all(owner)] });

  const close = () => {
    const chosen = choosing;
    setChoosing(null);
    setSearch('');
    const before = (links ?? []).map((link) => keyOf(link.itemType, link.itemId));
    const unchanged = chosen && chosen.length === before.length && chosen.every((key) => before.includes(key));
    if (!chosen || unchanged) return;
    // A partly applied choice still shows what is linked now.
    apply.mutate(chosen, {
      onError: () => void queryClient.invalidateQueries({ queryKey: itemLinkKeys.of(owner, ownerId) }),
    });
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <Title order={2} size="h3">
            {title}
          </Title>
          {query.data && <Badge variant="light">{query.data.total}</Badge>}
        </Group>
        {canWrite && (groups.length > 0 || debounced !== '') && (
          <Button
            leftSection={<IconLink size={16} aria-hidden />}
            onClick={() => setChoosing((links ?? []).map((link) => keyOf(link.itemType, link.itemId)))}
            loading={apply.isPending}
          >
            {t('linkedItems.add')}
          </Button>
        )}
      </Group>
      {query.isError ? (
        <Text c="red.8" size="sm" role="alert">
          {t('resource.common.loadFailed')}
        </Text>
      ) : links === null ? (
        <Skeleton h={80} radius="md" />
      ) : links.length === 0 ? (
        <EmptyState
          py={40}
          icon={<IconListDetails size={28} aria-hidden />}
          variant="light"
          title={t('linkedItems.empty')}
          description={groups.length > 0 || !canWrite ? t('linkedItems.emptyHint') : t('linkedItems.noCandidates')}
        />
      ) : (
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>{t('linkedItems.column.position')}</Table.Th>
              <Table.Th w={140}>{t('linkedItems.column.type')}</Table.Th>
              <Table.Th>{t('linkedItems.column.item')}</Table.Th>
              {canWrite && <Table.Th w={60} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {links.map((link) => {
              const name = link.item ? recordLabel(link.item) : t('linkedItems.missing', { id: link.itemId });
              return (
                <Table.Tr key={link.id}>
                  <Table.Td>{link.position}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm" tt="none">
                      {t(TYPE_LABELS[link.itemType as ItemType] ?? 'linkedItems.type.video')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500} c={link.item ? undefined : 'dimmed'}>
                      {name}
                    </Text>
                  </Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red.8"
                        aria-label={t('linkedItems.unlink', { name })}
                        onClick={() => unlink.mutate(link.id, { onError: () => undefined })}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <ItemsDrawer
        opened={choosing !== null}
        onClose={close}
        title={t('linkedItems.drawerTitle')}
        groups={groups}
        value={choosing ?? []}
        onChange={setChoosing}
        search={{ value: search, onChange: setSearch }}
      />
    </Paper>
  );
}
