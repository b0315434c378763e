import { MantineProvider } from '@mantine/core';
import { isPlatformAdmin } from '@regie/contract/access';
import type { LoginResponse, MeContextResponse, MeResponse } from '@regie/contract/auth';
import { resourceRoute } from '@regie/contract/resources/registry';
import { findRouteByPath } from '@regie/contract/routes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiContext } from '../api/api-context.ts';
import type { RouteHandle } from '../app/route-entry.ts';
import { theme } from '../app/theme.ts';
import { createI18n } from '../i18n/i18n.ts';
import { sessionStore } from '../session/current-session.ts';
import { mergeSessionUser } from '../session/session-store.ts';
import { NotificationZone } from '../widgets/Messages.tsx';
import '../test-utils.tsx';
import type { AnyResource } from './any-resource.ts';
import type { ResourceCustomization } from './customization.ts';
import type { FakeServer } from './fake-resource-server.ts';
import { ResourceEdit } from './ResourceEdit.tsx';
import { ResourceList } from './ResourceList.tsx';
import { type ResourceRoutes, resourceRoutes } from './resource-screens.ts';

/** A signed-in user of account 2 with the given roles (and modules); the context lists en and fr. */
export function signIn(roles: string[], options: { accessLevel?: number; modules?: string[] } = {}): void {
  const accessLevel = options.accessLevel ?? 0;
  const modules = options.modules ?? [];
  const login: LoginResponse = {
    accessToken: 'token-1',
    expiresAt: '2030-01-01T00:00:00.000Z',
    id: 7,
    username: 'producer',
    AccountId: 2,
    accountKey: 'key-2',
  };
  const me: MeResponse = {
    ...login,
    name: 'Pat Producer',
    accountId: 2,
    accountName: 'Olympique',
    accessLevel,
    isAdmin: isPlatformAdmin({ roles, accessLevel }),
    meta: { language: 'en' },
    Roles: roles.map((name, id) => ({ id, name })),
    Modules: [],
    Groups: [],
  };
  const context: MeContextResponse = {
    account: { id: 2, name: 'Olympique', accountKey: 'key-2', SportId: null, sportId: null },
    simulated: false,
    acting: null,
    Groups: [],
    roles,
    modules,
    languages: {
      available: [
        { id: 1, code: 'en', name: 'English' },
        { id: 2, code: 'fr', name: 'Français' },
      ],
      default: 'en',
    },
    homepage: '/account/tags/list',
  };
  act(() => sessionStore.setUser(mergeSessionUser(login, me, context)));
}

/**
 * The list, new and edit screens of a resource at `path`, on a memory router, talking to the fake
 * server through the real API client. Returns the current location, for assertions.
 */
export function renderResource(
  resource: AnyResource,
  server: FakeServer,
  path: string,
  options: { custom?: ResourceCustomization; routes?: ResourceRoutes; queryClient?: QueryClient } = {},
) {
  const { custom } = options;
  const routes = options.routes ?? resourceRoutes(resourceRoute(resource.name) ?? '');
  const handle = (fullPath: string | null): RouteHandle | undefined => {
    const entry = fullPath ? findRouteByPath(fullPath) : undefined;
    return entry ? { entry } : undefined;
  };
  const edit = <ResourceEdit resource={resource} routes={routes} custom={custom} />;
  const List = custom?.ListScreen ?? ResourceList;
  // An edit or creation page with tabs serves each tab with the same screen.
  const withTabs = (fullPath: string | null) => [
    { path: fullPath ?? '', element: edit, handle: handle(fullPath) },
    ...(findRouteByPath(fullPath ?? '')?.node.tabs
      ? (findRouteByPath(fullPath ?? '')?.children ?? []).map((tab) => ({
          path: tab.fullPath,
          element: edit,
          handle: { entry: tab },
        }))
      : []),
  ];
  const screens = [
    {
      path: routes.list,
      element: <List resource={resource} routes={routes} custom={custom} />,
      handle: handle(routes.list),
    },
    ...withTabs(routes.create),
    ...withTabs(routes.edit),
  ];
  const router = createMemoryRouter(screens, { initialEntries: [path] });
  const queryClient = options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <I18nextProvider i18n={createI18n('en')}>
        <QueryClientProvider client={queryClient}>
          <ApiContext.Provider value={server.client}>
            <NotificationZone />
            <RouterProvider router={router} />
          </ApiContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
  return () => `${router.state.location.pathname}${router.state.location.search}`;
}
