import { ROUTES } from '@regie/contract/routes';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotAuthorized } from '../features/system/NotAuthorized.tsx';
import { NotFound } from '../features/system/NotFound.tsx';
import { ScreenLoader } from './layout/ScreenLoader.tsx';
import { lazyScreen } from './lazy-screen.ts';
import { RequireSession } from './RequireSession.tsx';
import { RouteScreen } from './RouteScreen.tsx';
import type { RouteHandle } from './route-entry.ts';
import { SessionCheck } from './SessionCheck.tsx';
import { StartScreen } from './StartScreen.tsx';

const LoginPage = lazyScreen(
  () => import('../features/login/LoginPage.tsx'),
  (m) => m.LoginPage,
);
const AuthenticatedLayout = lazyScreen(
  () => import('./layout/AuthenticatedLayout.tsx'),
  (m) => m.AuthenticatedLayout,
);

/**
 * Every route of the contract's tree, inside the authenticated layout; `:param?` segments are
 * react-router's optional segments as they are.
 */
export const routes: RouteObject[] = [
  { path: '/', element: <StartScreen /> },
  {
    path: '/login',
    element: (
      <ScreenLoader>
        <LoginPage />
      </ScreenLoader>
    ),
  },
  { path: '/check', element: <SessionCheck /> },
  {
    element: (
      <RequireSession>
        <ScreenLoader>
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
