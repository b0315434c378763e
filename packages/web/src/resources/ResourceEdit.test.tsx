import { tagsResource } from '@regie/contract/resources/tags';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
    ],
  });
}

const nameInput = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

beforeEach(() => signIn(['sport_player_write']));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStore.clear({ signedOut: false });
});

describe('generic creation screen', () => {
  it('draws the declared widgets: a limited text field and a select holding the schema default', async () => {
    renderResource(tags, serverWithTags(), '/account/tags/new');
    await screen.findByRole('heading', { name: 'New tag' });
    expect(nameInput().placeholder).toBe('Please only use 60 characters');
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLInputElement).value).toBe('Other');
    expect(saveButton().disabled).toBe(true);
  });

  it('says what is wrong under a field once it was modified, with the schema’s own limits', async () => {
    renderResource(tags, serverWithTags(), '/account/tags/new');
    await screen.findByRole('heading', { name: 'New tag' });
    fireEvent.change(nameInput(), { target: { value: 'x' } });
    expect(screen.queryByText('Required')).toBeNull();
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    expect(screen.getByText('Required')).toBeTruthy();
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('creates the record, then opens its edit page', async () => {
    const server = serverWithTags();
    const location = renderResource(tags, server, '/account/tags/new');
    await screen.findByRole('heading', { name: 'New tag' });
    fireEvent.change(nameInput(), { target: { value: 'Final' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(location()).toBe('/account/tags/edit/3'));
    expect(server.bodies).toContainEqual({ name: 'Final', tagType: 'other' });
    await screen.findByRole('heading', { name: 'Final' });
    // The notice says what was done (issue 46.7), not 'Requested'.
    expect(screen.getByText('“Final” created')).toBeTruthy();
  });

  it('puts the server’s conflict under the field it names and keeps the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = serverWithTags();
    const location = renderResource(tags, server, '/account/tags/new');
    await screen.findByRole('heading', { name: 'New tag' });
    fireEvent.change(nameInput(), { target: { value: 'Goal' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Action' }));
    fireEvent.click(saveButton());
    const form = screen.getByRole('form', { name: 'New tag' });
    await within(form).findByText('This name is already used');
    expect(location()).toBe('/account/tags/new');
    // The notification zone shows the server's message too (spec §8).
    expect(screen.getAllByText(/This name is already used/).length).toBeGreaterThan(1);
    fireEvent.change(nameInput(), { target: { value: 'Goals' } });
    expect(within(form).queryByText('This name is already used')).toBeNull();
  });
});

describe('generic edit screen', () => {
  it('resets the form to the stored values; the reset is disabled while nothing changed (spec §4)', async () => {
    const server = serverWithTags();
    renderResource(tags, server, '/account/tags/edit/1');
    await screen.findByRole('heading', { name: 'Derby' });
    const reset = () => screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement;
    expect(reset().disabled).toBe(true);
    fireEvent.change(nameInput(), { target: { value: 'Derby of the north' } });
    expect(reset().disabled).toBe(false);
    fireEvent.click(reset());
    expect(nameInput().value).toBe('Derby');
    expect(reset().disabled).toBe(true);
    expect(saveButton().disabled).toBe(true);
    expect(server.bodies).toEqual([]);
  });

  it('loads the record and saves the change with PUT', async () => {
    const server = serverWithTags();
    renderResource(tags, server, '/account/tags/edit/1');
    await screen.findByRole('heading', { name: 'Derby' });
    expect(nameInput().value).toBe('Derby');
    fireEvent.change(nameInput(), { target: { value: 'Derby day' } });
    fireEvent.click(saveButton());
    await screen.findByRole('heading', { name: 'Derby day' });
    expect(server.requests).toContain('PUT /main-api/tags/1');
    expect(server.bodies).toContainEqual({ name: 'Derby day', tagType: 'theme' });
  });

  it('asks before leaving with unsaved changes', async () => {
    const location = renderResource(tags, serverWithTags(), '/account/tags/edit/1');
    await screen.findByRole('heading', { name: 'Derby' });
    fireEvent.change(nameInput(), { target: { value: 'Derby day' } });
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on the page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/account/tags/edit/1');
    expect(nameInput().value).toBe('Derby day');
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(location()).toBe('/account/tags/list'));
  });

  it('leaves without a question when nothing changed', async () => {
    const location = renderResource(tags, serverWithTags(), '/account/tags/edit/1');
    await screen.findByRole('heading', { name: 'Derby' });
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/account/tags/list'));
  });

  it('deletes the record after a confirmation and goes back to the list', async () => {
    const server = serverWithTags();
    const location = renderResource(tags, server, '/account/tags/edit/1');
    await screen.findByRole('heading', { name: 'Derby' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this item?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/account/tags/list'));
    expect(server.requests).toContain('DELETE /main-api/tags/1');
    expect(server.records.map((record) => record.id)).toEqual([2]);
  });

  it('says when the record does not exist', async () => {
    renderResource(tags, serverWithTags(), '/account/tags/edit/99');
    await screen.findByText('This record does not exist or was deleted');
    expect(screen.getByRole('link', { name: 'Back to the list' })).toBeTruthy();
  });

  it('edits the translations of the translatable fields, one language at a time', async () => {
    const server = serverWithTags();
    renderResource(tags, server, '/account/tags/edit/1');
    const panel = await screen.findByRole('region', { name: 'Translations' });
    fireEvent.click(within(panel).getByRole('radio', { name: 'French' }));
    const french = within(panel).getByRole('textbox', { name: /Name \(FR\)/ });
    expect(within(panel).getByText('Original: Derby')).toBeTruthy();
    fireEvent.change(french, { target: { value: 'Derby (FR)' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save the translation' }));
    await within(panel).findByText('translated');
    expect(server.requests).toContain('POST /main-api/tags/1/translations');
    expect(server.bodies).toContainEqual({ LanguageId: 2, values: { name: 'Derby (FR)' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete the translation' }));
    await waitFor(() => expect(within(panel).queryByText('translated')).toBeNull());
    expect(server.requests).toContain('DELETE /main-api/tags/1/translations/2');
  });

  it('shows the fields read-only to a user who may not write', async () => {
    signIn(['video_write']);
    renderResource(tags, serverWithTags(), '/account/tags/edit/1');
    await screen.findByRole('heading', { name: 'Derby' });
    expect(nameInput().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
