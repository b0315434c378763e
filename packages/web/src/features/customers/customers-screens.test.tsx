import { accountConfig } from '@regie/contract/resources/accounts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { createFakeServer } from '../../resources/fake-resource-server.ts';
import { renderResource, signIn } from '../../resources/render-resource.tsx';
import { sessionStore } from '../../session/current-session.ts';
import { customersSetup } from './customers-setup.ts';

function accountsServer(config: Record<string, unknown> = {}) {
  return createFakeServer({
    base: '/users-service-api/accounts',
    unique: ['name'],
    records: [
      {
        id: 5,
        AccountId: null,
        name: 'Stade Rennais',
        accountKey: 'f00dcafe0123456789abcdef',
        modules: ['VIDEOS'],
        config: accountConfig.parse(config),
        createdAt: '2024-04-01T08:00:00.000Z',
        updatedAt: '2024-04-02T09:30:00.000Z',
      },
    ],
    answers: {
      'DELETE /main-api/utils/cache/all': { key: 'all', purged: 3 },
      'DELETE /main-api/utils/cache/admin-payload:5': { key: 'admin-payload:5', purged: 1 },
      // The platform's sports and the account's own, not those of the admin's account.
      'GET /users-service-api/accounts/5/sports': [
        { id: 1, name: 'Football', svgSpriteFilename: 'football.svg' },
        { id: 7, name: 'Futsal', svgSpriteFilename: null },
      ],
    },
  });
}

const open = (server: ReturnType<typeof accountsServer>, path: string) =>
  renderResource(customersSetup.resource, server, path, { custom: customersSetup.custom });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

/** The config tab's sport select, once the account's sports are loaded. */
async function sportSelect(): Promise<HTMLInputElement> {
  const sport = (await screen.findByLabelText('Sport of the account')) as HTMLInputElement;
  await waitFor(() => expect(sport.disabled).toBe(false));
  return sport;
}

/** The options of a select, opened (by text: a role query by name is slow beside the time zones). */
async function openOptions(select: HTMLElement): Promise<HTMLElement[]> {
  fireEvent.click(select);
  return screen.findAllByRole('option');
}

beforeEach(() => signIn(['manage_customer_accounts', 'manage_users'], { accessLevel: 1 }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStore.clear({ signedOut: false });
});

describe('the customer screens', () => {
  it('create an account from its name alone: the server makes the key, modules and config take their defaults', async () => {
    const server = accountsServer();
    const location = open(server, '/account/customers/new');
    await screen.findByRole('heading', { name: 'New customer' });
    expect(location()).toBe('/account/customers/new/infos');
    expect(screen.queryByRole('textbox', { name: 'Account key' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Lille OSC' } });
    save();
    await waitFor(() => expect(location()).toBe('/account/customers/edit/6/infos'));
    expect(server.bodies.at(-1)).toEqual({ name: 'Lille OSC', modules: [], config: accountConfig.parse({}) });
  });

  it('show the account key read-only, with a copy button', async () => {
    open(accountsServer(), '/account/customers/edit/5/infos');
    const key = (await screen.findByRole('textbox', { name: 'Account key' })) as HTMLInputElement;
    expect(key.value).toBe('f00dcafe0123456789abcdef');
    expect(key.readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Copy the account key' })).toBeTruthy();
  });

  it('switch modules on by group and save them', async () => {
    const server = accountsServer();
    open(server, '/account/customers/edit/5/modules');
    // By label and heading text: role queries by name over 60 switches took seconds on a loaded
    // machine (accessible names computed for the whole tree), past the test's time-out in CI.
    const chat = (await screen.findByLabelText(/^Chat/)) as HTMLInputElement;
    expect(chat.getAttribute('role')).toBe('switch');
    // Described by what it changes for the account, then its code and id.
    const described = document.getElementById(chat.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(described?.textContent).toMatch(/^A live chat beside the player.*CHAT · #11$/);
    expect(screen.getByText('1 of 60 modules on')).toBeTruthy();
    fireEvent.click(chat);
    const platform = screen.getByText('Platform', { selector: 'h1, h2, h3, h4, h5, h6' }).closest('section');
    if (!platform) throw new Error('no Platform section');
    expect(platform.getAttribute('aria-labelledby')).toBeTruthy();
    fireEvent.click(within(platform).getByText(/^All on/, { selector: 'button, button *' }));
    expect(screen.getByText('8 of 60 modules on')).toBeTruthy();
    save();
    await waitFor(() => expect(server.bodies.length).toBe(1));
    const body = server.bodies[0] as { modules: string[] };
    // In the order of the contract's MODULES (by id).
    expect(body.modules).toEqual([
      'CHAT',
      'STATS',
      'SETTINGS',
      'VIDEOS',
      'DASHBOARD',
      'ANALYTICS',
      'SSO',
      'API_ACCESS',
    ]);
  }, 20_000); // 60 switches, each described: about 3 s alone, past the 5 s default on a loaded machine.

  it('check the config as it is typed: a colour like #0ACAFF', async () => {
    const server = accountsServer();
    open(server, '/account/customers/edit/5/config');
    const colour = (await screen.findByRole('textbox', { name: /^Primary colour/ })) as HTMLInputElement;
    expect(colour.value).toBe('#0ACAFF');
    fireEvent.change(colour, { target: { value: '#12' } });
    expect(await screen.findByText('Use a colour like #0ACAFF')).toBeTruthy();
    fireEvent.change(colour, { target: { value: '#112233' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Contact e-mail' }), {
      target: { value: 'ops@rennes.example' },
    });
    save();
    await waitFor(() => expect(server.bodies.length).toBe(1));
    const body = server.bodies[0] as { config: { theme: { primaryColor: string }; contactEmail: string } };
    expect(body.config.theme.primaryColor).toBe('#112233');
    expect(body.config.contactEmail).toBe('ops@rennes.example');
  });

  it('purge the account’s start-up data and every cache from the cache tab', async () => {
    const server = accountsServer();
    open(server, '/account/customers/edit/5/cache');
    const all = await screen.findByRole('region', { name: 'Every cache' });
    fireEvent.click(within(all).getByRole('button', { name: 'Purge' }));
    expect(await within(all).findByText('all purged (entries dropped: 3)')).toBeTruthy();
    const mine = screen.getByRole('region', { name: 'This account’s start-up data' });
    fireEvent.click(within(mine).getByRole('button', { name: 'Purge' }));
    expect(await within(mine).findByText('admin-payload:5 purged (entries dropped: 1)')).toBeTruthy();
    expect(server.requests).toContain('DELETE /main-api/utils/cache/admin-payload:5');
  });

  it('offer the sports the account sees as its sport and save the one chosen', async () => {
    const server = accountsServer();
    open(server, '/account/customers/edit/5/config');
    const sport = await sportSelect();
    expect(sport.value).toBe('No single sport');
    expect(server.requests).toContain('GET /users-service-api/accounts/5/sports');
    const options = await openOptions(sport);
    expect(options.map((option) => option.textContent)).toEqual(['No single sport', 'Football', 'Futsal']);
    fireEvent.click(options[2] as HTMLElement);
    save();
    await waitFor(() => expect(server.bodies.length).toBe(1));
    expect((server.bodies[0] as { config: { sportId: number | null } }).config.sportId).toBe(7);
  });

  it('show the account’s sport and save none as null', async () => {
    const server = accountsServer({ sportId: 1 });
    open(server, '/account/customers/edit/5/config');
    const sport = await sportSelect();
    expect(sport.value).toBe('Football');
    const none = (await openOptions(sport)).find((option) => option.textContent === 'No single sport');
    fireEvent.click(none as HTMLElement);
    save();
    await waitFor(() => expect(server.bodies.length).toBe(1));
    expect((server.bodies[0] as { config: { sportId: number | null } }).config.sportId).toBeNull();
  });

  it('show under the sport the server’s refusal of a sport the account does not see', async () => {
    const server = accountsServer();
    const message = "Sport 1 is neither a platform sport nor one of this account's own";
    vi.spyOn(server.client, 'put').mockRejectedValueOnce(
      new ApiError(400, { statusCode: 400, message: 'Invalid body', errors: [{ path: 'config.sportId', message }] }),
    );
    open(server, '/account/customers/edit/5/config');
    const sport = await sportSelect();
    fireEvent.click((await openOptions(sport))[1] as HTMLElement);
    save();
    await waitFor(() => expect(sport.getAttribute('aria-invalid')).toBe('true'));
    const described = (sport.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain(message);
    // The error shows under the sport, not above the whole config.
    expect(screen.getAllByText(message)).toHaveLength(1);
  });
});
