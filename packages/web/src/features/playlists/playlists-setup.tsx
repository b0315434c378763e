import { Button, Group } from '@mantine/core';
import { playlistsResource } from '@regie/contract/resources/playlists';
import { fillPath } from '@regie/contract/routes';
import { IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceSetup, TabPanelProps } from '../../resources/customization.ts';

export const PLAYLIST_PATHS = {
  edit: '/account/playlists/edit/:id',
  linkedVideos: '/account/playlists/:id/linked-videos',
} as const;

/** Under a playlist's form: the way to its videos. */
function PlaylistVideosLink({ record }: TabPanelProps) {
  const t = useT();
  return (
    <Group>
      <Button
        component={Link}
        to={fillPath(PLAYLIST_PATHS.linkedVideos, { id: record.id })}
        variant="light"
        leftSection={<IconVideo size={16} aria-hidden />}
      >
        {t('menu.account.playlists.linkedVideos')}
      </Button>
    </Group>
  );
}

export const playlistsSetup: ResourceSetup = {
  resource: playlistsResource,
  custom: { BelowForm: PlaylistVideosLink },
};
