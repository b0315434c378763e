import { competitionsResource } from '@regie/contract/resources/competitions';
import { roundsResource } from '@regie/contract/resources/rounds';
import { seasonsResource } from '@regie/contract/resources/seasons';
import { fillPath } from '@regie/contract/routes';
import type { ResourceSetup, TabPanelProps } from '../../resources/customization.ts';
import { NestedResourceList } from '../../resources/NestedResourceList.tsx';
import { COMPETITION_PATHS } from './competition-paths.ts';

const seasons = seasonsResource;
const rounds = roundsResource;

/** Under a competition's form: its seasons, each opening onto its own page. */
function CompetitionSeasons({ record, canWrite }: TabPanelProps) {
  return (
    <NestedResourceList
      resource={seasons}
      parentId={record.id}
      canWrite={canWrite}
      editHref={(seasonId) => fillPath(COMPETITION_PATHS.seasonEdit, { id: record.id, seasonId })}
    />
  );
}

/** Under a season's form: its rounds, made, changed (with their translations) and deleted in place. */
function SeasonRounds({ record, canWrite }: TabPanelProps) {
  return <NestedResourceList resource={rounds} parentId={record.id} canWrite={canWrite} />;
}

export const competitionsSetup: ResourceSetup = {
  resource: competitionsResource,
  custom: { BelowForm: CompetitionSeasons },
};

/** A season's page (no list of its own: its competition's page lists it). */
export const seasonsSetup: ResourceSetup = { resource: seasons, custom: { BelowForm: SeasonRounds } };
