import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { createFakeServer } from '../resources/fake-resource-server.ts';
import { ReferenceCell } from '../resources/ReferenceCell.tsx';
import '../test-utils.tsx';
import { ApiContext } from './api-context.ts';

afterEach(cleanup);

describe('reference labels of a page', () => {
  it('names every referenced record of the page with one request', async () => {
    const server = createFakeServer({
      base: '/main-api/sports',
      records: [
        { id: 1, name: 'Rugby' },
        { id: 2, name: 'Handball' },
        { id: 3, name: 'Volley' },
      ],
    });
    render(
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ApiContext.Provider value={server.client}>
            {[1, 3, 1, 9].map((id, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same id twice is the point.
              <ReferenceCell key={index} reference="sports" id={id} />
            ))}
          </ApiContext.Provider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    await screen.findByText('Volley');
    expect(screen.getAllByText('Rugby')).toHaveLength(2);
    // An id the server does not return keeps its number.
    expect(screen.getByText('#9')).toBeTruthy();
    expect(server.requests).toEqual(['GET /main-api/sports?offset=0&limit=3&id[]=1&id[]=3&id[]=9']);
  });
});
