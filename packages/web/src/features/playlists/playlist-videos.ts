import { playlistsResource, playlistVideosPath } from '@regie/contract/resources/playlists';
import { useMemo } from 'react';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { resourceKeys } from '../../api/query-keys.ts';
import { resourceBase } from '../../api/resource-api.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import { type ListSource, useSourceListController } from '../../resources/use-source-list-controller.ts';

type PlaylistWithVideos = ResourceRecord & { Video?: ResourceRecord[] };

/** The playlist's videos as one page, with the playlist they were read with. */
interface PlaylistVideosPage {
  data: ResourceRecord[];
  total: number;
  playlist: PlaylistWithVideos;
}

/**
 * A playlist's videos in their order, read with GET /main-api/playlists/{id}?expand=[Video]
 * (spec §7): the record holds all of them, so the list is one page. `save` sets the whole order
 * at once with PUT /main-api/playlists/{id}/videos.
 */
export function usePlaylistVideos(id: number) {
  const client = useApi();
  const source = useMemo((): ListSource<PlaylistVideosPage> => {
    const key = resourceKeys.expanded(playlistsResource.name, String(id), 'Video');
    return {
      key: () => key,
      all: key,
      list: async (_query, signal) => {
        const playlist = await client.get<PlaylistWithVideos>(
          `${resourceBase(playlistsResource)}/${id}`,
          { expand: '[Video]' },
          { signal },
        );
        const videos = playlist.Video ?? [];
        return { data: videos, total: videos.length, playlist };
      },
      defaultSort: { field: 'position', direction: 'asc' },
    };
  }, [client, id]);
  const list = useSourceListController(source);
  const save = useAction(
    (videoIds: readonly number[]) => client.put<{ data: ResourceRecord[] }>(playlistVideosPath(id), { videoIds }),
    {
      invalidate: [resourceKeys.record(playlistsResource.name, String(id)), resourceKeys.all(playlistsResource.name)],
    },
  );
  return { list, save, playlist: list.list.data?.playlist ?? null };
}
