import { Stack } from '@mantine/core';
import { conferencePaths } from '@regie/contract/conferences';
import { embedPaths } from '@regie/contract/embed';
import { businessPlayersResource } from '@regie/contract/resources/business-players';
import type { ResourceSetup, TabPanelProps } from '../../resources/customization.ts';
import { LiveStreamTab } from '../live/LiveStreamTab.tsx';
import { ConferenceStatsTab } from '../stats/ContentStatsTab.tsx';
import { EmbedPanel } from '../stats/EmbedPanel.tsx';
import { replayVideoInput } from '../videos/replay/ReplayVideoInput.tsx';
import { ChaptersEditor } from './ChaptersEditor.tsx';
import { ConferenceBelowForm } from './ConferenceBelowForm.tsx';
import { ConferenceClipTab } from './ConferenceClipTab.tsx';

/** The replay field: the account's ready videos, for conference writers without a video role. */
const ConferenceReplayInput = replayVideoInput({
  sourcesPath: conferencePaths.replaySources,
  replayPath: conferencePaths.replay,
  scope: 'conferences',
  hintKey: 'conferences.replay.fieldHint',
  placeholderKey: 'conferences.replay.fieldPlaceholder',
});

/** The chapters on the player, then the public player that shows them (its iframe code). */
function ChaptersTab({ record, canWrite }: TabPanelProps) {
  return (
    <Stack gap="lg">
      <ChaptersEditor conferenceId={Number(record.id)} canWrite={canWrite} />
      <EmbedPanel path={embedPaths.conferenceEmbed(Number(record.id))} />
    </Stack>
  );
}

function ClipTab({ record }: TabPanelProps) {
  return <ConferenceClipTab conferenceId={Number(record.id)} />;
}

/** Go live / end live, the program with its DVR and the cameras (features/live, shared with the events). */
function StreamTab({ record }: TabPanelProps) {
  return <LiveStreamTab content={{ kind: 'business-players', id: Number(record.id) }} />;
}

function StatsTab({ record }: TabPanelProps) {
  return <ConferenceStatsTab conferenceId={Number(record.id)} />;
}

/**
 * Conferences (events/conferences): the generic list and info form, the replay chosen among the
 * account's ready videos, its lifecycle (go live, end live) and speakers under the form; chapters, clip and stats tabs of their own
 * (stats: features/stats, shared with the events), and the stream tab (features/live).
 */
export const conferencesSetup: ResourceSetup = {
  resource: businessPlayersResource,
  custom: {
    fields: { videoId: { Input: ConferenceReplayInput } },
    BelowForm: ConferenceBelowForm,
    tabPanels: { stream: StreamTab, chapters: ChaptersTab, clip: ClipTab, stats: StatsTab },
  },
};
