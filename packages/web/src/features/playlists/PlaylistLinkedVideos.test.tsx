import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiContext } from '../../api/api-context.ts';
import { createApiClient } from '../../api/client.ts';
import { theme } from '../../app/theme.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { signIn } from '../../resources/render-resource.tsx';
import { sessionStore } from '../../session/current-session.ts';
import { NotificationZone } from '../../widgets/Messages.tsx';
import { PlaylistLinkedVideos } from './PlaylistLinkedVideos.tsx';

vi.setConfig({ testTimeout: 20_000 });

const VIDEOS = [
  { id: 11, title: 'Kick-off' },
  { id: 12, title: 'First goal' },
  { id: 13, title: 'Half time' },
];

/** The playlist's stored order, the PUT bodies sent, and a client answering like the server. */
function fakeServer(initial: number[]) {
  let order = [...initial];
  const puts: number[][] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const client = createApiClient({
    credentials: () => ({ accessToken: 'token-1', accountKey: 'key-2' }),
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://regie.test');
      if (init?.method === 'PUT' && url.pathname === '/main-api/playlists/5/videos') {
        order = (JSON.parse(String(init.body)) as { videoIds: number[] }).videoIds;
        puts.push(order);
        return json({ data: order.map((id) => VIDEOS.find((video) => video.id === id)) });
      }
      if (url.pathname === '/main-api/playlists/5') {
        return json({ id: 5, name: 'Best of', Video: order.map((id) => VIDEOS.find((video) => video.id === id)) });
      }
      if (url.pathname === '/main-api/videos') {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const data = VIDEOS.filter((video) => video.title.toLowerCase().includes(search));
        return json({ data, total: data.length, offset: 0, limit: 20, nextCursor: null });
      }
      return json({});
    },
  });
  return { client, puts };
}

function renderScreen(client: ReturnType<typeof createApiClient>) {
  const router = createMemoryRouter(
    [{ path: '/account/playlists/:id/linked-videos', element: <PlaylistLinkedVideos /> }],
    { initialEntries: ['/account/playlists/5/linked-videos'] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <I18nextProvider i18n={createI18n('en')}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ApiContext.Provider value={client}>
            <NotificationZone />
            <RouterProvider router={router} />
          </ApiContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
}

const shown = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

beforeEach(() => signIn(['video_write'], { modules: ['VIDEOS'] }));
afterEach(() => {
  cleanup();
  sessionStore.clear({ signedOut: false });
});

describe("a playlist's videos screen", () => {
  it('moves and removes videos, saving the whole order each time', async () => {
    const server = fakeServer([11, 12, 13]);
    renderScreen(server.client);
    await waitFor(() => expect(shown()).toEqual(['Kick-off', 'First goal', 'Half time']));
    fireEvent.click(screen.getByRole('button', { name: 'Move Kick-off down' }));
    await waitFor(() => expect(shown()).toEqual(['First goal', 'Kick-off', 'Half time']));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Half time from the playlist' }));
    await waitFor(() => expect(shown()).toEqual(['First goal', 'Kick-off']));
    expect(server.puts).toEqual([
      [12, 11, 13],
      [12, 11],
    ]);
  });

  it('adds a video found by its title at the end', async () => {
    const server = fakeServer([11]);
    renderScreen(server.client);
    await waitFor(() => expect(shown()).toEqual(['Kick-off']));
    const search = screen.getByRole('combobox', { name: 'Find a video' });
    fireEvent.click(search);
    fireEvent.change(search, { target: { value: 'half' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Half time' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to playlist' }));
    await waitFor(() => expect(shown()).toEqual(['Kick-off', 'Half time']));
    expect(server.puts).toEqual([[11, 13]]);
  });
});
