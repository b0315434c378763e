import { SPORT_EVENT_TABS, type SportEventTab } from '@regie/contract/events';
import { markerPaths } from '@regie/contract/markers';
import { eventsResource } from '@regie/contract/resources/events';
import type { ComponentType } from 'react';
import type { ResourceSetup, TabPanelProps } from '../../resources/customization.ts';
import { replayVideoInput } from '../videos/replay/ReplayVideoInput.tsx';
import { CompetitionInput, RoundInput, SeasonInput } from './CascadeInputs.tsx';
import { EndsAtInput, endsAtToForm } from './EndsAtInput.tsx';
import { EventBelowForm } from './EventBelowForm.tsx';
import { EventTabPanel } from './EventTabPanel.tsx';
import { EVENT_FORM_TABS } from './event-tabs.tsx';
import {
  CompetitionFilter,
  RoundFilter,
  SeasonFilter,
  SportFilter,
  StartsAtFilter,
  StateCell,
  VideoFilter,
} from './list-filters.tsx';
import { ModulesInput } from './ModulesInput.tsx';
import { ThemeInput } from './ThemeInput.tsx';

/** The replay field: the account's ready videos, for producers who hold no video role. */
const EventReplayInput = replayVideoInput({
  sourcesPath: markerPaths.replaySources,
  replayPath: markerPaths.replay,
  scope: 'events',
  hintKey: 'events.replay.fieldHint',
  placeholderKey: 'events.replay.fieldPlaceholder',
});

/** One panel per tab that is not the form: its body, or why it is locked. */
function tabPanels(): Record<string, ComponentType<TabPanelProps>> {
  const panels: Record<string, ComponentType<TabPanelProps>> = {};
  for (const tab of SPORT_EVENT_TABS) {
    if (EVENT_FORM_TABS.includes(tab)) continue;
    const Panel = ({ record }: TabPanelProps) => <EventTabPanel tab={tab satisfies SportEventTab} record={record} />;
    Panel.displayName = `EventTab(${tab})`;
    panels[tab] = Panel;
  }
  return panels;
}

/**
 * /events/sports: the generic list (state badges, poster thumbnails, the competition → season →
 * round filters, a start date range, latest start first) and edit screen, whose tabs follow the
 * spec's order: info, theme and settings are the form, the others their own bodies
 * (event-tabs.tsx), locked until the event activates their modules (contract events.ts).
 */
export const eventsSetup: ResourceSetup = {
  resource: eventsResource,
  custom: {
    fields: {
      state: { Cell: StateCell },
      sportId: { Filter: SportFilter },
      competitionId: { Input: CompetitionInput, Filter: CompetitionFilter },
      seasonId: { Input: SeasonInput, Filter: SeasonFilter },
      roundId: { Input: RoundInput, Filter: RoundFilter },
      startsAt: { Filter: StartsAtFilter },
      endsAt: { Input: EndsAtInput, toForm: endsAtToForm },
      videoId: { Input: EventReplayInput, Filter: VideoFilter },
      themeId: { Input: ThemeInput, wide: true },
      activatedModules: { Input: ModulesInput, optionKey: (code) => `module.${code}`, wide: true },
    },
    tabPanels: tabPanels(),
    BelowForm: EventBelowForm,
  },
};
