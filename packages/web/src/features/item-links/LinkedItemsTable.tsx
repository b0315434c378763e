import { ActionIcon, Badge, Table, Text } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import type { ItemLink, ItemType } from '@regie/contract/resources/item-links';
import { IconTrash } from '@tabler/icons-react';
import { isItemType } from '../../api/item-links.ts';
import { recordLabel } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';

const TYPE_LABELS: Record<ItemType, MessageKey> = {
  video: 'linkedItems.type.video',
  playlist: 'linkedItems.type.playlist',
  event: 'linkedItems.type.event',
};

interface Props {
  links: readonly ItemLink[];
  /** Unlinks one; none offered when null. */
  onUnlink: ((linkId: number) => void) | null;
}

/** The linked items in their order: position, type, name, and the unlink button. */
export function LinkedItemsTable({ links, onUnlink }: Props) {
  const t = useT();
  return (
    <Table verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={80}>{t('linkedItems.column.position')}</Table.Th>
          <Table.Th w={140}>{t('linkedItems.column.type')}</Table.Th>
          <Table.Th>{t('linkedItems.column.item')}</Table.Th>
          {onUnlink && <Table.Th w={60} />}
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
                  {t(isItemType(link.itemType) ? TYPE_LABELS[link.itemType] : 'linkedItems.type.video')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} c={link.item ? undefined : 'dimmed'}>
                  {name}
                </Text>
              </Table.Td>
              {onUnlink && (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    aria-label={t('linkedItems.unlink', { name })}
                    onClick={() => onUnlink(link.id)}
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
  );
}
