import { competitionsResource } from '@regie/contract/resources/competitions';
import { roundsResource } from '@regie/contract/resources/rounds';
import { seasonsResource } from '@regie/contract/resources/seasons';
import type { AnyResource } from '../../resources/any-resource.ts';
import type { ResourceSetup, TabPanelProps } from '../../resources/customization.ts';
import { NestedResourceList } from '../../resources/NestedResourceList.tsx';

const seasons = seasonsResource as AnyResource;
const rounds = roundsResource as AnyResource;

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
  resource: competitionsResource as AnyResource,
  custom: { BelowForm: CompetitionSeasons },
};
