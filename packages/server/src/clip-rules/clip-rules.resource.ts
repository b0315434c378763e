import { clipRulesResource } from '@regie/contract/resources/clip-rules';
import { clipRules } from '../db/clip-rules.table.ts';
import { resourceEntry } from '../resources/resources.types.ts';

/**
 * Clip rules: a plain resource of the engine (its reference fields are checked against the
 * account: another account's marker type, template or skin is a 400). What a rule does when a
 * marker arrives is clip-rules.service.ts.
 */
export const clipRulesEntry = resourceEntry({ definition: clipRulesResource, table: clipRules });
