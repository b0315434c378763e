import { MantineProvider } from '@mantine/core';
import type { LoginResponse, MeContextResponse, MeResponse } from '@regie/contract/auth';
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
import type { FakeServer } from './fake-resource-server.ts';
import { ResourceEdit } from './ResourceEdit.tsx';
import { ResourceList } from './ResourceList.tsx';
import { resourceRoutes } from './resource-screens.ts';

/** A signed-in user of account 2 with the given roles; the context lists en and fr. */
export function signIn(roles: string[]): void {
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
    accessLevel: 0,
    isAdmin: false,
    meta: { language: 'en' },
    Roles: roles.map((name, id) => ({ id, name })),
    Modules: [],
    Groups: [],
  };
  const context: MeContextResponse = {
    account: { id: 2, name: 'Olympique', accountKey: 'key-2' },
    simulated: false,
    roles,
    modules: [],
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
export function renderResource(resource: AnyResource, server: FakeServer, path: string) {
  const routes = resourceRoutes(resource.route ?? '');
  const handle = (fullPath: string | null): RouteHandle | undefined => {
    const entry = fullPath ? findRouteByPath(fullPath) : undefined;
    return entry ? { entry } : undefined;
  };
  const screens = [
    { path: routes.list, element: <ResourceList resource={resource} routes={routes} />, handle: handle(routes.list) },
    {
      path: routes.create ?? '',
      element: <ResourceEdit resource={resource} routes={routes} />,
      handle: handle(routes.create),
    },
    {
      path: routes.edit ?? '',
      element: <ResourceEdit resource={resource} routes={routes} />,
      handle: handle(routes.edit),
    },
  ];
  const router = createMemoryRouter(screens, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
