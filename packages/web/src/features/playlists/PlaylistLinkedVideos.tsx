import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { playlistsResource, playlistVideosPath } from '@regie/contract/resources/playlists';
import { fillPath } from '@regie/contract/routes';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '@regie/contract/ui';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash, IconVideoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { resourceKeys } from '../../api/query-keys.ts';
import { resourceBase } from '../../api/resource-api.ts';
import { recordLabel, referenceLocation, useResourceOptions } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import { useResourceAccess } from '../../resources/use-resource-access.ts';
import { moveItem } from './playlist-order.ts';
import { PLAYLIST_PATHS } from './playlists-setup.tsx';

type PlaylistWithVideos = ResourceRecord & { Video?: ResourceRecord[] };

const VIDEOS = referenceLocation('videos');

/**
 * /account/playlists/{id}/linked-videos: the playlist's videos in their order, read with
 * GET /main-api/playlists/{id}?expand=[Video] (spec §7). Each change (add, remove, move) saves
 * the whole order at once with PUT /main-api/playlists/{id}/videos.
 */
export function PlaylistLinkedVideos() {
  const t = useT();
  const client = useApi();
  const id = Number(useParams().id);
  const { canWrite } = useResourceAccess(playlistsResource);
  const recordKey = resourceKeys.record(playlistsResource.name, String(id));
  const playlist = useQuery({
    queryKey: resourceKeys.expanded(playlistsResource.name, String(id), 'Video'),
    queryFn: ({ signal }) =>
      client.get<PlaylistWithVideos>(`${resourceBase(playlistsResource)}/${id}`, { expand: '[Video]' }, { signal }),
  });
  const name = String(playlist.data?.name ?? `#${id}`);
  const videos = playlist.data?.Video ?? null;
  const save = useAction(
    (videoIds: readonly number[]) => client.put<{ data: ResourceRecord[] }>(playlistVideosPath(id), { videoIds }),
    { invalidate: [recordKey, resourceKeys.all(playlistsResource.name)] },
  );
  const ids = (videos ?? []).map((video) => video.id);
  const change = (next: readonly number[]) => save.mutate(next, { onError: () => undefined });

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
        {canWrite && videos && (
          <AddVideo present={ids} busy={save.isPending} onAdd={(videoId) => change([...ids, videoId])} />
        )}
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
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{t('linkedItems.column.position')}</Table.Th>
                <Table.Th>{t('playlistVideos.column.video')}</Table.Th>
                {canWrite && <Table.Th w={130} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {videos.map((video, index) => {
                const label = recordLabel(video);
                return (
                  <Table.Tr key={video.id}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>{label}</Table.Td>
                    {canWrite && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('playlistVideos.moveUp', { name: label })}
                            disabled={index === 0 || save.isPending}
                            onClick={() => change(moveItem(ids, index, index - 1))}
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('playlistVideos.moveDown', { name: label })}
                            disabled={index === videos.length - 1 || save.isPending}
                            onClick={() => change(moveItem(ids, index, index + 1))}
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red.8"
                            aria-label={t('playlistVideos.remove', { name: label })}
                            disabled={save.isPending}
                            onClick={() => change(ids.filter((other) => other !== video.id))}
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
        )}
      </Paper>
    </Stack>
  );
}

/** A search among the account's videos (by title, on the server) and the button adding the chosen one. */
function AddVideo({
  present,
  busy,
  onAdd,
}: {
  present: readonly number[];
  busy: boolean;
  onAdd: (videoId: number) => void;
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<string | null>(null);
  const options = useResourceOptions(VIDEOS, debounced);
  const data = (options.data?.data ?? [])
    .filter((video) => !present.includes(video.id))
    .map((video) => ({ value: String(video.id), label: recordLabel(video) }));
  return (
    <Group align="flex-end" mb="md" gap="sm">
      <Select
        label={t('playlistVideos.search')}
        placeholder={t('playlistVideos.searchPlaceholder')}
        data={data}
        value={chosen}
        onChange={setChosen}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={options.isFetching ? t('app.loading') : t('playlistVideos.noMatch')}
        clearable
        w={{ base: '100%', sm: 360 }}
      />
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={chosen === null}
        loading={busy}
        onClick={() => {
          if (chosen === null) return;
          onAdd(Number(chosen));
          setChosen(null);
          setSearch('');
        }}
      >
        {t('playlistVideos.add')}
      </Button>
    </Group>
  );
}
