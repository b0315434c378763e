import { type AccessRule, PLATFORM_ADMIN_ACCESS_LEVEL } from '../access.ts';
import type { ModuleCode } from '../modules.ts';
import { ADMIN_ROLE } from '../roles.ts';
import { VIDEO_WRITE_RULE } from '../videos.ts';
import type { ResourceDefinition } from './define.ts';

/**
 * Every declared resource, once: its name, where its screens sit in the menu tree, who may write
 * it, and how to load its declaration (`resources/<file>.ts`). The server's engine (server
 * resources.registry.ts, typed over `ResourceName`: a resource without its table does not
 * compile), the web app's screen table (web app/screens.ts), the menu's list / new / edit nodes
 * (menu.ts `registeredNodes`) and the contract's declaration tests all derive from this list;
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
   * roles of its menu screens (menu.ts `registeredNodes`) are this one rule.
   */
  write: AccessRule;
  /** Its own entry in the menu, under the area its route names; none when its pages sit elsewhere. */
  menu: ResourceMenuEntry | undefined;
  load(): Promise<Declaration>;
}

/**
 * A resource's own menu entry (menu.ts `registeredNodes` makes it, with its list / new / edit
 * pages, at the registration's route): label `menu.<route segments in camelCase>`, roles the
 * write rule's; what is here is what the write rule does not say.
 */
export interface ResourceMenuEntry {
  /** Name of a Tabler icon (`@tabler/icons-react`); none for an entry not listed. */
  icon?: string;
  requiredModules?: readonly ModuleCode[];
  authorizedModules?: readonly ModuleCode[];
  accessLevel?: number;
  /** Reachable, not listed (menu.ts MenuNode `hidden`). */
  hidden?: boolean;
  /** The creation page's path; default 'new'. */
  newPath?: string;
  /** The edit page's parameter holding the record id; default 'id'. */
  editParam?: string;
}

function registration<Declaration extends Pick<ResourceDefinition, 'name' | 'labelKey'>>(
  load: () => Promise<Declaration>,
  where: { route?: string; write: AccessRule; menu?: ResourceMenuEntry },
): ResourceRegistration<Declaration> {
  return { load, route: where.route, write: where.write, menu: where.menu };
}

/** Sports, competitions, tags, challengers: sport player writers. */
export const SPORT_DATA_RULE: AccessRule = { authorizedRoles: ['sport_player_write'] };
/**
 * Challengers (clubs and players): sport player writers, and the man-of-the-match's writers, who
 * keep a match's clubs and players (its vote's candidates) right (issue 46.5).
 */
export const CHALLENGERS_RULE: AccessRule = { authorizedRoles: ['sport_player_write', 'motm_write'] };
/** Categories and playlists: video writers and CMS users. */
export const CONTENT_RULE: AccessRule = { authorizedRoles: ['video_write', 'use_cms'] };
export const PAYMENT_ROLES = ['manage_payments', 'payment_offer_write'] as const;
/** Products and their offers (spec §6 "Role to module": payment roles → PAYMENT_PRODUCT). */
export const PRODUCT_RULE: AccessRule = { authorizedRoles: PAYMENT_ROLES, requiredModules: ['PAYMENT_PRODUCT'] };
/** Trivia quizzes, their questions and answers (spec §6 trivia_write → ADDON_TRIVIA). */
export const TRIVIA_RULE: AccessRule = { authorizedRoles: ['trivia_write'], requiredModules: ['ADDON_TRIVIA'] };
/** The account's people and their groups. */
const PEOPLE_RULE: AccessRule = { authorizedRoles: ['manage_users'] };
/** The sport data's menu entries: the SPORT_EVENTS module. */
const SPORT_DATA_MENU = { requiredModules: ['SPORT_EVENTS'] } as const;
/** Categories and playlists: the VIDEOS or CMS module. */
const CONTENT_MENU = { authorizedModules: ['VIDEOS', 'CMS'] } as const;

export const RESOURCE_REGISTRY = {
  // In the menu's order within each area (menu.ts `registeredNodes`).
  accounts: registration(() => import('./accounts.ts').then((m) => m.accountsResource), {
    route: '/account/customers',
    write: { authorizedRoles: ['manage_customer_accounts'], accessLevel: PLATFORM_ADMIN_ACCESS_LEVEL },
    menu: { icon: 'IconBuildingStadium', accessLevel: PLATFORM_ADMIN_ACCESS_LEVEL, editParam: 'accountId' },
  }),
  users: registration(() => import('./users.ts').then((m) => m.usersResource), {
    route: '/account/users',
    write: PEOPLE_RULE,
    menu: { icon: 'IconUsers', editParam: 'userId' },
  }),
  // Listed on the users' page: their pages sit under the users' entry (menu.ts).
  groups: registration(() => import('./groups.ts').then((m) => m.groupsResource), {
    route: '/account/users/group',
    write: PEOPLE_RULE,
  }),
  themes: registration(() => import('./themes.ts').then((m) => m.themesResource), {
    route: '/account/themes',
    write: { authorizedRoles: ['sport_player_write', 'conf_player_write'], requiredModules: ['THEME'] },
    menu: { icon: 'IconPalette', requiredModules: ['THEME'], editParam: 'themeId' },
  }),
  sports: registration(() => import('./sports.ts').then((m) => m.sportsResource), {
    route: '/account/sports',
    write: SPORT_DATA_RULE,
    menu: { icon: 'IconBallFootball', ...SPORT_DATA_MENU, editParam: 'sportId' },
  }),
  'marker-types': registration(() => import('./marker-types.ts').then((m) => m.markerTypesResource), {
    route: '/account/marker-types',
    write: { authorizedRoles: ['sport_player_write', 'liveclipping_write'] },
    menu: { icon: 'IconMapPin', authorizedModules: ['SPORT_EVENTS', 'STREAM_CLIPPING'], newPath: 'create' },
  }),
  'clip-skins': registration(() => import('./clip-skins.ts').then((m) => m.clipSkinsResource), {
    route: '/account/clip-skins',
    write: { authorizedRoles: ['liveclipping_write'], requiredModules: ['STREAM_CLIPPING'] },
    menu: { icon: 'IconMovie', requiredModules: ['STREAM_CLIPPING'] },
  }),
  competitions: registration(() => import('./competitions.ts').then((m) => m.competitionsResource), {
    route: '/account/competitions',
    write: SPORT_DATA_RULE,
    menu: { icon: 'IconTrophy', ...SPORT_DATA_MENU },
  }),
  // Listed on their competition's page; a season's own page (its rounds) sits under the competitions' entry (menu.ts).
  seasons: registration(() => import('./seasons.ts').then((m) => m.seasonsResource), {
    route: '/account/competitions/:id/seasons',
    write: SPORT_DATA_RULE,
  }),
  rounds: registration(() => import('./rounds.ts').then((m) => m.roundsResource), { write: SPORT_DATA_RULE }),
  tags: registration(() => import('./tags.ts').then((m) => m.tagsResource), {
    route: '/account/tags',
    write: SPORT_DATA_RULE,
    menu: { icon: 'IconTags', ...SPORT_DATA_MENU },
  }),
  'payment-offers': registration(() => import('./payment-offers.ts').then((m) => m.paymentOffersResource), {
    route: '/account/payment-offers',
    write: { authorizedRoles: PAYMENT_ROLES, requiredModules: ['PAYMENT_RESTRICTION'] },
    menu: { icon: 'IconCreditCard', requiredModules: ['PAYMENT_RESTRICTION'] },
  }),
  products: registration(() => import('./products.ts').then((m) => m.productsResource), {
    route: '/account/products',
    write: PRODUCT_RULE,
    menu: { icon: 'IconShoppingCart', requiredModules: ['PAYMENT_PRODUCT'], editParam: 'productId' },
  }),
  paymentOffers: registration(() => import('./products.ts').then((m) => m.productPaymentOffersResource), {
    write: PRODUCT_RULE,
  }),
  categories: registration(() => import('./categories.ts').then((m) => m.categoriesResource), {
    route: '/account/categories',
    write: CONTENT_RULE,
    menu: { icon: 'IconCategory', ...CONTENT_MENU },
  }),
  // Listed on their category's page: their pages sit under the categories' entry (menu.ts).
  subcategories: registration(() => import('./subcategories.ts').then((m) => m.subcategoriesResource), {
    route: '/account/categories/subcategories',
    write: CONTENT_RULE,
  }),
  playlists: registration(() => import('./playlists.ts').then((m) => m.playlistsResource), {
    route: '/account/playlists',
    write: CONTENT_RULE,
    menu: { icon: 'IconPlaylist', ...CONTENT_MENU },
  }),
  events: registration(() => import('./events.ts').then((m) => m.eventsResource), {
    route: '/events/sports',
    write: { authorizedRoles: ['sport_player_write'], requiredModules: ['SPORT_EVENTS'] },
    menu: { icon: 'IconBallFootball', requiredModules: ['SPORT_EVENTS'] },
  }),
  markers: registration(() => import('./events.ts').then((m) => m.markersResource), {
    // Operators drop markers live, clippers too.
    write: {
      authorizedRoles: ['sport_player_write', 'liveclipping_write'],
      authorizedModules: ['SPORT_EVENTS', 'STREAM_CLIPPING'],
    },
  }),
  // Conferences (spec: business players); clippers read them too (business-players.ts).
  'business-players': registration(() => import('./business-players.ts').then((m) => m.businessPlayersResource), {
    route: '/events/conferences',
    write: { authorizedRoles: ['conf_player_write'], requiredModules: ['BUSINESS_PLAYERS'] },
    menu: { icon: 'IconPresentation', requiredModules: ['BUSINESS_PLAYERS'] },
  }),
  // Its page sits in the Clipping area (menu.ts).
  'clip-templates': registration(() => import('./clip-templates.ts').then((m) => m.clipTemplatesResource), {
    route: '/clipping/template',
    // The clip rule (contract clips.ts), narrowed to the clipping module: templates belong to Clipping.
    write: { authorizedRoles: ['liveclipping_write', 'clip_only'], requiredModules: ['STREAM_CLIPPING'] },
  }),
  // Clips that make themselves from markers (issue 25): its entry sits in the Clipping area.
  'clip-rules': registration(() => import('./clip-rules.ts').then((m) => m.clipRulesResource), {
    route: '/clipping/rules',
    // The clip templates' writers: a rule makes clips as a template dresses them.
    write: { authorizedRoles: ['liveclipping_write', 'clip_only'], requiredModules: ['STREAM_CLIPPING'] },
    menu: { icon: 'IconListCheck', requiredModules: ['STREAM_CLIPPING'] },
  }),
  challengers: registration(() => import('./challengers.ts').then((m) => m.challengersResource), {
    route: '/actors/challengers',
    write: CHALLENGERS_RULE,
    menu: { icon: 'IconRun', ...SPORT_DATA_MENU, newPath: 'create' },
  }),
  speakers: registration(() => import('./speakers.ts').then((m) => m.speakersResource), {
    route: '/actors/speakers',
    write: { authorizedRoles: ['conf_player_write'] },
    menu: { icon: 'IconMicrophone', requiredModules: ['BUSINESS_PLAYERS'], newPath: 'create' },
  }),
  videos: registration(() => import('./videos.ts').then((m) => m.videosResource), {
    route: '/medias/videos',
    write: VIDEO_WRITE_RULE,
    menu: { icon: 'IconVideo', requiredModules: ['VIDEOS'], newPath: 'create', editParam: 'videoId' },
  }),
  // Trivia (menu trivia/quizzes, tabs infos and ranking): the questions and answers are edited on the quiz.
  quizzes: registration(() => import('./quizzes.ts').then((m) => m.quizzesResource), {
    route: '/trivia/quizzes',
    write: TRIVIA_RULE,
    menu: { icon: 'IconListCheck' },
  }),
  questions: registration(() => import('./quizzes.ts').then((m) => m.questionsResource), { write: TRIVIA_RULE }),
  answers: registration(() => import('./quizzes.ts').then((m) => m.answersResource), { write: TRIVIA_RULE }),
  // The entries behind the FAQ page, written by platform admins (its 'Edit entries' link).
  faq: registration(() => import('./faq.ts').then((m) => m.faqResource), {
    route: '/faq/entries',
    write: { authorizedRoles: [ADMIN_ROLE], accessLevel: PLATFORM_ADMIN_ACCESS_LEVEL },
    menu: { hidden: true },
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
