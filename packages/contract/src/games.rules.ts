import type { AccessRule } from './access.ts';
import { TRIVIA_RULE } from './resources/registry.ts';

/**
 * The fan games and who may run each (role and module, spec §6): apart from games.settings.ts
 * (its schemas), so that the menu, which every page loads first, builds no schema.
 */
export const GAMES = ['trivia', 'predictor', 'motm'] as const;
export type Game = (typeof GAMES)[number];

export const GAME_RULES: Readonly<Record<Game, AccessRule>> = {
  trivia: TRIVIA_RULE,
  predictor: { authorizedRoles: ['predictor_write'], requiredModules: ['ADDON_PREDICTOR'] },
  motm: { authorizedRoles: ['motm_write'], requiredModules: ['ADDON_MOTM'] },
};
