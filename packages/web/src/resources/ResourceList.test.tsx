import { tagsResource } from '@regie/contract/resources/tags';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../session/current-session.ts';
import { createFakeServer } from './fake-resource-server.ts';
import { renderResource, signIn } from './render-resource.tsx';

const tags = tagsResource;

function serverWithTags() {
  return createFakeServer({
    base: '/main-api/tags',
    unique: ['name', 'tagType'],
    records: [
      {
        id: 1,
        name: 'Derby',
        tagType: 'theme',
        AccountId: 2,
        createdAt: '2024-04-01T08:00:00.000Z',
        updatedAt: '2024-04-02T09:30:00.000Z',
      },
      {
        id: 2,
        name: 'Goal',
        tagType: 'action',
        AccountId: 2,
        createdAt: '2024-04-01T08:00:00.000Z',
        updatedAt: '2024-04-03T09:30:00.000Z',
      },
      {
        id: 3,
        name: 'Alexandre Lacazette',
        tagType: 'player',
        AccountId: 2,
        createdAt: '2024-04-01T08:00:00.000Z',
        updatedAt: '2024-04-04T09:30:00.000Z',
      },
    ],
  });
}

/** The text of each body row's cells. */
function rowsText(): string[][] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent ?? ''),
    );
}

beforeEach(() => {
  window.localStorage.clear();
  signIn(['sport_player_write']);
});

afterEach(() => {
  cleanup();
  sessionStore.clear({ signedOut: false });
});

describe('generic list screen', () => {
  it('shows the first page from the server, sorted as declared, with the total', async () => {
    const server = serverWithTags();
    renderResource(tags, server, '/account/tags/list');
    await screen.findByText('Derby');
    expect(rowsText()).toEqual([
      ['Alexandre Lacazette', 'Player', '2024-04-04 09:30'],
      ['Derby', 'Theme', '2024-04-02 09:30'],
      ['Goal', 'Action', '2024-04-03 09:30'],
    ]);
    expect(screen.getByText('1–3 of 3')).toBeTruthy();
    expect(server.requests[0]).toBe('GET /main-api/tags?offset=0&limit=25&sort=name');
  });

  it('reads filters, sort and page from the URL, so that a shared list opens the same', async () => {
    const server = serverWithTags();
    renderResource(tags, server, '/account/tags/list?tagType=action&tagType=theme&sort=-name&size=10');
    await screen.findByText('Goal');
    expect(server.requests[0]).toBe('GET /main-api/tags?offset=0&limit=10&sort=-name&tagType[]=action&tagType[]=theme');
    expect(rowsText().map((row) => row[0])).toEqual(['Goal', 'Derby']);
  });

  it('sorts by a column when its header is clicked, and says so in the URL', async () => {
    const server = serverWithTags();
    const location = renderResource(tags, server, '/account/tags/list');
    await screen.findByText('Derby');
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(location()).toBe('/account/tags/list?sort=-name'));
    await waitFor(() => expect(rowsText()[0]?.[0]).toBe('Goal'));
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('searches 300 ms after the last key, from the first page', async () => {
    const server = serverWithTags();
    const location = renderResource(tags, server, '/account/tags/list?page=1');
    await screen.findByText('Derby');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'der' } });
    await waitFor(() => expect(location()).toBe('/account/tags/list?search=der'));
    await waitFor(() => expect(rowsText()).toHaveLength(1));
    expect(server.requests.at(-1)).toBe('GET /main-api/tags?offset=0&limit=25&sort=name&search=der');
  });

  it('says when nothing matches, and clears the filters', async () => {
    const server = serverWithTags();
    const location = renderResource(tags, server, '/account/tags/list?search=zzz');
    await screen.findByText('Nothing matches your search');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('Derby');
    expect(location()).toBe('/account/tags/list');
  });

  it('shows the empty state with the creation button when there is no record yet', async () => {
    const server = createFakeServer({ base: '/main-api/tags' });
    renderResource(tags, server, '/account/tags/list');
    await screen.findByText('No tags yet');
    expect(screen.getAllByRole('link', { name: 'New' }).at(-1)?.getAttribute('href')).toBe('/account/tags/new');
  });

  it('opens a record from its row', async () => {
    const server = serverWithTags();
    const location = renderResource(tags, server, '/account/tags/list');
    await screen.findByText('Derby');
    fireEvent.click(within(screen.getByRole('table')).getByText('Theme'));
    await waitFor(() => expect(location()).toBe('/account/tags/edit/1'));
  });

  it('deletes the checked rows after a confirmation', async () => {
    const server = serverWithTags();
    renderResource(tags, server, '/account/tags/list');
    await screen.findByText('Derby');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Derby' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Goal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 items?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Requested');
    await waitFor(() => expect(rowsText().map((row) => row[0])).toEqual(['Alexandre Lacazette']));
    expect(server.requests).toContain('DELETE /main-api/tags/1');
    expect(server.requests).toContain('DELETE /main-api/tags/2');
  });

  it('keeps the column choice of each resource across visits', async () => {
    const server = serverWithTags();
    renderResource(tags, server, '/account/tags/list');
    await screen.findByText('Derby');
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'ID' }));
    await screen.findByRole('columnheader', { name: 'ID' });
    expect(JSON.parse(window.localStorage.getItem('regie.columns.tags') ?? '[]')).toEqual([
      'name',
      'tagType',
      'updatedAt',
      'id',
    ]);
    cleanup();
    renderResource(tags, serverWithTags(), '/account/tags/list');
    await screen.findByRole('columnheader', { name: 'ID' });
  });

  it('hides writing from a user who may only read', async () => {
    signIn(['video_write']);
    const server = serverWithTags();
    renderResource(tags, server, '/account/tags/list');
    await screen.findByText('Derby');
    expect(screen.queryByRole('link', { name: 'New' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select Derby' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('hides writing from a writer who also holds read_only, as the server refuses it (spec §6)', async () => {
    signIn(['sport_player_write', 'read_only']);
    renderResource(tags, serverWithTags(), '/account/tags/list');
    await screen.findByText('Derby');
    expect(screen.queryByRole('link', { name: 'New' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select Derby' })).toBeNull();
  });
});
