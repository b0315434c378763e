import type { ResourceRoutes } from '../../resources/resource-screens.ts';

/**
 * Where the competition pages are (contract menu.ts account/competitions). Its own module: the
 * screen table (app/screens.ts), which every page loads first, reads the seasons' pages here.
 */
export const COMPETITION_PATHS = {
  edit: '/account/competitions/edit/:id',
  /** A season's page: `id` is its competition's, as on the competition's page. */
  seasonEdit: '/account/competitions/:id/seasons/edit/:seasonId',
} as const;

/** A season's pages: listed on its competition's page, which its own page goes back to. */
export const SEASON_ROUTES: Omit<ResourceRoutes, 'base'> = {
  list: COMPETITION_PATHS.edit,
  create: null,
  edit: COMPETITION_PATHS.seasonEdit,
  idParam: 'seasonId',
  parentParam: 'id',
};
