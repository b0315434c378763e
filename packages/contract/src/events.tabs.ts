import type { ModuleCode } from './modules.ts';

/**
 * The sport event edit screen's tabs and the modules each needs: apart from events.ts (its
 * schemas), so that the menu and the route tree, which every page loads first, build no schema.
 */

/** The edit screen's tabs, in the spec's order (§2 "Sport event tabs"). */
export const SPORT_EVENT_TABS = [
  'info',
  'stream',
  '360',
  'multicam',
  'theme',
  'challengers',
  'markers',
  'clip',
  'chat',
  'settings',
  'stats',
  'predictor',
  'motm',
  'graphics',
] as const;
export type SportEventTab = (typeof SPORT_EVENT_TABS)[number];

/**
 * Spec §6: a tab is disabled unless the event has every one of these modules active. 360 needs
 * IMMERSIVE and AWS_STREAM; multicam, chat, predictor and motm their own modules. Graphics
 * (scoreboards and lower thirds drawn over the player and burnt into clips) is the GRAPHICS
 * module (46): the account buys the overlays on their own, apart from the theme.
 */
export const EVENT_TAB_MODULES: { readonly [Tab in SportEventTab]?: readonly ModuleCode[] } = {
  '360': ['IMMERSIVE', 'AWS_STREAM'],
  multicam: ['MULTICAM'],
  chat: ['CHAT'],
  predictor: ['ADDON_PREDICTOR'],
  motm: ['ADDON_MOTM'],
  graphics: ['GRAPHICS'],
};

/** The modules of `needed` that `active` lacks, in `needed`'s order. */
export function missingModules<Code extends string>(
  needed: readonly Code[] | undefined,
  active: readonly string[],
): Code[] {
  return (needed ?? []).filter((code) => !active.includes(code));
}

export type EventTabGate =
  | { enabled: true }
  /** A new event has only its info tab: the others need the event saved (spec §2). */
  | { enabled: false; reason: 'creation' }
  /** The event has not activated these modules. */
  | { enabled: false; reason: 'modules'; missing: readonly ModuleCode[] };

/** Whether a tab of the event's edit screen may be opened, and why not. */
export function eventTabGate(
  tab: SportEventTab,
  event: { creating: boolean; activatedModules: readonly string[] },
): EventTabGate {
  if (event.creating && tab !== SPORT_EVENT_TABS[0]) return { enabled: false, reason: 'creation' };
  const missing = missingModules(EVENT_TAB_MODULES[tab], event.activatedModules);
  return missing.length > 0 ? { enabled: false, reason: 'modules', missing } : { enabled: true };
}
