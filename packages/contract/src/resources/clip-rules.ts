import { z } from 'zod';
import type { AccessRule } from '../access.ts';
import {
  CAPTION_TEMPLATE_MAX,
  CLIP_RULE_MARKER_SOURCES,
  CLIP_RULE_MESSAGES,
  CLIP_RULE_NAME_MAX,
  CLIP_RULE_PUBLISH_MODES,
  CLIP_RULE_SECONDS,
} from '../clip-rules.ts';
import { SOCIAL_PLATFORMS } from '../social.ts';
import { clipAspects, REFRAMED_ASPECT_VALUES } from '../vertical.ts';
import type { FieldRule } from './define.ts';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';
import { referenceId } from './shapes.ts';

/** Who reads and writes clip rules: their registration's rule (registry.ts), the clip templates' writers. */
export const CLIP_RULES_RULE: AccessRule = registeredWriteRule('clip-rules');

const ruleSeconds = z.number().min(CLIP_RULE_SECONDS.min).max(CLIP_RULE_SECONDS.max);

/** A clip of no length would be refused when the marker arrives: refused when the rule is saved. */
export const CLIP_RULE_SECONDS_RULE: FieldRule = {
  field: 'afterSeconds',
  holds: (values) => {
    const before = values.beforeSeconds;
    const after = values.afterSeconds;
    return typeof before !== 'number' || typeof after !== 'number' || before + after > 0;
  },
  message: CLIP_RULE_MESSAGES.secondsTotal,
  messageKey: 'resource.clipRules.rule.secondsTotal',
};

/**
 * A clip that makes itself (issue 25 point 7): when a marker of `markerTypeId` (and of
 * `markerSource`: any, a data feed's, or made by hand) arrives on one of the account's events (by hand, by an import or a feed subscription, live or on a replay), a clip
 * from `beforeSeconds` before it to `afterSeconds` after its end is made, once, dressed by the
 * template and skin when set, published or not. Each marker's outcome is a run (clipRulePaths.runs).
 * With `publishTargets`, each clip also goes to those social accounts of whoever saved the rule,
 * captioned from `captionTemplate` (CAPTION_PLACEHOLDERS), once approved or at once (`publishMode`).
 */
export const clipRulesResource = defineResource({
  name: 'clip-rules',
  singular: 'Clip rule',
  gateway: 'main',
  labelKey: 'resource.clipRules',
  fields: z.object({
    name: z.string().trim().min(1).max(CLIP_RULE_NAME_MAX),
    markerTypeId: referenceId,
    markerSource: z.enum(CLIP_RULE_MARKER_SOURCES).default('any'),
    beforeSeconds: ruleSeconds.default(CLIP_RULE_SECONDS.defaultBefore),
    afterSeconds: ruleSeconds.default(CLIP_RULE_SECONDS.defaultAfter),
    clipTemplateId: referenceId.nullable().default(null),
    clipSkinId: referenceId.nullable().default(null),
    publish: z.boolean().default(false),
    aspects: clipAspects.default([]),
    active: z.boolean().default(true),
    // Publishing that runs itself (issue 41 point 3): through the links of who saved the rule.
    publishTargets: z
      .array(z.enum(SOCIAL_PLATFORMS))
      .max(SOCIAL_PLATFORMS.length)
      .refine((targets) => new Set(targets).size === targets.length)
      .default([]),
    captionTemplate: z.string().max(CAPTION_TEMPLATE_MAX).default(''),
    publishMode: z.enum(CLIP_RULE_PUBLISH_MODES).default('approval'),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: CLIP_RULE_NAME_MAX },
    markerTypeId: { widget: 'reference', reference: 'marker-types' },
    markerSource: { widget: 'select', options: CLIP_RULE_MARKER_SOURCES },
    beforeSeconds: { widget: 'number' },
    afterSeconds: { widget: 'number' },
    clipTemplateId: { widget: 'reference', reference: 'clip-templates' },
    clipSkinId: { widget: 'reference', reference: 'clip-skins' },
    publish: { widget: 'switch' },
    aspects: { widget: 'multiSelect', options: REFRAMED_ASPECT_VALUES },
    active: { widget: 'switch' },
    publishTargets: { widget: 'multiSelect', options: SOCIAL_PLATFORMS },
    captionTemplate: { widget: 'textarea' },
    publishMode: { widget: 'select', options: CLIP_RULE_PUBLISH_MODES },
  },
  columns: ['name', 'markerTypeId', 'markerSource', 'beforeSeconds', 'afterSeconds', 'publish', 'active', 'updatedAt'],
  filters: ['active', 'markerTypeId'],
  sortable: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name'],
  unique: [['name']],
  rules: [CLIP_RULE_SECONDS_RULE],
  relations: {
    MarkerType: { resource: 'marker-types', kind: 'one', foreignKey: 'markerTypeId' },
    ClipTemplate: { resource: 'clip-templates', kind: 'one', foreignKey: 'clipTemplateId' },
    ClipSkin: { resource: 'clip-skins', kind: 'one', foreignKey: 'clipSkinId' },
  },
  access: { read: CLIP_RULES_RULE, write: CLIP_RULES_RULE },
  tenancy: 'account',
});
