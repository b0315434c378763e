import { competitionsResource } from '@regie/contract/resources/competitions';
import { roundsResource } from '@regie/contract/resources/rounds';
import { seasonsResource } from '@regie/contract/resources/seasons';
import type { ResourceSetup, TabPanelProps } from '../../resources/customization.ts';
import { NestedResourceList } from '../../resources/NestedResourceList.tsx';

const seasons = seasonsResource;
const rounds = roundsResource;

/** Under a competition's form: its seasons, each opening onto its rounds. */
function CompetitionSeasons({ record, canWrite }: TabPanelProps) {
  return (
    <NestedResourceList
      resource={seasons}
      parentId={record.id}
      canWrite={canWrite}
      renderChildren={(season) => <NestedResourceList resource={rounds} parentId={season.id} canWrite={canWrite} />}
    />
  );
}

export const competitionsSetup: ResourceSetup = {
  resource: competitionsResource,
  custom: { BelowForm: CompetitionSeasons },
};
