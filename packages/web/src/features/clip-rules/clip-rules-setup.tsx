import { clipRulesResource } from '@regie/contract/resources/clip-rules';
import type { ResourceSetup } from '../../resources/customization.ts';
import { ClipRuleRuns } from './ClipRuleRuns.tsx';

/** Clip rules: the generic list and form, and under a saved rule's form the markers it clipped. */
export const clipRulesSetup: ResourceSetup = {
  resource: clipRulesResource,
  custom: { BelowForm: ClipRuleRuns },
};
