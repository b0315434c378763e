import { Grid } from '@mantine/core';
import { videosResource } from '@regie/contract/resources/videos';
import { useParams } from 'react-router';
import { useResourceRecord } from '../../../api/resource-queries.ts';
import { useCurrentEntry } from '../../../app/route-entry.ts';
import type { ResourceCustomization } from '../../../resources/customization.ts';
import { ResourceEdit } from '../../../resources/ResourceEdit.tsx';
import { useResourceLabels } from '../../../resources/resource-labels.ts';
import { resourceRoutes } from '../../../resources/resource-screens.ts';
import { useResourceAccess } from '../../../resources/use-resource-access.ts';
import { FormatsTab } from '../formats/FormatsTab.tsx';
import { SubtitlesTab } from '../subtitles/SubtitlesTab.tsx';
import { VideoMediaPanel } from './VideoMediaPanel.tsx';

const resource = videosResource;
const routes = resourceRoutes('/medias/videos');

/** What the pipeline finds out: shown by the media panel in words, not as form fields. */
const SERVER_SET = Object.entries(videosResource.ui)
  .filter(([, ui]) => 'readOnly' in ui && ui.readOnly)
  .map(([field]) => field);

const custom: ResourceCustomization = {
  fields: Object.fromEntries(SERVER_SET.map((field) => [field, { hidden: () => true }])),
  tabPanels: { subtitles: SubtitlesTab, formats: FormatsTab },
};

/**
 * /medias/videos/edit/:videoId. Tab infos: the generic form of the editable fields beside the
 * media panel (state, live encoding, player, metadata, download, share, clip). Tab subtitles:
 * the cues of each language. Tab formats: the video in 9:16, 1:1 and 4:5 and their framing.
 */
export function VideoEdit() {
  const entry = useCurrentEntry();
  const id = useParams()[routes.idParam ?? 'videoId'] ?? null;
  const record = useResourceRecord(resource, id);
  const labels = useResourceLabels(resource);
  const access = useResourceAccess(resource);
  const edit = <ResourceEdit resource={resource} routes={routes} custom={custom} />;
  if (entry?.node.path !== 'infos') return edit;
  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 7 }}>{edit}</Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        {record.data && <VideoMediaPanel record={record.data} labels={labels} canWrite={access.canWrite} />}
      </Grid.Col>
    </Grid>
  );
}
