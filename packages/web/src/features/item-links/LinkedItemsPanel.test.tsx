import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiContext } from '../../api/api-context.ts';
import { createApiClient } from '../../api/client.ts';
import { theme } from '../../app/theme.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { signIn } from '../../resources/render-resource.tsx';
import { sessionStore } from '../../session/current-session.ts';
import { LinkedItemsPanel } from './LinkedItemsPanel.tsx';

vi.setConfig({ testTimeout: 20_000 });

/** A club's archive: the newest video comes first, an old one only through a search. */
const NEWEST = { id: 2, title: 'Last night' };
const ARCHIVED = { id: 1, title: 'Derby of 1998' };

function fakeServer() {
  const posts: unknown[] = [];
  const searches: string[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const client = createApiClient({
    credentials: () => ({ accessToken: 'token-1', accountKey: 'key-2' }),
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://regie.test');
      if (url.pathname === '/main-api/categories/7/items') {
        if (init?.method === 'POST') {
          const body = JSON.parse(String(init.body));
          posts.push(body);
          return json({ id: 1, ...body, position: 1 });
        }
        return json({ data: [], total: 0, offset: 0, limit: 200, nextCursor: null });
      }
      if (url.pathname === '/main-api/videos') {
        const search = url.searchParams.get('search') ?? '';
        if (search) searches.push(search);
        const data = search
          ? [NEWEST, ARCHIVED].filter((video) => video.title.toLowerCase().includes(search.toLowerCase()))
          : [NEWEST];
        return json({ data, total: data.length, offset: 0, limit: 200, nextCursor: null });
      }
      return json({ data: [], total: 0, offset: 0, limit: 200, nextCursor: null });
    },
  });
  return { client, posts, searches };
}

beforeEach(() => signIn(['video_write'], { modules: ['VIDEOS'] }));
afterEach(() => {
  cleanup();
  sessionStore.clear({ signedOut: false });
});

describe('linked items', () => {
  it('finds an item beyond the newest ones by searching the server, and links it', async () => {
    const server = fakeServer();
    render(
      <MantineProvider theme={theme} env="test">
        <I18nextProvider i18n={createI18n('en')}>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <ApiContext.Provider value={server.client}>
              <LinkedItemsPanel owner="categories" ownerId={7} title="Linked items" types={['video']} canWrite />
            </ApiContext.Provider>
          </QueryClientProvider>
        </I18nextProvider>
      </MantineProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Choose items' }));
    expect(await screen.findByRole('checkbox', { name: 'Last night' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Derby of 1998' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'derby' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Derby of 1998' }));
    expect(server.searches).toEqual(['derby']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'nothing like it' } });
    expect(await screen.findByText('Nothing matches this search')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(server.posts).toEqual([{ itemType: 'video', itemId: 1 }]));
  });
});
