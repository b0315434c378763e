import type { PeriodicTask } from '../jobs/jobs.define.ts';
import { sweepClipRules } from './clip-rules.service.ts';

/** How often each worker looks for markers no process applied the rules to, and for due live clips. */
export const CLIP_RULES_SWEEP_MS = 10_000;

/** The clip rules' durable side: safe side by side in several processes (one run per rule and marker). */
export const clipRulesSweepTask: PeriodicTask = {
  name: 'clip-rules.sweep',
  everyMs: CLIP_RULES_SWEEP_MS,
  run: ({ db }) => sweepClipRules(db),
};
