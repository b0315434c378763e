import { MantineProvider } from '@mantine/core';
import { type MappingItem, mappingPaths, type SubscriptionItem } from '@regie/contract/data-provider-subscriptions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiContext } from '../../api/api-context.ts';
import { createApiClient } from '../../api/client.ts';
import { theme } from '../../app/theme.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { signIn } from '../../resources/render-resource.tsx';
import { sessionStore } from '../../session/current-session.ts';
import { DataFeeds } from './DataFeeds.tsx';

vi.setConfig({ testTimeout: 20_000 });

const FEED = 'https://feeds.example.com/match/3788741.json';
const stamp = '2026-11-26T10:00:00.000Z';

/** One event mapping with one paused subscription; PATCH answers as the server does. */
function fakeServer() {
  const subscription: SubscriptionItem = {
    id: 31,
    mappingId: 4,
    url: FEED,
    hasCredentials: true,
    intervalSeconds: 30,
    active: false,
    lastPolledAt: null,
    nextPollAt: stamp,
    lastStatus: null,
    lastError: null,
    lastCreated: 0,
    createdAt: stamp,
  };
  const mapping: MappingItem = {
    id: 4,
    provider: 'statsbomb',
    sportId: 1,
    entity: 'event',
    recordId: 8,
    recordName: 'Derby',
    providerId: '3788741',
    label: '',
    createdAt: stamp,
    subscriptions: [subscription],
  };
  const patches: { path: string; body: unknown }[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const client = createApiClient({
    credentials: () => ({ accessToken: 'token-1', accountKey: 'key-2' }),
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://regie.test');
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { paused?: boolean; intervalSeconds?: number };
        patches.push({ path: url.pathname, body });
        if (body.paused !== undefined) subscription.active = !body.paused;
        if (body.intervalSeconds !== undefined) subscription.intervalSeconds = body.intervalSeconds;
        return json(subscription);
      }
      if (url.pathname === mappingPaths.list)
        return json({ data: [{ ...mapping, subscriptions: [{ ...subscription }] }] });
      return json({ data: [] });
    },
  });
  return { client, patches };
}

function renderFeeds(server: ReturnType<typeof fakeServer>, language: 'en' | 'fr' = 'en') {
  render(
    <MantineProvider theme={theme} env="test">
      <I18nextProvider i18n={createI18n(language)}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ApiContext.Provider value={server.client}>
            <DataFeeds />
          </ApiContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
}

beforeEach(() => signIn(['sport_player_write'], { modules: ['IMPORTDATA'] }));
afterEach(() => {
  cleanup();
  sessionStore.clear({ signedOut: false });
});

describe("a feed subscription's settings", () => {
  it('says Paused, resumes it with one PATCH, then offers to pause it again', async () => {
    const server = fakeServer();
    renderFeeds(server);
    const row = await screen.findByTestId('subscription-31');
    expect(within(row).getByText('Paused')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: `Resume the subscription to ${FEED}` }));
    await within(row).findByRole('button', { name: `Pause the subscription to ${FEED}` });
    expect(within(row).queryByText('Paused')).toBeNull();
    expect(server.patches).toEqual([{ path: mappingPaths.subscriptionSettings(4, 31), body: { paused: false } }]);
    fireEvent.click(within(row).getByRole('button', { name: `Pause the subscription to ${FEED}` }));
    await within(row).findByText('Paused');
    expect(server.patches.at(-1)?.body).toEqual({ paused: true });
  });

  it('saves a new interval from its labelled field, only once it differs', async () => {
    const server = fakeServer();
    renderFeeds(server);
    const field = await screen.findByRole('textbox', { name: `Seconds between two polls of ${FEED}` });
    const save = screen.getByRole('button', { name: `Save the interval of ${FEED}` });
    expect((field as HTMLInputElement).value).toBe('30');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: '12' } });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    // Enter in the field submits its form: the same path as the button.
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true));
    expect(server.patches).toEqual([{ path: mappingPaths.subscriptionSettings(4, 31), body: { intervalSeconds: 12 } }]);
    expect((field as HTMLInputElement).value).toBe('12');
  });

  it('speaks French', async () => {
    renderFeeds(fakeServer(), 'fr');
    const row = await screen.findByTestId('subscription-31');
    expect(within(row).getByText('En pause')).toBeTruthy();
    expect(within(row).getByRole('button', { name: `Reprendre l’abonnement à ${FEED}` })).toBeTruthy();
    expect(within(row).getByRole('textbox', { name: `Secondes entre deux interrogations de ${FEED}` })).toBeTruthy();
    expect(within(row).getByRole('button', { name: `Enregistrer l’intervalle de ${FEED}` })).toBeTruthy();
  });
});
