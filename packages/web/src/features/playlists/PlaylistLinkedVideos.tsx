import { Anchor, Badge, EmptyState, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { playlistsResource } from '@regie/contract/resources/playlists';
import { fillPath } from '@regie/contract/routes';
import { IconVideoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useApi } from '../../api/api-context.ts';
import { resourceBase } from '../../api/resource-api.ts';
import { recordLabel, resourceKeys } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import { PLAYLIST_PATHS } from './playlists-setup.tsx';

type PlaylistWithVideos = ResourceRecord & { Video?: ResourceRecord[] };

/**
 * /account/playlists/{id}/linked-videos: the playlist's videos in their order, read with
 * GET /main-api/playlists/{id}?expand=[Video] (spec §7).
 */
export function PlaylistLinkedVideos() {
  const t = useT();
  const client = useApi();
  const id = Number(useParams().id);
  const playlist = useQuery({
    queryKey: [...resourceKeys.record(playlistsResource.name, String(id)), 'Video'],
    queryFn: ({ signal }) =>
      client.get<PlaylistWithVideos>(`${resourceBase(playlistsResource)}/${id}`, { expand: '[Video]' }, { signal }),
  });
  const name = String(playlist.data?.name ?? `#${id}`);
  const videos = playlist.data?.Video ?? null;
  return (
    <Stack gap="md" maw={980}>
      <Anchor component={Link} to={fillPath(PLAYLIST_PATHS.edit, { id })} size="sm">
        {t('linkedItems.back', { name })}
      </Anchor>
      <Paper withBorder radius="lg" p="lg" component="section" aria-label={t('playlistVideos.title', { name })}>
        <Group gap="xs" mb="md">
          <Title order={2} size="h3">
            {t('playlistVideos.title', { name })}
          </Title>
          {videos && <Badge variant="light">{videos.length}</Badge>}
        </Group>
        {playlist.isError ? (
          <Text c="red.8" size="sm" role="alert">
            {t('resource.common.loadFailed')}
          </Text>
        ) : videos === null ? (
          <Skeleton h={80} radius="md" />
        ) : videos.length === 0 ? (
          <EmptyState
            py={40}
            icon={<IconVideoOff size={28} aria-hidden />}
            variant="light"
            title={t('playlistVideos.empty')}
            description={t('playlistVideos.emptyHint')}
          />
        ) : (
          <Table verticalSpacing="sm">
            <Table.Tbody>
              {videos.map((video, index) => (
                <Table.Tr key={video.id}>
                  <Table.Td w={60}>{index + 1}</Table.Td>
                  <Table.Td>{recordLabel(video)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
