import { Badge, Button, EmptyState, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import type { ItemType } from '@regie/contract/resources/item-links';
import { IconLink, IconListDetails } from '@tabler/icons-react';
import { useItemLinks } from '../../api/item-links.ts';
import { useT } from '../../i18n/use-t.ts';
import { ItemsDrawer } from '../../widgets/ItemsDrawer.tsx';
import { LinkedItemsTable } from './LinkedItemsTable.tsx';
import { useLinkChoice } from './use-link-choice.ts';

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
  const { calls, list } = useItemLinks(owner, ownerId);
  const { rows: links, remove } = list;
  const choice = useLinkChoice({ owner, ownerId, types, links, calls });
  const unlink = canWrite && remove ? (linkId: number) => remove.mutate([linkId], { onError: () => undefined }) : null;

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <Title order={2} size="h3">
            {title}
          </Title>
          {list.list.data && <Badge variant="light">{list.total}</Badge>}
        </Group>
        {canWrite && choice.offersChoice && (
          <Button leftSection={<IconLink size={16} aria-hidden />} onClick={choice.open} loading={choice.applying}>
            {t('linkedItems.add')}
          </Button>
        )}
      </Group>
      {list.list.isError ? (
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
          description={
            choice.groups.length > 0 || !canWrite ? t('linkedItems.emptyHint') : t('linkedItems.noCandidates')
          }
        />
      ) : (
        <LinkedItemsTable links={links} onUnlink={unlink} />
      )}
      <ItemsDrawer
        opened={choice.choosing !== null}
        onClose={choice.close}
        title={t('linkedItems.drawerTitle')}
        groups={choice.groups}
        value={choice.choosing ?? []}
        onChange={choice.setChoosing}
        search={choice.search}
      />
    </Paper>
  );
}
