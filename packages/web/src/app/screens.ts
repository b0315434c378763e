import type { RouteEntry } from '@regie/contract/menu';
import {
  RESOURCE_NAMES,
  RESOURCE_REGISTRY,
  type ResourceName,
  resourceRoute,
} from '@regie/contract/resources/registry';
import { SEASON_ROUTES } from '../features/competitions/competition-paths.ts';
import {
  type ResourceScreenLoader,
  type ResourceScreensOptions,
  resourceScreens,
} from '../resources/resource-screens.ts';
import { type LazyScreen, lazyScreen } from './lazy-screen.ts';

/**
 * How a resource's screens differ from what its declaration alone gives: a setup with its
 * customisation (`{ resource, custom }`, see resources/customization.ts), pages that are not the
 * list / new / edit trio under its route, or `false` when custom screens (below) draw its pages.
 */
type ResourceScreensOverride = false | { load?: ResourceScreenLoader; options?: ResourceScreensOptions };

const RESOURCE_SCREENS: { readonly [Name in ResourceName]?: ResourceScreensOverride } = {
  sports: { load: () => import('../features/sports/sports-setup.tsx').then((m) => m.sportsSetup) },
  // Account administration: users and groups, customers.
  users: { load: () => import('../features/users/users-setup.ts').then((m) => m.usersSetup) },
  groups: {
    load: () => import('../features/users/users-setup.ts').then((m) => m.groupsSetup),
    options: {
      // Groups are listed on the users list; their pages sit under /account/users.
      list: false,
      routes: {
        list: '/account/users/list',
        create: '/account/users/group/new',
        edit: '/account/users/group/:groupId',
        idParam: 'groupId',
      },
    },
  },
  accounts: { load: () => import('../features/customers/customers-setup.ts').then((m) => m.customersSetup) },
  competitions: {
    load: () => import('../features/competitions/competitions-setup.tsx').then((m) => m.competitionsSetup),
  },
  seasons: {
    load: () => import('../features/competitions/competitions-setup.tsx').then((m) => m.seasonsSetup),
    // Seasons are listed on their competition's page, which their own page goes back to.
    options: { list: false, routes: SEASON_ROUTES },
  },
  categories: { load: () => import('../features/categories/categories-setup.tsx').then((m) => m.categoriesSetup) },
  subcategories: {
    load: () => import('../features/categories/categories-setup.tsx').then((m) => m.subcategoriesSetup),
    options: {
      // Subcategories are listed on their category's page; their own pages sit under /account/categories.
      list: false,
      routes: {
        list: '/account/categories/list',
        create: '/account/categories/subcategories/new',
        edit: '/account/categories/subcategories/edit/:id',
        idParam: 'id',
      },
    },
  },
  playlists: { load: () => import('../features/playlists/playlists-setup.tsx').then((m) => m.playlistsSetup) },
  'payment-offers': {
    load: () => import('../features/payments/payment-offers-setup.ts').then((m) => m.paymentOffersSetup),
  },
  products: { load: () => import('../features/payments/products-setup.tsx').then((m) => m.productsSetup) },
  speakers: { load: () => import('../features/speakers/speakers-setup.tsx').then((m) => m.speakersSetup) },
  'clip-rules': { load: () => import('../features/clip-rules/clip-rules-setup.tsx').then((m) => m.clipRulesSetup) },
  // Videos: the list (live job progress); the upload and edit screens below replace the generic ones.
  videos: {
    load: () => import('../features/videos/list/videos-setup.tsx').then((m) => m.videosSetup),
    options: {
      routes: {
        list: '/medias/videos/list',
        create: '/medias/videos/create',
        edit: '/medias/videos/edit/:videoId',
        idParam: 'videoId',
      },
    },
  },
  // Conferences: their edit screen's tabs (features/conferences).
  'business-players': {
    load: () => import('../features/conferences/conferences-setup.tsx').then((m) => m.conferencesSetup),
  },
  // The clip template screen is a screen of its own.
  'clip-templates': false,
  // Sport events: the list and the edit screen's tabs (features/events/event-tabs.tsx).
  events: { load: () => import('../features/events/events-setup.tsx').then((m) => m.eventsSetup) },
  // Trivia quizzes: their questions, answers and the questions' order under the infos form.
  quizzes: { load: () => import('../features/trivia/quizzes-setup.tsx').then((m) => m.quizzesSetup) },
};

/** The list / new / edit screens of every resource of the contract's list that has a route. */
function registeredScreens(): Record<string, LazyScreen> {
  const screens: Record<string, LazyScreen> = {};
  for (const name of RESOURCE_NAMES) {
    const route = resourceRoute(name);
    const override = RESOURCE_SCREENS[name];
    if (!route || override === false) continue;
    Object.assign(screens, resourceScreens(route, override?.load ?? RESOURCE_REGISTRY[name].load, override?.options));
  }
  return screens;
}

/**
 * The screens built so far, by the route tree's full path (contract menu.ts). A declared resource
 * gets its list / new / edit screens from the contract's list (contract resources/registry.ts),
 * customised in RESOURCE_SCREENS above; the other screens are one line here. A route of the tree
 * without a screen shows its title and 'not available yet'. A screen registered on a tab
 * container (an edit page) also serves its tabs.
 */
export const SCREENS: Readonly<Record<string, LazyScreen>> = {
  ...registeredScreens(),
  '/account/settings/infos': lazyScreen(
    () => import('../features/settings/SettingsInfos.tsx'),
    (m) => m.SettingsInfos,
  ),
  '/account/sports/map/:sportId': lazyScreen(
    () => import('../features/sports/SportMap.tsx'),
    (m) => m.SportMap,
  ),
  '/account/settings/subscription': lazyScreen(
    () => import('../features/settings/SettingsSubscription.tsx'),
    (m) => m.SettingsSubscription,
  ),
  '/account/settings/social-networks': lazyScreen(
    () => import('../features/settings/SettingsSocialNetworks.tsx'),
    (m) => m.SettingsSocialNetworks,
  ),
  '/account/settings/playback': lazyScreen(
    () => import('../features/settings/SettingsPlayback.tsx'),
    (m) => m.SettingsPlayback,
  ),
  // Who did what (issue 26): the audit trail's entries, filters and CSV export.
  '/account/audit': lazyScreen(
    () => import('../features/audit/AuditScreen.tsx'),
    (m) => m.AuditScreen,
  ),
  '/admin-tools/purge-cache': lazyScreen(
    () => import('../features/admin-tools/PurgeCache.tsx'),
    (m) => m.PurgeCache,
  ),
  '/admin-tools/query-builder': lazyScreen(
    () => import('../features/admin-tools/query-builder/QueryBuilderScreen.tsx'),
    (m) => m.QueryBuilderScreen,
  ),
  '/admin-tools/generate-events': lazyScreen(
    () => import('../features/admin-tools/generate-events/GenerateEvents.tsx'),
    (m) => m.GenerateEvents,
  ),
  '/admin-tools/parser-mapping/:provider?/:sportId?/:mode?/:dataProviderMappingId?': lazyScreen(
    () => import('../features/admin-tools/ParserMapping.tsx'),
    (m) => m.ParserMapping,
  ),
  '/account/categories/:id/linked-items': lazyScreen(
    () => import('../features/categories/CategoryLinkedItems.tsx'),
    (m) => m.CategoryLinkedItems,
  ),
  '/account/playlists/:id/linked-videos': lazyScreen(
    () => import('../features/playlists/PlaylistLinkedVideos.tsx'),
    (m) => m.PlaylistLinkedVideos,
  ),
  '/data-import/ipfl': lazyScreen(
    () => import('../features/data-import/DataImport.tsx'),
    (m) => m.DataImport,
  ),
  '/data-import/feeds': lazyScreen(
    () => import('../features/data-providers/DataFeeds.tsx'),
    (m) => m.DataFeeds,
  ),
  '/faq/main': lazyScreen(
    () => import('../features/faq/FaqMain.tsx'),
    (m) => m.FaqMain,
  ),
  '/medias/videos/create': lazyScreen(
    () => import('../features/videos/create/VideoCreate.tsx'),
    (m) => m.VideoCreate,
  ),
  // Videos: the edit screen (form, media panel, subtitles tab); the clip screen.
  '/medias/videos/edit/:videoId': lazyScreen(
    () => import('../features/videos/edit/VideoEdit.tsx'),
    (m) => m.VideoEdit,
  ),
  // Live inputs (issue 12): list, new, edit (encoder settings, health, preview).
  '/medias/streams/list': lazyScreen(
    () => import('../features/streams/StreamsList.tsx'),
    (m) => m.StreamsList,
  ),
  '/medias/streams/new': lazyScreen(
    () => import('../features/streams/StreamCreate.tsx'),
    (m) => m.StreamCreate,
  ),
  '/medias/streams/edit/:inputId': lazyScreen(
    () => import('../features/streams/StreamEdit.tsx'),
    (m) => m.StreamEdit,
  ),
  // Every publication of the account to its social accounts (issue 41).
  '/medias/publications': lazyScreen(
    () => import('../features/publications/PublicationsScreen.tsx'),
    (m) => m.PublicationsScreen,
  ),
  // The clip rules' publications waiting for a producer (issue 41 point 3).
  '/medias/approvals': lazyScreen(
    () => import('../features/publications/ApprovalsScreen.tsx'),
    (m) => m.ApprovalsScreen,
  ),
  // One live event's control room (features/control-room).
  '/events/sports/control-room/:id': lazyScreen(
    () => import('../features/control-room/ControlRoomScreen.tsx'),
    (m) => m.ControlRoomScreen,
  ),
  '/clipping/conference': lazyScreen(
    () => import('../features/conferences/ClipConferenceScreen.tsx'),
    (m) => m.ClipConferenceScreen,
  ),
  '/clipping/event': lazyScreen(
    () => import('../features/clipping/EventClipScreen.tsx'),
    (m) => m.EventClipScreen,
  ),
  '/clipping/clips': lazyScreen(
    () => import('../features/clipping/ClipsScreen.tsx'),
    (m) => m.ClipsScreen,
  ),
  '/clipping/template': lazyScreen(
    () => import('../features/clips/ClipTemplateScreen.tsx'),
    (m) => m.ClipTemplateScreen,
  ),
  // The account's fan games settings (features/games).
  '/account/gamification/trivia': lazyScreen(
    () => import('../features/games/GameSettingsScreen.tsx'),
    (m) => m.TriviaSettingsScreen,
  ),
  '/account/gamification/predictor': lazyScreen(
    () => import('../features/games/GameSettingsScreen.tsx'),
    (m) => m.PredictorSettingsScreen,
  ),
  '/account/gamification/motm': lazyScreen(
    () => import('../features/games/GameSettingsScreen.tsx'),
    (m) => m.MotmSettingsScreen,
  ),
  '/trivia/rankings/list': lazyScreen(
    () => import('../features/trivia/RankingsScreen.tsx'),
    (m) => m.RankingsScreen,
  ),
  '/dashboard/all': lazyScreen(
    () => import('../features/dashboard/DashboardScreen.tsx'),
    (m) => m.DashboardScreen,
  ),
  // Simulcasts and cloud simulcasts (features/simulcasts).
  '/events/simulcasts/list': lazyScreen(
    () => import('../features/simulcasts/SimulcastList.tsx'),
    (m) => m.SimulcastListScreen,
  ),
  '/events/simulcasts/new': lazyScreen(
    () => import('../features/simulcasts/SimulcastForm.tsx'),
    (m) => m.SimulcastNewScreen,
  ),
  '/events/simulcasts/edit/:simId': lazyScreen(
    () => import('../features/simulcasts/SimulcastEdit.tsx'),
    (m) => m.SimulcastEditScreen,
  ),
  '/events/aws-simulcasts/list': lazyScreen(
    () => import('../features/simulcasts/SimulcastList.tsx'),
    (m) => m.AwsSimulcastListScreen,
  ),
  '/events/aws-simulcasts/new': lazyScreen(
    () => import('../features/simulcasts/SimulcastForm.tsx'),
    (m) => m.AwsSimulcastNewScreen,
  ),
  '/events/aws-simulcasts/edit/:id': lazyScreen(
    () => import('../features/simulcasts/SimulcastEdit.tsx'),
    (m) => m.AwsSimulcastEditScreen,
  ),
  // The fans CRM (issue 13, features/fans): fans (list, edit tabs) and fan profiles.
  '/crm/fans/list': lazyScreen(
    () => import('../features/fans/FansList.tsx'),
    (m) => m.FansList,
  ),
  '/crm/fans/edit/:id': lazyScreen(
    () => import('../features/fans/FanEdit.tsx'),
    (m) => m.FanEditScreen,
  ),
  '/crm/fanProfiles/list': lazyScreen(
    () => import('../features/fans/ProfilesList.tsx'),
    (m) => m.ProfilesList,
  ),
  '/crm/fanProfiles/new': lazyScreen(
    () => import('../features/fans/ProfileForm.tsx'),
    (m) => m.ProfileNewScreen,
  ),
  '/crm/fanProfiles/edit/:id': lazyScreen(
    () => import('../features/fans/ProfileForm.tsx'),
    (m) => m.ProfileEditScreen,
  ),
  '/tests/widgets': lazyScreen(
    () => import('../features/tests/WidgetsGallery.tsx'),
    (m) => m.WidgetsGallery,
  ),
};

export function screenFor(entry: RouteEntry): LazyScreen | undefined {
  return SCREENS[entry.fullPath] ?? (entry.isTab && entry.parentPath ? SCREENS[entry.parentPath] : undefined);
}
