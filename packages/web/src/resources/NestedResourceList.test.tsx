import { roundsResource } from '@regie/contract/resources/rounds';
import { subcategoriesResource } from '@regie/contract/resources/subcategories';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiContext } from '../api/api-context.ts';
import { sessionStore } from '../session/current-session.ts';
import { renderWithProviders } from '../test-utils.tsx';
import { createFakeServer, type FakeServer } from './fake-resource-server.ts';
import { NestedResourceList } from './NestedResourceList.tsx';
import { signIn } from './render-resource.tsx';

const rounds = roundsResource;
const subcategories = subcategoriesResource;
const stamp = '2026-09-01T10:00:00.000Z';

function show(server: FakeServer, ui: React.ReactNode) {
  renderWithProviders(<ApiContext.Provider value={server.client}>{ui}</ApiContext.Provider>);
}

beforeEach(() => signIn(['sport_player_write', 'video_write']));
afterEach(() => {
  cleanup();
  sessionStore.clear({ signedOut: false });
});

describe('NestedResourceList', () => {
  it("lists a season's rounds under its path, without the season column", async () => {
    const server = createFakeServer({
      base: '/main-api/seasons/5/rounds',
      records: [
        { id: 1, name: 'Matchday 1', number: 1, seasonId: 5, startDate: null, createdAt: stamp, updatedAt: stamp },
        { id: 2, name: 'Matchday 2', number: 2, seasonId: 5, startDate: null, createdAt: stamp, updatedAt: stamp },
      ],
    });
    show(server, <NestedResourceList resource={rounds} parentId={5} canWrite />);
    const section = await screen.findByRole('region', { name: 'Rounds' });
    await within(section).findByText('Matchday 2');
    expect(within(section).queryByRole('columnheader', { name: 'Season' })).toBeNull();
    expect(server.requests[0]).toBe('GET /main-api/seasons/5/rounds?offset=0&limit=100&sort=number');
  });

  it('makes a round in a dialog, checked by the schema, the season taken from the path', async () => {
    const server = createFakeServer({ base: '/main-api/seasons/5/rounds' });
    show(server, <NestedResourceList resource={rounds} parentId={5} canWrite />);
    await screen.findByText('No rounds in this season yet');
    fireEvent.click(screen.getByRole('button', { name: 'New round' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Final' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The number is required: nothing is sent until it is given.
    await within(dialog).findByText('Required');
    expect(server.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Number' }), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests).toContain('POST /main-api/seasons/5/rounds');
    expect(server.bodies[0]).toMatchObject({ name: 'Final', number: 4 });
    expect(server.bodies[0]).not.toHaveProperty('seasonId');
    await screen.findByText('Final');
  });

  it('narrows a flat child by its parent field, sends it on create and links to its own page', async () => {
    const server = createFakeServer({
      base: '/main-api/subcategories',
      records: [
        { id: 3, name: 'Post-match', categoryId: 7, position: 1, published: true, createdAt: stamp, updatedAt: stamp },
        { id: 4, name: 'Elsewhere', categoryId: 8, position: 1, published: true, createdAt: stamp, updatedAt: stamp },
      ],
    });
    show(
      server,
      <NestedResourceList
        resource={subcategories}
        parentId={7}
        parentField="categoryId"
        canWrite
        editHref={(id) => `/account/categories/subcategories/edit/${id}`}
      />,
    );
    const link = await screen.findByRole('link', { name: 'Post-match' });
    expect(link.getAttribute('href')).toBe('/account/categories/subcategories/edit/3');
    expect(screen.queryByText('Elsewhere')).toBeNull();
    expect(server.requests[0]).toContain('categoryId=7');
    fireEvent.click(screen.getByRole('button', { name: 'New subcategory' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Category')).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Press conferences' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies).toHaveLength(1));
    expect(server.bodies[0]).toMatchObject({ name: 'Press conferences', categoryId: 7 });
  });

  it("translates a child in its edit dialog, through the child's own translations call", async () => {
    const records = [
      { id: 1, name: 'Matchday 1', number: 1, seasonId: 5, startDate: null, createdAt: stamp, updatedAt: stamp },
    ];
    const server = createFakeServer({ base: '/main-api/seasons/5/rounds', records });
    show(server, <NestedResourceList resource={rounds} parentId={5} canWrite />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Matchday 1' }));
    const dialog = await screen.findByRole('dialog');
    const panel = await within(dialog).findByRole('region', { name: 'Translations' });
    fireEvent.click(within(panel).getByRole('radio', { name: 'French' }));
    fireEvent.change(within(panel).getByRole('textbox', { name: /Name \(FR\)/ }), { target: { value: 'Journée 1' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save the translation' }));
    await within(panel).findByText('translated');
    expect(server.requests).toContain('POST /main-api/seasons/5/rounds/1/translations');
    expect(server.bodies).toContainEqual({ LanguageId: 2, values: { name: 'Journée 1' } });
    // A new child has nothing to translate yet.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'New round' }));
    expect(within(await screen.findByRole('dialog')).queryByRole('region', { name: 'Translations' })).toBeNull();
  });

  it('deletes a child once confirmed, and offers no change to a reader', async () => {
    const records = [
      { id: 1, name: 'Matchday 1', number: 1, seasonId: 5, startDate: null, createdAt: stamp, updatedAt: stamp },
    ];
    const server = createFakeServer({ base: '/main-api/seasons/5/rounds', records });
    show(server, <NestedResourceList resource={rounds} parentId={5} canWrite />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Matchday 1' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.requests).toContain('DELETE /main-api/seasons/5/rounds/1'));
    cleanup();
    const readOnly = createFakeServer({ base: '/main-api/seasons/5/rounds', records });
    show(readOnly, <NestedResourceList resource={rounds} parentId={5} canWrite={false} />);
    await screen.findByText('Matchday 1');
    expect(screen.queryByRole('button', { name: 'New round' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Matchday 1' })).toBeNull();
  });
});
