import { tagsResource } from '@regie/contract/resources/tags';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/current-session.ts';
import type { ResourceRecord } from './any-resource.ts';
import { createFakeServer } from './fake-resource-server.ts';
import { listCursors } from './list-cursors.ts';
import { renderResource, signIn } from './render-resource.tsx';

const tags = tagsResource;

vi.setConfig({ testTimeout: 20_000 });

/** Tags 'Tag 01' … 'Tag 35' (sorted by name, their ids in the same order). */
function serverWithManyTags() {
  const records: ResourceRecord[] = Array.from({ length: 35 }, (_, index) => ({
    id: index + 1,
    name: `Tag ${String(index + 1).padStart(2, '0')}`,
    tagType: 'theme',
    AccountId: 2,
    createdAt: '2024-04-01T08:00:00.000Z',
    updatedAt: '2024-04-01T08:00:00.000Z',
  }));
  return createFakeServer({ base: '/main-api/tags', records });
}

function shownNames(): string[] {
  const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
  return rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? '');
}

function lastList(requests: readonly string[]): string {
  return requests.filter((request) => request.startsWith('GET /main-api/tags?')).at(-1) ?? '';
}

beforeEach(() => {
  window.localStorage.clear();
  listCursors.clear();
  signIn(['sport_player_write']);
});

afterEach(() => {
  cleanup();
  sessionStore.clear({ signedOut: false });
});

describe('list paging', () => {
  it('asks the next page after the last row shown, keeping only the page number in the URL', async () => {
    const server = serverWithManyTags();
    const location = renderResource(tags, server, '/account/tags/list?size=10');
    await screen.findByText('Tag 01');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(shownNames()[0]).toBe('Tag 11'));
    expect(location()).toBe('/account/tags/list?page=2&size=10');
    expect(lastList(server.requests)).toMatch(/^GET \/main-api\/tags\?offset=10&limit=10&sort=name&after=\S+$/);
    expect(screen.getByText('11–20 of 35')).toBeTruthy();
  });

  it('skips no row when rows before the current page were deleted meanwhile', async () => {
    const server = serverWithManyTags();
    renderResource(tags, server, '/account/tags/list?size=10');
    await screen.findByText('Tag 01');
    // Someone else deletes two rows of page 1 while this page is shown.
    server.records.splice(0, 2);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    // By offset the page would start at 'Tag 13'; the cursor continues after 'Tag 10'.
    await waitFor(() => expect(shownNames()[0]).toBe('Tag 11'));
    expect(shownNames()).toHaveLength(10);
  });

  it('opens a shared deep page by offset, then pages on from it by cursor, and back by cursor', async () => {
    const server = serverWithManyTags();
    const location = renderResource(tags, server, '/account/tags/list?page=3&size=10');
    await screen.findByText('Tag 21');
    expect(lastList(server.requests)).toBe('GET /main-api/tags?offset=20&limit=10&sort=name');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(shownNames()).toEqual(['Tag 31', 'Tag 32', 'Tag 33', 'Tag 34', 'Tag 35']));
    expect(location()).toBe('/account/tags/list?page=4&size=10');
    expect(lastList(server.requests)).toContain('&after=');
    // Page 2 was never shown: no cursor leads to it, so the jump goes by offset.
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(shownNames()[0]).toBe('Tag 11'));
    expect(lastList(server.requests)).toBe('GET /main-api/tags?offset=10&limit=10&sort=name');
    // Page 3 follows a shown page 2 now: its cursor is known.
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(shownNames()[0]).toBe('Tag 21'));
    expect(lastList(server.requests)).toContain('&after=');
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(shownNames()[0]).toBe('Tag 01'));
    expect(lastList(server.requests)).toBe('GET /main-api/tags?offset=0&limit=10&sort=name');
  });

  it('starts again from the first page by offset when the sort changes, then pages by its cursors', async () => {
    const server = serverWithManyTags();
    const location = renderResource(tags, server, '/account/tags/list?size=10');
    await screen.findByText('Tag 01');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(shownNames()[0]).toBe('Tag 11'));
    const header = screen.getByRole('columnheader', { name: /Name/ });
    fireEvent.click(within(header).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(shownNames()[0]).toBe('Tag 35'));
    expect(location()).toBe('/account/tags/list?sort=-name&size=10');
    expect(lastList(server.requests)).toBe('GET /main-api/tags?offset=0&limit=10&sort=-name');
    // The next page under the new sort comes from a cursor of that sort (the server refuses others).
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(shownNames()[0]).toBe('Tag 25'));
  });

  it('starts again from the first page by offset when the search changes', async () => {
    const server = serverWithManyTags();
    const location = renderResource(tags, server, '/account/tags/list?size=10&sort=-name');
    await screen.findByText('Tag 35');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(shownNames()[0]).toBe('Tag 25'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Tag 3' } });
    await waitFor(() => expect(location()).toBe('/account/tags/list?search=Tag+3&sort=-name&size=10'));
    await waitFor(() => expect(shownNames()).toEqual(['Tag 35', 'Tag 34', 'Tag 33', 'Tag 32', 'Tag 31', 'Tag 30']));
    expect(lastList(server.requests)).toBe('GET /main-api/tags?offset=0&limit=10&sort=-name&search=Tag 3');
  });
});
