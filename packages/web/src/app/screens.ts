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
  ...resourceScreens('/account/sports', () => import('@regie/contract/resources/sports').then((m) => m.sportsResource)),
  ...resourceScreens('/account/tags', () => import('@regie/contract/resources/tags').then((m) => m.tagsResource)),
  '/tests/widgets': lazyScreen(
    () => import('../features/tests/WidgetsGallery.tsx'),
    (m) => m.WidgetsGallery,
  ),
};

export function screenFor(entry: RouteEntry): LazyScreen | undefined {
  return SCREENS[entry.fullPath] ?? (entry.isTab && entry.parentPath ? SCREENS[entry.parentPath] : undefined);
}
