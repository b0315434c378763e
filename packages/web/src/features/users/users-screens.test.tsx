import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUERY_STALE_MS } from '../../api/query-client.ts';
import { createFakeServer } from '../../resources/fake-resource-server.ts';
import { prefetchListScreen } from '../../resources/list-prefetch.ts';
import { renderResource, signIn } from '../../resources/render-resource.tsx';
import { sessionStore } from '../../session/current-session.ts';
import { groupsSetup, usersSetup } from './users-setup.ts';

const GROUPS = [
  { id: 3, AccountId: 2, name: 'Production', roles: ['sport_player_write'], users: [] },
  { id: 4, AccountId: 2, name: 'Platform admins', roles: ['manage_customer_accounts'], users: [] },
];
const groupsPage = { data: GROUPS, total: GROUPS.length, offset: 0, limit: 200, nextCursor: null };

function usersServer() {
  return createFakeServer({
    base: '/users-service-api/users',
    unique: ['username'],
    records: [
      {
        id: 11,
        AccountId: 2,
        username: 'marie',
        name: 'Marie Curie',
        meta: { language: 'fr' },
        accessLevel: 0,
        groups: [3],
        createdAt: '2024-04-01T08:00:00.000Z',
        updatedAt: '2024-04-02T09:30:00.000Z',
      },
    ],
    answers: { 'GET /users-service-api/groups': groupsPage },
  });
}

const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStore.clear({ signedOut: false });
});

describe('the user screens', () => {
  it('create a user with a password, a language and groups, without an access level for a user manager', async () => {
    signIn(['manage_users']);
    const server = usersServer();
    const location = renderResource(usersSetup.resource, server, '/account/users/new', { custom: usersSetup.custom });
    await screen.findByRole('heading', { name: 'New user' });
    expect(screen.queryByRole('textbox', { name: 'Access level' })).toBeNull();
    expect(screen.getByLabelText(/^Password/).closest('[data-field]')?.textContent).toContain('*');
    fireEvent.change(textbox('Username'), { target: { value: 'Louis.Pasteur' } });
    fireEvent.change(textbox('Name'), { target: { value: 'Louis Pasteur' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'short' } });
    save();
    expect(await screen.findByText('At least 10 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'a-long-enough-secret' } });
    save();
    await waitFor(() => expect(location()).toBe('/account/users/edit/12'));
    // The server lowercases usernames (contract users.ts).
    expect(server.bodies.at(-1)).toEqual({
      username: 'Louis.Pasteur',
      name: 'Louis Pasteur',
      password: 'a-long-enough-secret',
      meta: { language: 'en' },
      disabled: false,
      groups: [],
    });
  });

  it('keep the password when it is left empty on edit, and show the language of meta', async () => {
    signIn(['manage_users']);
    const server = usersServer();
    renderResource(usersSetup.resource, server, '/account/users/edit/11', { custom: usersSetup.custom });
    await screen.findByRole('heading', { name: 'Marie Curie' });
    expect(screen.getByText('Leave empty to keep the current one')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Language' }) as HTMLInputElement).value).toBe('French');
    fireEvent.change(textbox('Name'), { target: { value: 'Marie Skłodowska-Curie' } });
    save();
    await screen.findByRole('heading', { name: 'Marie Skłodowska-Curie' });
    const body = server.bodies.at(-1) as Record<string, unknown>;
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('accessLevel');
    expect(body.meta).toEqual({ language: 'fr' });
    expect(body.groups).toEqual([3]);
  });

  it('offer the access level to platform admins only', async () => {
    signIn(['manage_customer_accounts', 'manage_users'], { accessLevel: 1 });
    renderResource(usersSetup.resource, usersServer(), '/account/users/edit/11', { custom: usersSetup.custom });
    await screen.findByRole('heading', { name: 'Marie Curie' });
    expect(screen.getByRole('textbox', { name: 'Access level' })).toBeTruthy();
  });

  it('list the users, filter them by group name, and leave out the access level for a user manager', async () => {
    signIn(['manage_users']);
    const server = usersServer();
    renderResource(usersSetup.resource, server, '/account/users/list', { custom: usersSetup.custom });
    const row = (await screen.findByRole('link', { name: 'marie' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Marie Curie')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Access level/ })).toBeNull();
    expect(screen.queryByLabelText('Access level')).toBeNull();
    fireEvent.click(screen.getByPlaceholderText('Groups'));
    fireEvent.click(await screen.findByRole('option', { name: 'Production' }));
    await waitFor(() => expect(server.requests.some((request) => request.includes('groups=3'))).toBe(true));
    // The groups of the account are listed under the users, with links to their pages.
    expect(screen.getByRole('link', { name: 'Platform admins' }).getAttribute('href')).toBe('/account/users/group/4');
  });
});

describe('the group screens', () => {
  const routes = {
    base: '/account/users/group',
    list: '/account/users/list',
    create: '/account/users/group/new',
    edit: '/account/users/group/:groupId',
    idParam: 'groupId',
  };

  function groupsServer(modules: string[]) {
    return createFakeServer({
      base: '/users-service-api/groups',
      records: [],
      answers: {
        'GET /users-service-api/accounts/2/modules': modules.map((code, id) => ({ id, code, name: code })),
      },
    });
  }

  it('offer as checkboxes the roles the account’s modules allow, by their names', async () => {
    signIn(['manage_users']);
    const server = groupsServer(['SIMULCAST']);
    const location = renderResource(groupsSetup.resource, server, routes.create, {
      custom: groupsSetup.custom,
      routes,
    });
    await screen.findByRole('checkbox', { name: /Simulcasts/ });
    expect(screen.queryByRole('checkbox', { name: /Sport events \(write\)/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Customer accounts \(admin\)/ })).toBeNull();
    fireEvent.change(textbox('Name'), { target: { value: 'Operators' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Simulcasts/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Read only/ }));
    save();
    await waitFor(() => expect(location()).toBe('/account/users/group/1'));
    expect(server.bodies.at(-1)).toEqual({ name: 'Operators', roles: ['simulcast_write', 'read_only'], users: [] });
  });
});

describe('the users list opened first (a reload, the landing page)', () => {
  it('draws the users and their groups that were asked for before it rendered, without asking again', async () => {
    signIn(['manage_users']);
    const server = usersServer();
    const queries = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: QUERY_STALE_MS } } });
    // What app/router.tsx preloadPage starts beside the environment check and the screen's code.
    await prefetchListScreen(async () => usersSetup, '', server.client, queries);
    expect(server.requests).toHaveLength(2);
    renderResource(usersSetup.resource, server, '/account/users/list', {
      custom: usersSetup.custom,
      queryClient: queries,
    });
    expect(await screen.findByText('Marie Curie')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Production' })).toBeTruthy();
    expect(server.requests.filter((request) => request.startsWith('GET /users-service-api/users'))).toHaveLength(1);
    expect(server.requests.filter((request) => request.startsWith('GET /users-service-api/groups'))).toHaveLength(1);
  });

  it('asks for the page, sort and search of its address', async () => {
    signIn(['manage_users']);
    const server = usersServer();
    const queries = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: QUERY_STALE_MS } } });
    await prefetchListScreen(async () => usersSetup, '?page=2&size=10&sort=-name&search=cur', server.client, queries);
    const [users] = server.requests.filter((request) => request.startsWith('GET /users-service-api/users'));
    expect(users).toContain('offset=10');
    expect(users).toContain('limit=10');
    expect(users).toContain('sort=-name');
    expect(users).toContain('search=cur');
  });
});
