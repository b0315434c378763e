import type { ResourceDefinition } from './define.ts';

/**
 * Every declared resource, once: its name, where its screens sit in the menu tree, and how to load
 * its declaration (`resources/<file>.ts`). The server's engine (server resources.registry.ts,
 * typed over `ResourceName`: a resource without its table does not compile), the web app's screen
 * table (web app/screens.ts) and the contract's declaration tests all derive from this list;
 * resources.test.ts fails on a declaration left out of it.
 *
 * Zod-free on purpose: the web app reads the routes when it starts and loads a declaration (its
 * zod schema) only with the screens that draw it.
 */
export interface ResourceRegistration<Declaration = Pick<ResourceDefinition, 'name' | 'labelKey'>> {
  /** Base of the resource's screens in the menu tree (its list / new / edit nodes sit under it). */
  route: string | undefined;
  load(): Promise<Declaration>;
}

function registration<Declaration extends Pick<ResourceDefinition, 'name' | 'labelKey'>>(
  load: () => Promise<Declaration>,
  route?: string,
): ResourceRegistration<Declaration> {
  return { load, route };
}

export const RESOURCE_REGISTRY = {
  tags: registration(() => import('./tags.ts').then((m) => m.tagsResource), '/account/tags'),
  sports: registration(() => import('./sports.ts').then((m) => m.sportsResource), '/account/sports'),
  accounts: registration(() => import('./accounts.ts').then((m) => m.accountsResource), '/account/customers'),
  users: registration(() => import('./users.ts').then((m) => m.usersResource), '/account/users'),
  groups: registration(() => import('./groups.ts').then((m) => m.groupsResource), '/account/users/group'),
  'marker-types': registration(
    () => import('./marker-types.ts').then((m) => m.markerTypesResource),
    '/account/marker-types',
  ),
  'clip-skins': registration(() => import('./clip-skins.ts').then((m) => m.clipSkinsResource), '/account/clip-skins'),
  themes: registration(() => import('./themes.ts').then((m) => m.themesResource), '/account/themes'),
  competitions: registration(
    () => import('./competitions.ts').then((m) => m.competitionsResource),
    '/account/competitions',
  ),
  seasons: registration(() => import('./seasons.ts').then((m) => m.seasonsResource)),
  rounds: registration(() => import('./rounds.ts').then((m) => m.roundsResource)),
  categories: registration(() => import('./categories.ts').then((m) => m.categoriesResource), '/account/categories'),
  // Listed on their category's page: their pages sit under the categories' base.
  subcategories: registration(
    () => import('./subcategories.ts').then((m) => m.subcategoriesResource),
    '/account/categories',
  ),
  playlists: registration(() => import('./playlists.ts').then((m) => m.playlistsResource), '/account/playlists'),
  'payment-offers': registration(
    () => import('./payment-offers.ts').then((m) => m.paymentOffersResource),
    '/account/payment-offers',
  ),
  products: registration(() => import('./products.ts').then((m) => m.productsResource), '/account/products'),
  paymentOffers: registration(() => import('./products.ts').then((m) => m.productPaymentOffersResource)),
  challengers: registration(() => import('./challengers.ts').then((m) => m.challengersResource), '/actors/challengers'),
  speakers: registration(() => import('./speakers.ts').then((m) => m.speakersResource), '/actors/speakers'),
  faq: registration(() => import('./faq.ts').then((m) => m.faqResource), '/faq/entries'),
  videos: registration(() => import('./videos.ts').then((m) => m.videosResource), '/medias/videos'),
  'clip-templates': registration(
    () => import('./clip-templates.ts').then((m) => m.clipTemplatesResource),
    '/clipping/template',
  ),
  events: registration(() => import('./events.ts').then((m) => m.eventsResource), '/events/sports'),
  markers: registration(() => import('./events.ts').then((m) => m.markersResource)),
};

export type ResourceName = keyof typeof RESOURCE_REGISTRY;

export function isResourceName(name: string): name is ResourceName {
  return Object.hasOwn(RESOURCE_REGISTRY, name);
}

/** The names in the registry's order. */
export const RESOURCE_NAMES: readonly ResourceName[] = Object.keys(RESOURCE_REGISTRY).filter(isResourceName);

/** Base of a resource's screens in the menu tree, if it has screens. */
export function resourceRoute(name: string): string | undefined {
  return isResourceName(name) ? RESOURCE_REGISTRY[name].route : undefined;
}
