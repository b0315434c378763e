import { MantineProvider } from '@mantine/core';
import type { AuditEntry, AuditPage } from '@regie/contract/audit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiContext } from '../../api/api-context.ts';
import { createApiClient } from '../../api/client.ts';
import { theme } from '../../app/theme.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { signIn } from '../../resources/render-resource.tsx';
import { sessionStore } from '../../session/current-session.ts';
import { AuditScreen } from './AuditScreen.tsx';

vi.setConfig({ testTimeout: 20_000 });

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: String(id),
    at: `2026-11-0${id}T10:00:00.000Z`,
    userId: 7,
    userName: 'Ana',
    actingAdminId: null,
    accountId: 2,
    accountName: 'Olympique Riverside FC',
    resource: 'tags',
    resourceId: 40 + id,
    action: 'update',
    changes: { name: { before: `Old ${id}`, after: `New ${id}` } },
    requestId: `req-${id}`,
    ip: '10.0.0.1',
    userAgent: 'Firefox',
    ...overrides,
  };
}

const FIRST: AuditPage = {
  data: [
    entry(3, {
      actingAdminId: 1,
      changes: { name: { before: 'Derby', after: 'Big derby' }, password: { changed: true } },
    }),
    entry(2),
  ],
  nextCursor: 'cursor-2',
};
const SECOND: AuditPage = { data: [entry(1, { action: 'create' })], nextCursor: null };

/** A client answering the audit list like the server: two keyset pages; the queries it was sent. */
function fakeServer() {
  const queries: URLSearchParams[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const client = createApiClient({
    credentials: () => ({ accessToken: 'token-1', accountKey: 'key-2' }),
    fetch: async (input) => {
      const url = new URL(String(input), 'http://regie.test');
      if (url.pathname === '/main-api/audit') {
        queries.push(url.searchParams);
        return json(url.searchParams.get('cursor') === 'cursor-2' ? SECOND : FIRST);
      }
      return json({ data: [] });
    },
  });
  return { client, queries };
}

function renderScreen(client: ReturnType<typeof createApiClient>) {
  render(
    <MantineProvider theme={theme} env="test">
      <I18nextProvider i18n={createI18n('en')}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ApiContext.Provider value={client}>
            <AuditScreen />
          </ApiContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
}

const table = () => screen.getByRole('table', { name: 'Audit entries' });
/** The entries' rows (not the expanded diffs), by their "who" and "resource" cells. */
const rows = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .filter((row) => within(row).queryAllByRole('cell').length > 1)
    .map((row) => within(row).getAllByRole('cell')[3]?.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear({ signedOut: false });
});

describe('audit screen', () => {
  it('lists the newest entries with who, acting admin, account, resource and action', async () => {
    signIn(['manage_users']);
    const server = fakeServer();
    renderScreen(server.client);
    await screen.findByRole('table', { name: 'Audit entries' });
    expect(rows()).toEqual(['Tags #43', 'Tags #42']);
    const first = within(table()).getAllByRole('row')[1] as HTMLElement;
    expect(within(first).getByText('Ana (#7)')).toBeTruthy();
    expect(within(first).getByText('platform administrator #1 acting for the account')).toBeTruthy();
    expect(within(first).getByText('Olympique Riverside FC (#2)')).toBeTruthy();
    expect(within(first).getByText('Updated')).toBeTruthy();
    expect(within(first).getByRole('button', { name: '2 changed: name, password' })).toBeTruthy();
    // No filter set: only the page size the server defaults.
    expect([...(server.queries[0]?.keys() ?? [])]).toEqual([]);
    // A manage_users holder reads their own account: no account filter.
    expect(screen.queryByRole('textbox', { name: 'Account' })).toBeNull();
  });

  it('sends the filters applied, as the contract’s query', async () => {
    signIn(['manage_users']);
    const server = fakeServer();
    renderScreen(server.client);
    await screen.findByRole('table', { name: 'Audit entries' });
    fireEvent.change(screen.getByRole('textbox', { name: 'User id' }), { target: { value: 'x' } });
    expect(screen.getByText('A whole number above 0')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'User id' }), { target: { value: '7' } });
    expect(screen.queryByText('A whole number above 0')).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Resource' }), { target: { value: 'tags' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Record id' }), { target: { value: '42' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), { target: { value: 'update' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01T08:30' } });
    fireEvent.change(screen.getByLabelText('Until (excluded)'), { target: { value: '2026-11-05T00:00' } });
    // Nothing is sent before the filters are applied.
    expect(server.queries).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(server.queries).toHaveLength(2));
    expect(Object.fromEntries(server.queries[1] ?? [])).toEqual({
      userId: '7',
      resource: 'tags',
      resourceId: '42',
      action: 'update',
      from: new Date('2026-11-01T08:30').toISOString(),
      to: new Date('2026-11-05T00:00').toISOString(),
    });

    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(server.queries).toHaveLength(3));
    expect(Object.fromEntries(server.queries[2] ?? [])).toEqual({});
    expect((screen.getByRole('textbox', { name: 'User id' }) as HTMLInputElement).value).toBe('');
  });

  it('loads the older entries with the last page’s cursor, until there are none', async () => {
    signIn(['manage_users']);
    const server = fakeServer();
    renderScreen(server.client);
    await screen.findByRole('table', { name: 'Audit entries' });
    expect(screen.queryByText('No older entries.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toEqual(['Tags #43', 'Tags #42', 'Tags #41']));
    expect(server.queries[1]?.get('cursor')).toBe('cursor-2');
    expect(screen.getByText('No older entries.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('expands a row to its field diffs, a secret only saying it changed', async () => {
    signIn(['manage_users']);
    renderScreen(fakeServer().client);
    await screen.findByRole('table', { name: 'Audit entries' });
    const toggle = screen.getByRole('button', { name: '2 changed: name, password' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table', { name: 'Changes of entry 3' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const diff = screen.getByRole('table', { name: 'Changes of entry 3' });
    const [name, password] = within(diff)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(name).toBe('nameDerbyBig derby');
    expect(password).toBe('passwordchanged');
    expect(screen.getByText('Request req-3 · address 10.0.0.1 · Firefox')).toBeTruthy();
    fireEvent.click(toggle);
    expect(screen.queryByRole('table', { name: 'Changes of entry 3' })).toBeNull();
  });

  it('downloads the CSV of the applied filters', async () => {
    signIn(['manage_users']);
    const downloads: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        downloads.push(String(input));
        return new Response('id,at\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="audit-x.csv"' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const server = fakeServer();
    renderScreen(server.client);
    await screen.findByRole('table', { name: 'Audit entries' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), { target: { value: 'delete' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(server.queries).toHaveLength(2));
    // The button is off while no entry is listed (the filtered page still loading).
    const exportButton = screen.getByRole('button', { name: 'Export as CSV' }) as HTMLButtonElement;
    await waitFor(() => expect(exportButton.disabled).toBe(false));
    fireEvent.click(exportButton);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(downloads).toHaveLength(1);
    const url = new URL(downloads[0] ?? '', 'http://regie.test');
    expect(url.pathname).toBe('/main-api/audit/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({ action: 'delete' });
  });

  it('offers platform administrators an account filter', async () => {
    signIn(['manage_customer_accounts'], { accessLevel: 1 });
    renderScreen(fakeServer().client);
    await screen.findByRole('table', { name: 'Audit entries' });
    expect(screen.getByRole('textbox', { name: 'Account' })).toBeTruthy();
  });
});
