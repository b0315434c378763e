import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiContext } from '../api/api-context.ts';
import { theme } from '../app/theme.ts';
import { createI18n } from '../i18n/i18n.ts';
import { createFakeServer } from '../resources/fake-resource-server.ts';
import '../test-utils.tsx';
import { ReferenceField } from './ReferenceField.tsx';

afterEach(cleanup);

function Field({ initial }: { initial: number[] }) {
  const [value, setValue] = useState<number[]>(initial);
  return (
    <ReferenceField
      label="Tags"
      reference="tags"
      multiple
      value={value}
      onChange={(next) => setValue(Array.isArray(next) ? next : [])}
    />
  );
}

function renderField(initial: number[]) {
  const server = createFakeServer({
    base: '/main-api/tags',
    records: [
      { id: 1, name: 'Derby', tagType: 'theme' },
      { id: 2, name: 'Goal', tagType: 'action' },
      { id: 3, name: 'Own goal', tagType: 'action' },
    ],
  });
  render(
    <MantineProvider theme={theme} env="test">
      <I18nextProvider i18n={createI18n('en')}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ApiContext.Provider value={server.client}>
            <Field initial={initial} />
          </ApiContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
  return server;
}

const input = () => screen.getByRole('textbox', { name: 'Tags' }) as HTMLInputElement;
const chosen = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('reference autocomplete (spec §5)', () => {
  it('searches 300 ms after the last key and picks a record with the arrows and Enter', async () => {
    const server = renderField([]);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'g' } });
    fireEvent.change(input(), { target: { value: 'goa' } });
    await screen.findByRole('option', { name: 'Goal' });
    // One search for the settled text, none for the keys in between.
    expect(server.requests.filter((request) => request.includes('search='))).toEqual([
      'GET /main-api/tags?offset=0&limit=20&search=goa',
    ]);
    fireEvent.keyDown(input(), { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(chosen()).toEqual(['Own goal']));
    expect(input().value).toBe('');
  });

  it("says 'No result' when nothing matches", async () => {
    renderField([]);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'zzz' } });
    await screen.findByText('No result');
  });

  it('removes the last chosen record with Backspace in the empty box, once per 300 ms', async () => {
    renderField([1, 2, 3]);
    await waitFor(() => expect(chosen()).toEqual(['Derby', 'Goal', 'Own goal']));
    fireEvent.keyDown(input(), { key: 'Backspace', code: 'Backspace' });
    fireEvent.keyDown(input(), { key: 'Backspace', code: 'Backspace' });
    expect(chosen()).toEqual(['Derby', 'Goal']);
    await act(() => new Promise((resolve) => setTimeout(resolve, 320)));
    fireEvent.keyDown(input(), { key: 'Backspace', code: 'Backspace' });
    expect(chosen()).toEqual(['Derby']);
  });
});
