import { matchRoute, ROUTES } from '@regie/contract/routes';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { prefetchEnvironment } from '../api/queries.ts';
import { LoginPage } from '../features/login/LoginPage.tsx';
import { NotAuthorized } from '../features/system/NotAuthorized.tsx';
import { NotFound } from '../features/system/NotFound.tsx';
import { LayoutPlaceholder } from './layout/LayoutPlaceholder.tsx';
import { ScreenLoader } from './layout/ScreenLoader.tsx';
import { lazyScreen } from './lazy-screen.ts';
import { CHECK_PATH, LOGIN_PATH, START_PATH } from './paths.ts';
import { RequireSession } from './RequireSession.tsx';
import { RouteScreen } from './RouteScreen.tsx';
import type { RouteHandle } from './route-entry.ts';
import { SessionCheck } from './SessionCheck.tsx';
import { StartScreen } from './StartScreen.tsx';
import { screenFor } from './screens.ts';

const AuthenticatedLayout = lazyScreen(
  () => import('./layout/AuthenticatedLayout.tsx'),
  (m) => m.AuthenticatedLayout,
);

/**
 * Every route of the contract's tree, inside the authenticated layout; `:param?` segments are
 * react-router's optional segments as they are.
 */
export const routes: RouteObject[] = [
  { path: START_PATH, element: <StartScreen /> },
  {
    path: LOGIN_PATH,
    element: (
      <ScreenLoader>
        <LoginPage />
      </ScreenLoader>
    ),
  },
  { path: CHECK_PATH, element: <SessionCheck /> },
  {
    element: (
      <RequireSession>
        <ScreenLoader fallback={<LayoutPlaceholder />}>
          <AuthenticatedLayout />
        </ScreenLoader>
      </RequireSession>
    ),
    children: [
      { path: '/notauthorized', element: <NotAuthorized /> },
      ...ROUTES.map((entry) => ({
        path: entry.fullPath,
        element: <RouteScreen entry={entry} />,
        handle: { entry } satisfies RouteHandle,
      })),
    ],
  },
  { path: '*', element: <NotFound /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

/**
 * What a signed-in first page needs, asked for at once and side by side rather than one after
 * another as it renders: its code (the layout and the screen's chunks), the environment check's
 * payload and, on a list page, its rows. The language's catalog downloads meanwhile (main.tsx).
 * The login page needs none of this: it is in the start-up chunk (every new visit starts there,
 * and it is small).
 */
export function preloadPage(pathname: string, signedIn: boolean): void {
  const match = signedIn ? matchRoute(pathname) : undefined;
  if (!match) return;
  AuthenticatedLayout.preload();
  const screen = screenFor(match.entry);
  screen?.preload();
  prefetchEnvironment();
  // A list page's rows too: not after the check, the layout and the screen's first render.
  screen?.prefetch?.(window.location.search);
}
