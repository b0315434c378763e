import { ActionIcon, Group, Table } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { recordLabel } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import { moveItem } from './playlist-order.ts';

interface Props {
  videos: readonly ResourceRecord[];
  /** Saves a new order of the videos' ids; no buttons when null (read only). */
  onChange: ((videoIds: readonly number[]) => void) | null;
  busy: boolean;
}

/** The playlist's videos in their order, each with buttons to move it up, down or out. */
export function PlaylistVideosTable({ videos, onChange, busy }: Props) {
  const t = useT();
  const ids = videos.map((video) => video.id);
  return (
    <Table verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={60}>{t('linkedItems.column.position')}</Table.Th>
          <Table.Th>{t('playlistVideos.column.video')}</Table.Th>
          {onChange && <Table.Th w={130} />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {videos.map((video, index) => {
          const label = recordLabel(video);
          return (
            <Table.Tr key={video.id}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>{label}</Table.Td>
              {onChange && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('playlistVideos.moveUp', { name: label })}
                      disabled={index === 0 || busy}
                      onClick={() => onChange(moveItem(ids, index, index - 1))}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('playlistVideos.moveDown', { name: label })}
                      disabled={index === videos.length - 1 || busy}
                      onClick={() => onChange(moveItem(ids, index, index + 1))}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red.8"
                      aria-label={t('playlistVideos.remove', { name: label })}
                      disabled={busy}
                      onClick={() => onChange(ids.filter((other) => other !== video.id))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
