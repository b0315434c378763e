import { MantineProvider } from '@mantine/core';
import type { LoginResponse, MeContextResponse, MeResponse } from '@regie/contract/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client.ts';
import { createI18n } from '../i18n/i18n.ts';
import { sessionStore } from '../session/current-session.ts';
import { mergeSessionUser } from '../session/session-store.ts';
import '../test-utils.tsx';
import { routes } from './router.tsx';
import { theme } from './theme.ts';

const login: LoginResponse = {
  accessToken: 'token-1',
  expiresAt: '2030-01-01T00:00:00.000Z',
  id: 7,
  username: 'someone',
  AccountId: 2,
  accountKey: 'key-2',
};

function userWith(roles: string[], accessLevel = 0, modules: MeContextResponse['modules'] = []) {
  const me: MeResponse = {
    ...login,
    name: 'Some One',
    accountId: 2,
    accountName: 'Olympique',
    accessLevel,
    isAdmin: accessLevel > 0,
    meta: { language: 'en' },
    Roles: roles.map((name, id) => ({ id, name })),
    Modules: modules.map((code, id) => ({ id, code, name: code })),
    Groups: [],
  };
  const context: MeContextResponse = {
    account: { id: 2, name: 'Olympique', accountKey: 'key-2', SportId: null, sportId: null },
    simulated: false,
    acting: null,
    Groups: [],
    roles,
    modules,
    languages: { available: [], default: 'en' },
    homepage: '/account/settings/infos',
  };
  return mergeSessionUser(login, me, context);
}

const adminPayload = {
  modules: [],
  sports: [],
  assetsUrl: '/assets',
  imagesUrl: '/images',
  aws: { prefix: { clips: { root: '', skins: '', skinPreRoll: '', skinPostRoll: '' } }, buckets: { assets: '' } },
  markerNotificationGroups: [],
  externalLinks: { cmsUrl: null, pushNotificationsUrl: null },
  environment: 'development',
  mediaTools: { ffmpeg: true, ffprobe: true },
};

/** The server: the environment check answers with `payload` (status and body). */
function serve(payload: { status: number; body: unknown } = { status: 200, body: adminPayload }) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const answer = url.includes('admin-payload') ? payload : { status: 200, body: { token: null } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme} env="test">
      <I18nextProvider i18n={createI18n('en')}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
  return () => `${router.state.location.pathname}${router.state.location.search}`;
}

beforeEach(() => {
  queryClient.clear();
  sessionStore.clear({ signedOut: false });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routing', () => {
  it('sends a visitor to /login?lastpath=…', async () => {
    serve();
    const location = open('/account/users/list');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(location()).toBe('/login?lastpath=%2Faccount%2Fusers%2Flist');
  });

  it('sends a signed-in user from the start screen to their homepage', async () => {
    serve();
    act(() => sessionStore.setUser(userWith([])));
    const location = open('/');
    await screen.findByText('Your profile');
    expect(location()).toBe('/account/settings/infos');
  });

  it('shows the start screen (logo, Welcome, Loading) while the environment check runs (spec §2)', async () => {
    // The check's answer waits until released: what shows meanwhile is the start screen, not the layout.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = serve();
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).includes('admin-payload')) await held;
      return answer(input);
    });
    vi.stubGlobal('fetch', fetch);
    act(() => sessionStore.setUser(userWith([])));
    const location = open('/');
    await screen.findByRole('heading', { level: 1, name: 'Welcome' });
    expect(screen.getByRole('img', { name: 'Regie' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(location()).toBe('/');
    release();
    await screen.findByText('Your profile');
    expect(location()).toBe('/account/settings/infos');
  });

  it('follows lastpath from the start screen', async () => {
    serve();
    act(() => sessionStore.setUser(userWith(['manage_users'])));
    const location = open('/?lastpath=%2Faccount%2Fusers%2Fnew');
    await waitFor(() => expect(location()).toBe('/account/users/new'));
    await screen.findByRole('heading', { name: 'New user' });
  });

  it('sends a parent route to its first accessible page', async () => {
    serve();
    act(() => sessionStore.setUser(userWith(['manage_users'])));
    const location = open('/account');
    await waitFor(() => expect(location()).toBe('/account/settings/infos'));
  });

  it('sends an admin away from the settings, to the users', async () => {
    serve();
    act(() => sessionStore.setUser(userWith(['manage_customer_accounts', 'manage_users'], 1)));
    const location = open('/account/settings/infos');
    await waitFor(() => expect(location()).toBe('/account/users/list'));
  });

  it('sends a user lacking the role to /notauthorized', async () => {
    serve();
    act(() => sessionStore.setUser(userWith([])));
    const location = open('/account/customers/list');
    await screen.findByText(/You do not have the role or module needed to open \/account\/customers\/list/);
    expect(location()).toBe('/notauthorized?nextPathname=%2Faccount%2Fcustomers%2Flist');
  });

  it('sends a user whose account lost VIDEOS from the video and stream lists to /notauthorized (spec §6)', async () => {
    serve();
    // The roles are kept, the account's modules (context.modules) hold neither VIDEOS nor AWS_STREAM.
    act(() => sessionStore.setUser(userWith(['video_write', 'use_stream'])));
    const location = open('/medias/videos/list');
    await screen.findByText(/You do not have the role or module needed to open \/medias\/videos\/list/);
    expect(location()).toBe('/notauthorized?nextPathname=%2Fmedias%2Fvideos%2Flist');
    cleanup();
    const streams = open('/medias/streams/list');
    await screen.findByText(/You do not have the role or module needed to open \/medias\/streams\/list/);
    expect(streams()).toBe('/notauthorized?nextPathname=%2Fmedias%2Fstreams%2Flist');
  });

  it('ends the session when the environment check rejects the token (spec §8)', async () => {
    serve({ status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Invalid token' } });
    act(() => sessionStore.setUser(userWith([])));
    const location = open('/account/settings/infos');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(location()).toBe('/login?lastpath=%2Faccount%2Fsettings%2Finfos');
    expect(sessionStore.getState().user).toBeNull();
  });

  it('shows the red failed state for any other failure of the environment check', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Boom' } });
    act(() => sessionStore.setUser(userWith([])));
    open('/');
    await screen.findByText('The back-office could not start.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("shows 'Not Found' for an unknown address", async () => {
    serve();
    open('/no/such/screen');
    await screen.findByText('Not Found');
  });

  it('opens an external link in a new tab when its URL is set, else a page naming the variable that sets it', async () => {
    const links = { cmsUrl: 'https://cms.example.test/', pushNotificationsUrl: null };
    serve({ status: 200, body: { ...adminPayload, externalLinks: links } });
    const user = userWith(['use_cms', 'use_push_notifications'], 0, ['CMS', 'PUSH_NOTIFICATIONS']);
    act(() => sessionStore.setUser(user));
    const location = open('/account/settings/infos');
    // A CSS query, not a role or label one: those walk the whole signed-in layout, seconds in jsdom.
    const link = (name: string) => document.querySelector<HTMLAnchorElement>(`a[aria-label="${name}"]`);
    const cms = await waitFor(() => link('Content management') ?? Promise.reject(new Error('no CMS entry')), {
      timeout: 20_000,
    });
    expect(cms.getAttribute('href')).toBe('https://cms.example.test/');
    expect(cms.getAttribute('target')).toBe('_blank');
    const push = link('Push notifications');
    expect(push?.getAttribute('target')).toBeNull();
    act(() => push?.click());
    await screen.findByText(/set the server’s REGIE_PUSH_URL environment variable/, undefined, { timeout: 20_000 });
    expect(location()).toBe('/push-notifications');
  }, 60_000);

  it('tells a video editor, above the screen, that the server lacks ffmpeg; says nothing once it has it', async () => {
    const title = 'Video processing is unavailable on the server: ffmpeg is not installed';
    serve({ status: 200, body: { ...adminPayload, mediaTools: { ffmpeg: false, ffprobe: true } } });
    act(() => sessionStore.setUser(userWith(['manage_users', 'video_write'], 0, ['VIDEOS'])));
    open('/account/users/new');
    // Text queries, not role ones: those walk the whole signed-in layout, seconds in jsdom.
    await screen.findByText(title, undefined, { timeout: 20_000 });
    expect(screen.getByText(/sudo apt-get install -y ffmpeg/)).toBeTruthy();
    cleanup();
    queryClient.clear();
    serve();
    open('/account/users/new');
    await screen.findAllByText('New user', undefined, { timeout: 20_000 });
    expect(screen.queryByText(title)).toBeNull();
  }, 60_000);
});
