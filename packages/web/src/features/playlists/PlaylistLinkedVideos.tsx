import { Anchor, Badge, Button, EmptyState, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { playlistsResource } from '@regie/contract/resources/playlists';
import { fillPath } from '@regie/contract/routes';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '@regie/contract/ui';
import { IconPlus, IconVideoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { recordLabel, referenceLocation, useResourceOptions } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import { useResourceAccess } from '../../resources/use-resource-access.ts';
import { PlaylistVideosTable } from './PlaylistVideosTable.tsx';
import { usePlaylistVideos } from './playlist-videos.ts';
import { PLAYLIST_PATHS } from './playlists-setup.tsx';

const VIDEOS = referenceLocation('videos');

/**
 * /account/playlists/{id}/linked-videos: the playlist's videos in their order, read with
 * GET /main-api/playlists/{id}?expand=[Video] (spec §7). Each change (add, remove, move) saves
 * the whole order at once with PUT /main-api/playlists/{id}/videos.
 */
export function PlaylistLinkedVideos() {
  const t = useT();
  const id = Number(useParams().id);
  const { canWrite } = useResourceAccess(playlistsResource);
  const { list, save, playlist } = usePlaylistVideos(id);
  const name = String(playlist?.name ?? `#${id}`);
  const videos = list.rows;
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
          {videos && <Badge variant="light">{list.total}</Badge>}
        </Group>
        {canWrite && videos && (
          <AddVideo present={ids} busy={save.isPending} onAdd={(videoId) => change([...ids, videoId])} />
        )}
        {list.list.isError ? (
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
          <PlaylistVideosTable videos={videos} onChange={canWrite ? change : null} busy={save.isPending} />
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
