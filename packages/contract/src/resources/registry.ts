import { type AccessRule, PLATFORM_ADMIN_ACCESS_LEVEL } from '../access.ts';
import { ADMIN_ROLE } from '../roles.ts';
import { VIDEO_WRITE_RULE } from '../videos.ts';
import type { ResourceDefinition } from './define.ts';

/**
 * Every declared resource, once: its name, where its screens sit in the menu tree, who may write
 * it, and how to load its declaration (`resources/<file>.ts`). The server's engine (server
 * resources.registry.ts, typed over `ResourceName`: a resource without its table does not
 * compile), the web app's screen table (web app/screens.ts), the menu's list / new / edit nodes
 * (menu.ts `resourceNode`) and the contract's declaration tests all derive from this list;
 * resources.test.ts fails on a declaration left out of it.
 *
 * Zod-free on purpose: the web app reads the routes when it starts and loads a declaration (its
 * zod schema) only with the screens that draw it.
 */
export interface ResourceRegistration<Declaration = Pick<ResourceDefinition, 'name' | 'labelKey'>> {
  /** Base of the resource's screens in the menu tree (its list / new / edit nodes sit under it). */
  route: string | undefined;
  /**
   * Who may write the resource: the declaration's `access.write` (`registeredWriteRule`) and the
   * roles of its menu screens (menu.ts `resourceNode`) are this one rule.
   */
  write: AccessRule;
  load(): Promise<Declaration>;
}

function registration<Declaration extends Pick<ResourceDefinition, 'name' | 'labelKey'>>(
  load: () => Promise<Declaration>,
  where: { route?: string; write: AccessRule },
): ResourceRegistration<Declaration> {
  return { load, route: where.route, write: where.write };
}

/** Sports, competitions, tags, challengers: sport player writers. */
export const SPORT_DATA_RULE: AccessRule = { authorizedRoles: ['sport_player_write'] };
/** Categories and playlists: video writers and CMS users. */
export const CONTENT_RULE: AccessRule = { authorizedRoles: ['video_write', 'use_cms'] };
export const PAYMENT_ROLES = ['manage_payments', 'payment_offer_write'] as const;
/** Products and their offers (spec §6 "Role to module": payment roles → PAYMENT_PRODUCT). */
export const PRODUCT_RULE: AccessRule = { authorizedRoles: PAYMENT_ROLES, requiredModules: ['PAYMENT_PRODUCT'] };
/** The account's people and their groups. */
const PEOPLE_RULE: AccessRule = { authorizedRoles: ['manage_users'] };

export const RESOURCE_REGISTRY = {
  tags: registration(() => import('./tags.ts').then((m) => m.tagsResource), {
    route: '/account/tags',
    write: SPORT_DATA_RULE,
  }),
  sports: registration(() => import('./sports.ts').then((m) => m.sportsResource), {
    route: '/account/sports',
    write: SPORT_DATA_RULE,
  }),
  accounts: registration(() => import('./accounts.ts').then((m) => m.accountsResource), {
    route: '/account/customers',
    write: { authorizedRoles: ['manage_customer_accounts'], accessLevel: PLATFORM_ADMIN_ACCESS_LEVEL },
  }),
  users: registration(() => import('./users.ts').then((m) => m.usersResource), {
    route: '/account/users',
    write: PEOPLE_RULE,
  }),
  // Listed on the users' page: their pages sit under the users' base.
  groups: registration(() => import('./groups.ts').then((m) => m.groupsResource), {
    route: '/account/users/group',
    write: PEOPLE_RULE,
  }),
  'marker-types': registration(() => import('./marker-types.ts').then((m) => m.markerTypesResource), {
    route: '/account/marker-types',
    write: { authorizedRoles: ['sport_player_write', 'liveclipping_write'] },
  }),
  'clip-skins': registration(() => import('./clip-skins.ts').then((m) => m.clipSkinsResource), {
    route: '/account/clip-skins',
    write: { authorizedRoles: ['liveclipping_write'], requiredModules: ['STREAM_CLIPPING'] },
  }),
  themes: registration(() => import('./themes.ts').then((m) => m.themesResource), {
    route: '/account/themes',
    write: { authorizedRoles: ['sport_player_write', 'conf_player_write'], requiredModules: ['THEME'] },
  }),
  competitions: registration(() => import('./competitions.ts').then((m) => m.competitionsResource), {
    route: '/account/competitions',
    write: SPORT_DATA_RULE,
  }),
  seasons: registration(() => import('./seasons.ts').then((m) => m.seasonsResource), { write: SPORT_DATA_RULE }),
  rounds: registration(() => import('./rounds.ts').then((m) => m.roundsResource), { write: SPORT_DATA_RULE }),
  categories: registration(() => import('./categories.ts').then((m) => m.categoriesResource), {
    route: '/account/categories',
    write: CONTENT_RULE,
  }),
  // Listed on their category's page: their pages sit under the categories' base.
  subcategories: registration(() => import('./subcategories.ts').then((m) => m.subcategoriesResource), {
    route: '/account/categories/subcategories',
    write: CONTENT_RULE,
  }),
  playlists: registration(() => import('./playlists.ts').then((m) => m.playlistsResource), {
    route: '/account/playlists',
    write: CONTENT_RULE,
  }),
  'payment-offers': registration(() => import('./payment-offers.ts').then((m) => m.paymentOffersResource), {
    route: '/account/payment-offers',
    write: { authorizedRoles: PAYMENT_ROLES, requiredModules: ['PAYMENT_RESTRICTION'] },
  }),
  products: registration(() => import('./products.ts').then((m) => m.productsResource), {
    route: '/account/products',
    write: PRODUCT_RULE,
  }),
  paymentOffers: registration(() => import('./products.ts').then((m) => m.productPaymentOffersResource), {
    write: PRODUCT_RULE,
  }),
  challengers: registration(() => import('./challengers.ts').then((m) => m.challengersResource), {
    route: '/actors/challengers',
    write: SPORT_DATA_RULE,
  }),
  speakers: registration(() => import('./speakers.ts').then((m) => m.speakersResource), {
    route: '/actors/speakers',
    write: { authorizedRoles: ['conf_player_write'] },
  }),
  faq: registration(() => import('./faq.ts').then((m) => m.faqResource), {
    route: '/faq/entries',
    write: { authorizedRoles: [ADMIN_ROLE], accessLevel: PLATFORM_ADMIN_ACCESS_LEVEL },
  }),
  videos: registration(() => import('./videos.ts').then((m) => m.videosResource), {
    route: '/medias/videos',
    write: VIDEO_WRITE_RULE,
  }),
  'clip-templates': registration(() => import('./clip-templates.ts').then((m) => m.clipTemplatesResource), {
    route: '/clipping/template',
    // The clip rule (contract clips.ts), narrowed to the clipping module: templates belong to Clipping.
    write: { authorizedRoles: ['liveclipping_write', 'clip_only'], requiredModules: ['STREAM_CLIPPING'] },
  }),
  events: registration(() => import('./events.ts').then((m) => m.eventsResource), {
    route: '/events/sports',
    write: { authorizedRoles: ['sport_player_write'], requiredModules: ['SPORT_EVENTS'] },
  }),
  markers: registration(() => import('./events.ts').then((m) => m.markersResource), {
    // Operators drop markers live, clippers too.
    write: {
      authorizedRoles: ['sport_player_write', 'liveclipping_write'],
      authorizedModules: ['SPORT_EVENTS', 'STREAM_CLIPPING'],
    },
  }),
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

/**
 * A declaration's `access.write`: its registration's rule. Typed over `string`, not
 * `ResourceName`, so that a declaration reading it does not make the registry's type depend on
 * itself; a name left out of the registry throws when its declaration loads.
 */
export function registeredWriteRule(name: string): AccessRule {
  if (!isResourceName(name)) throw new Error(`Resource ${name} is not in the registry (resources/registry.ts)`);
  return RESOURCE_REGISTRY[name].write;
}
