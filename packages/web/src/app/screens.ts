import type { RouteEntry } from '@regie/contract/menu';
import { resourceScreens } from '../resources/resource-screens.ts';
import { type LazyScreen, lazyScreen } from './lazy-screen.ts';

/**
 * The screens built so far, by the route tree's full path (contract menu.ts). Adding one is one
 * line here; a route of the tree without a screen shows its title and 'not available yet'.
 * A screen registered on a tab container (an edit page) also serves its tabs. A plain resource's
 * list / new / edit screens are one `resourceScreens` line (see resources/resource-screens.ts).
 */
export const SCREENS: Readonly<Record<string, LazyScreen>> = {
  '/account/settings/infos': lazyScreen(
    () => import('../features/settings/SettingsInfos.tsx'),
    (m) => m.SettingsInfos,
  ),
  ...resourceScreens('/account/sports', () => import('../features/sports/sports-setup.tsx').then((m) => m.sportsSetup)),
  '/account/sports/map/:sportId': lazyScreen(
    () => import('../features/sports/SportMap.tsx'),
    (m) => m.SportMap,
  ),
  ...resourceScreens('/account/tags', () => import('@regie/contract/resources/tags').then((m) => m.tagsResource)),
  // Account administration: users and groups, customers, settings tabs, cache purge.
  ...resourceScreens('/account/users', () => import('../features/users/users-setup.ts').then((m) => m.usersSetup)),
  ...resourceScreens(
    '/account/users/group',
    () => import('../features/users/users-setup.ts').then((m) => m.groupsSetup),
    {
      // Groups are listed on the users list; their pages sit under /account/users.
      list: false,
      routes: {
        list: '/account/users/list',
        create: '/account/users/group/new',
        edit: '/account/users/group/:groupId',
        idParam: 'groupId',
      },
    },
  ),
  ...resourceScreens('/account/customers', () =>
    import('../features/customers/customers-setup.ts').then((m) => m.customersSetup),
  ),
  '/account/settings/subscription': lazyScreen(
    () => import('../features/settings/SettingsSubscription.tsx'),
    (m) => m.SettingsSubscription,
  ),
  '/account/settings/social-networks': lazyScreen(
    () => import('../features/settings/SettingsSocialNetworks.tsx'),
    (m) => m.SettingsSocialNetworks,
  ),
  '/admin-tools/purge-cache': lazyScreen(
    () => import('../features/admin-tools/PurgeCache.tsx'),
    (m) => m.PurgeCache,
  ),
  // Catalogue and commerce: marker types to FAQ (one line per plain resource, custom screens beside).
  ...resourceScreens('/account/marker-types', () =>
    import('@regie/contract/resources/marker-types').then((m) => m.markerTypesResource),
  ),
  ...resourceScreens('/account/clip-skins', () =>
    import('@regie/contract/resources/clip-skins').then((m) => m.clipSkinsResource),
  ),
  ...resourceScreens('/account/themes', () => import('@regie/contract/resources/themes').then((m) => m.themesResource)),
  ...resourceScreens('/account/competitions', () =>
    import('../features/competitions/competitions-setup.tsx').then((m) => m.competitionsSetup),
  ),
  ...resourceScreens('/account/categories', () =>
    import('../features/categories/categories-setup.tsx').then((m) => m.categoriesSetup),
  ),
  ...resourceScreens(
    '/account/categories',
    () => import('../features/categories/categories-setup.tsx').then((m) => m.subcategoriesSetup),
    {
      // Subcategories are listed on their category's page; their own pages sit under /account/categories.
      list: false,
      routes: {
        list: '/account/categories/list',
        create: '/account/categories/subcategories/new',
        edit: '/account/categories/subcategories/edit/:id',
        idParam: 'id',
      },
    },
  ),
  '/account/categories/:id/linked-items': lazyScreen(
    () => import('../features/categories/CategoryLinkedItems.tsx'),
    (m) => m.CategoryLinkedItems,
  ),
  ...resourceScreens('/account/playlists', () =>
    import('../features/playlists/playlists-setup.tsx').then((m) => m.playlistsSetup),
  ),
  '/account/playlists/:id/linked-videos': lazyScreen(
    () => import('../features/playlists/PlaylistLinkedVideos.tsx'),
    (m) => m.PlaylistLinkedVideos,
  ),
  ...resourceScreens('/account/payment-offers', () =>
    import('../features/payments/payment-offers-setup.ts').then((m) => m.paymentOffersSetup),
  ),
  ...resourceScreens('/account/products', () =>
    import('../features/payments/products-setup.tsx').then((m) => m.productsSetup),
  ),
  ...resourceScreens('/actors/challengers', () =>
    import('@regie/contract/resources/challengers').then((m) => m.challengersResource),
  ),
  ...resourceScreens('/actors/speakers', () =>
    import('../features/speakers/speakers-setup.tsx').then((m) => m.speakersSetup),
  ),
  '/faq/main': lazyScreen(
    () => import('../features/faq/FaqMain.tsx'),
    (m) => m.FaqMain,
  ),
  ...resourceScreens('/faq/entries', () => import('@regie/contract/resources/faq').then((m) => m.faqResource)),
  // Videos: the list (live job progress) and the upload screen; the edit screen below replaces the generic one.
  ...resourceScreens(
    '/medias/videos',
    () => import('../features/videos/list/videos-setup.tsx').then((m) => m.videosSetup),
    {
      routes: {
        list: '/medias/videos/list',
        create: '/medias/videos/create',
        edit: '/medias/videos/edit/:videoId',
        idParam: 'videoId',
      },
    },
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
  '/clipping/template': lazyScreen(
    () => import('../features/clips/ClipTemplateScreen.tsx'),
    (m) => m.ClipTemplateScreen,
  ),
  '/tests/widgets': lazyScreen(
    () => import('../features/tests/WidgetsGallery.tsx'),
    (m) => m.WidgetsGallery,
  ),
};

export function screenFor(entry: RouteEntry): LazyScreen | undefined {
  return SCREENS[entry.fullPath] ?? (entry.isTab && entry.parentPath ? SCREENS[entry.parentPath] : undefined);
}
